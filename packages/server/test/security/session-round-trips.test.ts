// An authenticated request reads its session, user, tenant, roles, permissions and function
// grants in one round trip to the database (department-limited roles need one or two more), and a node
// that resolved the session a moment ago reads nothing (db/session-cache.ts).
import { describe, expect, it } from 'vitest';
import { sessionCache } from '../../src/db/session-cache.ts';
import { resolveSession } from '../../src/http/auth.ts';
import { login, useTestApp } from '../helpers.ts';

const t = useTestApp();

/** Counts the statements the database client is sent while `fn` runs. */
async function countQueries(fn: () => Promise<unknown>) {
  const client = (t.db as unknown as { $client: { query: (...a: unknown[]) => Promise<unknown> } }).$client;
  const original = client.query.bind(client);
  let n = 0;
  client.query = (...args: unknown[]) => {
    n++;
    return original(...args);
  };
  try {
    await fn();
  } finally {
    client.query = original;
  }
  return n;
}

describe('session resolution', () => {
  it('reads the caller and everything it may do in one statement', async () => {
    const token = (await login(t.app, 'shipper')).replace(/^Bearer /, '');
    // The first resolution may also slide the idle expiry (a throttled write): an own write to the
    // session table that is not a revocation keeps the node's cache, so empty it to see a cold read.
    await resolveSession(t.db, t.app.config, token);
    sessionCache.clear();
    let auth: Awaited<ReturnType<typeof resolveSession>> = null;
    const n = await countQueries(async () => {
      auth = await resolveSession(t.db, t.app.config, token);
    });
    expect(n).toBe(1);
    // Resolved a moment ago on this node and nothing changed: no statement at all.
    expect(await countQueries(() => resolveSession(t.db, t.app.config, token))).toBe(0);
    expect(auth).toMatchObject({ username: 'shipper', roleType: 0, deptScope: null });
    expect((auth as unknown as { permissions: string[] }).permissions).toContain('project:add');
    expect((auth as unknown as { functions: unknown[] }).functions.length).toBeGreaterThan(0);
  });
});
