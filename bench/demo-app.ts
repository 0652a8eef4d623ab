// What the API benches share: the product listening on a free local port over the bench's database, and
// sessions of the demo's users to call it as.
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import type { Database } from '../packages/server/src/db/client.ts';

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
