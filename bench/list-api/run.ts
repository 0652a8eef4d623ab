/**
 * The list benchmark: the product and the bare server (bare.ts) answer the same material-list request
 * as the demo shipper, driven by autocannon on loopback, interleaved.
 *
 *   DATABASE_URL=postgres://… npx tsx bench/list-api/run.ts [--rounds 3] [--seconds 20] [--list ID]
 *     [--request list|hs] [--hs 8544492100]
 *
 * `--request list` (the default): one list of the shipper's, a keyword, sorted by total. `--request hs`:
 * every row the shipper sees with one HS code (no list named), in the default order.
 *
 * The database holds generate.ts's rows. Both servers are started here (product: its own main.ts with
 * the given DATABASE_URL) and stopped at the end. Before measuring, the two answers of the benchmark's
 * request (and of two variants) must be byte-identical. Then `rounds` × (product, bare) at 64
 * connections, alternating which goes first, and one run of each at 16 connections. Each run also reads
 * the CPU the server process and the PostgreSQL processes spent (/proc/<pid>/stat), per request answered.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '20' },
    list: { type: 'string' },
    request: { type: 'string', default: 'list' },
    hs: { type: 'string', default: '8544492100' },
    'product-port': { type: 'string', default: '8090' },
    'bare-port': { type: 'string', default: '8091' },
    'log-level': { type: 'string', default: 'warn' },
  },
});
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL=postgres://… is required');
const ROUNDS = Number(values.rounds);
const SECONDS = Number(values.seconds);
const root = fileURLToPath(new URL('../..', import.meta.url));

const children: ChildProcess[] = [];
function start(name: string, script: string, port: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, ...env, DATABASE_URL: url, PORT: port },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child.on('exit', (code) => {
    if (code && !stopping) console.error(`${name} exited with ${code}`);
  });
  children.push(child);
  return `http://127.0.0.1:${port}`;
}
let stopping = false;
function stopAll() {
  stopping = true;
  for (const c of children) if (c.pid && c.exitCode === null) c.kill('SIGTERM');
}
process.on('exit', stopAll);
process.on('SIGINT', () => process.exit(130));

async function waitFor(base: string) {
  for (let i = 0; i < 600; i++) {
    try {
      await fetch(`${base}/api/supplies`);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`${base} did not start`);
}

const product = start('product', 'packages/server/src/main.ts', values['product-port'], {
  CAPTCHA: 'off',
  LOG_LEVEL: values['log-level'],
  DATA_DIR: '/tmp/tradelane-bench-list',
  SKIP_WEB_BUILD: '1',
});
const bare = start('bare', 'bench/list-api/bare.ts', values['bare-port'], {});
const [productChild, bareChild] = children;
await Promise.all([waitFor(product), waitFor(bare)]);

const login = await fetch(`${product}/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'shipper', password: 'Shipper@2026' }),
});
const { token } = (await login.json()) as { token: string };
if (!token) throw new Error(`login failed: ${login.status}`);
const headers = { authorization: token };

const client = new pg.Client({ connectionString: url });
await client.connect();
const lists = await client.query(
  `select s.list_id, count(*)::int as n,
     count(*) filter (where s.name like '%电缆%' or s.spec like '%电缆%')::int as cables
   from supplies s join sys_user u on u.username = 'shipper' and u.tenant_id = s.tenant_id
   group by s.list_id order by n desc`,
);
const rows = (await client.query('select count(*)::int as n from supplies')).rows[0].n;
await client.end();
const chosen = values.list ? lists.rows.find((l) => String(l.list_id) === values.list) : lists.rows[0];
if (!chosen) throw new Error('no list of the demo shipper');
const path =
  values.request === 'hs'
    ? `/api/supplies?hsCode=${values.hs}&size=20`
    : `/api/supplies?listId=${chosen.list_id}&blurry=${encodeURIComponent('电缆')}&sort=totalPrice,desc&size=20`;
console.log(
  `${rows.toLocaleString('en')} material rows; the demo shipper's list ${chosen.list_id}: ${chosen.n} rows, ${chosen.cables} with 电缆`,
);
console.log(`GET ${path}`);

// Byte-identity first: the benchmark's request and two variants (a later page, another sort).
const variants =
  values.request === 'hs'
    ? [path, `${path}&page=1`, `${path}&sort=totalPrice,desc`]
    : [path, `${path}&page=1`, path.replace('totalPrice,desc', 'lineNo,asc')];
for (const p of variants) {
  const [a, b] = await Promise.all([
    fetch(product + p, { headers }).then(async (r) => ({ status: r.status, body: await r.text() })),
    fetch(bare + p, { headers }).then(async (r) => ({ status: r.status, body: await r.text() })),
  ]);
  if (a.status !== 200 || a.body !== b.body) {
    let at = 0;
    while (at < a.body.length && a.body[at] === b.body[at]) at++;
    const around = (s: string) => s.slice(Math.max(0, at - 300), at + 200);
    console.error(
      `answers differ for ${p} at byte ${at}\nproduct ${a.status}: …${around(a.body)}\nbare ${b.status}: …${around(b.body)}`,
    );
    process.exit(1);
  }
  const parsed = JSON.parse(a.body) as { content: { suggestedHsCode: unknown }[]; totalElements: number };
  const suggested = parsed.content.filter((r) => r.suggestedHsCode).length;
  console.log(
    `identical (${a.body.length} bytes, ${parsed.content.length} rows of ${parsed.totalElements}, ${suggested} suggestions): ${p}`,
  );
}

/** CPU seconds (user + system) a process has spent, from /proc/<pid>/stat (clock ticks of 1/100 s). */
function cpuOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0; // gone between the listing and the read
  }
}
/** Every PostgreSQL process's CPU by pid (the backends serve both servers' pools; one is measured at a
 * time). */
