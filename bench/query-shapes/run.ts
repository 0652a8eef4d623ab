/**
 * Query shapes drawn at random from what a family declares, run through the product at 1M rows.
 *
 *   DATABASE_URL=postgres://…/b1m npx tsx bench/query-shapes/run.ts [--shapes 300] [--seed 42] \
 *     [--families supplies,box_piece,box_piece_detail,change_record,declare_line,message_center]
 *
 * The database holds bench/list-api/generate.ts's rows (`--families supplies,boxes,customs,messages` for the box tables, declaration lines and messages). The product is built in this process on that
 * database; each shape is one list request (`app.inject`) as a demo party (shipper, supplier, logistics):
 * each declared filter alone and in pairs, with a value drawn from the rows (some from the caller's own
 * rows, some from anyone's, so misses are drawn too), each sort the family declares (`sortable`) either
 * way, a first, middle or deep page, and Latin and CJK keywords of 1–4 characters. For each shape it records the answer's size, Node CPU per request
 * (`process.cpuUsage`, this process: the product and its driver) and, for every statement the request
 * sent (the client's statement tap), `EXPLAIN (ANALYZE, BUFFERS)` of the same statement with the same
 * parameters: database time and shared buffers touched, summed, and buffers per row returned.
 * The report lists the worst 10 shapes by buffers per row and by database time, and the median.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../../packages/server/src/app.ts';
import { loadConfig } from '../../packages/server/src/config.ts';
import { openDatabase, statementTap } from '../../packages/server/src/db/client.ts';
import {
  boxPieceDetailResource,
  boxPieceResource,
} from '../../packages/server/src/modules/boxes/resources.ts';
import { declareLineResource } from '../../packages/server/src/modules/customs/resources.ts';
import { suppliesResource } from '../../packages/server/src/modules/supplies/resources.ts';
import { setFirstCountLimit, setSmallListLimit } from '../../packages/server/src/resources/engine.ts';
import { changeRecordResource } from '../../packages/server/src/workflow/plugin.ts';

const { values } = parseArgs({
  options: {
    shapes: { type: 'string', default: '300' },
    seed: { type: 'string' },
    // Which families (by name); the database must hold their rows (generate.ts --families supplies,boxes).
    families: { type: 'string', default: 'supplies' },
    // One shape, its statements' plans printed: --only 'supplies:shipper:name=电缆&sort=id,desc&page=1'.
    only: { type: 'string' },
    // Experiments: the engine's long-list threshold (resources/engine.ts setSmallListLimit).
    'small-list': { type: 'string' },
    // Experiments: how many matches are counted first (resources/engine.ts setFirstCountLimit).
    'first-count': { type: 'string' },
    // The worst shapes against hand-written statements for the same answer (HAND below).
    hand: { type: 'boolean', default: false },
    // Every shape's figures as JSON, to compare two runs of one seed (a setting changed between them).
    json: { type: 'string' },
  },
});
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL=postgres://… is required');
const SEED = Number(values.seed ?? Date.now() % 100000);
const SHAPES = Number(values.shapes);

// A small seeded generator (mulberry32): the same seed draws the same shapes.
let state = SEED >>> 0;
function rand() {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];

const PASSWORDS: Record<string, string> = {
  shipper: 'Shipper@2026',
  supplier: 'Supplier@2026',
  logistics: 'Logistics@2026',
};
const CJK = ['电', '缆', '电缆', '钢管', '螺栓', '变压器', '开关柜', '中压电缆', '法兰', '阀'];
const LATIN = ['c', 'ca', 'cab', 'pipe', 'MV', 'bolt', 'A1', 'valv', 'x', 'ZZZZ'];

interface Family {
  name: string;
  path: string;
  table: string;
  filters: Record<string, unknown>;
  sorts: string[];
  /** Sorts drawn too once one of these filters is drawn (`sortableWhenNarrowed`). */
  narrowed?: { filters: string[]; sorts: string[] };
  /** The parties that may list it (default: all three). */
  parties?: string[];
  /** Column of each filter in the table (for drawing values). */
  column: (filter: string) => string | null;
}

