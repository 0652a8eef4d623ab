/**
 * The limit: a bare Fastify + pg server answering `GET /api/supplies` (listId and/or hsCode, blurry, sort,
 * page, size) with the same JSON as the product, in two round trips written by hand — one for the session
 * and the permission (and the sliding expiry), one for the count, the page and its decorations. The
 * visibility is written for the caller's side: a shipper's rows are its company's (one column); a
 * supplier's or provider's are those of the lists it takes part in.
 *
 *   DATABASE_URL=postgres://… PORT=8091 npx tsx bench/list-api/bare.ts
 *
 * Only what the benchmark's request needs: no other filter, no export, no writes.
 */
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL=postgres://… is required');
const IDLE_TIMEOUT_MS = 1_800_000;
const SLIDE_WRITE_MS = 30_000;

// The product reads bigint and numeric columns as JS numbers (drizzle mode 'number').
const types = {
  getTypeParser: (oid: number, format?: string) =>
    oid === 20 || oid === 1700 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format as never),
};
const pool = new pg.Pool({ connectionString: url, max: 10 });

/** Session, user, tenant, permission and party in one statement; it slides the expiry when due. */
const SESSION = `
with s as (
  select s.id, s.user_id, s.remember, s.expires_at, s.last_seen, u.tenant_id, u.role_type
  from sys_session s
  join sys_user u on u.id = s.user_id and u.enabled
  join enterprise_info t on t.id = u.tenant_id and t.active
  where s.token_hash = $1 and not s.revoked and s.expires_at > now()
), slide as (
  update sys_session set last_seen = now(),
    expires_at = case when s.remember then s.expires_at else now() + make_interval(secs => $3::float8 / 1000) end
  from s where sys_session.id = s.id and now() - s.last_seen > make_interval(secs => $4::float8 / 1000)
)
select s.tenant_id, s.role_type,
  s.role_type = 3 or exists (
    select 1 from sys_users_roles ur join sys_roles_menus rm on rm.role_id = ur.role_id
    join sys_menu m on m.id = rm.menu_id
    where ur.user_id = s.user_id and $2 = any(string_to_array(replace(m.permission, ' ', ''), ','))
  ) as allowed
from s`;

const SORTABLE: Record<string, string> = {
  totalPrice: 'total_price',
  lineNo: 'line_no',
  createTime: 'create_time',
  updateTime: 'update_time',
  quantity: 'quantity',
  unitPrice: 'unit_price',
  name: 'name',
  id: 'id',
};
/** The sortable columns the table declares NOT NULL. */
const NOT_NULL = new Set(['id', 'create_time', 'update_time', 'list_id', 'line_no', 'name', 'quantity']);
const BLURRY = ['name', 'en_name', 'spec', 'material_code', 'brand', 'hs_code'];
const COLUMNS = `s.id, s.create_time, s.update_time, s.create_by, s.update_by, s.tenant_id, s.project_id, s.batch_id,
  s.list_id, s.supplier_tenant_id, s.contract_id, s.line_no, s.material_code, s.name, s.en_name, s.spec, s.brand,
  s.hs_code, s.quantity, s.unit, s.unit_price, s.currency, s.total_price, s.origin_country, s.net_weight,
  s.gross_weight, s.remark, s.tags`;

/**
 * Count, page, supplier name and HS suggestion in one statement. The visibility rule is the product's:
 * the shipper's own rows, or rows of lists the caller takes part in (a supplier its own list, a logistics
 * provider confirmed lists) on batches of an accepted partnership.
 */
function pageQuery(
  order: string,
  keys: string[],
  blurry: boolean,
  caseless: boolean,
  filters: { listId: boolean; hsCode: boolean },
  shipper: boolean,
) {
  const like = caseless ? 'like' : 'ilike';
  const text = blurry
    ? `and (${BLURRY.map((c) => `s.${c}::text ${like} $4`).join(' or ')})`
    : 'and $4::text is null';
  const where = [
    filters.listId ? 's.list_id = $1' : '$1::bigint is null',
    filters.hsCode ? 's.hs_code = $7' : '$7::text is null',
  ].join(' and ');
  const scope = shipper
    ? 's.tenant_id = $2 and $3::int is not null'
    : `s.list_id = any (array(
      select ml.id from material_list ml
      where ml.batch_id = any (array(
        select bp.batch_id from batch_partner bp join partnership p on p.tenant_id = bp.tenant_id
          and p.partner_tenant_id = bp.partner_tenant_id and p.status = 1
        where bp.partner_tenant_id = $2))
        and (case when $3 = 2 then ml.status = 2 else ml.supplier_tenant_id = $2 end)))`;
  return `
with vis as (
  select ${COLUMNS} from supplies s
  where ${where} ${text}
    and ${scope}
), page as (
  select *, array[${keys.map((k) => `${k}::text`).join(', ')}] as cursor from vis order by ${order} limit $5 offset $6
)
select c.total, page.*, t.corporate_name as supplier_name,
  case when coalesce(page.hs_code, '') = '' then coalesce(
    (select mc.hs_code from material_code mc
     where mc.tenant_id = page.supplier_tenant_id and mc.code = page.material_code and mc.hs_code is not null),
    (select s2.hs_code from supplies s2
     where s2.supplier_tenant_id = page.supplier_tenant_id and s2.name = page.name and s2.hs_code is not null
     order by s2.update_time desc, s2.id desc limit 1)) end as suggested
from (select count(*)::int as total from vis) c
left join page on true
left join enterprise_info t on t.id = page.supplier_tenant_id
order by ${order.replace(/(^|, )/g, '$1page.')}`;
}

