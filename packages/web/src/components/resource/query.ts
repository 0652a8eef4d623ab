// Declaration + search form + table state → the wire's list params. Pure, unit-tested.
import dayjs, { type Dayjs } from 'dayjs';
import type { FilterDecl, ListParams, ValueType } from './types.ts';

export type Params = Record<string, string | number | boolean>;

function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
}

export function coerceValue(v: unknown, type: ValueType | undefined): string | number | boolean {
  if (type === 'number') return Number(v);
  if (type === 'boolean') return v === true || v === 'true' || v === '1' || v === 1;
  return typeof v === 'string' ? v.trim() : String(v);
}

function toDay(v: unknown): Dayjs | null {
  if (v === null || v === undefined || v === '') return null;
  const d = dayjs(v as string | Date | Dayjs);
  return d.isValid() ? d : null;
}

/** `createTime` between two days: from the start of the first to the end of the second, in ISO. */
export function dateRangeParam(range: unknown): string | undefined {
  if (!Array.isArray(range) || range.length !== 2) return undefined;
  const from = toDay(range[0]);
  const to = toDay(range[1]);
  if (!from || !to) return undefined;
  return `${from.startOf('day').toISOString()},${to.endOf('day').toISOString()}`;
}

/** The filter values of the search form, as query params: empty values are left out. */
export function filterParams(filters: FilterDecl[] = [], values: Record<string, unknown> = {}): Params {
  const out: Params = {};
  for (const f of filters) {
    const v = values[f.name];
    const param = f.param ?? f.name;
    if (f.type === 'dateRange') {
      const range = dateRangeParam(v);
      if (range) out[param] = range;
      continue;
    }
    if (isEmpty(v)) continue;
    if (f.type === 'bool') out[param] = coerceValue(v, 'boolean');
    else out[param] = coerceValue(v, f.valueType);
  }
  return out;
}

/** antd's sorter → `field,asc|desc`; no order falls back to the declaration's default. */
export function sortParam(
  field: string | undefined,
  order: 'ascend' | 'descend' | null | undefined,
  fallback?: string,
): string | undefined {
  if (field && order) return `${field},${order === 'ascend' ? 'asc' : 'desc'}`;
  return fallback;
}

/** Full list params: page (0-based), size, sort, fixed params, then the filters. */
export function listParams(
  decl: { filters?: FilterDecl[]; fixedParams?: Params; defaultSort?: string },
  state: ListParams,
): Params {
  const out: Params = { page: state.page, size: state.size };
  const sort = state.sort ?? decl.defaultSort;
  if (sort) out.sort = sort;
  return { ...out, ...(decl.fixedParams ?? {}), ...filterParams(decl.filters, state.filters) };
}

/** Export uses the same filters (and sort), without paging. */
export function exportParams(
  decl: { filters?: FilterDecl[]; fixedParams?: Params; defaultSort?: string },
  state: Omit<ListParams, 'page' | 'size'>,
): Params {
  const { page: _p, size: _s, ...rest } = listParams(decl, { ...state, page: 0, size: 1 });
  return rest;
}

export function queryString(params: Params): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) qs.append(k, String(v));
  return qs.toString();
}

/** A form's values as a body: an emptied field (undefined or '') is sent as null, so that it is cleared. */
export function blanksAsNull(values: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).map(([k, x]) => [k, x === undefined || x === '' ? null : x]),
  );
}
