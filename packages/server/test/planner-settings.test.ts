// The server's sessions plan with its own costs (db/client.ts PLANNER_SETTINGS), on PGlite and on
// PostgreSQL, every pooled connection alike: a plan chosen under PostgreSQL's spinning-disk default on one
// connection and under the server's on another would make the same list fast or slow by chance.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PLANNER_SETTINGS } from '../src/db/client.ts';
import { useTestApp } from './helpers.ts';

describe('planner settings', () => {
  const api = useTestApp();

  it('every connection plans with the server’s random page cost', async () => {
    // Several at once, so a pool opens more than one connection.
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        api.db.execute(sql`select current_setting('random_page_cost') as v, pg_sleep(0.05)`),
      ),
    );
    const values = answers.map((r) => (r as unknown as { rows: { v: string }[] }).rows[0].v);
    expect(values).toEqual(Array(4).fill(PLANNER_SETTINGS.random_page_cost));
  });
});