function wireRow(r: Record<string, unknown>) {
  return {
    id: r.id,
    createTime: r.create_time,
    updateTime: r.update_time,
    createBy: r.create_by,
    updateBy: r.update_by,
    tenantId: r.tenant_id,
    projectId: r.project_id,
    batchId: r.batch_id,
    listId: r.list_id,
    supplierTenantId: r.supplier_tenant_id,
    contractId: r.contract_id,
    lineNo: r.line_no,
    materialCode: r.material_code,
    name: r.name,
    enName: r.en_name,
    spec: r.spec,
    brand: r.brand,
    hsCode: r.hs_code,
    quantity: r.quantity,
    unit: r.unit,
    unitPrice: r.unit_price,
    currency: r.currency,
    totalPrice: r.total_price,
    originCountry: r.origin_country,
    netWeight: r.net_weight,
    grossWeight: r.gross_weight,
    remark: r.remark,
    tags: r.tags,
    supplierName: r.supplier_name ?? null,
    suggestedHsCode: r.suggested ?? null,
  };
}

const fail = (reply: { status: (n: number) => unknown }, status: number, code: string) => {
  reply.status(status);
  return { status, code, message: code, timestamp: Date.now() };
};

const app = Fastify({ logger: false });
app.get('/api/supplies', async (request, reply) => {
  const token = (request.headers.authorization ?? '').replace(/^Bearer\s+/i, '').trim();
  if (!token) return fail(reply, 401, 'auth.unauthorized');
  const hash = createHash('sha256').update(token).digest('hex');
  const who = await pool.query({
    text: SESSION,
    values: [hash, 'supplies:list', IDLE_TIMEOUT_MS, SLIDE_WRITE_MS],
    types,
  });
  const me = who.rows[0];
  if (!me) return fail(reply, 401, 'auth.unauthorized');
  if (!me.allowed) return fail(reply, 403, 'auth.forbidden');
  const q = request.query as Record<string, string | undefined>;
  const listId = q.listId === undefined ? null : Number(q.listId);
  if (listId !== null && !Number.isSafeInteger(listId)) return fail(reply, 400, 'validation');
  const hsCode = q.hsCode ?? null;
  const size = Math.min(Math.max(Number(q.size ?? 10) || 10, 1), 100_000);
  const page = Math.max(Number(q.page ?? 0) || 0, 0);
  const order: string[] = [];
  const keys: string[] = [];
  for (const item of q.sort ? [q.sort].flat() : ['listId,asc', 'lineNo,asc']) {
    const [field, dir = 'asc'] = item.split(',');
    const col = field === 'listId' ? 'list_id' : SORTABLE[field];
    if (!col || !['asc', 'desc'].includes(dir)) return fail(reply, 400, 'resource.bad_sort');
    order.push(`${col} ${dir}`);
    keys.push(col);
  }
  order.push('id');
  keys.push('id');
  const blurry = q.blurry ?? '';
  const term = `%${blurry.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const caseless = blurry === blurry.toLowerCase() && blurry === blurry.toUpperCase();
  const party = me.role_type === 2 ? 2 : 0;
  // Shipper, trial shipper, shipper's staff: the company's own rows.
  const shipper = [0, 4, 5].includes(me.role_type);
  const res = await pool.query({
    text: pageQuery(
      order.join(', '),
      keys,
      blurry !== '',
      caseless,
      { listId: listId !== null, hsCode: hsCode !== null },
      shipper,
    ),
    values: [listId, me.tenant_id, party, blurry ? term : null, size, page * size, hsCode],
    types,
  });
  const total = res.rows[0]?.total ?? 0;
  const rows = res.rows.filter((r) => r.id !== null);
  // A full page names the next one by its last row's sort values (the product's keyset cursor), when
  // every sort column is NOT NULL (the product offers no cursor a NULL could break).
  const cursorable = keys.every((k) => NOT_NULL.has(k));
  const last = cursorable && rows.length === size ? rows[rows.length - 1] : undefined;
  return {
    content: rows.map(wireRow),
    totalElements: total,
    ...(last ? { next: Buffer.from(JSON.stringify(last.cursor)).toString('base64url') } : {}),
  };
});

await app.listen({ port: Number(process.env.PORT ?? 8091), host: '127.0.0.1' });
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await app.close();
  await pool.end();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
