/**
 * Boxes at scale: a batch of 5,000 boxes holding 50,000 content rows, on PostgreSQL.
 *
 *   DATABASE_URL=postgres://… npx tsx bench/boxes/run.ts [--boxes 5000] [--per-box 10] [--runs 5]
 *
 * Migrates and seeds the demo into an empty database, then adds in SQL (generate_series) 5,000 material
 * rows to the demo supplier's confirmed list on JKT2-B001 and `boxes` boxes with `per-box` contents each.
 * The product runs in this process on a real port; documents are fetched over HTTP and counted as they
 * stream (never held). Figures: the list page (20 boxes, decorated) — median of `runs`; labels PDF for
 * 1,000 boxes; packing list PDF and Excel for all boxes, and for a fifth of them (memory must not grow
 * with the box count) — time, peak RSS and peak heap above the baseline, sampled every 10 ms.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase } from '../../packages/server/src/db/client.ts';
import { rawRows } from '../../packages/server/src/db/raw-rows.ts';
import { runSeeds } from '../../packages/server/src/seed/index.ts';
import { listenForBench, logIn } from '../demo-app.ts';

const { values } = parseArgs({
  options: {
    boxes: { type: 'string', default: '5000' },
    'per-box': { type: 'string', default: '10' },
    runs: { type: 'string', default: '5' },
  },
});
const BOXES = Number(values.boxes);
const PER_BOX = Number(values['per-box']);
const RUNS = Number(values.runs);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL=postgres://… is required');

const database = await openDatabase({ kind: 'postgres', url });
await migrateDatabase(database);
await runSeeds(database.db, { demo: true });
const { db } = database;

const t0 = performance.now();
await db.execute(sql`
  with l as (
    select ml.* from material_list ml join project_batch b on b.id = ml.batch_id
    where b.batch_number = 'JKT2-B001' and ml.status = 2 limit 1
  )
  insert into supplies (tenant_id, project_id, batch_id, list_id, supplier_tenant_id, line_no, material_code,
    name, en_name, spec, hs_code, quantity, unit, create_by, update_by)
  select l.tenant_id, l.project_id, l.batch_id, l.id, l.supplier_tenant_id, 100 + g, 'BENCH-' || g,
    '备件 ' || g, 'Spare part ' || g, '型号 ' || (g % 97), '8504900000', ${BOXES * PER_BOX}, '件', 'bench', 'bench'
  from l, generate_series(1, 5000) g`);
await db.execute(sql`
  with l as (
    select ml.* from material_list ml join project_batch b on b.id = ml.batch_id
    where b.batch_number = 'JKT2-B001' and ml.status = 2 limit 1
  ), b as (select * from project_batch where batch_number = 'JKT2-B001')
  insert into box_piece (tenant_id, project_id, batch_id, supplier_tenant_id, box_number, seq, token, package_type,
    length, width, height, gross_weight, net_weight, volume, out_of_gauge, status, create_by, update_by)
  select l.tenant_id, l.project_id, l.batch_id, l.supplier_tenant_id, 'BENCH-' || lpad(g::text, 5, '0'), 100 + g,
    md5(random()::text || g)::varchar(22), 'wooden_case', 1200 + g % 800, 1000, 1100, 800 + g % 200, 700, 1.32, false, 0,
    'bench', 'bench'
  from l, generate_series(1, ${BOXES}) g`);
await db.execute(sql`
  insert into box_piece_detail (tenant_id, batch_id, supplier_tenant_id, box_id, supplies_id, quantity, create_by, update_by)
  select bp.tenant_id, bp.batch_id, bp.supplier_tenant_id, bp.id,
    (select min(id) from supplies where material_code like 'BENCH-%') + ((bp.seq * ${PER_BOX} + k) % 5000), 1, 'bench', 'bench'
  from box_piece bp, generate_series(1, ${PER_BOX}) k
  where bp.box_number like 'BENCH-%'
  on conflict do nothing`);
await db.execute(sql`analyze`);
const generated = performance.now() - t0;

const { app, base } = await listenForBench(database);
const headers = { authorization: await logIn(base, 'supplier', 'Supplier@2026') };
const [{ id: batchId }] = rawRows(
  await db.execute(sql`select id from project_batch where batch_number = 'JKT2-B001'`),
) as { id: number }[];
const [{ n: contents }] = rawRows(
  await db.execute(sql`select count(*)::int n from box_piece_detail where batch_id = ${batchId}`),
) as { n: number }[];

/**
 * Time, peak RSS and peak heap (above what was in use before) of fetching a URL, its body counted as it
 * streams. Each document is fetched twice and the second is reported (the first warms the font and JIT).
 */
async function measure(path: string) {
  await once(path);
  return once(path);
}
async function once(path: string) {
  global.gc?.();
  const before = process.memoryUsage();
  let peak = before.rss;
  let heap = before.heapUsed;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peak = Math.max(peak, m.rss);
    heap = Math.max(heap, m.heapUsed);
  }, 10);
  const start = performance.now();
  const res = await fetch(`${base}${path}`, { headers });
  if (!res.ok || !res.body) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  let bytes = 0;
  for await (const chunk of res.body) bytes += (chunk as Uint8Array).length;
  const ms = performance.now() - start;
  clearInterval(timer);
  const mb = (n: number) => Math.round((n / 2 ** 20) * 10) / 10;
  return { ms: Math.round(ms), rssMb: mb(peak - before.rss), heapMb: mb(heap - before.heapUsed), bytes };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const listTimes: number[] = [];
for (let i = 0; i < RUNS + 1; i++) {
  const s = performance.now();
  const res = await fetch(`${base}/api/boxPiece?batchId=${batchId}&size=20&page=${i * 7}`, { headers });
  await res.json();
  if (i > 0) listTimes.push(performance.now() - s);
}

const ids = (
  rawRows(
    await db.execute(sql`select id from box_piece where box_number like 'BENCH-%' order by id limit 1000`),
  ) as { id: number }[]
).map((r) => r.id);
const results = {
  generatedMs: Math.round(generated),
  boxes: BOXES,
  contents,
  listPageMedianMs: Math.round(median(listTimes)),
  labels1000: await measure(`/api/boxPiece/labels?ids=${ids.join(',')}&format=thermal&lang=zh`),
  labels1000a4: await measure(`/api/boxPiece/labels?ids=${ids.join(',')}&format=a4-8&lang=bilingual`),
  packingPdfFifth: await measure(`/api/boxPiece/packingList?ids=${ids.join(',')}&lang=zh`),
  packingPdfAll: await measure(`/api/boxPiece/packingList?batchId=${batchId}&lang=zh`),
  packingXlsxFifth: await measure(`/api/boxPiece/packingList?ids=${ids.join(',')}&format=xlsx`),
  packingXlsxAll: await measure(`/api/boxPiece/packingList?batchId=${batchId}&format=xlsx`),
};
console.log(JSON.stringify(results, null, 2));
await app.close();
