// A list's statements from text written once per family and sort. Through drizzle's query builder every
// request rebuilt the same select (40-odd columns, each checked for its kind at every step) and compiled it
// again: a quarter of a list request's Node CPU. Here the fixed parts are text kept on the family, and only
// the request's own pieces (scope, filters, cursor, computed fields) are compiled (db/client.ts's
// `compileStatement`), with its values bound.
import { and, getTableName, is, type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  PgColumn,
  type PgDialect,
  type PgSession,
  type PgTable,
} from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import type { SortKey } from './query.ts';

type Row = Record<string, unknown>;
interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}
/** The query builder's own parts, which a select built here uses as the builder would. */
interface Internals {
  dialect: PgDialect & { casing: { getColumnCasing(column: AnyPgColumn): string } };
  session: PgSession;
}
const internals = (db: Db) => db as unknown as Internals;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** What a sort adds: the order, and the sub-select of ids with their sort values (`id_`, `k0`, `k1`…). */
interface Sorted {
  order: string;
  withKeys: string;
  keysOrder: string;
  cursor: string;
}

export interface ListTable {
  table: PgTable;
  columns: Record<string, AnyPgColumn>;
  idColumn: AnyPgColumn;
}

/** What a family's list writes the same on every request, and per sort. */
class Fixed {
  readonly table: string;
  readonly id: string;
  /** The columns selected (bare, as the builder writes a one-table select), their names and decoders. */
  readonly columns: string;
  readonly names: string[];
  readonly decoders: Decoder[];
  private readonly bySort = new Map<string, Sorted>();
  private readonly name: (c: AnyPgColumn) => string;

  constructor(
    dialect: Internals['dialect'],
    private readonly family: ListTable,
  ) {
    this.name = (c) => quote(dialect.casing.getColumnCasing(c));
    const entries = Object.entries(family.columns);
    this.table = quote(getTableName(family.table));
    this.id = this.qualified(family.idColumn);
    this.columns = entries.map(([, c]) => this.name(c)).join(', ');
    this.names = entries.map(([k]) => k);
    this.decoders = entries.map(([, c]) => c);
  }

  private qualified(c: AnyPgColumn) {
    return `${quote(getTableName(c.table))}.${this.name(c)}`;
  }

  sorted(keys: SortKey[]): Sorted {
    const key = keys.map((k) => `${k.field} ${k.desc}`).join(',');
    let s = this.bySort.get(key);
    if (s) return s;
    const dir = (k: SortKey) => (k.desc ? 'desc' : 'asc');
    const { idColumn } = this.family;
    s = {
      order: [...keys.map((k) => `${this.qualified(k.column)} ${dir(k)}`), this.qualified(idColumn)].join(
        ', ',
      ),
      withKeys: [
        `${this.name(idColumn)} as "id_"`,
        ...keys.map((k, i) => `${this.name(k.column)} as "k${i}"`),
      ].join(', '),
      keysOrder: [...keys.map((k, i) => `k${i} ${dir(k)}`), 'id_'].join(', '),
      cursor: [...keys.map((k) => k.column), idColumn]
        .map((c, i) => `${this.name(c)}::text as "__k${i}"`)
        .join(', '),
    };
    this.bySort.set(key, s);
    return s;
  }
}

/** Keyed by the family's columns: a family derived from another (`...base`) shares them, and its text. */
const fixedOf = new WeakMap<object, Fixed>();

function fixed(db: Db, family: ListTable): Fixed {
  let f = fixedOf.get(family.columns);
  if (f) return f;
  f = new Fixed(internals(db).dialect, family);
  fixedOf.set(family.columns, f);
  return f;
}

/**
 * A row built from a statement's values as one object literal, written once per list of field names.
 * A row filled key by key (`row[name] = value`) turns into a dictionary in V8 past a dozen fields
 * (properties added by a computed key have a low limit of fast slots), and every later spread, rest
 * destructuring and JSON.stringify of it walks a hash table: 16 µs per declaration line for a spread
 * alone. A literal of the same keys gets one shared hidden class with the fields in the object.
 */
const rowMakers = new Map<string, (r: unknown[], d: readonly Decoder[]) => Row>();
function rowMaker(keys: readonly string[]) {
  const id = keys.join('\u0000');
  let make = rowMakers.get(id);
  if (!make) {
    // The keys are the schema's field names and the family's computed names, never a caller's input.
    if (keys.some((k) => k === '__proto__')) throw new Error('a field may not be named __proto__');
    const fields = keys.map(
      (k, i) => `${JSON.stringify(k)}: r[${i}] === null ? null : d[${i}].mapFromDriverValue(r[${i}])`,
    );
    make = new Function('r', 'd', `return { ${fields.join(', ')} };`) as (
      r: unknown[],
      d: readonly Decoder[],
    ) => Row;
    rowMakers.set(id, make);
  }
  return make;
}

/** A computed field as the builder writes it in a one-table select: its own top-level columns bare. */
function bare(db: Db, expression: SQL): SQL {
  const { dialect } = internals(db);
  const chunks = expression.queryChunks.map((c) =>
    is(c, PgColumn) ? sql.identifier(dialect.casing.getColumnCasing(c)) : c,
  );
  return sql.join(chunks);
}

