/**
 * Material rows for the list benchmark, generated in PostgreSQL with generate_series.
 *
 *   DATABASE_URL=postgres://… npx tsx bench/list-api/generate.ts --rows 1000000
 *
 * Migrates the database with the product's migrations and seeds its demo data (the demo shipper,
 * suppliers, logistics provider), then adds 40 shippers and 60 suppliers, 81 projects, 100 batches and
 * 200 material lists (two suppliers per batch). The demo shipper owns 10 of the lists with 5% of the
 * rows (50,000 of 1M), skewed (the largest list holds a quarter of them); the other lists are skewed too.
 * Rows carry Chinese names from a vocabulary of 30 materials, 4 of them cables (`电缆` matches ≈ 13%),
 * a fifth of them (at random, seeded) without an HS code; half of each supplier's material codes are remembered with their
 * HS code in `material_code`, so the list's suggestions come both from codes and from earlier rows.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { migrateDatabase, openDatabase } from '../../packages/server/src/db/client.ts';
import { runSeeds } from '../../packages/server/src/seed/index.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    // `boxes` adds as many boxes as material rows (same lists, same skew), one content row per box (the
    // row of the same line), and one change record per box (its submission): the large families of the
    // boxes' screens and timelines, for bench/query-shapes.
    // `customs`: one export declaration per bench batch and a declaration line per material row (1M);
    // `messages`: 1M messages in the message centre (the demo users' share, a company's, announcements,
    // the rest to other people) with 70% read.
    families: { type: 'string', default: 'supplies' },
  },
});
const ROWS = Number(values.rows);
const FAMILIES = new Set(String(values.families).split(','));
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL=postgres://… is required');

/** zh name, en name, HS code, unit, base unit price, weight (how often it appears). */
const VOCABULARY: [string, string, string, string, number, number][] = [
  ['中压电缆', 'MV power cable', '8544601200', '米', 380, 5],
  ['低压电力电缆', 'LV power cable', '8544492100', '米', 120, 4],
  ['控制电缆', 'Control cable', '8544492100', '米', 45, 3],
  ['电缆桥架', 'Cable tray', '7308900000', '米', 210, 2],
  ['主变压器', 'Main transformer', '8504230000', '台', 2_400_000, 1],
  ['开关柜', 'Switchgear', '8537209000', '面', 180_000, 2],
  ['高强度螺栓', 'High-strength bolt', '7318158001', '套', 18, 6],
  ['无缝钢管', 'Seamless steel pipe', '7304399000', '吨', 7_800, 4],
  ['闸阀', 'Gate valve', '8481804090', '个', 3_200, 3],
  ['离心泵', 'Centrifugal pump', '8413709990', '台', 56_000, 2],
  ['接地扁钢', 'Earthing flat steel', '7216500000', '吨', 6_100, 2],
  ['钢结构构件', 'Structural steel member', '7308900000', '吨', 9_500, 5],
  ['保温棉', 'Insulation wool', '6806100000', '卷', 260, 3],
  ['法兰', 'Flange', '7307910000', '片', 420, 4],
  ['弯头', 'Elbow', '7307930000', '个', 160, 4],
  ['照明灯具', 'Lighting fixture', '9405409000', '套', 850, 3],
  ['配电箱', 'Distribution box', '8537109090', '台', 6_800, 2],
  ['仪表', 'Instrument', '9026209000', '台', 12_000, 2],
  ['压力变送器', 'Pressure transmitter', '9026209000', '台', 9_600, 2],
  ['电动机', 'Electric motor', '8501520000', '台', 38_000, 2],
  ['柴油发电机组', 'Diesel generator set', '8502131000', '台', 820_000, 1],
  ['空调机组', 'Air-conditioning unit', '8415820000', '台', 64_000, 1],
  ['消防水带', 'Fire hose', '5909000000', '卷', 900, 1],
  ['防腐涂料', 'Anti-corrosion paint', '3208909000', '桶', 1_300, 2],
  ['橡胶垫片', 'Rubber gasket', '4016930000', '个', 12, 3],
  ['焊条', 'Welding electrode', '8311100000', '千克', 28, 3],
  ['镀锌钢丝', 'Galvanised steel wire', '7217200000', '吨', 7_200, 2],
  ['光缆', 'Optical fibre cable', '8544700000', '米', 35, 2],
  ['支吊架', 'Pipe support', '7308900000', '套', 740, 3],
  ['混凝土外加剂', 'Concrete admixture', '3824400000', '吨', 4_300, 1],
];
const BRANDS = ['上海电气', '远东电缆', '宝钢', '南方泵业', '正泰', '施耐德', '西门子', '中天科技'];
const CODES_PER_SUPPLIER = 2000;
const LISTS = 200;
const DEMO_LISTS = 10;
const DEMO_SHARE = 0.05;

