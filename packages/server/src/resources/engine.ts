// The generic resource engine: a family is a declaration; this file turns it into
// GET list (paging, sort, filters), POST create, PUT update, DELETE by ids, GET queryById.
import {
  type ApiTokenScope,
  type FamilyOperation,
  type FamilyOperations,
  familyOperations,
  type Grant,
  idsBody,
  type Lang,
  rowNotWritten,
} from '@tradelane/contract';
import { and, eq, getTableColumns, getTableName, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteOptions,
} from 'fastify';
import { z } from 'zod';
import { hasFunction, hasPermission } from '../access/service.ts';
import type { Db } from '../db/client.ts';
import { gramStats } from '../db/gram-stats.ts';
import { GRAMS_KEY } from '../db/grams.ts';
import type { AuthContext } from '../http/auth.ts';
import { caller } from '../http/auth.ts';
import { AppError, badRequest, forbidden, langOf, notFound } from '../http/errors.ts';
import { claimIdempotencyKey } from '../http/idempotency.ts';
import { answerCheck, partyConfig } from '../http/mount.ts';
import { exportRows } from './export.ts';
import {
  afterCursor,
  buildFilters,
  encodeCursor,
  type FilterSpec,
  searchesByIndex,
  sortKeys,
} from './query.ts';
import { ListStatements } from './statements.ts';

export type Row = Record<string, unknown>;

/** A stored row of `T` as hooks see it (more fields may ride along: computed names, counts). */
export type RowOf<T extends PgTable> = T['$inferSelect'] & Row;
/**
 * The values a write hands its hooks: the body as parsed (`I`), each field as the table stores it,
 * only what was sent (an update sends some fields), and what the engine or a hook adds.
 */
export type ValuesOf<T extends PgTable, I = Row> = Partial<I & T['$inferInsert']> & Row;
/** A create's values: what its body requires is there. */
export type CreateValuesOf<T extends PgTable, I = Row> = I & Partial<T['$inferInsert']> & Row;

export interface Ctx {
  db: Db;
  auth: AuthContext;
  request: FastifyRequest;
}

/**
 * Who sees which rows. `tenant`: rows of the caller's tenant (platform admins see all).
 * `platform`: readable by every logged-in user, writable only with the permission.
 * A function returns an extra condition (undefined = no restriction) for custom rules.
 */
export type Scope = 'tenant' | 'platform' | ((ctx: Ctx) => SQL | undefined | Promise<SQL | undefined>);

/**
 * May this caller set this field to this value? `existing` is the row being updated (undefined on
 * create). A refused field is a 403 naming it — unless an update sends the value the row already
 * holds, which changes nothing and is let through (edit forms send the whole form).
 */
export type WriteRule = (ctx: Ctx, existing: Row | undefined, value: unknown) => boolean;

/** Only platform administrators set the field. */
export const platformOnly: WriteRule = (ctx) => ctx.auth.isPlatformAdmin;

/** A reference in a body: the id (or ids) must name rows of `to` the caller sees (and may write). */
export interface Reference {
  to: () => Resource;
  /** The referenced row must also pass the target's `canWrite` (e.g. a role one may edit). */
  writable?: boolean;
}

// Hooks are written as methods: a family's hooks take its own table's rows, and the engine, which serves
// every family, calls them with rows it knows only as `Row`.
export interface ResourceDeclaration<TCreate extends z.ZodObject = z.ZodObject, T extends PgTable = PgTable> {
  /** The family's operations in the contract (contract/api/families.ts): its paths and the row it answers. */
  family?: FamilyOperations;
  /** A family the contract does not list (a generated one): its operations are derived from the name. */
  name?: string;
  table: T;
  create: TCreate;
  /** Defaults to every create field optional. */
  update?: z.ZodObject;
  filters?: Record<string, FilterSpec>;
  /**
   * Text columns of the family's GIN index of two-character pieces (`textGrams`, db/grams.ts), in the
   * index's order: a `blurry` or `like` filter over some of them is narrowed by the index, and counted
   * before its page is read like any indexed filter.
   */
  textIndex?: readonly string[];
  /**
   * Rows grow with the business (a big shipper holds a million): the index test holds each filter to
   * its rows-read rule inside the caller's whole visible set, not only outside it.
   */
  large?: true;
  /**
   * The fields a list may be sorted by (any other is a 400 `resource.bad_sort`); by default every column.
   * A `large` family must declare them: each is a sort an index serves at a million rows, so a caller
   * cannot ask for a sort that reads a company's whole set. The query-shape bench times them at 1M rows
   * (docs/BENCHMARKS.md); the index test walks each one, at a size where it catches a walk of the table.
   */
  sortable?: string[];
  /**
   * Sorts a large family offers only once one of `filters` narrows the list (a material list's rows by
   * quantity: sorted as found inside one list or batch, but served by no index across a company's
   * million). Asked without such a filter, the sort is a 400 `resource.sort_needs_filter`.
   */
  sortableWhenNarrowed?: { filters: string[]; fields: string[] };
  /** The order of a list asked for none (the declaration's own: not held to `sortable`). */
  defaultSort?: string[];
  permissions: {
    list?: Grant | Grant[];
    create?: Grant | Grant[];
    update?: Grant | Grant[];
    delete?: Grant | Grant[];
  };
  scope: Scope;
  /**
   * The scope as branches, for a scope that is an OR (a row is visible when any branch holds): a long
   * list's page then takes each branch's first rows through that branch's own index and merges them,
   * instead of walking one index past every row the other branches do not hold. `scope` stays the OR
   * of the same branches (counts, reads by id).
   */
  scopeBranches?: (ctx: Ctx) => SQL[] | undefined;
  /** Function (button) grants the write actions need, on the family's menu (spec §6). */
  functions?: { menu: string; create?: string; update?: string; delete?: string };
  /** Columns never sent on the wire. */
  hidden?: string[];
  /**
   * The write contract (docs/decisions.md). `serverOwned`: set only by the server (hooks, commands), never
   * from a body. `writable`: fields only some callers may set. `references`: ids in a body that must
   * name rows the caller sees (and may write). `canWrite`: may this caller change or delete this row.
   * The engine adds `id`, stamps and `tenantId` (platform administrators only) to what is server-owned.
   */
  serverOwned?: readonly string[];
  writable?: Record<string, WriteRule>;
  references?: Record<string, Reference>;
  canWrite?(ctx: Ctx, row: RowOf<T>): boolean | Promise<boolean>;
  /** Column titles for exports, per language. */
  labels?: { zh: Record<string, string>; en: Record<string, string> };
  /** Exported values the family words itself (codes → their labels), by field. */
  exportText?: Record<string, (value: unknown, lang: Lang) => string | null>;
  /**
   * Which API token scopes may read the family's list and rows (`lists` by default; none for a family
   * a machine must not read, such as the tokens themselves).
   */
  tokenScopes?: readonly ApiTokenScope[];
  /**
   * Fields the create answers once and never stores or shows again (a token issued): `beforeCreate`
   * puts them in the data; they reach neither the table nor any later answer.
   */
  shownOnce?: readonly string[];
  /** Actions offered; all four by default. */
  actions?: ('list' | 'create' | 'update' | 'delete')[];
  hooks?: ResourceHooks<T, z.output<TCreate>>;
  /**
   * Fields computed in the page's own statement: names of references, suggestions. Each is a
   * correlated SQL expression over the family's table (its columns written with `outer`); PostgreSQL evaluates them after the sort and the
   * limit, for the page's rows only, so a list costs one round trip. Also answered by `queryById`.
   */
  computed?: (ctx: Ctx) => Record<string, SQL>;
}

