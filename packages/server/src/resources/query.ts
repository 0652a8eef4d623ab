// Declared filters (EL-ADMIN's QueryHelp): equal, like, in, between, blurry — turned into SQL here, once.
import { asc, between, desc, eq, gte, ilike, inArray, like, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type GramStats, gramChoice } from '../db/gram-stats.ts';
import { badRequest } from '../http/errors.ts';

export type FilterOp = 'equal' | 'like' | 'in' | 'between' | 'blurry' | 'gte' | 'lte';
export type FilterSpec =
  | FilterOp
  | { op: FilterOp; column?: string; columns?: readonly string[] }
  | { op: 'custom'; build: (values: string[]) => SQL | undefined };

const RESERVED = new Set(['page', 'size', 'sort', 'after']);
/** An `in` filter names at most this many values (PostgreSQL takes 65,535 parameters in all). */
const MAX_IN = 1000;

function values(raw: unknown): string[] {
  const list = Array.isArray(raw) ? raw : [raw];
  return list.flatMap((v) => (v === undefined || v === null ? [] : [String(v)])).filter((v) => v !== '');
}

const INT4: [number, number] = [-2_147_483_648, 2_147_483_647];
const SAFE: [number, number] = [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER];
/** Integer columns and the values they hold: a value outside is a 400, not a database error. */
const INTEGER_RANGE: Record<string, [number, number]> = {
  PgSmallInt: [-32_768, 32_767],
  PgSmallSerial: [1, 32_767],
  PgInteger: INT4,
  PgSerial: [1, INT4[1]],
  PgBigInt53: SAFE,
  PgBigSerial53: [1, SAFE[1]],
};

/** Dates of years 1–9999 (what both PostgreSQL and the wire format can hold). */
function toDate(name: string, value: string): Date {
  const d = new Date(
    /^\d{10}$/.test(value) ? Number(value) * 1000 : /^\d{13}$/.test(value) ? Number(value) : value,
  );
  const year = d.getUTCFullYear();
  if (Number.isNaN(d.getTime()) || year < 1 || year > 9999)
    throw badRequest('validation.date_range', { field: name });
  return d;
}

/** Coerce a query-string value to what the column holds; a value that does not fit is a 400. */
function coerce(column: AnyPgColumn, name: string, value: string): unknown {
  const range = INTEGER_RANGE[column.columnType];
  if (range) {
    // Digits only: "1.5" and "1e20" are not integers, whatever Number() makes of them.
    const n = /^-?\d{1,16}$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isSafeInteger(n) || n < range[0] || n > range[1])
      throw badRequest('validation.integer_range', { field: name, min: range[0], max: range[1] });
    return n;
  }
  switch (column.dataType) {
    case 'number':
    case 'bigint': {
      const n = /^-?\d{1,20}(\.\d{1,10})?$/.test(value) ? Number(value) : Number.NaN;
      if (!Number.isFinite(n)) throw badRequest('validation', { field: name, reason: value.slice(0, 40) });
      return n;
    }
    case 'boolean':
      if (['true', '1'].includes(value)) return true;
      if (['false', '0'].includes(value)) return false;
      throw badRequest('validation', { field: name, reason: value.slice(0, 40) });
    case 'date':
      return toDate(name, value);
    default:
      // A date column held as text ('yyyy-MM-dd'): a real calendar day, years 1–9999.
      if (column.columnType === 'PgDateString') {
        if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) throw badRequest('validation.date_range', { field: name });
        const d = toDate(name, `${value}T00:00:00Z`);
        if (d.toISOString().slice(0, 10) !== value)
          throw badRequest('validation.date_range', { field: name });
      }
      return value;
  }
}

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Case-insensitive matching, paid only when the keyword has letter case: a keyword of Chinese, digits
 * or punctuation finds the same rows with LIKE, which costs less than ILIKE (docs/BENCHMARKS.md).
 */
