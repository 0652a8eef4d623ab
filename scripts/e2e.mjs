#!/usr/bin/env node
// Browser tests: build the web app if stale, start the real server(s) on fresh data, run e2e/ with vitest.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const web = join(root, 'packages/web');
// WEB_DIST=<dir> tests a given build instead (and skips the build step).
const webDist = process.env.WEB_DIST ?? join(web, 'dist');
const dist = join(webDist, 'index.html');

function newest(dir) {
  let t = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const s = statSync(p);
    t = Math.max(t, s.isDirectory() ? newest(p) : s.mtimeMs);
  }
  return t;
}

/** Runs a command to its end; resolves with its exit code. */
function run(cmd, args, env) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env: env ?? process.env, stdio: 'inherit' });
    child.on('exit', (c) => resolve(c ?? 1));
    child.on('error', () => resolve(1));
  });
}

async function buildIfStale() {
  if (process.env.WEB_DIST) return;
  const sources = Math.max(
    newest(join(web, 'src')),
    newest(join(web, 'public')),
    statSync(join(web, 'index.html')).mtimeMs,
    statSync(join(web, 'vite.config.ts')).mtimeMs,
  );
  if (existsSync(dist) && statSync(dist).mtimeMs >= sources) return;
  console.log('e2e: building packages/web');
  const status = await run('npm', ['run', '-s', 'build', '-w', '@tradelane/web']);
  if (status !== 0) throw new Error(`the web build exited with ${status}`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** One data directory, migrated and seeded once; each server starts on a copy of it. */
async function prepareData() {
  const dir = mkdtempSync(join(tmpdir(), 'tradelane-e2e-seed-'));
  const status = await run(join(root, 'node_modules/.bin/tsx'), ['packages/server/scripts/prepare-data.ts'], {
    ...process.env,
    DATA_DIR: dir,
    LOG_LEVEL: 'warn',
  });
  if (status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`prepare-data exited with ${status}`);
  }
  return dir;
}

async function startServer(seeded, extraEnv) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'tradelane-e2e-'));
  cpSync(seeded, dataDir, { recursive: true });
  const child = spawn(join(root, 'node_modules/.bin/tsx'), ['packages/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      TEST_HOOKS: '1',
      // The browser tests' stand-in services (translation, weather, gateway) listen on loopback.
      OUTBOUND_ALLOW: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_DIST: webDist,
      ...extraEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error('server did not answer /api/health within 120 s');
    await new Promise((r) => setTimeout(r, 300));
  }
  // The demo's notices leave through the outbox after boot: tests that count unread messages start
  // once they are delivered (at most a minute; then they go on and say so).
  const drained = Date.now() + 60_000;
  for (;;) {
    const res = await fetch(`${url}/test/outbox`).catch(() => null);
    const pending = res?.ok ? (await res.json()).pending : 0;
    if (!pending) break;
    if (Date.now() > drained) {
      console.warn(`e2e: ${pending} notices still in the outbox after a minute`);
      break;
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return { child, url, dataDir };
}

async function stop(server) {
  if (!server) return;
  if (server.child.exitCode === null) {
    const exited = new Promise((r) => server.child.once('exit', r));
    server.child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
  }
  try {
    rmSync(server.dataDir, { recursive: true, force: true });
  } catch {
    /* best effort */
  }
}

// E2E_WORKERS files run side by side, each worker on a server of its own (its own fresh data): a
// browser test waits on its pages as much as on the CPU, so two workers share the 2 cores well.
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
let mains = [];
let idle;
let seeded;
let code = 1;
try {
  // The last instance has a short idle timeout, only for the idle-logout test; all boot at once.
  // The web build and the seeding run side by side (one mostly on esbuild's threads, one on Node's).
  const bootStart = Date.now();
  const [built, prepared] = await Promise.allSettled([buildIfStale(), prepareData()]);
  if (prepared.status === 'fulfilled') seeded = prepared.value;
  if (built.status === 'rejected') throw built.reason;
  if (prepared.status === 'rejected') throw prepared.reason;
  const booting = [
    ...Array.from({ length: workers }, () => startServer(seeded, {})),
    startServer(seeded, { IDLE_TIMEOUT_MS: '4000' }),
  ];
  const booted = await Promise.allSettled(booting);
  console.log(
    `e2e: built, seeded and ${booting.length} servers up in ${Math.round((Date.now() - bootStart) / 1000)} s`,
  );
  const up = booted.map((b) => (b.status === 'fulfilled' ? b.value : undefined));
  idle = up.pop();
  mains = up;
  const failed = booted.find((b) => b.status === 'rejected');
  if (failed) throw failed.reason;
  const urls = mains.map((m) => m.url);
  const args = [
    'run',
    '--config',
    'e2e/vitest.config.ts',
    `--maxWorkers=${workers}`,
    ...process.argv.slice(2),
  ];
  const run = spawn(join(root, 'node_modules/.bin/vitest'), args, {
    cwd: root,
    env: {
      ...process.env,
      BASE_URL: urls[0],
      E2E_BASE_URL: urls[0],
      E2E_BASE_URLS: urls.join(','),
      IDLE_BASE_URL: idle.url,
    },
    stdio: 'inherit',
  });
  code = await new Promise((resolve) => run.on('exit', (c) => resolve(c ?? 1)));
} catch (err) {
  console.error(err);
} finally {
  await Promise.all([...mains, idle].map(stop));
  if (seeded) rmSync(seeded, { recursive: true, force: true });
}
process.exit(code);