function postgresCpu(): Map<number, number> {
  const cpu = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/comm`, 'utf8').trim() === 'postgres')
        cpu.set(Number(name), cpuOf(Number(name)));
    } catch {}
  }
  return cpu;
}
/** CPU spent between two readings: a process there at both counts its difference, a new one all of its
 * time; one that ended in between is lost (none of the pools' backends do). */
function spent(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, t] of after) total += t - (before.get(pid) ?? 0);
  return total;
}

interface Figure {
  name: string;
  connections: number;
  /** Milliseconds of CPU per answered request: the server's Node process, and PostgreSQL's. */
  nodeCpu: number;
  dbCpu: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}
async function measure(name: string, base: string, connections: number, duration: number): Promise<Figure> {
  const pid = (name === 'bare' ? bareChild : productChild).pid ?? 0;
  const [node0, db0] = [cpuOf(pid), postgresCpu()];
  const r = await autocannon({ url: base + path, connections, duration, headers });
  const [node1, db1] = [cpuOf(pid), postgresCpu()];
  const errors = r.errors + r.timeouts + r.non2xx;
  const answered = Math.max(1, r.requests.total - errors);
  return {
    name,
    connections,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors,
    nodeCpu: ((node1 - node0) * 1000) / answered,
    dbCpu: (spent(db0, db1) * 1000) / answered,
  };
}
const show = (f: Figure) =>
  console.log(
    `${f.name.padEnd(8)} c=${String(f.connections).padEnd(3)} ${f.rps.toFixed(1).padStart(8)} req/s  p50 ${String(f.p50).padStart(5)} ms  p99 ${String(f.p99).padStart(5)} ms  CPU/req node ${f.nodeCpu.toFixed(2)} ms db ${f.dbCpu.toFixed(2)} ms${f.errors ? `  errors ${f.errors}` : ''}`,
  );

// Warm both (caches, JIT) before the first measured run.
await measure('product', product, 16, 5);
await measure('bare', bare, 16, 5);
const figures: Figure[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const order: [string, string][] = [
    ['product', product],
    ['bare', bare],
  ];
  if (round % 2) order.reverse();
  for (const [name, base] of order) {
    const f = await measure(name, base, 64, SECONDS);
    show(f);
    figures.push(f);
  }
}
for (const [name, base] of [
  ['product', product],
  ['bare', bare],
] as const) {
  const f = await measure(name, base, 16, SECONDS);
  show(f);
  figures.push(f);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pick = (name: string, c: number) => figures.filter((f) => f.name === name && f.connections === c);
for (const c of [64, 16]) {
  const p = pick('product', c);
  const b = pick('bare', c);
  const [pr, br] = [median(p.map((f) => f.rps)), median(b.map((f) => f.rps))];
  const [p99p, p99b] = [median(p.map((f) => f.p99)), median(b.map((f) => f.p99))];
  console.log(
    `c=${c} (median of ${p.length}): product ${pr.toFixed(1)} req/s p50 ${median(p.map((f) => f.p50))} ms p99 ${p99p} ms | bare ${br.toFixed(1)} req/s p50 ${median(b.map((f) => f.p50))} ms p99 ${p99b} ms | throughput ${(pr / br).toFixed(2)}×, p99 ${(p99p / p99b).toFixed(2)}× | CPU/req node ${median(p.map((f) => f.nodeCpu)).toFixed(2)} vs ${median(b.map((f) => f.nodeCpu)).toFixed(2)} ms, db ${median(p.map((f) => f.dbCpu)).toFixed(2)} vs ${median(b.map((f) => f.dbCpu)).toFixed(2)} ms`,
  );
}
stopAll();
process.exit(0);