export interface ResourceHooks<T extends PgTable = PgTable, I = Row> {
  beforeCreate?(ctx: Ctx, data: CreateValuesOf<T, I>): Row | Promise<Row>;
  afterCreate?(ctx: Ctx, row: RowOf<T>, data: CreateValuesOf<T, I>): void | Promise<void>;
  beforeUpdate?(ctx: Ctx, existing: RowOf<T>, data: ValuesOf<T, I>): Row | Promise<Row>;
  afterUpdate?(ctx: Ctx, row: RowOf<T>, data: ValuesOf<T, I>): void | Promise<void>;
  beforeDelete?(ctx: Ctx, rows: RowOf<T>[]): void | Promise<void>;
  /** Add fields to listed rows (names of references and the like). */
  decorate?(ctx: Ctx, rows: RowOf<T>[]): Row[] | Promise<Row[]>;
}

/**
 * A listed row: the table's fields and what `decorate` adds. A family's `hidden` columns are typed but
 * absent (the few there are: secrets nobody reads from a list).
 */
export type ListedOf<T extends PgTable> = Omit<T['$inferSelect'], typeof GRAMS_KEY> & Row;

export interface Resource<T extends PgTable = PgTable> extends ResourceDeclaration<z.ZodObject, T> {
  name: string;
  family: FamilyOperations;
  columns: Record<string, AnyPgColumn>;
  idColumn: AnyPgColumn;
  /** The row's stored two-character pieces of its `textIndex` columns (db/grams.ts). */
  gramsColumn?: AnyPgColumn;
  /** The update body: every field optional, no defaults (what is not sent does not change), strict. */
  updateSchema: z.ZodObject;
}

/** Removes `.default()`s (also under optional/nullable) so that a missing field stays missing. */
function withoutDefault(schema: z.ZodType): z.ZodType {
  const def = schema.def as { type: string; innerType?: z.ZodType };
  if ((def.type === 'default' || def.type === 'prefault') && def.innerType)
    return withoutDefault(def.innerType);
  if (def.type === 'optional' && def.innerType) return withoutDefault(def.innerType).optional();
  if (def.type === 'nullable' && def.innerType) return withoutDefault(def.innerType).nullable();
  return schema;
}

/**
 * The update body of a family: its declared update fields (or its create fields) optional with no
 * defaults; create-only fields are accepted only unchanged (checked against the row); anything else
 * is an unknown field (400).
 */
function updateSchemaOf(decl: ResourceDeclaration): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const [k, v] of Object.entries(decl.create.shape))
    shape[k] = withoutDefault(v as z.ZodType).optional();
  if (decl.update)
    for (const [k, v] of Object.entries(decl.update.shape))
      shape[k] = withoutDefault(v as z.ZodType).optional();
  shape.id = z.coerce.number().int().positive();
  return z.object(shape).strict();
}

/**
 * Every family declared, and every one registered on an app, by name: the attack suite walks them
 * all (none can opt out) and checks that each declared family is registered.
 */
const declared = new Map<string, Resource>();
const registered = new Map<string, Resource>();
export function declaredResources(): Resource[] {
  return [...declared.values()];
}
export function registeredResources(): Resource[] {
  return [...registered.values()];
}

