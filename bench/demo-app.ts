// What the API benches share: the product listening on a free local port over the bench's database, and
// sessions of the demo's users to call it as, and copies of the demo's batch for the benches to fill.
import { sql } from 'drizzle-orm';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import type { Database, Db } from '../packages/server/src/db/client.ts';

/** The app as a bench drives it: no captcha, no log, no demo seed (the bench writes its own), no login limit. */
export async function listenForBench(database: Database) {
  const config = loadConfig({
    CAPTCHA: 'off',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    AUTH_RATE_LIMIT: '10000',
  });
  const app = await buildApp(config, database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return { app, base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

/** A session token of `username`, logged in through the API. */
export async function logIn(base: string, username: string, password: string) {
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return ((await res.json()) as { token: string }).token;
}

/** Sessions of the demo's supplier, logistics provider and shipper. */
export async function demoTokens(base: string) {
  return {
    supplier: await logIn(base, 'supplier', 'Supplier@2026'),
    logistics: await logIn(base, 'logistics', 'Logistics@2026'),
    shipper: await logIn(base, 'shipper', 'Shipper@2026'),
  };
}

/**
 * `count` copies of the demo's batch JKT2-B001 (numbered `${prefix}0001`…, named `${name} n`), handed over
 * (status 3), each with the demo batch's partners accepted: the batches the lifecycle and tower benches fill.
 */
export async function copyDemoBatch(db: Db, prefix: string, name: string, count: number): Promise<void> {
  await db.execute(sql`
    insert into project_batch (tenant_id, project_id, batch_number, name, status, logistics_status,
      port_of_loading, port_of_discharge, create_by, update_by)
    select b.tenant_id, b.project_id, ${prefix} || lpad(g::text, 4, '0'), ${name} || ' ' || g, 3, 0, 'CNSHA',
      'IDJKT', 'bench', 'bench'
    from project_batch b, generate_series(1, ${count}) g where b.batch_number = 'JKT2-B001'`);
  await db.execute(sql`
    insert into batch_partner (tenant_id, project_id, batch_id, partner_tenant_id, partner_end, bp_status,
      create_by, update_by)
    select nb.tenant_id, nb.project_id, nb.id, bp.partner_tenant_id, bp.partner_end, 4, 'bench', 'bench'
    from project_batch nb
    join batch_partner bp on bp.batch_id = (select id from project_batch where batch_number = 'JKT2-B001')
    where nb.batch_number like ${`${prefix}%`}`);
}