/** The sorts a family declares (`sortable`), each way, and none (its default order). */
const eachWay = (fields: string[]) => fields.flatMap((f) => [`${f},asc`, `${f},desc`]);
const declaredSorts = (resource: { sortable?: string[] }): string[] => [
  '',
  ...eachWay(resource.sortable ?? []),
];
const narrowedSorts = (resource: { sortableWhenNarrowed?: { filters: string[]; fields: string[] } }) =>
  resource.sortableWhenNarrowed && {
    filters: resource.sortableWhenNarrowed.filters,
    sorts: eachWay(resource.sortableWhenNarrowed.fields),
  };
const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const allFamilies: Family[] = [
  {
    name: 'material rows (supplies)',
    path: '/api/supplies',
    table: 'supplies',
    filters: suppliesResource.filters ?? {},
    sorts: declaredSorts(suppliesResource),
    narrowed: narrowedSorts(suppliesResource),
    column: (f) => (['tag', 'hsMissing', 'blurry'].includes(f) ? null : snake(f)),
  },
  {
    name: 'boxes (boxPiece)',
    path: '/api/boxPiece',
    table: 'box_piece',
    filters: boxPieceResource.filters ?? {},
    sorts: declaredSorts(boxPieceResource),
    column: (f) => (f === 'blurry' ? null : snake(f)),
  },
  {
    name: 'box contents (boxPieceDetail)',
    path: '/api/boxPieceDetail',
    table: 'box_piece_detail',
    filters: boxPieceDetailResource.filters ?? {},
    sorts: declaredSorts(boxPieceDetailResource),
    column: (f) => snake(f),
  },
  {
    name: 'declaration lines (declareLine)',
    path: '/api/declareLine',
    table: 'declare_line',
    filters: declareLineResource.filters ?? {},
    sorts: declaredSorts(declareLineResource),
    narrowed: narrowedSorts(declareLineResource),
    // A declaration is the shipper's and its customs broker's; a supplier is refused (403).
    parties: ['shipper', 'logistics'],
    column: (f) => (['blurry', 'undivided', 'name'].includes(f) ? null : snake(f)),
  },
  {
    // Not a declared family: the message centre's own list (read or unread), newest first.
    name: 'messages (messageCenter)',
    path: '/api/messageCenter/getMessageByCurrent',
    table: 'message_center',
    filters: { read: 'read' },
    sorts: [''],
    column: () => null,
  },
  {
    name: 'change records (changeRecord)',
    path: '/api/changeRecord',
    table: 'change_record',
    filters: changeRecordResource.filters ?? {},
    sorts: declaredSorts(changeRecordResource),
    column: (f) => snake(f),
  },
];
const wanted = new Set(String(values.families).split(','));
const families = allFamilies.filter((f) => wanted.has(f.table));

const pool = new pg.Pool({ connectionString: url, max: 2 });

async function sampleValues(table: string, column: string, tenantIds: number[]): Promise<string[]> {
  const own = await pool.query(
    `select distinct ${column}::text as v from ${table} tablesample system (2) where ${column} is not null and tenant_id = any($1) limit 20`,
    [tenantIds],
  );
  const any = await pool.query(
    `select distinct ${column}::text as v from ${table} tablesample system (0.5) where ${column} is not null limit 20`,
  );
  return [...own.rows, ...any.rows].map((r) => r.v);
}

function drawValue(filter: string, op: unknown, samples: string[]): string | null {
  if (filter === 'blurry' || op === 'like') return rand() < 0.5 ? pick(CJK) : pick(LATIN);
  if (filter === 'hsMissing' || filter === 'undivided') return 'true';
  if (filter === 'read') return pick(['true', 'false']);
  if (filter === 'tag') return pick(['急', 'urgent', '超限']);
  if (op === 'between') {
    const from = new Date(Date.UTC(2025, Math.floor(rand() * 12), 1));
    const to = new Date(from.getTime() + (7 + rand() * 90) * 86400_000);
    return `${from.toISOString()},${to.toISOString()}`;
  }
  if (op === 'in') return samples.length ? pick(samples) : null;
  return samples.length ? pick(samples) : null;
}

