// Declared filters (EL-ADMIN's QueryHelp): equal, like, in, between, blurry — turned into SQL here, once.
import { asc, between, desc, eq, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { badRequest } from '../http/errors.ts';

export type FilterOp = 'equal' | 'like' | 'in' | 'between' | 'blurry' | 'gte' | 'lte';
export type FilterSpec =
  | FilterOp
  | { op: FilterOp; column?: string; columns?: readonly string[] }
  | { op: 'custom'; build: (values: string[]) => SQL | undefined };

const RESERVED = new Set(['page', 'size', 'sort']);

function values(raw: unknown): string[] {
  const list = Array.isArray(raw) ? raw : [raw];
  return list.flatMap((v) => (v === undefined || v === null ? [] : [String(v)])).filter((v) => v !== '');
}

/** Coerce a query-string value to what the column holds; a value that does not fit is a 400. */
function coerce(column: AnyPgColumn, name: string, value: string): unknown {
  switch (column.dataType) {
    case 'number':
    case 'bigint': {
      const n = Number(value);
      if (!Number.isFinite(n)) throw badRequest('validation', { field: name, reason: value });
      return n;
    }
    case 'boolean':
      if (['true', '1'].includes(value)) return true;
      if (['false', '0'].includes(value)) return false;
      throw badRequest('validation', { field: name, reason: value });
    case 'date': {
      const d = new Date(
        /^\d{10}$/.test(value) ? Number(value) * 1000 : /^\d{13}$/.test(value) ? Number(value) : value,
      );
      if (Number.isNaN(d.getTime())) throw badRequest('validation', { field: name, reason: value });
      return d;
    }
    default:
      return value;
  }
}

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

export function buildFilters(
  resource: string,
  columns: Record<string, AnyPgColumn>,
  filters: Record<string, FilterSpec>,
  query: Record<string, unknown>,
): (SQL | undefined)[] {
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
      out.push(or(...cols.map((c) => ilike(sql`${columns[c]}::text`, term))));
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
        out.push(ilike(column, `%${escapeLike(vals[0])}%`));
        break;
      case 'in': {
        const list = vals.flatMap((v) => v.split(',')).map((v) => coerce(column, param, v.trim()));
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

/** `sort=field,desc` (repeatable); unknown fields are a 400, never silently ignored. */
export function parseSort(
  columns: Record<string, AnyPgColumn>,
  sortable: string[] | undefined,
  raw: unknown,
): SQL[] {
  const out: SQL[] = [];
  for (const item of values(raw)) {
    const [field, dir = 'asc'] = item.split(',').map((s) => s.trim());
    const allowed = sortable ? sortable.includes(field) : field in columns;
    if (!allowed || !columns[field] || !['asc', 'desc'].includes(dir.toLowerCase())) {
      throw badRequest('resource.bad_sort', { field: item });
    }
    out.push(dir.toLowerCase() === 'desc' ? desc(columns[field]) : asc(columns[field]));
  }
  return out;
}