export function defineResource<I extends z.ZodObject, T extends PgTable>(
  decl: ResourceDeclaration<I, T>,
): Resource<T> {
  // A text index's pieces (`search_grams`, db/grams.ts) are the server's: never selected with the
  // rows, filtered, sorted or sent (`hidden` also covers whole rows read by hooks).
  const { [GRAMS_KEY]: searchGrams, ...columns } = getTableColumns(decl.table) as Record<string, AnyPgColumn>;
  // A family derived from another (`...base`) names its own family, which wins over the base's name.
  if (!decl.family && !decl.name) throw new Error('a resource names its contract family (or a name)');
  const family = decl.family ?? familyOperations(decl.name as string, rowNotWritten);
  const name = family.name;
  if (!columns.id) throw new Error(`resource ${name}: table has no id column`);
  if (decl.textIndex && !searchGrams) throw new Error(`resource ${name}: textIndex needs search_grams`);
  if (decl.large && !decl.sortable) throw new Error(`resource ${name}: a large family declares its sorts`);
  for (const field of [...(decl.sortable ?? []), ...(decl.sortableWhenNarrowed?.fields ?? [])])
    if (!columns[field]) throw new Error(`resource ${name}: sortable ${field} is not a column`);
  const d = decl as unknown as ResourceDeclaration;
  const resource = {
    ...d,
    name,
    family,
    ...(searchGrams ? { hidden: [...(d.hidden ?? []), GRAMS_KEY], gramsColumn: searchGrams } : {}),
    columns,
    idColumn: columns.id,
    updateSchema: updateSchemaOf(d),
  };
  declared.set(name, resource);
  return resource as unknown as Resource<T>;
}

const pageQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100_000).default(10),
});

/** The condition that limits a resource to what the caller may see. */
export async function scopeCondition(resource: Resource, ctx: Ctx): Promise<SQL | undefined> {
  const { scope } = resource;
  if (scope === 'platform') return undefined;
  if (scope === 'tenant') {
    if (ctx.auth.isPlatformAdmin) return undefined;
    const col = resource.columns.tenantId;
    if (!col) throw new Error(`resource ${resource.name}: tenant scope needs tenantId`);
    return eq(col, ctx.auth.tenantId);
  }
  return scope(ctx);
}

/**
 * A decoration's row: `row` given `fields`, in place, with the `drop` fields (computed only to be read
 * by the decoration) left out of the answer. Node 20's V8 gives each object built as `{ ...row, field }`
 * (a field the row lacks) a hidden class of its own: 15–65 µs per row, a millisecond per list page,
 * where extending the row costs under a microsecond (docs/BENCHMARKS.md). A decoration owns the rows it
 * is given (read for this request), so it may extend them. A dropped field is set to `undefined` (JSON
 * leaves it out), not deleted, which would turn the row into a dictionary.
 */
export function decorated<R extends object, X extends object, D extends keyof R = never>(
  row: R,
  fields: X,
  drop: readonly D[] = [],
): Omit<R, D | keyof X> & X {
  const out = Object.assign(row, fields) as Record<string, unknown>;
  for (const k of drop) out[k as string] = undefined;
  return out as Omit<R, D | keyof X> & X;
}

export function toWire(resource: Pick<Resource, 'hidden'>, row: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) {
    if (resource.hidden?.includes(k)) continue;
    out[k] = v;
  }
  return out;
}

export interface ListPage<R extends Row = Row> {
  content: R[];
  /** Exact on a numbered page; null when continuing with `after=` (no count is made). */
  totalElements: number | null;
  /** The cursor of the next page (`after=`) when this page is full. */
  next?: string;
  /** Present (false) when `totalElements` is the planner's estimate: see {@link setExactCountLimit}. */
  totalExact?: false;
}

/**
 * Past this many rows (LIST_EXACT_COUNT), an unconditioned list — no scope and no filter: a platform-wide
 * family, or a platform administrator's view of everything — answers its total with the planner's
 * estimate of the table's rows (`totalExact: false`) instead of reading the whole table on every page
 * (docs/operations.md; `after=` pages on without any count). No index can make such a count cheaper
 * than the table. A list with conditions is counted up to this many matches; past it, it answers the
 * planner's estimate of its matches, also as `totalExact: false`.
 */
let exactCountUpTo = 10_000;
/**
 * A list with conditions is counted up to this many matches first; past it, on up to LIST_EXACT_COUNT
 * only where the planner expects no more than that. Counting reads a row per match at least, and a
 * broad filter's rows per match more (a currency, a one-letter keyword tested on each of a company's
 * rows): 10,001 matches of `blurry=c` cost 92 ms at 1M rows, 1,001 of them 9 ms.
 */
let firstCountUpTo = 1_000;
/** Tests: count this many matches first (see above). */
export function setFirstCountLimit(rows: number) {
  firstCountUpTo = rows;
}
/**
 * Up to this many matching rows a page is cut from the matches the count read (their ids sorted, the page
 * taken) instead of walking an index in the sort's order. Sorting them costs a fetch per match, bounded
 * (8,342 of a shipper's boxes: 27 ms at 1M rows); a walk under a keyword runs the search again (142 ms
 * for a first page of 1,254 matches of a three-character keyword, docs/BENCHMARKS.md).
 */