export const matcher = (keyword: string) =>
  keyword === keyword.toLowerCase() && keyword === keyword.toUpperCase() ? like : ilike;

/** The columns a text filter (`blurry`, `like`) searches; none for other filters. */
function searchedColumns(param: string, spec: FilterSpec | undefined): readonly string[] {
  if (!spec) return [];
  const s = typeof spec === 'string' ? { op: spec } : spec;
  if (s.op === 'blurry') return ('columns' in s && s.columns) || [];
  if (s.op === 'like') return [('column' in s && s.column) || param];
  return [];
}

/** Does this query search through the family's two-character-piece index (any of its text filters)? */
export function searchesByIndex(
  filters: Record<string, FilterSpec>,
  query: Record<string, unknown>,
  textIndex: readonly string[] | undefined,
  stats: GramStats | null,
): boolean {
  return Object.entries(query).some(([param, raw]) => {
    const keyword = values(raw)[0];
    return (
      filters[param] &&
      narrowedByIndex(param, filters[param], keyword, textIndex) &&
      gramChoice(String(keyword), stats) !== 'none'
    );
  });
}

/**
 * Is this text filter narrowed by the family's two-character-piece index (`textIndex`, db/grams.ts)?
 * Its keyword must have two characters at least and its columns must all be in the index.
 */
function narrowedByIndex(
  param: string,
  spec: FilterSpec | undefined,
  keyword: unknown,
  textIndex: readonly string[] | undefined,
): boolean {
  const cols = searchedColumns(param, spec);
  return (
    !!textIndex &&
    cols.length > 0 &&
    cols.every((c) => textIndex.includes(c)) &&
    typeof keyword === 'string' &&
    Array.from(keyword).length >= 2
  );
}

export function buildFilters(
  resource: string,
  columns: Record<string, AnyPgColumn>,
  filters: Record<string, FilterSpec>,
  query: Record<string, unknown>,
  textIndex?: { columns: readonly string[]; grams: AnyPgColumn; stats: GramStats | null },
): (SQL | undefined)[] {
  // A row holding the keyword in any of the searched columns holds each of its two-character pieces in
  // the index's expression: the index finds the candidates, LIKE then checks them. Which pieces, if
  // any, the index is asked for depends on how common they are (db/gram-stats.ts).
  const narrow = (param: string, spec: FilterSpec, keyword: string, test: SQL | undefined) => {
    if (!textIndex || !narrowedByIndex(param, spec, keyword, textIndex.columns)) return test;
    const choice = gramChoice(keyword, textIndex.stats);
    if (choice === 'none') return test;
    const pieces = choice === 'all' ? sql`tl_bigrams(${keyword}::text)` : sql`array[${choice.piece}::text]`;
    return sql`(${textIndex.grams} @> ${pieces} and ${test})`;
  };
  const out: (SQL | undefined)[] = [];
  for (const [param, raw] of Object.entries(query)) {
    if (RESERVED.has(param)) continue;
    const spec = filters[param];
    if (!spec) throw badRequest('resource.bad_filter', { field: param, resource });
    const vals = values(raw);
    if (!vals.length) continue;
    const s = typeof spec === 'string' ? { op: spec } : spec;
    if (s.op === 'custom') {
      out.push((s as { build: (v: string[]) => SQL | undefined }).build(vals));
      continue;
    }
    const { op } = s;
    if (op === 'blurry') {
      const cols = ('columns' in s && s.columns) || [];
      const term = `%${escapeLike(vals[0])}%`;
      const match = matcher(vals[0]);
      out.push(narrow(param, spec, vals[0], or(...cols.map((c) => match(sql`${columns[c]}::text`, term)))));
      continue;
    }
    const colName = ('column' in s && s.column) || param;
    const column = columns[colName];
    if (!column) throw new Error(`filter ${param} of ${resource}: no column ${colName}`);
    switch (op) {
      case 'equal':
        out.push(eq(column, coerce(column, param, vals[0])));
        break;
      case 'like':
        out.push(narrow(param, spec, vals[0], matcher(vals[0])(column, `%${escapeLike(vals[0])}%`)));
        break;
      case 'in': {
        const raw = vals.flatMap((v) => v.split(','));
        if (raw.length > MAX_IN)
          throw badRequest('validation.too_many_values', { field: param, max: MAX_IN });
        const list = raw.map((v) => coerce(column, param, v.trim()));
        out.push(inArray(column, list));
        break;
      }
      case 'between': {
        const list = vals.flatMap((v) => v.split(','));
        if (list.length !== 2) throw badRequest('validation', { field: param, reason: list.join(',') });
        out.push(between(column, coerce(column, param, list[0]), coerce(column, param, list[1])));
        break;
      }
      case 'gte':
        out.push(gte(column, coerce(column, param, vals[0])));
        break;
      case 'lte':
        out.push(lte(column, coerce(column, param, vals[0])));
        break;
    }
  }
  return out;
}