/** Runs a statement, its rows as arrays (timestamps as the database prints them, as the builder reads them). */
async function run<T>(db: Db, statement: SQL, map: (rows: unknown[][]) => T): Promise<T> {
  const { dialect, session } = internals(db);
  const query = dialect.sqlToQuery(statement);
  return (await session
    .prepareQuery(query, undefined, undefined, true, (rows) => map(rows as unknown[][]))
    .execute()) as T;
}

const raw = (text: string) => sql.raw(text);
const whereOf = (cond: SQL | undefined) => (cond ? sql` where ${cond}` : sql``);

/** A list's statements for one request: its family, its sort, its page. */
export class ListStatements {
  private readonly f: Fixed;
  private readonly s: Sorted;
  constructor(
    private readonly db: Db,
    family: ListTable,
    private readonly keys: SortKey[],
  ) {
    this.f = fixed(db, family);
    this.s = this.f.sorted(keys);
  }

  /** A page's ids in the sort's order (an index can hold them all). */
  orderedIds(cond: SQL | undefined, size: number, offset: number): SQL {
    return sql`select ${raw(this.f.id)} from ${raw(this.f.table)}${whereOf(cond)} order by ${raw(this.s.order)} limit ${size} offset ${offset}`;
  }

  /** The ids and their sort values, under fixed names (id_, k0, k1…). */
  withKeys(cond: SQL | undefined): SQL {
    return sql`select ${raw(this.s.withKeys)} from ${raw(this.f.table)}${whereOf(cond)}`;
  }

  /** The page of a sub-select of ids and sort values, ordered outside it. */
  pageOf(rows: SQL, size: number, offset: number): SQL {
    return sql`select id_ from (${rows}) found order by ${raw(this.s.keysOrder)} limit ${size} offset ${offset}`;
  }

  /**
   * Each branch's rows through its own index, merged, then the page. A branch leaves out the rows of the
   * branches before it (`is not true`: a NULL is no match), so the branches hold each row once and are
   * merged in order as they are read (a merge append, `union all`) instead of each branch's first
   * offset + size rows being read whole and made distinct: page 500 of a shipper's box records read
   * 75,150 rows for 50 (68 ms at 1M rows).
   */
  mergedIds(branches: SQL[], common: SQL | undefined, size: number, offset: number): SQL {
    const parts = branches.map((branch, i) => {
      const notBefore = branches.slice(0, i).map((b) => sql`(${b}) is not true`);
      const cond = and(branch, common, ...notBefore);
      return sql`(${this.withKeys(cond)} order by ${raw(this.s.order)} limit ${offset + size})`;
    });
    return this.pageOf(sql.join(parts, sql` union all `), size, offset);
  }

  /** The matches fetched and sorted, then the page (the sub-select's `offset 0` keeps an index walk out). */
  sortedIds(cond: SQL | undefined, size: number, offset: number): SQL {
    return this.pageOf(sql`${this.withKeys(cond)} offset 0`, size, offset);
  }

  /** The rows of the page whose ids `ids` selects: the table's columns, the computed ones, the cursor's values. */
  async rows(
    ids: SQL,
    computed: Record<string, SQL> | undefined,
  ): Promise<{ rows: Row[]; cursor?: string[] }> {
    const extra = Object.entries(computed ?? {});
    const selection = extra.length
      ? sql`${raw(this.f.columns)}, ${sql.join(
          extra.map(([, e]) => bare(this.db, e)),
          sql`, `,
        )}`
      : raw(this.f.columns);
    const { names, decoders } = this.f;
    const n = names.length;
    const all = extra.length
      ? [...decoders, ...extra.map(([, e]) => (e as unknown as { decoder: Decoder }).decoder)]
      : decoders;
    const make = rowMaker(extra.length ? [...names, ...extra.map(([k]) => k)] : names);
    const keys = this.keys.length + 1;
    let cursor: string[] | undefined;
    const rows = await run(
      this.db,
      sql`select ${selection}, ${raw(this.s.cursor)} from ${raw(this.f.table)} where ${raw(this.f.id)} = any(array(${ids})) order by ${raw(this.s.order)}`,
      (raws) =>
        raws.map((r, index) => {
          const row = make(r, all);
          if (index === raws.length - 1)
            cursor = r.slice(n + extra.length, n + extra.length + keys) as string[];
          return row;
        }),
    );
    return { rows, cursor };
  }

  /**
   * Matches counted up to `cap`; when they are at most `small`, also the ids of the page (`{1,2,3}`) in
   * the sort's order. The matches are found once (a materialized sub-select of their ids) and the page
   * is cut from them in the same statement: only when they are few (an init plan runs when its value is
   * first read), and only the page's ids travel back, not every match's id to be sent in again.
   */
  async count(
    where: SQL | undefined,
    cap: number,
    small: number,
    size: number,
    offset: number,
  ): Promise<{ n: number; ids?: string | null }> {
    const [row] = await run(
      this.db,
      sql`with "m" as materialized (select ${raw(this.f.id)} as "id" from ${raw(this.f.table)}${whereOf(where)} limit ${cap}) select (select count(*)::int from "m"), case when (select count(*) from "m") <= ${small} then (select array_agg("p"."id")::text from (select ${raw(this.f.id)} as "id" from ${raw(this.f.table)} where ${raw(this.f.id)} = any(array(select "id" from "m")) order by ${raw(this.s.order)} limit ${size} offset ${offset}) "p") end`,
      (raws) => raws.map((r) => ({ n: r[0] as number, ids: r[1] as string | null })),
    );
    return row ?? { n: 0 };
  }
}