let smallList = 10_000;
export function setExactCountLimit(rows: number) {
  exactCountUpTo = rows;
}
/** Tests: take the long-list path from this many rows on; no argument: the default. */
export function setSmallListLimit(rows?: number) {
  smallList = rows ?? 10_000;
}
/** Tests: sort a long list's matches for every page past the first, whatever the table's size. */
let alwaysSortDeepPages = false;
export function setSortDeepPages(always: boolean) {
  alwaysSortDeepPages = always;
}

/** The table's rows as the planner sees them: its last ANALYZE scaled to its current size; null before one. */
async function estimatedRows(db: Db, table: PgTable): Promise<number | null> {
  const res = (await db.execute(sql`
    select case when c.reltuples >= 0 and c.relpages > 0 then
      (c.reltuples / c.relpages * (pg_relation_size(c.oid) / current_setting('block_size')::int))::bigint
    end as n
    from pg_class c where c.oid = to_regclass(${`"${getTableName(table)}"`})`)) as unknown as {
    rows: { n: string | number | null }[];
  };
  const n = res.rows[0]?.n;
  return n === null || n === undefined ? null : Number(n);
}

/** The rows a statement would answer as the planner estimates them (EXPLAIN, not run); null if unknown. */
async function plannedRows(db: Db, statement: SQL): Promise<number | null> {
  const res = (await db.execute(sql`explain (format json) ${statement}`)) as unknown as {
    rows: { 'QUERY PLAN': unknown }[];
  };
  const raw = res.rows[0]?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[];
  const n = plan?.[0]?.Plan?.['Plan Rows'];
  return typeof n === 'number' ? Math.round(n) : null;
}

/** The sorts this list query may ask for: the declared ones, and the narrowed ones once narrowed. */
function sortableFor(resource: Resource, query: Record<string, unknown>): string[] {
  if (!resource.sortable) return Object.keys(resource.columns).filter((k) => !resource.hidden?.includes(k));
  const narrowing = resource.sortableWhenNarrowed;
  if (!narrowing) return resource.sortable;
  const narrowed = narrowing.filters.some((f) => query[f] !== undefined && query[f] !== '');
  if (narrowed) return [...resource.sortable, ...narrowing.fields];
  for (const item of [query.sort].flat()) {
    const field = String(item).split(',')[0].trim();
    if (narrowing.fields.includes(field))
      throw badRequest('resource.sort_needs_filter', { field, filters: narrowing.filters.join(', ') });
  }
  return resource.sortable;
}

/**
 * One page of a family's list: the caller's scope, the declared filters, the sort (then id). Numbered
 * pages (`page=`) count the whole list; `after=<cursor>` continues from a row without counting or
 * skipping (keyset paging, for long lists and exports).
 */
export async function listRows<T extends PgTable>(
  resource: Resource<T>,
  ctx: Ctx,
  query: Record<string, unknown>,
): Promise<ListPage<ListedOf<T>>> {
  return (await listPage(resource as unknown as Resource, ctx, query)) as ListPage<ListedOf<T>>;
}

