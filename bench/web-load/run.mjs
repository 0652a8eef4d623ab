#!/usr/bin/env node
// Web load benchmark: first-load JS of a page as Chromium fetched it, its LCP, its long tasks
// (PerformanceObserver 'longtask': total, and total blocking time) and the main thread's scripting time
// of the load (CDP Performance.getMetrics ScriptDuration), each the median of N cold loads.
//
//   node bench/web-load/run.mjs [--runs 5]
//       the product: starts the real server (WEB_DIST=… to measure another build), measures /login and /
//       after a UI login as shipper.
//   node bench/web-load/run.mjs --dist <dir> [--path /user/login] [--ready <css selector>] [--runs 5]
//       any static single-page build: serves <dir> on loopback (brotli/gzip of every text file made
//       once at start, as the product's precompressed files; index.html for unknown paths; hashed
//       assets immutable) and measures <path>.
//   node bench/web-load/run.mjs --url <http://127.0.0.1:…/page> [--ready <css selector>] [--runs 5]
// WEBLOAD_DEBUG=1 prints, per /login load, when the document, the boot script, the stylesheets and the
// entry arrived beside FCP and LCP.
//       a page already served elsewhere (loopback).
// Requests to any host other than the one measured are aborted (analytics, web fonts, CDNs), the same for
// every target.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const root = new URL('../..', import.meta.url).pathname;
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const RUNS = Number(arg('--runs', 5));
const STATIC = arg('--dist');
const URL_ARG = arg('--url');
const READY = arg('--ready');
const product = !STATIC && !URL_ARG;
const dist = STATIC ? resolve(STATIC) : (process.env.WEB_DIST ?? join(root, 'packages/web/dist'));

const freePort = () =>
  new Promise((done) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => done(port));
    });
  });

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
};
const TEXT = /\.(html|js|mjs|css|json|svg|txt|map)$/;

/** A loopback static server for a single-page build, compressing like the product's precompressed files. */
async function serveStatic(dir) {
  const files = new Map();
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (!/\.(br|gz)$/.test(name)) {
        const raw = readFileSync(p);
        const text = TEXT.test(name) && raw.length > 1024;
        files.set(`/${p.slice(dir.length + 1)}`, {
          raw,
          br: text ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }) : null,
          gz: text ? gzipSync(raw, { level: 9 }) : null,
          type: TYPES[extname(name)] ?? 'application/octet-stream',
        });
      }
    }
  };
  walk(dir);
  const server = createHttpServer((req, res) => {
    let path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname));
    let f = files.get(path) ?? files.get(join(path, 'index.html'));
    if (!f && !extname(path)) {
      path = '/index.html';
      f = files.get(path);
    }
    if (!f) {
      res.writeHead(404).end();
      return;
    }
    const accept = String(req.headers['accept-encoding'] ?? '');
    const headers = {
      'content-type': f.type,
      'cache-control': /[.-][A-Za-z0-9_-]{8,}\.\w+$/.test(path)
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
      vary: 'accept-encoding',
    };
    let body = f.raw;
    if (f.br && accept.includes('br')) {
      body = f.br;
      headers['content-encoding'] = 'br';
    } else if (f.gz && accept.includes('gzip')) {
      body = f.gz;
      headers['content-encoding'] = 'gzip';
    }
    headers['content-length'] = body.length;
    res.writeHead(200, headers).end(body);
  });
  const port = await freePort();
  await new Promise((done) => server.listen(port, '127.0.0.1', done));
  return { base: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(done)) };
}

