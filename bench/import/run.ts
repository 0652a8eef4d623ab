/**
 * Material-list import benchmark: .xlsx files of each row count imported through the real endpoint
 * (streamed, validated, saved in one transaction) against ExcelJS's bare streaming parse of the same file,
 * with the process's memory around every import and the progress the endpoint reports while it runs.
 *
 *   node --expose-gc --import tsx bench/import/run.ts [--rows 10000,50000] [--runs 3] [--bomb 480] [--pg]
 *
 * Memory, per import: RSS just before it (after a GC when --expose-gc is given, and a settle), the peak
 * while it runs (sampled every 10 ms), RSS 3 s after it, and after a GC then (with --expose-gc). Growth is
 * against the RSS just before; the V8 heap and the array buffers (PGlite's WASM memory is one) are shown
 * beside it. The database: an in-memory PGlite by default (its data files live in the process's memory, so
 * the rows saved count in its RSS), `--pglite-dir DIR` a PGlite on disk as the server runs it (DATA_DIR),
 * `--pg` the PostgreSQL server of TEST_DATABASE_URL (scripts/with-postgres.sh): the Node side alone.
 *
 * `--bomb MB` then uploads a zip bomb: the template with its sheet swapped for one that inflates to MB
 * megabytes (≈ 0.5 MB on the wire), and reports the answer, its time and the peak RSS while it ran.
 */
import { parseArgs } from 'node:util';
import { suppliesColumns } from '@tradelane/contract';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { buildApp } from '../../packages/server/src/app.ts';
import { loadConfig } from '../../packages/server/src/config.ts';
import { migrateDatabase, openDatabase } from '../../packages/server/src/db/client.ts';
import { projectBatches } from '../../packages/server/src/db/schema-project.ts';
import { runSeeds } from '../../packages/server/src/seed/index.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '3' },
    bomb: { type: 'string', default: '0' },
    pg: { type: 'boolean', default: false },
    'pglite-dir': { type: 'string' },
  },
});
const SIZES = values.rows.split(',').map(Number);
const RUNS = Number(values.runs);
const gc = (globalThis as { gc?: () => void }).gc;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rss = () => process.memoryUsage().rss;
async function settle(ms: number) {
  await sleep(ms);
  if (gc) {
    gc();
    await sleep(200);
    gc();
  }
}
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function makeFile(rows: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('物料清单');
  ws.addRow(suppliesColumns.map((c) => c.zh));
  ws.addRow(suppliesColumns.map((c) => c.en));
  const items = [
    ['主变压器', 'Power transformer', '850423', '台'],
    ['中压电缆', 'MV cable', '854460', 'm'],
    ['开关柜', 'Switchgear', '853720', '面'],
    ['高强度螺栓', 'High-strength bolt', '731815', '套'],
  ];
  for (let i = 1; i <= rows; i++) {
    const [name, en, hs, unit] = items[i % items.length];
    ws.addRow([
      i,
      `MAT-${String(i).padStart(6, '0')}`,
      `${name} ${i}`,
      `${en} ${i}`,
      `型号-${i % 97}`,
      '上海电气',
      hs,
      (i % 50) + 1,
      unit,
      1000 + (i % 300),
      'CNY',
      'CN',
      12.5,
      13.8,
      i % 10 ? null : '加急',
    ]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The given workbook with its first sheet replaced by `mb` MB of spaces inside <sheetData>. */
async function bombFile(template: Buffer, mbytes: number): Promise<Buffer> {
  const JSZip = (await import('jszip')).default;
  const zip = await JSZip.loadAsync(template);
  const head =
    '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
  const spaces = Buffer.alloc(1024 * 1024, 0x20);
  const { Readable } = await import('node:stream');
  let i = 0;
  const stream = new Readable({
    read() {
      if (i === 0) this.push(head);
      if (i < mbytes) this.push(spaces);
      else {
        this.push('</sheetData></worksheet>');
        this.push(null);
      }
      i++;
    },
  });
  zip.file('xl/worksheets/sheet1.xml', stream, { binary: true });
  return zip.generateAsync({
    type: 'nodebuffer',
    compression: 'DEFLATE',
    compressionOptions: { level: 9 },
    streamFiles: true,
  });
}

async function bareParse(file: Buffer): Promise<number> {
  const { Readable } = await import('node:stream');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]) as never, {
    sharedStrings: 'cache',
    worksheets: 'emit',
  });
  let n = 0;
  for await (const ws of reader) for await (const row of ws) if (row.values) n++;
  return n;
}