async function listPage(resource: Resource, ctx: Ctx, query: Record<string, unknown>): Promise<ListPage> {
  const { page, size } = pageQuery.parse({ page: query.page, size: query.size });
  // The family's index of pieces, with how common each piece is (db/gram-stats.ts).
  const textIndex =
    resource.textIndex && resource.gramsColumn
      ? {
          columns: resource.textIndex,
          grams: resource.gramsColumn,
          stats: await gramStats(ctx.db, getTableName(resource.table)),
        }
      : undefined;
  const filters = buildFilters(resource.name, resource.columns, resource.filters ?? {}, query, textIndex);
  const conditions: (SQL | undefined)[] = [await scopeCondition(resource, ctx), ...filters];
  const branches = resource.scopeBranches?.(ctx);
  const keys = query.sort
    ? sortKeys(resource.columns, sortableFor(resource, query), query.sort)
    : sortKeys(resource.columns, undefined, resource.defaultSort ?? ['createTime,desc']);
  const after = typeof query.after === 'string' && query.after ? query.after : undefined;
  const where = and(...conditions);
  const cursor = after ? afterCursor(keys, resource.idColumn, after) : undefined;
  const keyed = and(where, cursor);
  const statements = new ListStatements(ctx.db, resource, keys);
  const offset = after ? 0 : page * size;
  // A page is found by its ids alone, then read. The ids alone let the planner pick an index that
  // holds them (an index-only scan in the sort's order): asked for whole rows, it walked the primary
  // key backwards past 950,000 other companies' box contents for the shipper's newest 50, trusting the
  // rows to be spread evenly. And the rows an offset skips are only stepped through, never built:
  // built, each ran the family's computed lookups, 10,000 of them for page 500 of material rows.
  //
  // A scope of branches: each branch's first offset + size rows in the sort's order (through its own
  // index), merged (a row two branches hold, once), then the page. A change record is the company's,
  // its partner's or its author's: one index walked for the OR stepped through every other company's
  // records (117 ms for page 500 of an author's records; 3× the three walks).
  //
  // A deep page of a list whose matches are few beside the table: its matches sorted. Walking the sort's
  // index, the planner steps past (offset + size) × table / matches rows to find the page — for page 500
  // of a shipper's 50,034 material rows by HS code, 124,595 buffers (194 ms) — where the matches are
  // fetched and sorted once.
  const byIds = (cond: SQL | undefined, merge?: SQL[], sort?: boolean, from = offset) =>
    statements.rows(
      merge && merge.length > 1
        ? statements.mergedIds(merge, and(...filters, cursor), size, from)
        : sort
          ? statements.sortedIds(cond, size, from)
          : statements.orderedIds(cond, size, from),
      resource.computed?.(ctx),
    );
  // A short list's page comes with its count (the page's ids as `{1,2,3}`, cut from the matches in the
  // count's statement), so its conditions run once: run twice, a text search computed its pieces again
  // for every row found (80 ms for 2,502 rows). Sent back with every match's id instead, a list of
  // 5,000 cost Node the text both ways (2.7 ms of CPU per request). Inside the count the matches sit
  // behind a sub-select, a value the planner cannot see: shown the list, it knew how few rows it held
  // and walked a sort's index through the whole table filtering by it (623,048 rows read for 21);
  // hidden, it fetches them by key and sorts them.
  const foundIds = (ids: string) => sql`${resource.idColumn} = any(array(select unnest(${ids}::bigint[])))`;
  // Counted up to LIST_EXACT_COUNT + 1 matches at most: a filter that matches more (a currency, a year)
  // is not worth reading in full for a number the pager shows as "about". Counted first up to
  // `firstCountUpTo`; past that, on to the cap only where the planner expects the matches to fit under
  // half of it (one material list of 3,000 lines: exact), else the planner's estimate (a company's rows in
  // USD).
  const countUpTo = (cap: number) => statements.count(where, cap + 1, Math.min(smallList, cap), size, offset);
  let estimated = false;
  const totalRows = async () => {
    if (!where) {
      const n = await estimatedRows(ctx.db, resource.table);
      if (n !== null && n >= exactCountUpTo) {
        estimated = true;
        return [{ n }];
      }
    }
    // A search through the index of two-character pieces reads its candidates whole (a bitmap) before
    // the first match: a lower first cap saves nothing there, and a second count would read them again
    // (a common keyword's 275,008 candidates took 60 ms a count at 1M rows).
    const searched =
      !!textIndex && searchesByIndex(resource.filters ?? {}, query, textIndex.columns, textIndex.stats);
    const first = searched ? exactCountUpTo : Math.min(firstCountUpTo, exactCountUpTo);
    const counted = await countUpTo(first);
    if (counted.n <= first) return [counted];
    const all = sql`select 1 from ${resource.table}`;
    const planned = await plannedRows(ctx.db, where ? sql`${all} where ${where}` : all);
    let atLeast = first + 1;
    // No estimate at all: counted on, as if it fitted. An estimate is trusted with a margin of two: a
    // keyword's matches estimated at 9,570 were over 10,000, and counting them on read the company's
    // 50,034 rows (185 ms).
    if (first < exactCountUpTo && (planned === null || planned * 2 <= exactCountUpTo)) {
      const more = await countUpTo(exactCountUpTo);
      if (more.n <= exactCountUpTo) return [more];
      atLeast = exactCountUpTo + 1;
    }
    // Past the cap: the planner's estimate of the matches (never below what was counted), said as such.
    estimated = true;
    return [{ n: Math.max(planned ?? 0, atLeast) }];
  };
  // Counted first: the count says what the planner cannot — a page past the end reads nothing, and a
  // small list is found before it is sorted. A text search is counted first too: counted in the page's
  // own pass (`count(*) over ()` under a LIMIT) the planner walked the sort's index through the whole
  // table, the caller's rows and everyone else's, for a page of the caller's (the index test's
  // rows-read rule: 20,001 rows of bills of lading read for 55).
  let found: { rows: Row[]; cursor?: string[] };
  let total: { n: number; ids?: string | null }[] | null = null;
  if (after) found = await byIds(keyed, branches);
  else {
    total = await totalRows();
    const n = Number(total[0]?.n ?? 0);
    const ids = total[0]?.ids;
    if (!estimated && n <= offset) found = { rows: [] };
    else if (!estimated && ids) found = await byIds(foundIds(ids), undefined, false, 0);
    else {
      // Sorting n matches beats walking the sort's index past (offset + size) × table / n rows once
      // (offset + size) × table > n².
      const table = !estimated && offset > 0 ? await estimatedRows(ctx.db, resource.table) : null;
      const sort = offset > 0 && (alwaysSortDeepPages || (table !== null && (offset + size) * table > n * n));
      found = await byIds(keyed, branches, sort);
    }
  }
  let content = found.rows;
  // A cursor holds the sort's values, so it is offered only for a sort of NOT NULL columns (a NULL has no
  // place in the row comparison `after=` makes, and such a cursor would be refused); numbered pages serve
  // the others.
  const cursorable = keys.every((k) => k.column.notNull);
  const next = cursorable && content.length === size && found.cursor ? encodeCursor(found.cursor) : undefined;
  if (resource.hooks?.decorate) content = await resource.hooks.decorate(ctx, content);
  return {
    // A row is copied without its hidden fields only when it holds one (the text index's pieces never are).
    content: content.map((r) => (resource.hidden?.some((k) => k in r) ? toWire(resource, r) : r)),
    totalElements: total ? Number(total[0]?.n ?? 0) : null,
    ...(next ? { next } : {}),
    ...(estimated ? { totalExact: false as const } : {}),
  };
}

/** Rows by id that the caller may see; missing or foreign ids are simply absent. */
export async function visibleRows<T extends PgTable>(
  resource: Resource<T>,
  ctx: Ctx,
  ids: number[],
): Promise<RowOf<T>[]> {
  if (!ids.length) return [];
  const cond = and(inArray(resource.idColumn, ids), await scopeCondition(resource as Resource, ctx));
  return (await ctx.db
    .select()
    .from(resource.table as PgTable)
    .where(cond)) as RowOf<T>[];
}

