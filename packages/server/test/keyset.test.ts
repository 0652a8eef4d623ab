// Keyset paging: `after=` walks a list in the same order as numbered pages, without
// counting; a bad or unusable cursor is a 400; the export streams the whole list through it.

import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { statementTap } from '../src/db/client.ts';
import { dictDetails, dicts } from '../src/db/schema.ts';
import {
  setExactCountLimit,
  setFirstCountLimit,
  setSmallListLimit,
  setSortDeepPages,
} from '../src/resources/engine.ts';
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
        setSmallListLimit();
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
        // By action once narrowed to a project's history: the project this caller sees most records of.
        const seen = await call(t.app, 'GET', '/api/changeRecord', {
          token: tok[who],
          query: { size: 1000 },
        });
        const byProject = new Map<number, number>();
        for (const r of seen.body.content as { projectId: number | null }[])
          if (r.projectId) byProject.set(r.projectId, (byProject.get(r.projectId) ?? 0) + 1);
        const [project] = [...byProject].sort((a, b) => b[1] - a[1])[0];
        for (const [sort, extra] of [
          [['createTime,desc'], {}],
          [['createTime,desc', 'id,desc'], { projectId: String(project) }],
          [['createTime,asc'], {}],
          [['action,asc', 'createTime,desc'], { projectId: String(project) }],
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
      setSmallListLimit();
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
  it('past the first count, a list is counted on to LIST_EXACT_COUNT only where the planner expects it to fit', async () => {
    const menus = (query: Record<string, string | number> = {}) =>
      call(t.app, 'GET', '/api/menus', { token: tok.admin, query: { size: 1, ...query } });
    await t.db.execute(sql`analyze sys_menu`);
    const [{ c }] = (
      (await t.db.execute(sql`select count(*)::int as c from sys_menu where type = 1`)) as unknown as {
        rows: { c: number }[];
      }
    ).rows;
    expect(c).toBeGreaterThan(20);
    // The counts each request sends (a count's statement reads its matches into "m").
    const counts = async (query: Record<string, string | number>) => {
      const sent: unknown[][] = [];
      statementTap.fn = (q, params) => {
        if (q.startsWith('with "m"')) sent.push(params);
      };
      try {
        return { res: await menus(query), sent };
      } finally {
        statementTap.fn = null;
      }
    };
    setFirstCountLimit(10);
    try {
      // The planner expects about c matches, under the cap: counted on, exactly.
      const fits = await counts({ type: 1 });
      expect([fits.res.body.totalElements, fits.res.body.totalExact]).toEqual([c, undefined]);
      expect(fits.sent).toHaveLength(2);
      // It expects more than the cap: the first count's 11 matches and the estimate, never a second count.
      setExactCountLimit(Math.floor(c / 2));
      const past = await counts({ type: 1 });
      expect(past.res.body.totalExact).toBe(false);
      expect(past.res.body.totalElements).toBeGreaterThan(10);
      expect(past.sent).toHaveLength(1);
      expect(past.sent[0]).toContain(11);
      // Under the first count nothing changes: one count, exact.
      const few = await counts({ type: 1, title: 'no such menu' });
      expect(few.res.body.totalExact).toBeUndefined();
      expect(few.sent).toHaveLength(1);
      // A keyword searched through the index of two-character pieces is counted once, up to the cap: its
      // candidates are read whole before the first match, so a first count would save nothing.
      setExactCountLimit(10_000);
      setFirstCountLimit(2);
      const rows = await call(t.app, 'GET', '/api/supplies', { token: tok.shipper, query: { size: 1000 } });
      // The two characters most names hold.
      const held = new Map<string, number>();
      for (const { name } of rows.body.content as { name: string }[]) {
        const chars = Array.from(name.toLowerCase());
        for (const pair of new Set(chars.slice(1).map((c, i) => chars[i] + c)))
          held.set(pair, (held.get(pair) ?? 0) + 1);
      }
      const [keyword, holders] = [...held].sort((a, b) => b[1] - a[1])[0] ?? [];
      expect(holders).toBeGreaterThan(2);
      expect(keyword).toBeDefined();
      const sent: unknown[][] = [];
      statementTap.fn = (q, params) => {
        if (q.startsWith('with "m"')) sent.push(params);
      };
      const searched = await call(t.app, 'GET', '/api/supplies', {
        token: tok.shipper,
        query: { blurry: keyword!, size: 1 },
      }).finally(() => {
        statementTap.fn = null;
      });
      expect(searched.body.totalElements).toBeGreaterThan(2);
      expect(searched.body.totalExact).toBeUndefined();
      expect(sent).toHaveLength(1);
      expect(sent[0]).toContain(10_001);
    } finally {
      setFirstCountLimit(1_000);
      setExactCountLimit(t.app.config.listExactCount ?? 10_000);
    }
  });
});
