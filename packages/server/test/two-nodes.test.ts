// N stateless API nodes on one PostgreSQL. Two real server processes behind a
// small reverse proxy on loopback: a command answered by node A reaches a websocket held by node B
// (outbox + LISTEN/NOTIFY), a session ended on A (or a permission taken) is refused on B within a second, and a due scheduled job runs
// once however many nodes' schedulers look for it. PostgreSQL only: PGlite is one process's embedded
// database.
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import { createServer, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { adminUrl, useRealPostgres, withDatabase } from './template.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const onPostgres = useRealPostgres();
const dbName = `tl_nodes_${process.pid}_${Date.now().toString(36)}`;
const nodes: { child: ChildProcess; port: number }[] = [];
let proxy: http.Server | undefined;
let proxyUrl = '';
let dbUrl = '';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function startNode(url: string) {
  const port = await freePort();
  const child = spawn(`${root}node_modules/.bin/tsx`, ['packages/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      CAPTCHA: 'off',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: '',
      AUTH_RATE_LIMIT: '10000',
      // Both schedulers look for due jobs five times a second: their passes overlap all the time.
      SCHEDULER_TICK_MS: '200',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`node exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error('node did not start');
    await new Promise((r) => setTimeout(r, 300));
  }
  nodes.push({ child, port });
  return port;
}

/** The reverse proxy: `x-node: a|b` picks a backend (a test's way to say "this request lands on B"). */
function startProxy(ports: number[]) {
  const pick = (h: http.IncomingHttpHeaders) => (h['x-node'] === 'b' ? ports[1] : ports[0]);
  const server = http.createServer((req, res) => {
    const up = http.request(
      { host: '127.0.0.1', port: pick(req.headers), path: req.url, method: req.method, headers: req.headers },
      (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      },
    );
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  server.on('upgrade', (req, socket: Socket, head) => {
    const up = http.request({
      host: '127.0.0.1',
      port: pick(req.headers),
      path: req.url,
      method: req.method,
      headers: req.headers,
    });
    up.on('upgrade', (r, upSocket, upHead) => {
      const lines = [`HTTP/1.1 101 Switching Protocols`];
      for (let i = 0; i < r.rawHeaders.length; i += 2)
        lines.push(`${r.rawHeaders[i]}: ${r.rawHeaders[i + 1]}`);
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (upHead.length) socket.write(upHead);
      if (head.length) upSocket.write(head);
      upSocket.pipe(socket).pipe(upSocket);
      socket.on('error', () => upSocket.destroy());
      upSocket.on('error', () => socket.destroy());
    });
    up.on('error', () => socket.destroy());
    up.end();
  });
  return new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      proxy = server;
      resolve((server.address() as { port: number }).port);
    }),
  );
}

async function api(node: 'a' | 'b', method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${proxyUrl}${path}`, {
    method,
    headers: {
      'x-node': node,
      ...(token ? { authorization: token } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

beforeAll(async () => {
  if (!onPostgres) return;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`create database ${dbName} template ${inject('dbTemplate')}`);
  await admin.end();
  const url = withDatabase(adminUrl(), dbName);
  dbUrl = url;
  const a = await startNode(url);
  const b = await startNode(url);
  proxyUrl = `http://127.0.0.1:${await startProxy([a, b])}`;
}, 240_000);

afterAll(async () => {
  await new Promise((r) => (proxy ? proxy.close(r) : r(null)));
  for (const n of nodes) {
    const exited = new Promise((r) => n.child.once('exit', r));
    n.child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (n.child.exitCode === null) n.child.kill('SIGKILL');
  }
  if (!onPostgres) return;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}, 60_000);

describe.skipIf(!onPostgres)('two nodes on one PostgreSQL', () => {
  it('a command on node A reaches the websocket held by node B', async () => {
    const shipper = (
      await api('a', 'POST', '/auth/login', undefined, { username: 'shipper', password: 'Shipper@2026' })
    ).body.token as string;
    const supplier2 = (
      await api('a', 'POST', '/auth/login', undefined, { username: 'supplier2', password: 'Supplier@2026' })
    ).body.token as string;
    const ws = new WebSocket(
      `${proxyUrl.replace('http', 'ws')}/websocket?token=${encodeURIComponent(shipper.replace(/^Bearer /, ''))}`,
      {
        headers: { 'x-node': 'b' },
      },
    );
    const messages: { type: string; count?: number }[] = [];
    ws.on('message', (d) => messages.push(JSON.parse(d.toString())));
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    const waitFor = async (pred: () => boolean) => {
      for (let i = 0; i < 100 && !pred(); i++) await new Promise((r) => setTimeout(r, 100));
      return pred();
    };
    expect(await waitFor(() => messages.some((m) => m.type === 'unread'))).toBe(true);
    const before = messages.filter((m) => m.type === 'unread').at(-1)?.count ?? 0;
    // supplier2 types a row on batch B003 and hands its list to the shipper — both answered by node A.
    const batches = await api('a', 'GET', '/api/projectBatch?size=50', shipper);
    const b003 = batches.body.content.find((b: { batchNumber: string }) => b.batchNumber === 'JKT2-B003');
    const row = await api('a', 'POST', '/api/supplies', supplier2, {
      batchId: b003.id,
      name: '中压电力电缆',
      quantity: 10,
      unit: 'm',
    });
    expect(row.status).toBe(201);
    const submitted = await api('a', 'POST', '/api/supplies/submitCustomer', supplier2, { batchId: b003.id });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(await waitFor(() => messages.some((m) => m.type === 'unread' && (m.count ?? 0) > before))).toBe(
      true,
    );
    ws.close();
  });

  /** The status node B answers, asked every 20 ms until it is `want` or a second has passed. */
  async function withinASecond(path: string, token: string, want: number) {
    const deadline = Date.now() + 1000;
    for (;;) {
      const { status } = await api('b', 'GET', path, token);
      if (status === want || Date.now() > deadline) return status;
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it('a session ended on node A is refused on node B within a second (B keeps resolved sessions)', async () => {
    const token = (
      await api('a', 'POST', '/auth/login', undefined, { username: 'logistics', password: 'Logistics@2026' })
    ).body.token as string;
    // Twice: the second answer comes from node B's session cache.
    expect((await api('b', 'GET', '/auth/info', token)).status).toBe(200);
    expect((await api('b', 'GET', '/auth/info', token)).status).toBe(200);
    expect((await api('a', 'DELETE', '/auth/logout', token)).status).toBeLessThan(300);
    expect(await withinASecond('/auth/info', token, 401)).toBe(401);
  });

  it('a permission taken from a role is refused on node B within a second', async () => {
    const token = (
      await api('a', 'POST', '/auth/login', undefined, { username: 'logistics', password: 'Logistics@2026' })
    ).body.token as string;
    expect((await api('b', 'GET', '/api/supplies?size=1', token)).status).toBe(200);
    expect((await api('b', 'GET', '/api/supplies?size=1', token)).status).toBe(200);
    // Taken by hand in the database, as an operator would: the trigger announces it to every node.
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    const taken = await db.query(
      `delete from sys_roles_menus rm using sys_menu m, sys_users_roles ur, sys_user u
       where m.id = rm.menu_id and m.permission like '%supplies:list%' and ur.role_id = rm.role_id
         and u.id = ur.user_id and u.username = 'logistics'`,
    );
    await db.end();
    expect(taken.rowCount).toBeGreaterThan(0);
    expect(await withinASecond('/api/supplies?size=1', token, 403)).toBe(403);
  });

  it('a due scheduled job runs once across both nodes', { timeout: 60_000 }, async () => {
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    try {
      // 25 jobs due now (a short built-in handler; yearly, so a second run could only be a double one),
      // more than one pass claims (20): while one node runs what it claimed, the other claims the rest.
      const { rows } = await db.query(
        `insert into sys_job (name, handler, cron, status, next_run_at, create_by)
         select 'two-nodes ' || i, 'outboxRetry', '0 0 1 1 *', 1, now() - interval '1 second', 'test'
         from generate_series(1, 25) i returning id`,
      );
      const ids = rows.map((r) => Number(r.id));
      const runs = async () =>
        (
          await db.query(
            `select job_id, count(*)::int as n, array_agg(distinct node) as nodes, bool_and(trigger = 'schedule') as scheduled
             from sys_job_log where job_id = any($1) group by job_id`,
            [ids],
          )
        ).rows as { job_id: string; n: number; nodes: string[]; scheduled: boolean }[];
      for (let i = 0; i < 100 && (await runs()).length < ids.length; i++)
        await new Promise((r) => setTimeout(r, 100));
      // A few more passes of both schedulers: a job claimed twice would show up now.
      await new Promise((r) => setTimeout(r, 1000));
      const done = await runs();
      expect(done.length).toBe(ids.length);
      expect(done.filter((r) => r.n !== 1 || !r.scheduled)).toEqual([]);
      const next = await db.query(
        `select count(*)::int as n from sys_job where id = any($1) and next_run_at > now()`,
        [ids],
      );
      expect(next.rows[0].n).toBe(ids.length);
    } finally {
      await db.end();
    }
  });
});