/** Sizes of the lists: the demo shipper's 10 (5% of the rows), then 190 others, both skewed (Zipf-like). */
function listSizes(rows: number): number[] {
  const skew = (n: number, total: number, s: number) => {
    const w = Array.from({ length: n }, (_, i) => 1 / (i + 1) ** s);
    const sum = w.reduce((a, b) => a + b, 0);
    const sizes = w.map((x) => Math.max(1, Math.floor((x / sum) * total)));
    sizes[0] += total - sizes.reduce((a, b) => a + b, 0);
    return sizes;
  };
  const demo = Math.round(rows * DEMO_SHARE);
  return [...skew(DEMO_LISTS, demo, 0.9), ...skew(LISTS - DEMO_LISTS, rows - demo, 0.6)];
}

// The material of code number c (0…1999): weighted by VOCABULARY's last column.
const weighted = VOCABULARY.flatMap((v, i) => Array<number>(v[5]).fill(i));
const vocab = `(values ${VOCABULARY.map(
  (v, i) => `(${i}, '${v[0]}', '${v[1]}', '${v[2]}', '${v[3]}', ${v[4]})`,
).join(', ')}) as v(k, name, en_name, hs_code, unit, price)`;
const pick = `(array[${weighted.join(',')}])[(c % ${weighted.length}) + 1]`;

const database = await openDatabase({ kind: 'postgres', url });
await migrateDatabase(database);
await runSeeds(database.db, { demo: true });
await database.close();
// One connection: the generation's temporary tables live in its session.
const client = new pg.Client({ connectionString: url });
await client.connect();
const run = async (label: string, query: string) => {
  const t = performance.now();
  const res = await client.query(query);
  console.log(`${label}: ${(performance.now() - t).toFixed(0)} ms`);
  return res;
};

const existing = await client.query(
  `select count(*)::int as n from enterprise_info where corporate_name like '基准%'`,
);
if (existing.rows[0].n > 0) {
  // The material rows (and boxes) are there: only families asked for and not yet generated are added.
  await addedFamilies();
  await client.end();
  process.exit(0);
}

