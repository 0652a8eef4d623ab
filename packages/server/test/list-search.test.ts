// A text search (`blurry`) finds the same rows whatever the engine does to make it cheaper:
// LIKE for a keyword without letter case, ILIKE otherwise (Latin letters stay case-insensitive), and a
// total counted in the page's own pass — also on a page past the end.
import { beforeAll, describe, expect, it } from 'vitest';
import { call, login, useTestApp } from './helpers.ts';

type Row = Record<string, unknown>;
const COLUMNS = ['name', 'enName', 'spec', 'materialCode', 'brand', 'hsCode'];

describe('blurry search on material rows', () => {
  const api = useTestApp();
  let token = '';
  let all: Row[] = [];
  beforeAll(async () => {
    token = await login(api.app, 'shipper');
    const res = await call(api.app, 'GET', '/api/supplies', { token, query: { size: 1000 } });
    all = res.body.content;
  });
  const expected = (term: string) =>
    all.filter((r) =>
      COLUMNS.some((c) =>
        String(r[c] ?? '')
          .toLowerCase()
          .includes(term.toLowerCase()),
      ),
    );
  const search = (blurry: string, page = 0, size = 1000) =>
    call(api.app, 'GET', '/api/supplies', { token, query: { blurry, page, size, sort: 'id,asc' } });

  it('a Latin keyword matches in any letter case', async () => {
    const word = String(all.find((r) => r.enName)?.enName).split(' ')[0];
    const want = expected(word).map((r) => r.id);
    expect(want.length).toBeGreaterThan(0);
    expect(want.length).toBeLessThan(all.length);
    for (const variant of [word.toLowerCase(), word.toUpperCase()]) {
      const res = await search(variant);
      expect(res.body.content.map((r: Row) => r.id)).toEqual(want);
      expect(res.body.totalElements).toBe(want.length);
    }
  });

  it('a Chinese keyword finds the rows holding it; the total is the same on every page', async () => {
    // The two-character word of the names that most rows hold.
    const words = all.flatMap((r) => String(r.name).match(/[\u4e00-\u9fff]{2}/g) ?? []);
    const term = words.reduce((a, b) => (expected(b).length > expected(a).length ? b : a), words[0]);
    const want = expected(term).map((r) => r.id);
    expect(want.length).toBeGreaterThan(1);
    const res = await search(term);
    expect(res.body.content.map((r: Row) => r.id)).toEqual(want);
    expect(res.body.totalElements).toBe(want.length);
    const second = await search(term, 1, 1);
    expect(second.body.content.map((r: Row) => r.id)).toEqual([want[1]]);
    expect(second.body.totalElements).toBe(want.length);
    const past = await search(term, 50, 100);
    expect(past.body).toMatchObject({ content: [], totalElements: want.length });
    const none = await search('不存在的物料');
    expect(none.body).toMatchObject({ content: [], totalElements: 0 });
  });
});