export interface SortKey {
  field: string;
  column: AnyPgColumn;
  desc: boolean;
}

/** `sort=field,desc` (repeatable) as keys; unknown fields are a 400, never silently ignored. */
export function sortKeys(columns: Record<string, AnyPgColumn>, sortable: string[] | undefined, raw: unknown) {
  const out: SortKey[] = [];
  for (const item of values(raw)) {
    const [field, dir = 'asc'] = item.split(',').map((s) => s.trim());
    const allowed = sortable ? sortable.includes(field) : field in columns;
    if (!allowed || !columns[field] || !['asc', 'desc'].includes(dir.toLowerCase())) {
      throw badRequest('resource.bad_sort', { field: item });
    }
    out.push({ field, column: columns[field], desc: dir.toLowerCase() === 'desc' });
  }
  return out;
}

export function parseSort(
  columns: Record<string, AnyPgColumn>,
  sortable: string[] | undefined,
  raw: unknown,
): SQL[] {
  return sortKeys(columns, sortable, raw).map((k) => (k.desc ? desc(k.column) : asc(k.column)));
}

/**
 * Keyset paging (docs/operations.md): `after=<cursor>` continues a list after the row the cursor names, in
 * the list's order (its sort keys, then id ascending), without counting or skipping. The cursor holds that
 * row's sort values as the database prints them (`::text`, so timestamps keep their microseconds);
 * every sort key must be a NOT NULL column (a NULL has no place in a row comparison).
 */
export function encodeCursor(values: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

export function afterCursor(keys: SortKey[], idColumn: AnyPgColumn, cursor: string): SQL {
  let vals: unknown;
  try {
    vals = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest('resource.bad_cursor');
  }
  if (!Array.isArray(vals) || vals.length !== keys.length + 1) throw badRequest('resource.bad_cursor');
  const all = [...keys, { field: 'id', column: idColumn, desc: false }];
  const value = (k: SortKey, v: unknown): string => {
    if (!k.column.notNull || typeof v !== 'string' || v.includes('\0'))
      throw badRequest('resource.bad_cursor');
    coerce(k.column, k.field, v); // a value that does not fit the column is a 400, not a cast error
    return v;
  };
  const v = all.map((k, i) => value(k, vals[i]));
  // (a, b, id) after (x, y, z) in mixed directions: a beyond x, or a = x and b beyond y, or …
  const branches: SQL[] = [];
  for (let i = 0; i < all.length; i++) {
    const parts: SQL[] = [];
    for (let j = 0; j < i; j++) parts.push(sql`${all[j].column} = ${v[j]}`);
    parts.push(all[i].desc ? sql`${all[i].column} < ${v[i]}` : sql`${all[i].column} > ${v[i]}`);
    branches.push(sql`(${sql.join(parts, sql` and `)})`);
  }
  return sql`(${sql.join(branches, sql` or `)})`;
}