const sizes = listSizes(ROWS);
await run(
  'tenants',
  `insert into enterprise_info (corporate_name, corporate_code, end_type, check_status, active, create_by)
   select '基准货主' || i || '工程有限公司', 'BS' || i, 0, 2, true, 'bench' from generate_series(1, 40) i
   union all
   select '基准供应商' || i || '制造有限公司', 'BP' || i, 1, 2, true, 'bench' from generate_series(1, 60) i`,
);
await run(
  'tables of the generation',
  `create temp table shipper as
     select row_number() over (order by id) as k, id from enterprise_info where corporate_code like 'BS%';
   create temp table supplier as
     select row_number() over (order by id) - 1 as k, id from enterprise_info where corporate_code like 'BP%';
   insert into shipper values (0, (select tenant_id from sys_user where username = 'shipper'));`,
);
// Projects: two per bench shipper (k 1…40), one for the demo shipper (k 0).
await run(
  'projects',
  `insert into project (tenant_id, name, code, country, status, create_by)
   select s.id, '基准项目' || s.k || '-' || p, 'BENCH-' || s.k || '-' || p, 'ID', 1, 'bench'
   from shipper s cross join generate_series(1, 2) p where s.k > 0 or p = 1`,
);
// Batches 1…100: 1–5 on the demo shipper's project, the others spread over the bench projects.
await run(
  'batches',
  `create temp table bench_batch as
   select b, (select id from project where code = case when b <= 5 then 'BENCH-0-1'
          else 'BENCH-' || ((b - 6) % 40 + 1) || '-' || ((b - 6) / 40 % 2 + 1) end) as project_id
   from generate_series(1, 100) b;
   insert into project_batch (tenant_id, project_id, batch_number, name, status, create_by)
   select p.tenant_id, bb.project_id, 'BB' || lpad(bb.b::text, 4, '0'), '第' || bb.b || '批', 2, 'bench'
   from bench_batch bb join project p on p.id = bb.project_id`,
);
// Lists 1…200: two per batch, suppliers (7·l mod 60) — distinct on one batch.
await run(
  'lists and partners',
  `create temp table bench_list as
   select l, b.id as batch_id, b.tenant_id, b.project_id, sp.id as supplier_id, sz.n
   from generate_series(1, ${LISTS}) l
   join project_batch b on b.batch_number = 'BB' || lpad(((l + 1) / 2)::text, 4, '0')
   join supplier sp on sp.k = (7 * l) % 60
   join unnest(array[${sizes.join(',')}]) with ordinality as sz(n, ord) on sz.ord = l;
   insert into partnership (tenant_id, partner_tenant_id, partner_end, status, create_by)
   select distinct tenant_id, supplier_id, 1, 1, 'bench' from bench_list on conflict do nothing;
   insert into batch_partner (tenant_id, project_id, batch_id, partner_tenant_id, partner_end, bp_status, create_by)
   select tenant_id, project_id, batch_id, supplier_id, 1, 2, 'bench' from bench_list;
   insert into material_list (tenant_id, project_id, batch_id, supplier_tenant_id, status, create_by)
   select tenant_id, project_id, batch_id, supplier_id, case when l % 3 = 0 then 0 else 2 end, 'bench'
   from bench_list order by l;
   alter table bench_list add column list_id bigint;
   update bench_list bl set list_id = ml.id from material_list ml
   where ml.batch_id = bl.batch_id and ml.supplier_tenant_id = bl.supplier_id;`,
);
await run('seed of random()', 'select setseed(0.17)');
// Rows: line i of list l uses code c = (i·7 + l) mod 2000 of its supplier; the code fixes the material.
await run(
  `supplies (${ROWS.toLocaleString('en')} rows)`,
  `insert into supplies (create_time, update_time, create_by, update_by, tenant_id, project_id, batch_id,
     list_id, supplier_tenant_id, line_no, material_code, name, en_name, spec, brand, hs_code, quantity,
     unit, unit_price, currency, total_price, origin_country, net_weight, gross_weight, tags)
   select t, t, 'bench', 'bench', bl.tenant_id, bl.project_id, bl.batch_id, bl.list_id, bl.supplier_id, i,
     'M' || lpad(c::text, 5, '0'), v.name, v.en_name,
     case when v.name like '%电缆%' then 'YJV22-' || (c % 4 + 1) || '×' || (c % 300 + 16) || 'mm²'
          else '型号-' || (c % 97) end,
     (array[${BRANDS.map((b) => `'${b}'`).join(',')}])[(c % ${BRANDS.length}) + 1],
     case when random() < 0.2 then null else v.hs_code end,
     q, v.unit, round(v.price * (0.8 + (c % 41) / 100.0), 4), case when c % 4 = 0 then 'USD' else 'CNY' end,
     round(q * round(v.price * (0.8 + (c % 41) / 100.0), 4), 2), 'CN', round(q * 1.7, 3), round(q * 1.9, 3),
     '[]'::jsonb
   from bench_list bl
   cross join lateral generate_series(1, bl.n) i
   cross join lateral (select (i * 7 + bl.l) % ${CODES_PER_SUPPLIER} as c, (i % 50) + 1 as q,
     now() - make_interval(secs => bl.l * 100000 + i) as t) x
   join ${vocab} on v.k = ${pick}`,
);
await run(
  'material codes',
  `insert into material_code (tenant_id, code, name, en_name, unit, hs_code, origin_country, create_by)
   select distinct on (supplier_tenant_id, material_code) supplier_tenant_id, material_code, name, en_name,
     unit, hs_code, 'CN', 'bench'
   from supplies where create_by = 'bench' and hs_code is not null and right(material_code, 1) in ('0','2','4','6','8')
   order by supplier_tenant_id, material_code
   on conflict do nothing`,
);
if (FAMILIES.has('boxes')) {
  // Box i of list l: packed by the list's supplier on its batch; every third still packing, the others
  // submitted, their logistics status spread over the life cycle; one in twenty with a Chinese remark.
  await run(
    `boxes (${ROWS.toLocaleString('en')})`,
    `insert into box_piece (create_time, update_time, create_by, update_by, tenant_id, project_id, batch_id,
       supplier_tenant_id, box_number, seq, token, package_type, length, width, height, gross_weight,
       net_weight, volume, status, logistics_status, remark)
     select t, t, 'bench', 'bench', bl.tenant_id, bl.project_id, bl.batch_id, bl.supplier_id,
       'BX' || lpad(bl.l::text, 3, '0') || '-' || lpad(i::text, 6, '0'), i, md5(bl.l || '-' || i),
       (array['木箱','纸箱','托盘','裸装','钢架'])[(i % 5) + 1], 800 + i % 2000, 600 + i % 900, 500 + i % 1500,
       100 + i % 3000, 90 + i % 2900, round((800 + i % 2000)::numeric * (600 + i % 900) * (500 + i % 1500) / 1e9, 3),
       case when i % 3 = 0 then 0 else 1 end, case when i % 3 = 0 then 0 else i % 6 end,
       case when i % 20 = 0 then (array['易碎品轻放','防潮','超限件','现场急需'])[(i / 20) % 4 + 1] end
     from bench_list bl
     cross join lateral generate_series(1, bl.n) i
     cross join lateral (select now() - make_interval(secs => bl.l * 100000 + i) as t) x`,
  );
  await run(
    'box contents (one row of the same line per box)',
    `insert into box_piece_detail (create_by, tenant_id, batch_id, supplier_tenant_id, box_id, supplies_id, quantity)
     select 'bench', b.tenant_id, b.batch_id, b.supplier_tenant_id, b.id, s.id, s.quantity
     from box_piece b join bench_list bl on bl.batch_id = b.batch_id and bl.supplier_id = b.supplier_tenant_id
     join supplies s on s.list_id = bl.list_id and s.line_no = b.seq
     where b.create_by = 'bench'`,
  );
  await run(
    'change records (each box submitted)',
    `insert into change_record (create_time, create_by, tenant_id, project_id, batch_id, entity, entity_id,
       action, from_status, to_status, actor_tenant_id, party_tenant_id)
     select b.create_time, 'bench', b.tenant_id, b.project_id, b.batch_id, 'boxPiece', b.id, 'submit', '0', '1',
       b.supplier_tenant_id, b.supplier_tenant_id
     from box_piece b where b.create_by = 'bench' and b.status = 1`,
  );
}
await addedFamilies();
await run('analyze', 'analyze');
const summary = await client.query(
  `select (select count(*)::int from supplies) as rows, (select count(*)::int from material_list) as lists,
    (select count(*)::int from supplies s join sys_user u on u.tenant_id = s.tenant_id and u.username = 'shipper') as demo,
    (select count(*)::int from supplies where name like '%电缆%') as cables`,
);
console.log(summary.rows[0]);
await client.end();