/** The product's real server on a fresh data directory (seeded), serving `dist`. */
async function serveProduct() {
  if (!existsSync(join(dist, 'index.html'))) {
    const r = spawnSync('npm', ['run', '-s', 'build', '-w', '@tradelane/web'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
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
    if (i > 1000) {
      server.kill('SIGTERM');
      throw new Error('server did not start');
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    base,
    close: async () => {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const site = product ? await serveProduct() : STATIC ? await serveStatic(dist) : null;
const target = product ? `${site.base}/login` : STATIC ? `${site.base}${arg('--path', '/')}` : URL_ARG;
const origin = new URL(target).origin;

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

/** A fresh context that records long tasks from the first script on and talks only to the target. */
async function coldPage() {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.route('**/*', (route) =>
    new URL(route.request().url()).origin === origin ? route.continue() : route.abort(),
  );
  await context.addInitScript(() => {
    const w = window;
    w.__longTasks = [];
    try {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    } catch {}
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  return { context, page, cdp };
}

/** LCP, long tasks (total, blocking time beyond 50 ms each) and scripting of the load just done. */
async function loadFigures(page, cdp) {
  const v = await page.evaluate(
    () =>
      new Promise((done) => {
        let lcp = 0;
        let lcpElement = '';
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) {
            lcp = e.startTime;
            lcpElement = e.element
              ? `${e.element.tagName.toLowerCase()} "${(e.element.textContent ?? '').slice(0, 24)}"`
              : '';
          }
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        // Long tasks are reported a moment after they end; LCP settles before the first input.
        setTimeout(() => {
          const tasks = window.__longTasks ?? [];
          const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
          const nav = performance.getEntriesByType('navigation')[0];
          // When the document, the boot script, the stylesheets and the entry arrived (WEBLOAD_DEBUG=1).
          const arrivals = performance
            .getEntriesByType('resource')
            .filter((r) => /\.css$|boot-|index-/.test(r.name))
            .map((r) => `${r.name.split('/').pop()} ${Math.round(r.startTime)}–${Math.round(r.responseEnd)}`);
          done({
            lcp,
            lcpElement,
            fcp,
            timing: `document ${Math.round(nav?.responseEnd ?? 0)}, parsed ${Math.round(nav?.domInteractive ?? 0)}; ${arrivals.join(', ')}`,
            longTasks: tasks.reduce((n, t) => n + t.duration, 0),
            tbt: tasks.reduce((n, t) => n + Math.max(0, t.duration - 50), 0),
            count: tasks.length,
            // Long tasks up to LCP: the first render's share.
            beforeLcp: tasks.filter((t) => t.start < lcp).reduce((n, t) => n + t.duration, 0),
          });
        }, 1000);
      }),
  );
  const { metrics } = await cdp.send('Performance.getMetrics');
  const m = Object.fromEntries(metrics.map((x) => [x.name, x.value]));
  return { ...v, scripting: (m.ScriptDuration ?? 0) * 1000, tasks: (m.TaskDuration ?? 0) * 1000 };
}

async function waitReady(page) {
  if (READY) await page.locator(READY).first().waitFor({ timeout: 60_000 });
  else if (product) await page.getByText(/欢迎登录|Welcome back/).waitFor();
}

/** JS files requested by a cold, cache-disabled load of the page: raw, gzip (level 9) and wire size. */
async function firstLoadJs() {
  const { context, page, cdp } = await coldPage();
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const js = new Map();
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Script' && e.response.url.startsWith(origin))
      js.set(e.requestId, { url: e.response.url, wire: 0 });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = js.get(e.requestId);
    if (r) r.wire = e.encodedDataLength;
  });
  await page.goto(target, { waitUntil: 'networkidle' });
  await waitReady(page);
  const files = [];
  for (const [id, r] of js) {
    const { body, base64Encoded } = await cdp.send('Network.getResponseBody', { requestId: id });
    const raw = Buffer.from(body, base64Encoded ? 'base64' : 'utf8');
    files.push({
      path: new URL(r.url).pathname,
      raw: raw.length,
      gzip: gzipSync(raw, { level: 9 }).length,
      wire: r.wire,
    });
  }
  await context.close();
  return files;
}

async function pageLoad() {
  const { context, page, cdp } = await coldPage();
  await page.goto(target, { waitUntil: 'networkidle' });
  await waitReady(page);
  const v = await loadFigures(page, cdp);
  if (process.env.WEBLOAD_DEBUG)
    console.log(`  load: FCP ${v.fcp.toFixed(0)} ms, LCP ${v.lcp.toFixed(0)} ms; ${v.timing}`);
  await context.close();
  return v;
}

async function homeLoad() {
  const { context, page } = await coldPage();
  const code = page.waitForResponse((r) => r.url().includes('/auth/code'));
  await page.goto(target);
  const { uuid } = await (await code).json();
  const { answer } = await (await page.request.get(`${origin}/test/captcha/${uuid}`)).json();
  await page.getByPlaceholder('用户名').fill('shipper');
  await page.getByPlaceholder('密码').first().fill('Shipper@2026');
  await page.getByPlaceholder('验证码').fill(String(answer));
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.getByTestId('sidebar').waitFor();
  // A cold navigation to / with the session cookie: what a returning user sees. A new CDP session so
  // that the scripting figure counts this load only.
  const cookies = await context.cookies();
  await context.close();
  const fresh = await coldPage();
  await fresh.context.addCookies(cookies);
  await fresh.page.goto(`${origin}/`, { waitUntil: 'networkidle' });
  await fresh.page.getByTestId('dashboard').waitFor();
  const v = await loadFigures(fresh.page, fresh.cdp);
  await fresh.context.close();
  return v;
}

const ms = (x) => `${x.toFixed(0)} ms`;
function report(label, runs) {
  const row = (name, key) =>
    console.log(
      `  ${name.padEnd(30)} ${ms(median(runs.map((r) => r[key]))).padStart(8)}  [${runs.map((r) => r[key].toFixed(0)).join(', ')}]`,
    );
  console.log(`${label} (median of ${runs.length} cold loads)`);
  row('FCP', 'fcp');
  row('LCP', 'lcp');
  const elements = [...new Set(runs.map((r) => r.lcpElement))];
  console.log(`  ${'LCP element'.padEnd(30)} ${elements.join(' | ')}`);
  row('long tasks, total', 'longTasks');
  row('long tasks before LCP', 'beforeLcp');
  row('total blocking time', 'tbt');
  row('scripting (ScriptDuration)', 'scripting');
  row('main-thread tasks (TaskDuration)', 'tasks');
}

try {
  const files = await firstLoadJs();
  const sum = (k) => files.reduce((n, f) => n + f[k], 0);
  const pageRuns = [];
  const homeRuns = [];
  for (let i = 0; i < RUNS; i++) {
    pageRuns.push(await pageLoad());
    if (product) homeRuns.push(await homeLoad());
  }
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  const path = new URL(target).pathname;
  console.log(`${path} first load: ${files.length} JS files`);
  for (const f of files.sort((a, b) => b.gzip - a.gzip))
    console.log(`  ${f.path}  raw ${kb(f.raw)}  gzip ${kb(f.gzip)}`);
  console.log(`  total raw ${kb(sum('raw'))}, gzip ${kb(sum('gzip'))}, on the wire ${kb(sum('wire'))}`);
  report(path, pageRuns);
  if (product) report('/ after login', homeRuns);
} finally {
  await browser.close();
  await site?.close();
}
