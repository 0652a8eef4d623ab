import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  blanksAsNull,
  dateRangeParam,
  exportParams,
  filterParams,
  listParams,
  queryString,
  sortParam,
} from './query.ts';
import type { FilterDecl } from './types.ts';

const filters: FilterDecl[] = [
  { name: 'blurry', labelKey: 'x', type: 'text' },
  { name: 'deptId', labelKey: 'x', type: 'select', valueType: 'number' },
  { name: 'enabled', labelKey: 'x', type: 'bool' },
  { name: 'roleType', labelKey: 'x', type: 'dict', dict: 'account_end', valueType: 'number' },
  { name: 'createTime', labelKey: 'x', type: 'dateRange' },
  { name: 'who', param: 'username', labelKey: 'x', type: 'text' },
];

describe('resource declaration → list params', () => {
  it('leaves out empty filters and trims text', () => {
    expect(filterParams(filters, { blurry: '  ', deptId: null, enabled: undefined, who: '' })).toEqual({});
    expect(filterParams(filters, { blurry: '  wang ' })).toEqual({ blurry: 'wang' });
  });
  it('coerces numbers and booleans, and maps a field to its param', () => {
    expect(filterParams(filters, { deptId: '7', enabled: false, roleType: 0, who: 'adm' })).toEqual({
      deptId: 7,
      enabled: false,
      roleType: 0,
      username: 'adm',
    });
    expect(filterParams(filters, { enabled: 'true' })).toEqual({ enabled: true });
  });
  it('turns a date range into one between param from start to end of day', () => {
    const from = dayjs('2026-03-01T15:00:00');
    const to = dayjs('2026-03-05T09:00:00');
    const v = dateRangeParam([from, to]);
    const [a, b] = (v ?? '').split(',');
    expect(new Date(a).getTime()).toBe(from.startOf('day').valueOf());
    expect(new Date(b).getTime()).toBe(to.endOf('day').valueOf());
    expect(filterParams(filters, { createTime: [from, to] }).createTime).toBe(v);
    expect(dateRangeParam([from])).toBeUndefined();
    expect(dateRangeParam(null)).toBeUndefined();
  });
  it('maps the sorter and falls back to the default sort', () => {
    expect(sortParam('username', 'ascend')).toBe('username,asc');
    expect(sortParam('createTime', 'descend', 'id,asc')).toBe('createTime,desc');
    expect(sortParam('createTime', null, 'id,asc')).toBe('id,asc');
    expect(sortParam(undefined, undefined)).toBeUndefined();
  });
  it('builds page, size, sort, fixed params and filters', () => {
    const decl = { filters, fixedParams: { logType: 'ERROR' }, defaultSort: 'createTime,desc' };
    expect(listParams(decl, { page: 2, size: 20, filters: { blurry: 'a' } })).toEqual({
      page: 2,
      size: 20,
      sort: 'createTime,desc',
      logType: 'ERROR',
      blurry: 'a',
    });
    expect(listParams(decl, { page: 0, size: 10, sort: 'id,asc', filters: {} }).sort).toBe('id,asc');
  });
  it('exports with the same filters and no paging', () => {
    const decl = { filters, defaultSort: 'createTime,desc' };
    const p = exportParams(decl, { filters: { enabled: true, deptId: 3 } });
    expect(p).toEqual({ sort: 'createTime,desc', enabled: true, deptId: 3 });
    expect(queryString(p)).toBe('sort=createTime%2Cdesc&deptId=3&enabled=true');
  });
});

describe('blanksAsNull', () => {
  it('sends an emptied field as null and keeps 0, false and text', () => {
    expect(blanksAsNull({ a: '', b: undefined, c: 0, d: false, e: 'CNSHA', f: null })).toEqual({
      a: null,
      b: null,
      c: 0,
      d: false,
      e: 'CNSHA',
      f: null,
    });
  });
});