function multipart(file: Buffer, fields: Record<string, string | number>) {
  const b = '----bench';
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  parts.push(
    Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="list.xlsx"\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${b}--\r\n`),
  );
  return { payload: Buffer.concat(parts), type: `multipart/form-data; boundary=${b}` };
}

const pgUrl = process.env.TEST_DATABASE_URL;
if (values.pg && !pgUrl) throw new Error('--pg needs TEST_DATABASE_URL (run under scripts/with-postgres.sh)');
const database = await openDatabase(
  values.pg ? { kind: 'postgres', url: pgUrl as string } : { kind: 'pglite' },
);
await migrateDatabase(database);
await runSeeds(database.db, { demo: true });
const app = await buildApp(
  loadConfig({
    CAPTCHA: 'off',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATA_DIR: '/tmp/tradelane-bench-import',
  }),
  database,
);
await app.ready();
const login = await app.inject({
  method: 'POST',
  url: '/auth/login',
  payload: { username: 'supplier', password: 'Supplier@2026' },
});
const token = login.json().token as string;
const [batch] = await database.db
  .select()
  .from(projectBatches)
  .where(and(eq(projectBatches.batchNumber, 'JKT2-B003')));

interface Figures {
  rows: number;
  ms: number;
  before: number;
  peak: number;
  after: number;
  afterGc: number | null;
}
const figures: Figures[] = [];
const parseTimes = new Map<number, number[]>();
const importTimes = new Map<number, number[]>();
const seen = new Set<string>();
const files = new Map<number, Buffer>();
for (const rows of SIZES) {
  const t0 = performance.now();
  const file = await makeFile(rows);
  files.set(rows, file);
  console.log(
    `file: ${rows} rows, ${(file.length / 1024).toFixed(0)} KB (written in ${(performance.now() - t0).toFixed(0)} ms)`,
  );
  const times: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const s = performance.now();
    const n = await bareParse(file);
    times.push(performance.now() - s);
    if (n < rows) throw new Error(`parsed ${n} rows`);
  }
  parseTimes.set(rows, times);
}
let file = files.get(SIZES[0]) as Buffer;
console.log(`process RSS with the files written and parsed: ${mb(rss())}${gc ? '' : ' (no --expose-gc)'}`);

for (const rows of SIZES) {
  file = files.get(rows) as Buffer;
  const times: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const taskId = `bench-${Date.now()}-${r}`;
    let body: ReturnType<typeof multipart> | null = multipart(file, {
      batchId: batch.id,
      mode: 'replace',
      taskId,
    });
    await settle(1000);
    const before = rss();
    const mem0 = process.memoryUsage();
    let peak = before;
    let peakHeap = mem0.heapUsed;
    let peakBuffers = mem0.arrayBuffers;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peak = Math.max(peak, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
      peakBuffers = Math.max(peakBuffers, m.arrayBuffers);
    }, 10);
    const poll = setInterval(async () => {
      const p = await app.inject({
        method: 'GET',
        url: `/api/supplies/getImportProgress?taskId=${taskId}`,
        headers: { authorization: token },
      });
      if (p.statusCode === 200) seen.add(`${p.json().status}:${p.json().percent}`);
    }, 100);
    const s = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/supplies/suppliesListImport',
      headers: { authorization: token, 'content-type': body.type },
      payload: body.payload,
    });
    const ms = performance.now() - s;
    body = null;
    times.push(ms);
    clearInterval(sampler);
    clearInterval(poll);
    peak = Math.max(peak, rss());
    if (res.statusCode !== 201 || res.json().imported !== rows)
      throw new Error(`import failed: ${res.statusCode} ${res.body.slice(0, 300)}`);
    await sleep(3000);
    const after = rss();
    let afterGc: number | null = null;
    if (gc) {
      await settle(0);
      afterGc = rss();
    }
    const mem1 = process.memoryUsage();
    console.log(
      `  V8 heap used ${mb(mem0.heapUsed)} → peak ${mb(peakHeap)} → ${mb(mem1.heapUsed)}; array buffers ${mb(mem0.arrayBuffers)} → peak ${mb(peakBuffers)} → ${mb(mem1.arrayBuffers)}`,
    );
    figures.push({ rows, ms, before, peak, after, afterGc });
    console.log(
      `import ${rows} rows #${r + 1}: ${ms.toFixed(0)} ms; RSS before ${mb(before)}, peak ${mb(peak)} (+${mb(peak - before)}), 3 s after ${mb(after)} (+${mb(after - before)})${afterGc === null ? '' : `, after GC ${mb(afterGc)} (+${mb(afterGc - before)})`}`,
    );
  }
  importTimes.set(rows, times);
}
const BOMB_MB = Number(values.bomb);
if (BOMB_MB > 0) {
  const bomb = await bombFile(file, BOMB_MB);
  const body = multipart(bomb, { batchId: batch.id, mode: 'replace' });
  let peak = 0;
  const before = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const s = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/supplies/suppliesListImport',
    headers: { authorization: token, 'content-type': body.type },
    payload: body.payload,
  });
  const ms = performance.now() - s;
  clearInterval(sampler);
  await new Promise((r) => setTimeout(r, 2000));
  console.log(
    `zip bomb (${(bomb.length / 1024).toFixed(0)} KB → ${BOMB_MB} MB): ${res.statusCode} ${res.json().code} in ${ms.toFixed(0)} ms; RSS ${mb(before)} before, peak ${mb(peak)}, ${mb(process.memoryUsage().rss)} 2 s after`,
  );
}
await app.close();
await database.close();

console.log(
  `\ndatabase: ${values.pg ? 'PostgreSQL (TEST_DATABASE_URL)' : 'PGlite in process'}; node ${process.version}`,
);
console.log(
  '| rows | bare parse (median) | import (median) | RSS before | peak growth (max) | growth 3 s after | growth after GC |',
);
console.log('|---:|---:|---:|---:|---:|---:|---:|');
for (const rows of SIZES) {
  const fs = figures.filter((f) => f.rows === rows);
  const parse = median(parseTimes.get(rows) ?? []);
  const imp = median(importTimes.get(rows) ?? []);
  const max = (g: (f: Figures) => number) => Math.max(...fs.map(g));
  const afterGc = fs.every((f) => f.afterGc !== null)
    ? `+${mb(max((f) => (f.afterGc as number) - f.before))}`
    : '—';
  console.log(
    `| ${rows} | ${parse.toFixed(0)} ms | ${imp.toFixed(0)} ms (${(imp / parse).toFixed(1)}×) | ${fs.map((f) => mb(f.before)).join(', ')} | +${mb(max((f) => f.peak - f.before))} | +${mb(max((f) => f.after - f.before))} | ${afterGc} |`,
  );
}
console.log(`progress seen while importing: ${[...seen].join(' ')}`);