interface Result {
  family: string;
  party: string;
  query: string;
  status: number;
  rows: number;
  bytes: number;
  nodeCpuMs: number;
  dbMs: number;
  buffers: number;
  perRow: number;
}

async function explain(query: string, params: unknown[]) {
  if (!/^\s*(select|with)\b/i.test(query)) return { ms: 0, buffers: 0 };
  const res = await pool.query(`explain (analyze, buffers, format json) ${query}`, params as unknown[]);
  const plan = res.rows[0]['QUERY PLAN'][0];
  const top = plan.Plan;
  const buffers = (top['Shared Hit Blocks'] ?? 0) + (top['Shared Read Blocks'] ?? 0);
  return { ms: plan['Execution Time'] as number, buffers };
}

/**
 * The worst shapes found (docs/BENCHMARKS.md), each with the best statements written by hand for the
 * same answer: the page's ids in order and the total. `$1` is the caller's company. A hand-written
 * statement may know what the product cannot assume: that all of the shipper's material rows and
 * change records carry its company, and it counts and pages in one pass of the matched rows.
 */
/** The stored pieces of the material rows' searched columns (migration 0033), indexed by GIN. */
const GRAMS = 'search_grams';
const HAND: { table: string; party: string; query: string; sql: string }[] = [
  {
    table: 'supplies',
    party: 'shipper',
    query: 'name=法兰&size=20&page=5',
    sql: `with m as materialized (select id, list_id, line_no from supplies
            where tenant_id = $1 and ${GRAMS} @> '{法兰}' and name like '%法兰%')
          select id, (select count(*) from m) as total from m order by list_id, line_no, id limit 20 offset 100`,
  },
  {
    table: 'supplies',
    party: 'shipper',
    query: 'blurry=电&sort=createTime,desc&size=20&page=500',
    sql: `with m as materialized (select id, create_time from supplies
            where tenant_id = $1 and (name ilike '%电%' or en_name ilike '%电%' or spec ilike '%电%'
              or material_code ilike '%电%' or brand ilike '%电%' or hs_code ilike '%电%'))
          select id, (select count(*) from m) as total from m order by create_time desc, id limit 20 offset 10000`,
  },
  {
    table: 'supplies',
    party: 'shipper',
    query: 'name=电缆&sort=id,desc&size=10&page=1',
    sql: `with m as materialized (select id from supplies
            where tenant_id = $1 and ${GRAMS} @> '{电缆}' and name like '%电缆%')
          select id, (select count(*) from m) as total from m order by id desc limit 10 offset 10`,
  },
  {
    table: 'supplies',
    party: 'shipper',
    query: 'originCountry=CN&sort=createTime,desc&size=20&page=1',
    sql: `with m as materialized (select id, create_time from supplies where tenant_id = $1 and origin_country = 'CN')
          select id, (select count(*) from m) as total from m order by create_time desc, id limit 20 offset 20`,
  },
  {
    table: 'change_record',
    party: 'shipper',
    // Each side of the scope by its own index (company, party, actor: each with the time).
    query: 'createBy=bench&sort=createTime,asc&size=10&page=500',
    sql: `with m as materialized (
            select id, create_time from change_record where tenant_id = $1 and create_by = 'bench'
            union select id, create_time from change_record where party_tenant_id = $1 and create_by = 'bench'
            union select id, create_time from change_record where actor_tenant_id = $1 and create_by = 'bench')
          select id, (select count(*) from m) as total from m order by create_time, id limit 10 offset 5000`,
  },
];

async function bestOf3(f: () => Promise<number>): Promise<number> {
  const times = [await f(), await f(), await f()];
  return Math.min(...times);
}

