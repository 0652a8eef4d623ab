/**
 * Node CPU per list request, one request repeated: where the product's own time goes, apart from the
 * database. Builds the product in this process on the bench database, signs in as a demo party and
 * sends the same list request `--n` times through `app.inject` (no socket), reporting the CPU time of
 * this process per request (product and driver; the database is another process).
 *
 *   DATABASE_URL=postgres://…/b1m npx tsx bench/query-shapes/cpu.ts --path '/api/supplies?hsCode=854449&size=20' [--party shipper] [--n 400]
 *   `--profile out.cpuprofile` profiles the timed loop only (no start-up, no warm-up): open it in a
 *   browser's DevTools, or sum its self time by package and function with `bench/query-shapes/profile-sum.mjs`.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { parseArgs } from 'node:util';
import { buildApp } from '../../packages/server/src/app.ts';
import { loadConfig } from '../../packages/server/src/config.ts';
import { openDatabase, statementTap } from '../../packages/server/src/db/client.ts';

const { values } = parseArgs({
  options: {
    path: { type: 'string', default: '/api/supplies?hsCode=854449&size=20' },
    party: { type: 'string', default: 'shipper' },
    n: { type: 'string', default: '400' },
    profile: { type: 'string' },
  },
});
const PASSWORDS: Record<string, string> = {
  shipper: 'Shipper@2026',
  supplier: 'Supplier@2026',
  logistics: 'Logistics@2026',
};
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL=postgres://… is required');

const database = await openDatabase({ kind: 'postgres', url });
const app = await buildApp(
  { ...loadConfig({ LOG_LEVEL: 'error', DATABASE_URL: url, CAPTCHA: 'off' }), webDist: undefined },
  database,
  {},
);
await app.ready();
const party = String(values.party);
const login = await app.inject({
  method: 'POST',
  url: '/auth/login',
  payload: { username: party, password: PASSWORDS[party] },
});
const headers = { authorization: login.json().token as string };
const send = () => app.inject({ method: 'GET', url: String(values.path), headers });
const statements: string[] = [];
statementTap.fn = (q) => statements.push(q);
const first = await send();
statementTap.fn = null;
console.log(`${first.statusCode}, ${first.body.length} bytes, ${statements.length} statements:`);
for (const q of statements) console.log(`  ${q.slice(0, 160)}`);
for (let i = 0; i < 50; i++) await send(); // warm the JIT and the caches
// The first request also reads the session into the node's cache: a warm one is what the loop repeats.
statements.length = 0;
statementTap.fn = (q) => statements.push(q);
await send();
statementTap.fn = null;
console.log(`warm: ${statements.length} statements`);
const n = Number(values.n);
const inspector = values.profile ? new Session() : null;
if (inspector) {
  inspector.connect();
  await inspector.post('Profiler.enable');
  await inspector.post('Profiler.start');
}
const cpu = process.cpuUsage();
const t0 = performance.now();
for (let i = 0; i < n; i++) await send();
const used = process.cpuUsage(cpu);
const wall = performance.now() - t0;
if (inspector && values.profile) {
  const { profile } = await inspector.post('Profiler.stop');
  writeFileSync(values.profile, JSON.stringify(profile));
  inspector.disconnect();
}
console.log(
  `${n} requests: Node CPU ${((used.user + used.system) / 1000 / n).toFixed(2)} ms/request (user ${(used.user / 1000 / n).toFixed(2)}, system ${(used.system / 1000 / n).toFixed(2)}), wall ${(wall / n).toFixed(2)} ms/request`,
);
await app.close();
await database.close();
