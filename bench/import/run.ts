/**
 * Material-list import benchmark: a 10,000-row .xlsx imported through the real endpoint (streamed,
 * validated, saved in one transaction) against ExcelJS's bare streaming parse of the same file, with
 * peak memory and the progress the endpoint reports while it runs.
 *
 *   npx tsx bench/import/run.ts [--rows 10000] [--runs 3] [--bomb 480]
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
import { runSeeds } from '../../packages/server/src/db/seed/index.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '3' },
    bomb: { type: 'string', default: '0' },
  },
});
const ROWS = Number(values.rows);
const RUNS = Number(values.runs);
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

const database = await openDatabase({ kind: 'pglite' });
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

const t0 = performance.now();
const file = await makeFile(ROWS);
console.log(
  `file: ${ROWS} rows, ${(file.length / 1024).toFixed(0)} KB (written in ${(performance.now() - t0).toFixed(0)} ms)`,
);

const parseTimes: number[] = [];
for (let r = 0; r < RUNS; r++) {
  const s = performance.now();
  const n = await bareParse(file);
  parseTimes.push(performance.now() - s);
  if (n < ROWS) throw new Error(`parsed ${n} rows`);
}

const importTimes: number[] = [];
let peakRss = 0;
const baseRss = process.memoryUsage().rss;
const seen = new Set<string>();
for (let r = 0; r < RUNS; r++) {
  const taskId = `bench-${Date.now()}-${r}`;
  const body = multipart(file, { batchId: batch.id, mode: 'replace', taskId });
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
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
  importTimes.push(performance.now() - s);
  clearInterval(sampler);
  clearInterval(poll);
  if (res.statusCode !== 201 || res.json().imported !== ROWS)
    throw new Error(`import failed: ${res.statusCode} ${res.body.slice(0, 300)}`);
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

const parse = median(parseTimes);
const imp = median(importTimes);
console.log(
  `ExcelJS bare streaming parse: median ${parse.toFixed(0)} ms (${parseTimes.map((x) => x.toFixed(0)).join(', ')})`,
);
console.log(
  `import (stream + validate + save): median ${imp.toFixed(0)} ms (${importTimes.map((x) => x.toFixed(0)).join(', ')}), ${(imp / parse).toFixed(1)}× the bare parse`,
);
console.log(`peak RSS during imports: ${mb(peakRss)} (process at start of imports: ${mb(baseRss)})`);
console.log(`progress seen while importing: ${[...seen].join(' ')}`);