export async function getVisible<T extends PgTable>(
  resource: Resource<T>,
  ctx: Ctx,
  id: number,
): Promise<RowOf<T>> {
  const [row] = await visibleRows(resource, ctx, [id]);
  if (!row) throw notFound();
  return row;
}

/**
 * A column named with its table, for `computed` expressions: drizzle writes a single table's columns
 * bare, which inside a correlated subquery would name the subquery's own column of the same name.
 */
export function outer(column: AnyPgColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

/**
 * Rows read outside a list (a command's answer, a row just written) given a family's computed fields, in
 * one statement by their ids: a decoration that reads its names from `computed` works for both. Rows
 * that already carry every field (a list's page) are returned as they are; the others are given the
 * fields they lack.
 */
export async function withComputed<R extends Row>(
  ctx: Ctx,
  id: AnyPgColumn,
  fields: Record<string, SQL>,
  rows: R[],
): Promise<(R & Row)[]> {
  const names = Object.keys(fields);
  if (!rows.length || rows.every((r) => names.every((k) => k in r))) return rows;
  const found = (await ctx.db
    .select({ id, ...fields })
    .from(id.table)
    .where(
      inArray(
        id,
        rows.map((r) => r.id as number),
      ),
    )) as Row[];
  const byId = new Map(found.map((f) => [f.id, f]));
  // The rows are extended in place, like a decoration's (see `decorated`).
  for (const r of rows) {
    const f = byId.get(r.id);
    if (f) for (const k of names) if (!(k in r)) (r as Row)[k] = f[k];
  }
  return rows;
}

/** One visible row as a list shows it: its computed fields, then its decoration. */
async function shownRow(resource: Resource, ctx: Ctx, id: number): Promise<Row> {
  const cond = and(eq(resource.idColumn, id), await scopeCondition(resource, ctx));
  const [row] = (await ctx.db
    .select({ ...resource.columns, ...resource.computed?.(ctx) })
    .from(resource.table)
    .where(cond)) as Row[];
  if (!row) throw notFound();
  const [decorated] = resource.hooks?.decorate ? await resource.hooks.decorate(ctx, [row]) : [row];
  return decorated;
}

/**
 * A create or update answers the row as the list and queryById show it (decorated: names, counts,
 * the caller's actions), so the web reads one shape per family (the contract's answer schemas); a row
 * the caller may no longer see answers as written.
 */
async function shownAnswer(resource: Resource, ctx: Ctx, row: Row): Promise<Row> {
  const id = row.id;
  if (typeof id !== 'number') return row;
  try {
    return toWire(resource, await shownRow(resource, ctx, id));
  } catch (err) {
    if (err instanceof AppError && err.status === 404) return row;
    throw err;
  }
}

function stamp(ctx: Ctx, data: Row, isCreate: boolean): Row {
  const out: Row = { ...data, updateTime: new Date(), updateBy: ctx.auth.username };
  if (isCreate) out.createBy = ctx.auth.username;
  return out;
}

/** Only real columns reach the database; anything else in a body was already rejected by its schema. */
function columnsOnly(resource: Resource, data: Row): Row {
  return Object.fromEntries(Object.entries(data).filter(([k]) => k in resource.columns && k !== 'id'));
}

const STAMPS = ['id', 'createTime', 'updateTime', 'createBy', 'updateBy'];

/**
 * Columns that workflow commands move (a status and its machine): on every family over that table
 * they are server-owned, declared or not — a status changes only through its command.
 */
const commandDriven = new Map<PgTable, Set<string>>();
export function ownedByCommand(table: PgTable, column: string) {
  const set = commandDriven.get(table) ?? new Set<string>();
  set.add(column);
  commandDriven.set(table, set);
}

/** Same value for the user: '' and null alike, numbers and numeric strings alike, dates by instant. */
export function sameValue(a: unknown, b: unknown): boolean {
  const blank = (v: unknown) => v === null || v === undefined || v === '';
  if (blank(a) || blank(b)) return blank(a) && blank(b);
  if (a instanceof Date || b instanceof Date) {
    const t = (v: unknown) => (v instanceof Date ? v.getTime() : new Date(String(v)).getTime());
    return t(a) === t(b) || String(a).slice(0, 10) === String(b).slice(0, 10);
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b)) return false;
    const sa = new Set(a.map(String));
    return sa.size === new Set(b.map(String)).size && b.every((x) => sa.has(String(x)));
  }
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return String(a) === String(b);
}

const notWritable = (field: string) => new AppError(403, 'resource.field_not_writable', { field });

/**
 * Applies the write contract to the fields a body names (`sent`): server-owned fields, per-caller
 * rules, create-only fields on update. On update a refused field that holds the row's value already
 * is dropped (it changes nothing); anything else refused is a 403 naming the field.
 */
