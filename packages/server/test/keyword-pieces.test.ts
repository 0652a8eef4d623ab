// A keyword's search and the index of two-character pieces: which pieces the index is asked for follows
// how common they are in PostgreSQL's statistics (db/gram-stats.ts), and the rows found do not change.

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementTap } from '../src/db/client.ts';
import { forgetGramStats, setWalkThreshold } from '../src/db/gram-stats.ts';
import { setExactCountLimit } from '../src/resources/engine.ts';
import { call, loginAll, useTestApp } from './helpers.ts';

const t = useTestApp();
let shipper: string;
let tenantId: number;
const SEARCHED = ['name', 'en_name', 'spec', 'material_code', 'brand', 'hs_code'];

async function rows<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;
}

/** The shipper's material rows holding the keyword in a searched column, as SQL finds them. */
async function truth(keyword: string): Promise<number[]> {
  const like = sql.join(
    SEARCHED.map((c) => sql`${sql.identifier(c)} like ${`%${keyword}%`}`),
    sql` or `,
  );
  return (
    await rows<{ id: string }>(
      sql`select id from supplies where tenant_id = ${tenantId} and (${like}) order by id`,
    )
  ).map((r) => Number(r.id));
}

/** A search's answer, and the statements it sent. */
async function search(query: Record<string, string | number>) {
  const sent: string[] = [];
  statementTap.fn = (q, params) => {
    if (q.includes('"supplies"') && !q.startsWith('explain')) sent.push(`${q} ${JSON.stringify(params)}`);
  };
  try {
    const res = await call(t.app, 'GET', '/api/supplies', { token: shipper, query });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { body: res.body, sent };
  } finally {
    statementTap.fn = null;
  }
}

/** Every row of a search, walked by cursor (no count). */
async function walk(keyword: string): Promise<number[]> {
  const ids: number[] = [];
  let after: string | undefined;
  for (let i = 0; i < 50; i++) {
    const { body } = await search({
      blurry: keyword,
      size: 1000,
      sort: 'id,asc',
      ...(after ? { after } : {}),
    });
    ids.push(...body.content.map((r: { id: number }) => r.id));
    after = body.next;
    if (!after) break;
  }
  return ids;
}

beforeAll(async () => {
  ({ shipper } = await loginAll(t.app, ['shipper']));
  const [row] = await rows<{ id: string; tenant_id: string }>(
    sql`select s.id, s.tenant_id from supplies s join sys_user u on u.tenant_id = s.tenant_id
        where u.username = 'shipper' order by s.id limit 1`,
  );
  tenantId = Number(row.tenant_id);
  // 3,000 more of the shipper's material rows: 电缆 in each, 变压器 in one in ten, 铝箔 in three. The
  // threshold is scaled to the table (20,000 is for about 20,000 rows where a piece is in every one), so
  // that a test database need not hold that many; so is the count's cap (10,000 by default).
  setWalkThreshold(2_000);
  setExactCountLimit(2_000);
  const copied = (
    await rows<{ column_name: string }>(
      sql`select column_name from information_schema.columns
          where table_schema = current_schema() and table_name = 'supplies' and is_generated = 'NEVER'
            and column_name not in ('id', 'line_no', 'name')`,
    )
  ).map((r) => sql.identifier(r.column_name));
  const cols = sql.join(copied, sql`, `);
  await t.db.execute(sql`
    insert into supplies (${cols}, line_no, name)
    select ${cols}, 100000 + g,
      case when g % 10 = 0 then '变压器' else '' end || '电缆' || case when g <= 3 then '铝箔' else '' end || g
    from supplies, generate_series(1, 3000) g where id = ${Number(row.id)}`);
  await t.db.execute(sql`analyze supplies`);
  forgetGramStats(t.db);
});
afterAll(() => {
  setWalkThreshold();
  setExactCountLimit(t.app.config.listExactCount ?? 10_000);
});

describe('a keyword searched through the index of two-character pieces, or not', () => {
  it('a piece in nearly every row: no index, the first thousand counted, the rest estimated', async () => {
    const { body, sent } = await search({ blurry: '电缆', size: 20 });
    expect(sent.join('\n')).not.toContain('search_grams');
    expect(body.content).toHaveLength(20);
    for (const r of body.content as { name: string }[]) expect(r.name).toContain('电缆');
    expect(body.totalExact).toBe(false);
    expect(body.totalElements).toBeGreaterThan(1000);
    const counts = sent.filter((q) => q.startsWith('with "m"'));
    expect(counts).toHaveLength(1);
    expect(counts[0]).toContain(',1001,');
  });

  it('pieces that come together (变压, 压器): the index asked for one, the rows the same', async () => {
    const { sent } = await search({ blurry: '变压器', size: 20 });
    const all = sent.join('\n');
    expect(all).toContain('"search_grams" @> array[');
    expect(all).not.toContain('tl_bigrams');
    const expected = await truth('变压器');
    expect(expected.length).toBeGreaterThanOrEqual(300);
    expect(await walk('变压器')).toEqual(expected);
  });

  it('a rare piece: the index asked for every piece, the count exact', async () => {
    const { body, sent } = await search({ blurry: '铝箔', size: 20 });
    expect(sent.join('\n')).toContain('tl_bigrams');
    expect(body.totalElements).toBe((await truth('铝箔')).length);
    expect(body.totalElements).toBeGreaterThanOrEqual(3);
    expect(body.totalExact).toBeUndefined();
  });
});
