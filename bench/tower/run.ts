/**
 * The control tower's costs on PostgreSQL:
 *
 *   DATABASE_URL=postgres://… npx tsx bench/tower/run.ts [--boxes 500] [--exceptions 100000] [--runs 3]
 *
 * Migrates and seeds the demo into an empty database, then:
 * (a) projection cost per event: `runs` batches of `boxes` handed-over boxes, each with a plan; a bulk
 *     command on a whole batch (load onto a vehicle, ship) through the API, and the tower's part of it
 *     alone (re-projection and its consequences, as the kernel's listener runs it in the command's
 *     transaction): time and SQL statements per command (every statement a pg client sends is counted).
 * (b) the exception inbox at `exceptions` exceptions spread over 1,000 batches and the demo's three
 *     sides: the logistics provider's open exceptions, oldest first (`GET /api/exceptions?open=true&
 *     ownerTenantId=…`), time through the API, and EXPLAIN (ANALYZE, BUFFERS) of the page's statements.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../../packages/server/src/db/client.ts';
import { migrateDatabase, openDatabase } from '../../packages/server/src/db/client.ts';
import { rawRows } from '../../packages/server/src/db/raw-rows.ts';
import { towerAfterReprojection } from '../../packages/server/src/modules/tower/consequences.ts';
import { reproject } from '../../packages/server/src/modules/tower/reproject.ts';
import { runSeeds } from '../../packages/server/src/seed/index.ts';
import { copyDemoBatch, demoTokens, listenForBench } from '../demo-app.ts';

const { values } = parseArgs({
  options: {
    boxes: { type: 'string', default: '500' },
    exceptions: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '3' },
  },
});
const BOXES = Number(values.boxes);
const EXCEPTIONS = Number(values.exceptions);
const RUNS = Number(values.runs);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL=postgres://… is required');

// Every statement any pg client sends (pool queries run on a client too), with its text when asked.
let statements = 0;
let captured: { text: string; values: unknown[] }[] | null = null;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements++;
  const q = args[0] as string | { text: string; values?: unknown[] };
  if (captured)
    captured.push({
      text: typeof q === 'string' ? q : q.text,
      values: (typeof q === 'object' && q.values) || (Array.isArray(args[1]) ? (args[1] as unknown[]) : []),
    });
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

const database = await openDatabase({ kind: 'postgres', url });
await migrateDatabase(database);
await runSeeds(database.db, { demo: true });
const { db } = database;
const rows = async <T>(q: ReturnType<typeof sql>) => rawRows(await db.execute(q)) as T[];

// (a) batches of handed-over boxes, as bench/lifecycle makes them.
await copyDemoBatch(db, 'BENCH-T', '塔台压测', RUNS);
await db.execute(sql`
  insert into box_piece (tenant_id, project_id, batch_id, supplier_tenant_id, box_number, seq, token, package_type,
    length, width, height, gross_weight, net_weight, volume, out_of_gauge, stackable, this_side_up, status,
    logistics_status, create_by, update_by)
  select nb.tenant_id, nb.project_id, nb.id, s.supplier, nb.batch_number || '-' || lpad(g::text, 4, '0'), g,
    md5(random()::text || nb.id || g)::varchar(22), 'wooden_case', 1000, 800, 600, 200, 180, 0.48,
    false, true, false, 1, 0, 'bench', 'bench'
  from project_batch nb,
    (select supplier_tenant_id supplier from box_piece where batch_id =
      (select id from project_batch where batch_number = 'JKT2-B001') limit 1) s,
    generate_series(1, ${BOXES}) g
  where nb.batch_number like 'BENCH-T%'`);

// (b) exceptions over 1,000 generated batches' ids of the demo project, owned in turn by the three sides.
const [demo] = await rows<{ tenant: number; project: number; supplier: number; logistics: number }>(sql`
  select b.tenant_id tenant, b.project_id project,
    (select partner_tenant_id from batch_partner where batch_id = b.id and partner_end = 1 limit 1) supplier,
    (select partner_tenant_id from batch_partner where batch_id = b.id and partner_end = 2 limit 1) logistics
  from project_batch b where b.batch_number = 'JKT2-B001'`);
await db.execute(sql`
  insert into tower_exception (tenant_id, project_id, batch_id, kind, status, owner_tenant_id, owner_party,
    opened_by_tenant_id, source, title, due_date, create_by, update_by, create_time)
  select ${demo.tenant}::bigint, ${demo.project}::bigint, 1000000 + g % 1000, 'manual',
    case when g % 5 = 0 then 2 else g % 2 end,
    case g % 3 when 0 then ${demo.tenant}::bigint when 1 then ${demo.supplier}::bigint else ${demo.logistics}::bigint end,
    case g % 3 when 0 then 'shipper' when 1 then 'supplier' else 'logistics' end,
    ${demo.tenant}::bigint, 'user', '压测异常 ' || g, current_date + (g % 30), 'bench', 'bench',
    now() - (g || ' minutes')::interval
  from generate_series(1, ${EXCEPTIONS}::int) g`);
await db.execute(sql`vacuum analyze tower_exception`);

const { app, base } = await listenForBench(database);
const tok = await demoTokens(base);
async function api(who: keyof typeof tok, method: string, path: string, body?: unknown) {
  const before = statements;
  const start = performance.now();
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: tok[who], ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as Record<string, unknown>;
  const ms = performance.now() - start;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  return { ms, json, statements: statements - before };
}
const stat = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `${s[Math.floor(s.length / 2)]?.toFixed(0)} / ${s.at(-1)?.toFixed(0)}`;
};

const batches = await rows<{ id: number }>(
  sql`select id from project_batch where batch_number like 'BENCH-T%' order by batch_number`,
);
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const plan = [
  ['exWorks', -3],
  ['packed', -2],
  ['loaded', 0],
  ['shipped', 3],
  ['arrived', 20],
  ['cleared', 24],
  ['delivered', 27],
  ['received', 28],
] as const;
const out: Record<string, { ms: number[]; st: number[] }> = {};
const keep = (k: string, ms: number, st: number) => {
  out[k] ??= { ms: [], st: [] };
  out[k].ms.push(ms);
  out[k].st.push(st);
};
for (const { id: batchId } of batches) {
  await api('shipper', 'PUT', '/api/projectBatch/plan', {
    batchId,
    requiredOnSite: day(30),
    marginDays: 3,
    milestones: plan.map(([code, n]) => ({ code, planned: day(n) })),
  });
  const ids = (
    await rows<{ id: number }>(sql`select id from box_piece where batch_id = ${batchId} order by id`)
  ).map((r) => r.id);
  const vehicle = await api('supplier', 'POST', '/api/accessoryInfo', {
    batchId,
    plateNumber: `沪T${batchId}`,
  });
  const load = await api('supplier', 'POST', '/api/accessoryInfoBoxPiece', {
    accessoryInfoId: vehicle.json.id,
    boxPieceIds: ids,
  });
  keep('load 500 boxes onto a vehicle (whole command)', load.ms, load.statements);
  const ship = await api('supplier', 'POST', '/api/boxPiece/ship', { batchId });
  keep('ship the batch (whole command)', ship.ms, ship.statements);
  // The tower's part alone, as the kernel's listener runs it in a command's transaction.
  const before = statements;
  const start = performance.now();
  await db.transaction(async (tx) => {
    await towerAfterReprojection(
      tx as unknown as Db,
      await reproject(tx as unknown as Db, [batchId]),
      'bench',
    );
  });
  keep(
    're-projection and its consequences alone (one batch)',
    performance.now() - start,
    statements - before,
  );
}

// (b) the inbox
const [logistics] = await rows<{ id: number }>(
  sql`select tenant_id id from sys_user where username = 'logistics'`,
);
const inbox = `/api/exceptions?open=true&ownerTenantId=${logistics.id}&size=20`;
const inboxMs: number[] = [];
let total = 0;
let inboxStatements = 0;
for (let r = 0; r < 5; r++) {
  const res = await api('logistics', 'GET', inbox);
  inboxMs.push(res.ms);
  total = res.json.totalElements as number;
  inboxStatements = res.statements;
}
captured = [];
await api('logistics', 'GET', inbox);
const seen = captured as { text: string; values: unknown[] }[];
captured = null;
const plans: string[] = [];
for (const q of seen.filter((s) => /from "tower_exception"/.test(s.text) && /^select/i.test(s.text))) {
  const res = await database.pool!.query(`explain (analyze, buffers) ${q.text}`, q.values as unknown[]);
  plans.push(
    `${q.text.slice(0, 160)}…\n${(res.rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n')}`,
  );
}

console.log(`\n(a) projection cost, ${BOXES} boxes per batch, ${RUNS} batches: median / worst`);
console.log('| what | ms | SQL statements |\n|---|---|---|');
for (const [k, v] of Object.entries(out)) console.log(`| ${k} | ${stat(v.ms)} | ${stat(v.st)} |`);
console.log(`\n(b) inbox at ${EXCEPTIONS} exceptions: ${total} open for the logistics provider`);
console.log(`GET ${inbox}: ${stat(inboxMs)} ms (median / worst of 5), ${inboxStatements} statements`);
for (const p of plans) console.log(`\n${p}`);
await app.close();
await database.close();
process.exit(0);