function checkWritable(resource: Resource, ctx: Ctx, data: Row, sent: string[], existing?: Row): Row {
  const out = { ...data };
  const owned = new Set([
    ...STAMPS,
    ...(resource.serverOwned ?? []),
    ...(commandDriven.get(resource.table) ?? []),
  ]);
  const updatable = resource.update ? new Set(Object.keys(resource.update.shape)) : null;
  for (const field of sent) {
    if (field === 'id' || !(field in out)) continue;
    const value = out[field];
    let allowed = !owned.has(field);
    if (allowed && field === 'tenantId' && 'tenantId' in resource.columns) allowed = ctx.auth.isPlatformAdmin;
    if (allowed && existing && updatable && !updatable.has(field)) allowed = false;
    const rule = resource.writable?.[field];
    if (allowed && rule) allowed = rule(ctx, existing, value);
    if (allowed) continue;
    if (existing && field in existing && sameValue(value, existing[field])) {
      delete out[field];
      continue;
    }
    throw notWritable(field);
  }
  return out;
}

/** Every id a body names in a declared reference must be a row the caller sees (and may write). */
async function checkReferences(resource: Resource, ctx: Ctx, data: Row) {
  for (const [field, ref] of Object.entries(resource.references ?? {})) {
    const raw = data[field];
    if (raw === undefined || raw === null) continue;
    const ids = [...new Set((Array.isArray(raw) ? raw : [raw]).map(Number))];
    if (!ids.length) continue;
    const target = ref.to();
    const rows = await visibleRows(target, ctx, ids);
    if (rows.length !== ids.length)
      throw new AppError(400, 'resource.bad_reference', { field, value: ids.join(',') });
    if (ref.writable && target.canWrite)
      for (const row of rows) if (!(await target.canWrite(ctx, row))) throw notWritable(field);
  }
}

async function checkRowWritable(resource: Resource, ctx: Ctx, row: Row) {
  if (resource.canWrite && !(await resource.canWrite(ctx, row))) throw forbidden();
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The keys the client's JSON body named, read before validation fills in defaults. */
    bodyFields?: string[];
  }
}

/** The fields a JSON body names (its own keys, not what a schema's defaults add). */
function sentFields(body: unknown): string[] {
  return body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : [];
}

/** Remembers what the client sent before the route's schema adds defaults to the body. */
async function keepBodyFields(request: FastifyRequest) {
  request.bodyFields = sentFields(request.body);
}

export async function createRow(resource: Resource, ctx: Ctx, body: unknown): Promise<Row> {
  let data = resource.create.parse(body ?? {}) as Row;
  data = checkWritable(resource, ctx, data, ctx.request.bodyFields ?? sentFields(body));
  if (resource.scope === 'tenant' && !(ctx.auth.isPlatformAdmin && data.tenantId)) {
    data.tenantId = ctx.auth.tenantId;
  }
  return ctx.db.transaction(async (tx) => {
    const tctx = { ...ctx, db: tx as unknown as Db };
    await claimIdempotencyKey(tctx);
    await checkReferences(resource, tctx, data);
    if (resource.hooks?.beforeCreate) data = await resource.hooks.beforeCreate(tctx, data);
    const [row] = (await tx
      .insert(resource.table)
      .values(stamp(tctx, columnsOnly(resource, data), true))
      .returning()) as Row[];
    await resource.hooks?.afterCreate?.(tctx, row, data);
    return { ...toWire(resource, row), ...onceFields(resource, data) };
  });
}

function onceFields(resource: Resource, data: Row): Row {
  return Object.fromEntries((resource.shownOnce ?? []).filter((k) => k in data).map((k) => [k, data[k]]));
}

const idBody = z.object({ id: z.coerce.number().int().positive() });

export async function updateRow(resource: Resource, ctx: Ctx, body: unknown): Promise<Row> {
  const parsed = resource.updateSchema.parse(body ?? {}) as Row;
  const id = parsed.id as number;
  delete parsed.id;
  return ctx.db.transaction(async (tx) => {
    const tctx = { ...ctx, db: tx as unknown as Db };
    const existing = await getVisible(resource, tctx, id);
    await checkRowWritable(resource, tctx, existing);
    let data = checkWritable(resource, tctx, parsed, sentFields(body), existing);
    await checkReferences(resource, tctx, data);
    if (resource.hooks?.beforeUpdate) data = await resource.hooks.beforeUpdate(tctx, existing, data);
    const values = columnsOnly(resource, data);
    const [row] = (await tx
      .update(resource.table)
      .set(stamp(tctx, values, false))
      .where(eq(resource.idColumn, id))
      .returning()) as Row[];
    await resource.hooks?.afterUpdate?.(tctx, row, data);
    return toWire(resource, row);
  });
}

export async function deleteRows(resource: Resource, ctx: Ctx, body: unknown): Promise<{ deleted: number }> {
  const ids = [...new Set(idsBody.parse(body))];
  return ctx.db.transaction(async (tx) => {
    const tctx = { ...ctx, db: tx as unknown as Db };
    const rows = await visibleRows(resource, tctx, ids);
    // All or nothing: one foreign or missing id and nothing is deleted.
    if (rows.length !== ids.length) throw notFound();
    for (const row of rows) await checkRowWritable(resource, tctx, row);
    await resource.hooks?.beforeDelete?.(tctx, rows);
    await tx.delete(resource.table).where(inArray(resource.idColumn, ids));
    return { deleted: rows.length };
  });
}

export function ctxOf(app: FastifyInstance, request: FastifyRequest): Ctx {
  return { db: app.db, auth: caller(request), request };
}

function guard(ctx: Ctx, permission: Grant | Grant[] | undefined, fn?: [string, string | undefined]) {
  if (!hasPermission(ctx.auth, permission)) throw forbidden();
  if (fn?.[1] && !hasFunction(ctx.auth, [fn[0], fn[1]])) throw forbidden();
}

