/**
 * The logistics life cycle at scale: 100 batches × 500 boxes on PostgreSQL.
 *
 *   DATABASE_URL=postgres://… npx tsx bench/lifecycle/run.ts [--batches 100] [--boxes 500] [--runs 3]
 *
 * Migrates and seeds the demo into an empty database, then adds in SQL (generate_series) `batches` batches
 * on the demo project with the demo supplier and logistics provider as partners, each with `boxes`
 * submitted boxes of varied sizes, and 10,000 events on the first batch. The product runs in this process
 * on a real port. Figures:
 * - bulk commands on a whole batch of boxes through the API (load onto a vehicle, ship, domestic transit,
 *   stuff into containers) — each on `runs` different batches, median and worst;
 * - the grouped in-transit timeline of the batch with 10,000 events, and one box's timeline;
 * - the load planner on one batch's real boxes into 40HQs: time, containers used, and the volume and
 *   weight lower bounds.
 */
import { parseArgs } from 'node:util';
import { STANDARD_CONTAINERS } from '@tradelane/loadplan';
import { sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase } from '../../packages/server/src/db/client.ts';
import { rawRows } from '../../packages/server/src/db/raw-rows.ts';
import { runPlan } from '../../packages/server/src/modules/loadplan/routes.ts';
import { runSeeds } from '../../packages/server/src/seed/index.ts';
import { copyDemoBatch, demoTokens, listenForBench } from '../demo-app.ts';

const { values } = parseArgs({
  options: {
    batches: { type: 'string', default: '100' },
    boxes: { type: 'string', default: '500' },
    runs: { type: 'string', default: '3' },
    events: { type: 'string', default: '10000' },
  },
});
const BATCHES = Number(values.batches);
const BOXES = Number(values.boxes);
const RUNS = Number(values.runs);
const EVENTS = Number(values.events);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL=postgres://… is required');

const database = await openDatabase({ kind: 'postgres', url });
await migrateDatabase(database);
await runSeeds(database.db, { demo: true });
const { db } = database;
const rows = async <T>(q: ReturnType<typeof sql>) => rawRows(await db.execute(q)) as T[];

const t0 = performance.now();
await copyDemoBatch(db, 'BENCH-L', '压测批次', BATCHES);
await db.execute(sql`
  insert into box_piece (tenant_id, project_id, batch_id, supplier_tenant_id, box_number, seq, token, package_type,
    length, width, height, gross_weight, net_weight, volume, out_of_gauge, stackable, this_side_up, status,
    logistics_status, create_by, update_by)
  select nb.tenant_id, nb.project_id, nb.id, s.supplier, nb.batch_number || '-' || lpad(g::text, 4, '0'), g,
    md5(random()::text || nb.id || g)::varchar(22), 'wooden_case',
    600 + (g * 37) % 900, 400 + (g * 53) % 700, 300 + (g * 71) % 900,
    80 + (g * 13) % 420, 70 + (g * 13) % 400,
    round(((600 + (g * 37) % 900)::numeric * (400 + (g * 53) % 700) * (300 + (g * 71) % 900)) / 1e9, 3),
    false, g % 10 <> 0, g % 7 = 0, 1, 0, 'bench', 'bench'
  from project_batch nb,
    (select supplier_tenant_id supplier from box_piece where batch_id =
      (select id from project_batch where batch_number = 'JKT2-B001') limit 1) s,
    generate_series(1, ${BOXES}) g
  where nb.batch_number like 'BENCH-L%'`);
// 10,000 events on the first bench batch: 20 bulk commands over its boxes, a minute apart.
await db.execute(sql`
  with b as (select * from project_batch where batch_number = 'BENCH-L0001'),
  bx as (select id, row_number() over (order by id) n from box_piece where batch_id = (select id from b))
  insert into change_record (tenant_id, project_id, batch_id, entity, entity_id, action, from_status, to_status,
    actor_tenant_id, party_tenant_id, place, note, create_by, create_time)
  select b.tenant_id, b.project_id, b.id, 'boxPiece', bx.id,
    (array['load','offLoad','ship','transit','stuff','undoPacking','onBoard','discharge','unpack','deliver'])[1 + (k % 10)],
    (k % 10)::text, ((k % 10) + 1)::text, b.tenant_id, null, '上海', '压测事件 ' || k, 'logistics',
    now() - interval '30 days' + k * interval '1 minute'
  from b, bx, generate_series(0, ${Math.ceil(EVENTS / BOXES) - 1}) k`);
await db.execute(sql`analyze`);
const generated = performance.now() - t0;

const { app, base } = await listenForBench(database);
const tok = await demoTokens(base);

async function api(who: keyof typeof tok, method: string, path: string, body?: unknown) {
  const start = performance.now();
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: tok[who], ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as Record<string, unknown>;
  const ms = performance.now() - start;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  return { ms, json };
}

const batches = await rows<{ id: number }>(
  sql`select id from project_batch where batch_number like 'BENCH-L%' order by batch_number`,
);
const boxIds = async (batchId: number) =>
  (await rows<{ id: number }>(sql`select id from box_piece where batch_id = ${batchId} order by id`)).map(
    (r) => r.id,
  );
const stat = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { medianMs: Math.round(s[Math.floor(s.length / 2)] ?? 0), worstMs: Math.round(s.at(-1) ?? 0) };
};

