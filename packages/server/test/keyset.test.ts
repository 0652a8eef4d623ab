// Keyset paging: `after=` walks a list in the same order as numbered pages, without
// counting; a bad or unusable cursor is a 400; the export streams the whole list through it.

import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { dictDetails, dicts } from '../src/db/schema.ts';
import { setExactCountLimit, setSmallListLimit, setSortDeepPages } from '../src/resources/engine.ts';
import { call, loginAll, useTestApp } from './helpers.ts';

const t = useTestApp();
let tok: Record<string, string>;

beforeAll(async () => {
  tok = await loginAll(t.app, ['admin', 'shipper', 'logistics']);
});

async function walk(query: Record<string, string | number | string[]>, size: number) {
  const ids: number[] = [];
  let after: string | undefined;
  for (let i = 0; i < 100; i++) {
    const res = await call(t.app, 'GET', '/api/supplies', {
      token: tok.shipper,
      query: { ...query, size, ...(after ? { after } : {}) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if (after) expect(res.body.totalElements).toBeNull();
    ids.push(...res.body.content.map((r: { id: number }) => r.id));
    after = res.body.next;
    if (!after) break;
  }
  return ids;
}

describe('numbered pages past the first (found by their ids, then read)', () => {
  for (const [smallList, sortDeep] of [
    [10_000, false],
    [0, false],
    [0, true],
  ] as const) {
    it(`page after page gives the whole list, rows as the list shows them (${smallList ? 'a short list' : sortDeep ? 'a long list, deep pages sorted from its matches' : 'a long list'})`, async () => {
      setSmallListLimit(smallList);
      setSortDeepPages(sortDeep);
      try {
        for (const sort of [['createTime,desc'], ['listId,desc', 'createTime,asc'], ['hsCode,asc']]) {
          const all = await call(t.app, 'GET', '/api/supplies', {
            token: tok.shipper,
            query: { sort, size: 1000 },
          });
          const pages: unknown[] = [];
          for (let page = 0; page * 3 < all.body.totalElements; page++) {
            const res = await call(t.app, 'GET', '/api/supplies', {
              token: tok.shipper,
              query: { sort, size: 3, page },
            });
            expect(res.status, JSON.stringify(res.body)).toBe(200);
            expect(res.body.totalElements).toBe(all.body.totalElements);
            pages.push(...res.body.content);
          }
          expect(all.body.content.length).toBeGreaterThan(6);
          // Every field, the computed ones (supplier's name, suggested HS code) included.
          expect(pages).toEqual(all.body.content);
        }
      } finally {
        setSmallListLimit(10_000);
        setSortDeepPages(false);
      }
    });
  }
});

describe('a scope of branches (the history: own, as a partner, as the author) merged for a long list', () => {
  it('numbered pages and after= give the whole list in its order, for each sort and with a filter', async () => {
    setSmallListLimit(0);
    try {
      for (const who of ['shipper', 'logistics']) {
        for (const [sort, extra] of [
          [['createTime,desc', 'id,desc'], {}],
          [['createTime,asc'], {}],
          [['action,asc', 'createTime,desc'], {}],
          [['createTime,asc'], { createBy: who }],
        ] as [string[], Record<string, string>][]) {
          const all = await call(t.app, 'GET', '/api/changeRecord', {
            token: tok[who],
            query: { sort, size: 1000, ...extra },
          });
          expect(all.status, JSON.stringify(all.body)).toBe(200);
          const expected = all.body.content.map((r: { id: number }) => r.id);
          expect(expected.length, `${who} ${sort} ${JSON.stringify(extra)}`).toBeGreaterThan(6);
          // The order itself: the first sort key never goes backwards.
          const first = sort[0].split(',');
          const values = all.body.content.map((r: Record<string, string>) => r[first[0]]);
          const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
          expect(values).toEqual(first[1] === 'desc' ? sorted.reverse() : sorted);
          const paged: number[] = [];
          for (let page = 0; page * 4 < all.body.totalElements; page++) {
            const res = await call(t.app, 'GET', '/api/changeRecord', {
              token: tok[who],
              query: { sort, size: 4, page, ...extra },
            });
            expect(res.body.totalElements).toBe(all.body.totalElements);
            paged.push(...res.body.content.map((r: { id: number }) => r.id));
          }
          expect(paged).toEqual(expected);
          const walked: number[] = [];
          let after: string | undefined;
          for (let i = 0; i < 500; i++) {
            const res = await call(t.app, 'GET', '/api/changeRecord', {
              token: tok[who],
              query: { sort, size: 5, ...extra, ...(after ? { after } : {}) },
            });
            expect(res.status, JSON.stringify(res.body)).toBe(200);
            walked.push(...res.body.content.map((r: { id: number }) => r.id));
            after = res.body.next;
            if (!after) break;
          }
          expect(walked).toEqual(expected);
        }
      }
    } finally {
      setSmallListLimit(10_000);
    }
  });
});

describe('after= (keyset paging)', () => {
  for (const sort of [
    ['createTime,desc'],
    ['listId,asc', 'createTime,desc'],
    ['listId,desc', 'createTime,asc'],
  ]) {
    it(`walks the list in the order of its numbered pages (sort ${sort.join(' ')})`, async () => {
      const all = await call(t.app, 'GET', '/api/supplies', {
        token: tok.shipper,
        query: { sort, size: 1000 },
      });
      const expected = all.body.content.map((r: { id: number }) => r.id);
      expect(expected.length).toBeGreaterThan(6);
      expect(await walk({ sort }, 3)).toEqual(expected);
    });
  }

  it('keeps the filters and the scope', async () => {
    const all = await call(t.app, 'GET', '/api/supplies', {
      token: tok.shipper,
      query: { blurry: '电', size: 1000 },
    });
    expect(await walk({ blurry: '电' }, 2)).toEqual(all.body.content.map((r: { id: number }) => r.id));
  });

  it('offers no cursor for a sort by a column that may be empty (it could not be followed); numbered pages go on', async () => {
    const res = await call(t.app, 'GET', '/api/supplies', {
      token: tok.shipper,
      query: { sort: 'hsCode,desc', size: 2 },
    });
    expect(res.status).toBe(200);
    expect([res.body.content.length, res.body.next]).toEqual([2, undefined]);
    const second = await call(t.app, 'GET', '/api/supplies', {
      token: tok.shipper,
      query: { sort: 'hsCode,desc', size: 2, page: 1 },
    });
    expect(second.body.content.length).toBe(2);
    const byId = await call(t.app, 'GET', '/api/supplies', {
      token: tok.shipper,
      query: { sort: 'id,desc', size: 2 },
    });
    expect(typeof byId.body.next).toBe('string');
  });

  it('a forged, malformed or nullable-key cursor is a clear 400', async () => {
    for (const [after, sort] of [
      ['not-a-cursor', 'createTime,desc'],
      [Buffer.from(JSON.stringify(['x', 'y'])).toString('base64url'), 'createTime,desc'],
      [Buffer.from(JSON.stringify(['2026-99-99', '1'])).toString('base64url'), 'createTime,desc'],
      [Buffer.from(JSON.stringify(['1', '1'])).toString('base64url'), 'hsCode,desc'],
    ]) {
      const res = await call(t.app, 'GET', '/api/supplies', {
        token: tok.shipper,
        lang: 'en',
        query: { after, sort, size: 2 },
      });
      expect(res.status, `${after} ${sort}`).toBe(400);
    }
  });
});

describe('export', () => {
  /** The rows of the family's download with this query string, and the rows its list counts. */
  async function exported(query: string) {
    const list = await call(t.app, 'GET', '/api/dictDetail', { token: tok.admin, query: { size: 1 } });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/dictDetail/download${query}`,
      headers: { authorization: tok.admin },
    });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    return { rows: book.worksheets[0].actualRowCount - 1, listed: list.body.totalElements as number };
  }

  beforeAll(async () => {
    // More rows than one chunk, so the export has to go on past its first page.
    const [dict] = await t.db.select().from(dicts).limit(1);
    await t.db.insert(dictDetails).values(
      Array.from({ length: 1500 }, (_, i) => ({
        dictId: dict.id,
        label: `标签${i}`,
        value: `v${i}`,
        dictSort: i % 7,
      })),
    );
  });

  it('streams every row of the list, read a thousand at a time by cursor', async () => {
    const { rows, listed } = await exported('');
    expect(listed).toBeGreaterThan(1500);
    expect(rows).toBe(listed);
  });

  it('a sort by a column that may be empty (no cursor) is exported whole, by numbered pages', async () => {
    const { rows, listed } = await exported('?sort=enLabel,asc');
    expect(listed).toBeGreaterThan(1500);
    expect(rows).toBe(listed);
  });
});

describe('totals', () => {
  it('a list with no condition past LIST_EXACT_COUNT rows gives the planner’s estimate; a condition counts', async () => {
    const menus = (query: Record<string, string | number> = {}) =>
      call(t.app, 'GET', '/api/menus', { token: tok.admin, query: { size: 1, ...query } });
    const exact = await menus();
    expect(exact.body.totalExact).toBeUndefined();
    const n = exact.body.totalElements as number;
    await t.db.execute(sql`analyze sys_menu`);
    setExactCountLimit(n - 1);
    try {
      const estimated = await menus();
      expect(estimated.body.totalExact).toBe(false);
      expect(Math.abs(estimated.body.totalElements - n)).toBeLessThanOrEqual(n * 0.05);
      // The same rows past a cursor, or under a filter, are never estimated.
      const filtered = await menus({ type: 1 });
      expect(filtered.body.totalExact).toBeUndefined();
      const [{ c }] = (
        (await t.db.execute(sql`select count(*)::int as c from sys_menu where type = 1`)) as unknown as {
          rows: { c: number }[];
        }
      ).rows;
      expect(filtered.body.totalElements).toBe(c);
      const next = await menus({ after: estimated.body.next });
      expect([next.status, next.body.totalElements, next.body.totalExact]).toEqual([200, null, undefined]);
      // A filter matching more than the limit is counted up to it, then answers the planner's estimate
      // of its matches (never fewer than it counted); its page is the same rows.
      const ids = (res: { body: { content: { id: number }[] } }) => res.body.content.map((m) => m.id);
      const whole = await menus({ type: 1, size: c });
      expect([whole.body.totalElements, whole.body.totalExact]).toEqual([c, undefined]);
      setExactCountLimit(c - 2);
      const many = await menus({ type: 1, size: c });
      expect(many.body.totalExact).toBe(false);
      expect(many.body.totalElements).toBeGreaterThanOrEqual(c - 1);
      expect(Math.abs(many.body.totalElements - c)).toBeLessThanOrEqual(Math.max(2, c * 0.5));
      expect(ids(many)).toEqual(ids(whole));
      expect(ids(many)).toHaveLength(c);
    } finally {
      setExactCountLimit(t.app.config.listExactCount ?? 10_000);
    }
  });
});