/** Families added on top of the material rows, each once (skipped when its bench rows are there). */
async function addedFamilies() {
  const has = async (table: string) =>
    (await client.query(`select exists (select 1 from ${table} where create_by = 'bench') as e`)).rows[0].e;
  if (FAMILIES.has('customs') && !(await has('declare_line'))) {
    // A bench batch's declaration is prepared by the demo logistics provider when it is the demo shipper's.
    await run(
      'declarations (one per bench batch)',
      `insert into project_declare (create_by, tenant_id, project_id, batch_id, broker_tenant_id, status, currency,
         contract_number)
       select 'bench', b.tenant_id, b.project_id, b.id,
         case when b.tenant_id = (select tenant_id from sys_user where username = 'shipper')
           then (select tenant_id from sys_user where username = 'logistics') end,
         b.id % 4, 'USD', 'BC-' || b.batch_number
       from project_batch b where b.batch_number like 'BB%'
       on conflict do nothing`,
    );
    await run(
      `declaration lines (one per material row)`,
      `insert into declare_line (create_time, update_time, create_by, tenant_id, batch_id, declare_id, line_no,
         hs_code, name, elements, quantity, confirmed_quantity, unit, unit_price, total_price, currency,
         origin_country, trade_mode, contract_number, source)
       select s.create_time, s.create_time, 'bench', s.tenant_id, s.batch_id, d.id,
         row_number() over (partition by s.batch_id order by s.list_id, s.line_no)::int,
         s.hs_code, s.name, case when s.id % 3 = 0 then '品牌:' || coalesce(s.brand, '') || '|型号:' || coalesce(s.spec, '') end,
         s.quantity, s.quantity, s.unit, s.unit_price, s.total_price, s.currency, 'CN', '0110', d.contract_number,
         jsonb_build_array(jsonb_build_object('id', s.id, 'quantity', s.quantity::text))
       from supplies s join project_declare d on d.batch_id = s.batch_id and d.direction = 'export'
       where s.create_by = 'bench'`,
    );
  }
  if (FAMILIES.has('messages') && !(await has('message_center'))) {
    // Messages i = 1…1M: the demo shipper's user 5%, the supplier's 3%, the provider's 2%, the demo
    // shipper's company 0.5% (no user), 200 announcements, the rest to 5,000 other people of the bench
    // companies; spread over two years, newest last.
    await run(
      'messages (1M)',
      `create temp table demo_user as select username, id, tenant_id from sys_user
         where username in ('shipper', 'supplier', 'logistics');
       insert into message_center (create_time, update_time, create_by, tenant_id, user_id, audience, title,
         en_title, content, type, link)
       select t, t, 'bench',
         case when k = 'other' then (select id from enterprise_info where corporate_code = 'BS' || (i % 40 + 1))
              when k = 'all' then null else (select tenant_id from demo_user where username = coalesce(u, 'shipper')) end,
         case when k = 'other' then 1000000 + i % 5000 when k = 'user' then (select id from demo_user where username = u) end,
         case when k = 'other' then 'user' else k end,
         (array['批次已发运','箱件已送达','报关单已提交','异常已登记','合同待确认'])[i % 5 + 1] || ' #' || i,
         (array['Batch shipped','Boxes delivered','Declaration submitted','Abnormality raised','Contract to confirm'])[i % 5 + 1] || ' #' || i,
         '第' || i || '号通知', 'business', '/logistics/index?batchId=' || (i % 100 + 1)
       from generate_series(1, 1000000) i
       cross join lateral (select
         case when i % 1000 < 50 then 'user' when i % 1000 < 80 then 'user' when i % 1000 < 100 then 'user'
              when i % 1000 < 105 then 'tenant' when i % 5000 = 4999 then 'all' else 'other' end as k,
         case when i % 1000 < 50 then 'shipper' when i % 1000 < 80 then 'supplier' when i % 1000 < 100 then 'logistics' end as u,
         now() - make_interval(secs => (1000000 - i) * 63) as t) x`,
    );
    await run(
      'messages read (70% of those to a person)',
      `insert into view_record (create_by, message_id, message_time, user_id)
       select 'bench', id, create_time, user_id from message_center
       where create_by = 'bench' and user_id is not null and id % 10 < 7`,
    );
  }
}