/**
 * Who may call one of a family's routes, as its route config declares it (the auth layer enforces it
 * before the body is read; the handler's guard checks again): the declared permission and function
 * grant, or any signed-in user where the family's scope alone decides what they see.
 */
function callerOf(
  permission: Grant | Grant[] | undefined,
  fn?: [string, string | undefined],
): Pick<FastifyContextConfig, 'signedIn' | 'permission' | 'fn'> {
  const grant = fn?.[1] ? ([fn[0], fn[1]] as const) : undefined;
  if (permission === undefined && !grant) return { signedIn: true };
  const config: Pick<FastifyContextConfig, 'permission' | 'fn'> = {};
  if (permission !== undefined) config.permission = permission;
  if (grant) config.fn = grant;
  return config;
}

/**
 * A list's query as the API document shows it (the handler parses it itself): paging, sort, the cursor,
 * the keyword and each declared filter, by name.
 */
function listDocument(resource: Resource): z.ZodObject {
  const filters = Object.fromEntries(
    Object.keys(resource.filters ?? {}).map((name) => [
      name,
      z.string().optional().describe(`Filter by ${name}`),
    ]),
  );
  return z.object({
    page: z.number().int().min(0).optional().describe('Page number, from 0'),
    size: z.number().int().min(1).optional().describe('Rows per page'),
    sort: z
      .string()
      .optional()
      .describe(
        `column,asc|desc (repeatable)${resource.sortable ? `; column is one of ${resource.sortable.join(', ')}` : ''}${
          resource.sortableWhenNarrowed
            ? `; filtered by ${resource.sortableWhenNarrowed.filters.join(' or ')}, also ${resource.sortableWhenNarrowed.fields.join(', ')}`
            : ''
        }`,
      ),
    after: z.string().optional().describe("The previous page's `next` cursor"),
    blurry: z.string().optional().describe("A keyword over the family's text columns"),
    ...filters,
  });
}

/** Registers the routes of one family: its operations in the contract (list, sheet, by id, create, update, delete). */
export function registerResource(app: FastifyInstance, resource: Resource) {
  registered.set(resource.name, resource);
  const ops = resource.family;
  const actions = resource.actions ?? ['list', 'create', 'update', 'delete'];
  const p = resource.permissions;
  const f = resource.functions;
  const fnOf = (name: string | undefined): [string, string | undefined] | undefined =>
    f ? [f.menu, name] : undefined;
  const tokenScope = resource.tokenScopes ?? ['lists'];
  /** One operation's route: its caller from the family's declared permissions, its answer checked in tests. */
  const route = (
    op: FamilyOperation,
    config: Partial<FastifyContextConfig>,
    schema: Record<string, unknown>,
    handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
    extra: Partial<RouteOptions> = {},
    documented: Pick<FastifyContextConfig, 'documentQuery'> = {},
  ) =>
    app.route({
      method: op.method,
      url: op.path,
      config: { ...config, ...partyConfig(op.caller), describe: op.summary, operation: op, ...documented },
      schema: { tags: [...op.tags], summary: op.summary, ...schema },
      preSerialization: answerCheck(app, op),
      handler,
      ...extra,
    });
  if (actions.includes('list')) {
    const reads = { ...callerOf(p.list), tokenScope };
    route(
      ops.list,
      reads,
      {},
      async (request) => {
        const ctx = ctxOf(app, request);
        guard(ctx, p.list);
        return listRows(resource, ctx, request.query as Record<string, unknown>);
      },
      {},
      { documentQuery: listDocument(resource) },
    );
    // An export is a list as a sheet: a token that reads the list may export it.
    route(ops.download, reads, {}, async (request, reply) => {
      const ctx = ctxOf(app, request);
      guard(ctx, p.list);
      return exportRows(
        (query) => listRows(resource, ctx, query),
        resource,
        ctx,
        request.query as Record<string, unknown>,
        reply,
        langOf(request),
      );
    });
    route(ops.queryById, reads, {}, async (request) => {
      const ctx = ctxOf(app, request);
      guard(ctx, p.list);
      const { id } = idBody.parse(request.query);
      return toWire(resource, await shownRow(resource, ctx, id));
    });
  }
  if (actions.includes('create')) {
    route(
      ops.create,
      { ...callerOf(p.create, fnOf(f?.create)), claimsIdempotency: true },
      { body: resource.create },
      async (request, reply) => {
        const ctx = ctxOf(app, request);
        guard(ctx, p.create, fnOf(f?.create));
        reply.status(201);
        const created = await createRow(resource, ctx, request.body);
        return { ...(await shownAnswer(resource, ctx, created)), ...onceFields(resource, created) };
      },
      { preValidation: keepBodyFields },
    );
  }
  if (actions.includes('update')) {
    route(
      ops.update,
      callerOf(p.update, fnOf(f?.update)),
      { body: resource.updateSchema },
      async (request) => {
        const ctx = ctxOf(app, request);
        guard(ctx, p.update, fnOf(f?.update));
        return shownAnswer(resource, ctx, await updateRow(resource, ctx, request.body));
      },
    );
  }
  if (actions.includes('delete')) {
    route(ops.remove, callerOf(p.delete, fnOf(f?.delete)), { body: idsBody }, async (request) => {
      const ctx = ctxOf(app, request);
      guard(ctx, p.delete, fnOf(f?.delete));
      return deleteRows(resource, ctx, request.body);
    });
  }
}

export { AppError, badRequest, idsBody };