const times: Record<string, number[]> = { load: [], ship: [], transit: [], stuff: [] };
// Runs on batches 2.. (batch 1 holds the timeline's synthetic events).
for (let r = 0; r < RUNS; r++) {
  const batchId = batches[r + 1]?.id as number;
  const ids = await boxIds(batchId);
  const vehicle = await api('supplier', 'POST', '/api/accessoryInfo', {
    batchId,
    plateNumber: `沪A${r}0001`,
  });
  times.load?.push(
    (
      await api('supplier', 'POST', '/api/accessoryInfoBoxPiece', {
        accessoryInfoId: vehicle.json.id,
        boxPieceIds: ids,
      })
    ).ms,
  );
  times.ship?.push((await api('supplier', 'POST', '/api/boxPiece/ship', { batchId })).ms);
  times.transit?.push((await api('logistics', 'POST', '/api/boxPiece/transit', { ids, place: '洋山港' })).ms);
  // Stuff as many boxes as fit one 40HQ's payload and volume (the server checks both).
  const numbers = ['CSQU3054383', 'MSKU1234565', 'TGHU1234567'];
  const c = await api('logistics', 'POST', '/api/container', {
    batchId,
    containerNumber: numbers[r % numbers.length],
    typeCode: '40HQ',
  });
  const fit = await rows<{ id: number }>(sql`
    select id from (select id, sum(gross_weight) over (order by id) w,
      sum(length::float8 * width * height) over (order by id) v from box_piece where batch_id = ${batchId}) x
    where w <= 26540 and v <= 12032.0 * 2350 * 2697 order by id`);
  times.stuff?.push(
    (
      await api('logistics', 'POST', '/api/containerBoxPiece', {
        containerId: c.json.id,
        boxPieceIds: fit.map((f) => f.id),
      })
    ).ms,
  );
}
const stuffed = (
  await rows<{ n: number }>(
    sql`select count(*)::int n from container_box_piece where batch_id = ${batches[1]?.id}`,
  )
)[0]?.n;

// The timeline of the batch with 10,000 events (grouped by command) and of one of its boxes.
const first = batches[0]?.id as number;
const [{ n: events }] = await rows<{ n: number }>(
  sql`select count(*)::int n from change_record where batch_id = ${first}`,
);
const timeline: number[] = [];
const boxTimeline: number[] = [];
const firstBox = (await boxIds(first))[0];
let lines = 0;
for (let r = 0; r < RUNS + 1; r++) {
  const t = await api('shipper', 'GET', `/api/batchIntransitLive?batchId=${first}`);
  lines = (t.json as unknown as unknown[]).length;
  if (r) timeline.push(t.ms);
  const b = await api('shipper', 'GET', `/api/boxPieceIntransitLive?boxPieceId=${firstBox}`);
  if (r) boxTimeline.push(b.ms);
}

// The planner on one batch's 500 real boxes into 40HQs.
const hq = STANDARD_CONTAINERS.find((c) => c.id === '40HQ');
if (!hq) throw new Error('no 40HQ');
const planBoxes = await rows<{
  id: number;
  length: number;
  width: number;
  height: number;
  gross_weight: string;
  stackable: boolean;
  this_side_up: boolean;
}>(sql`select id, length, width, height, gross_weight, stackable, this_side_up from box_piece
  where batch_id = ${batches[RUNS + 1]?.id} order by id`);
const started = performance.now();
const { plan } = await runPlan(
  {
    containers: [{ id: '40HQ', l: hq.l, w: hq.w, h: hq.h, maxPayload: hq.maxPayload }],
    boxes: planBoxes.map((b) => ({
      id: b.id,
      l: b.length,
      w: b.width,
      h: b.height,
      qty: 1,
      weight: Number(b.gross_weight),
      stackable: b.stackable,
      ...(b.this_side_up ? { vertical: [false, false, true] as [boolean, boolean, boolean] } : {}),
    })),
    mode: 'fewest',
    timeLimitMs: 5000,
  },
  // The bench is the only caller: whose turn it is does not matter.
  { tenantId: 0 },
);
const planMs = performance.now() - started;
const volume = planBoxes.reduce((s, b) => s + b.length * b.width * b.height, 0);
const weight = planBoxes.reduce((s, b) => s + Number(b.gross_weight), 0);
const used = (plan as unknown as { containers: unknown[] }).containers.length;

const results = {
  generatedMs: Math.round(generated),
  batches: BATCHES,
  boxesPerBatch: BOXES,
  totalBoxes: BATCHES * BOXES,
  bulk500: {
    loadOntoVehicle: stat(times.load ?? []),
    ship: stat(times.ship ?? []),
    domesticTransit: stat(times.transit ?? []),
    stuffOne40HQ: { ...stat(times.stuff ?? []), boxes: stuffed },
  },
  timeline: { events, lines, ...stat(timeline) },
  boxTimeline: stat(boxTimeline),
  planner: {
    boxes: planBoxes.length,
    ms: Math.round(planMs),
    containersUsed: used,
    volumeLowerBound: Math.ceil(volume / (hq.l * hq.w * hq.h)),
    weightLowerBound: Math.ceil(weight / (hq.maxPayload ?? Number.POSITIVE_INFINITY)),
  },
};
console.log(JSON.stringify(results, null, 2));
await app.close();
await database.close?.();
process.exit(0);
