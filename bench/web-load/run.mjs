#!/usr/bin/env node
// Web load benchmark: gzip JS of the /login first load (as Chromium fetched it) and LCP of /login and /.
// Usage: node bench/web-load/run.mjs [--runs 5]   (WEB_DIST=… to measure another build)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const root = new URL('../..', import.meta.url).pathname;
const dist = process.env.WEB_DIST ?? join(root, 'packages/web/dist');
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;

if (!existsSync(join(dist, 'index.html'))) {
  const r = spawnSync('npm', ['run', '-s', 'build', '-w', '@tradelane/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'tradelane-bench-'));
const server = spawn(join(root, 'node_modules/.bin/tsx'), ['packages/server/src/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    TEST_HOOKS: '1',
    LOG_LEVEL: 'warn',
    WEB_DIST: dist,
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {}
  if (i > 400) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 300));
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
});

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function lcp(page) {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        let last = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) last = e.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(last), 500);
      }),
  );
}

/** JS files requested by a cold load of /login, with their gzip size from the build. */
async function loginJs() {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const js = new Map();
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Script') js.set(e.requestId, { url: e.response.url, wire: 0 });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = js.get(e.requestId);
    if (r) r.wire = e.encodedDataLength;
  });
  await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
  await page.getByText(/欢迎登录|Welcome back/).waitFor();
  const files = [...js.values()].map((r) => {
    const path = new URL(r.url).pathname;
    const raw = readFileSync(join(dist, path));
    return { path, raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length, wire: r.wire };
  });
  await context.close();
  return files;
}

async function loginLcp() {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
  const v = await lcp(page);
  await context.close();
  return v;
}

async function homeLcp() {
  const context = await browser.newContext();
  const page = await context.newPage();
  const code = page.waitForResponse((r) => r.url().includes('/auth/code'));
  await page.goto(`${base}/login`);
  const { uuid } = await (await code).json();
  const { answer } = await (await page.request.get(`${base}/test/captcha/${uuid}`)).json();
  await page.getByPlaceholder('用户名').fill('shipper');
  await page.getByPlaceholder('密码').first().fill('Shipper@2026');
  await page.getByPlaceholder('验证码').fill(String(answer));
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.getByTestId('sidebar').waitFor();
  // A cold navigation to / with the session cookie: what a returning user sees.
  await page.goto(`${base}/`, { waitUntil: 'networkidle' });
  await page.getByTestId('dashboard').waitFor();
  const v = await lcp(page);
  await context.close();
  return v;
}

try {
  const files = await loginJs();
  const sum = (k) => files.reduce((n, f) => n + f[k], 0);
  const loginL = [];
  const homeL = [];
  for (let i = 0; i < RUNS; i++) {
    loginL.push(await loginLcp());
    homeL.push(await homeLcp());
  }
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`/login first load: ${files.length} JS files`);
  for (const f of files.sort((a, b) => b.gzip - a.gzip))
    console.log(`  ${f.path}  raw ${kb(f.raw)}  gzip ${kb(f.gzip)}`);
  console.log(`  total raw ${kb(sum('raw'))}, gzip ${kb(sum('gzip'))}, on the wire ${kb(sum('wire'))}`);
  console.log(
    `LCP /login (median of ${RUNS}): ${median(loginL).toFixed(0)} ms  [${loginL.map((x) => x.toFixed(0)).join(', ')}]`,
  );
  console.log(
    `LCP / after login (median of ${RUNS}): ${median(homeL).toFixed(0)} ms  [${homeL.map((x) => x.toFixed(0)).join(', ')}]`,
  );
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