async function main() {
  if (values['small-list']) setSmallListLimit(Number(values['small-list']));
  if (values['first-count']) setFirstCountLimit(Number(values['first-count']));
  const database = await openDatabase({ kind: 'postgres', url: url as string });
  const app = await buildApp(
    {
      ...loadConfig({
        LOG_LEVEL: 'error',
        DATABASE_URL: url,
        CAPTCHA: 'off',
        ...(process.env.LIST_EXACT_COUNT ? { LIST_EXACT_COUNT: process.env.LIST_EXACT_COUNT } : {}),
      }),
      webDist: undefined,
    },
    database,
    {},
  );
  await app.ready();
  const tokens: Record<string, string> = {};
  const tenantOf: Record<string, number> = {};
  for (const [name, password] of Object.entries(PASSWORDS)) {
    const res = await app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { username: name, password },
    });
    tokens[name] = res.json().token;
    const u = await pool.query('select tenant_id from sys_user where username = $1', [name]);
    tenantOf[name] = u.rows[0].tenant_id;
  }
  if (values.hand) {
    console.log(
      '| party | shape | rows | total | product DB ms | hand-written DB ms | ratio | same answer |',
    );
    console.log('|---|---|---:|---:|---:|---:|---:|---|');
    for (const h of HAND) {
      const fam = allFamilies.find((f) => f.table === h.table);
      if (!fam) throw new Error(`no family ${h.table}`);
      const statements: [string, unknown[]][] = [];
      statementTap.fn = (q, params) => statements.push([q, params]);
      const res = await app.inject({
        method: 'GET',
        url: `${fam.path}?${new URLSearchParams(h.query).toString()}`,
        headers: { authorization: tokens[h.party] },
      });
      statementTap.fn = null;
      const body = res.json();
      const product = await bestOf3(async () => {
        let ms = 0;
        for (const [q, params] of statements) ms += (await explain(q, params)).ms;
        return ms;
      });
      const params = [tenantOf[h.party]];
      const hand = await bestOf3(async () => (await explain(h.sql, params)).ms);
      const rows = (await pool.query(h.sql, params)).rows;
      // The hand-written page's total rides on its rows; an empty page has none to say it.
      const total = rows.length ? Number(rows[0].total) : null;
      const same =
        JSON.stringify(rows.map((r) => Number(r.id))) ===
          JSON.stringify(body.content.map((r: { id: string | number }) => Number(r.id))) &&
        (total === null || total === body.totalElements);
      console.log(
        `| ${h.party} | \`${h.table}: ${h.query}\` | ${body.content.length} | ${body.totalElements} | ${product.toFixed(1)} | ${hand.toFixed(1)} | ${(product / hand).toFixed(2)} | ${same ? 'yes' : 'NO'} |`,
      );
    }
    await app.close();
    await database.close();
    await pool.end();
    return;
  }
  if (values.only) {
    const [table, party, query] = values.only.split(':') as [string, string, string];
    const fam = allFamilies.find((f) => f.table === table);
    if (!fam) throw new Error(`no family ${table}`);
    const statements: [string, unknown[]][] = [];
    statementTap.fn = (q, params) => statements.push([q, params]);
    const res = await app.inject({
      method: 'GET',
      url: `${fam.path}?${new URLSearchParams(query).toString()}`,
      headers: { authorization: tokens[party] },
    });
    statementTap.fn = null;
    console.log(res.statusCode, res.json().totalElements, res.json().content?.length);
    for (const [q, params] of statements) {
      if (!/^\s*(select|with)\b/i.test(q)) continue;
      const plan = await pool.query(`explain (analyze, buffers) ${q}`, params);
      console.log(`\n${q}\n${JSON.stringify(params)}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    }
    await app.close();
    await database.close();
    await pool.end();
    return;
  }
  const results: Result[] = [];
  for (const fam of families) {
    const filterNames = Object.keys(fam.filters);
    const samples: Record<string, Record<string, string[]>> = {};
    for (const party of Object.keys(tokens)) {
      samples[party] = {};
      for (const f of filterNames) {
        const col = fam.column(f);
        samples[party][f] = col ? await sampleValues(fam.table, col, [tenantOf[party]]) : [];
      }
    }
    for (let i = 0; i < SHAPES; i++) {
      const party = pick(fam.parties ?? Object.keys(tokens));
      const chosen = new Set<string>();
      const n = Math.min(filterNames.length, rand() < 0.15 ? 0 : rand() < 0.55 ? 1 : 2);
      while (chosen.size < n) chosen.add(pick(filterNames));
      const q = new URLSearchParams();
      for (const f of chosen) {
        const v = drawValue(f, (fam.filters[f] as { op?: string })?.op ?? fam.filters[f], samples[party][f]);
        if (v !== null) q.set(f, v);
      }
      const narrowed = fam.narrowed && [...chosen].some((f) => fam.narrowed?.filters.includes(f) && q.has(f));
      const sort = pick(narrowed && fam.narrowed ? [...fam.sorts, ...fam.narrowed.sorts] : fam.sorts);
      if (sort) q.set('sort', sort);
      q.set('size', String(pick([10, 20, 50])));
      q.set('page', String(pick([0, 0, 1, 5, 50, 500])));
      const statements: [string, unknown[]][] = [];
      statementTap.fn = (query, params) => statements.push([query, params]);
      const cpu0 = process.cpuUsage();
      const res = await app.inject({
        method: 'GET',
        url: `${fam.path}?${q.toString()}`,
        headers: { authorization: tokens[party] },
      });
      const cpu = process.cpuUsage(cpu0);
      statementTap.fn = null;
      let dbMs = 0;
      let buffers = 0;
      for (const [query, params] of statements) {
        const e = await explain(query, params);
        dbMs += e.ms;
        buffers += e.buffers;
      }
      const body = res.statusCode === 200 ? res.json() : null;
      const rows = Array.isArray(body?.content) ? body.content.length : 0;
      results.push({
        family: fam.name,
        party,
        query: q.toString(),
        status: res.statusCode,
        rows,
        bytes: res.rawPayload.length,
        nodeCpuMs: (cpu.user + cpu.system) / 1000,
        dbMs,
        buffers,
        perRow: buffers / Math.max(1, rows),
      });
    }
  }
  await app.close();
  await database.close();
  await pool.end();

  const fmt = (r: Result) =>
    `| ${r.party} | \`${decodeURIComponent(r.query)}\` | ${r.status} | ${r.rows} | ${r.bytes} | ${r.nodeCpuMs.toFixed(1)} | ${r.dbMs.toFixed(1)} | ${r.buffers} | ${r.perRow.toFixed(0)} |`;
  const head =
    '| party | shape | status | rows | bytes | Node CPU ms | DB ms | buffers | buffers/row |\n|---|---|---:|---:|---:|---:|---:|---:|---:|';
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  if (values.json) writeFileSync(values.json, JSON.stringify(results, null, 1));
  console.log(`Seed ${SEED}, ${results.length} shapes.`);
  for (const fam of families) {
    const rs = results.filter((r) => r.family === fam.name);
    console.log(
      `\n### ${fam.name}: ${rs.length} shapes, ${rs.filter((r) => r.status !== 200).length} not 200`,
    );
    console.log(
      `Median: DB ${median(rs.map((r) => r.dbMs)).toFixed(1)} ms, buffers/row ${median(rs.map((r) => r.perRow)).toFixed(0)}, Node CPU ${median(rs.map((r) => r.nodeCpuMs)).toFixed(1)} ms; ${rs.filter((r) => r.dbMs > 50).length} shapes above 50 ms of database time, ${rs.filter((r) => r.nodeCpuMs > 1.5).length} above 1.5 ms of Node CPU.`,
    );
    const refused = rs.filter((r) => r.status !== 200);
    if (refused.length)
      console.log(
        `Not 200 (a value the filter refuses is a clear 400): ${refused
          .slice(0, 5)
          .map((r) => `${r.status} \`${decodeURIComponent(r.query)}\``)
          .join(', ')}${refused.length > 5 ? ', …' : ''}`,
      );
    console.log('\nWorst 10 by database time:\n');
    console.log(head);
    for (const r of [...rs].sort((a, b) => b.dbMs - a.dbMs).slice(0, 10)) console.log(fmt(r));
    console.log('\nWorst 10 by buffers per row returned:\n');
    console.log(head);
    for (const r of [...rs].sort((a, b) => b.perRow - a.perRow).slice(0, 10)) console.log(fmt(r));
  }
}

await main();
