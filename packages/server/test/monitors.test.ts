// Server and database monitors: an administrator reads this node's figures and the
// database's connections, sizes and index use; the slowest statements come with a stated reason when
// they cannot (PGlite, or no pg_stat_statements); everyone else is refused.
import { describe, expect, it } from 'vitest';
import { call, loginAll, useTestApp } from './helpers.ts';
import { useRealPostgres } from './template.ts';

const t = useTestApp();

describe('monitors', () => {
  it('the server monitor answers this node’s figures', async () => {
    const { admin } = await loginAll(t.app, ['admin']);
    const res = await call(t.app, 'GET', '/api/monitor/server', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.cpu.cores).toBeGreaterThan(0);
    expect(res.body.cpu.usagePct).toBeGreaterThanOrEqual(0);
    expect(res.body.memory.totalMb).toBeGreaterThan(res.body.memory.freeMb);
    expect(res.body.runtime.heapUsedMb).toBeGreaterThan(0);
    expect(res.body.runtime.version).toBe(process.version);
    expect(res.body.load).toHaveLength(3);
    expect(res.body.database.kind).toBe(t.kind);
    if (t.kind === 'postgres') expect(res.body.database.pool.total).toBeGreaterThan(0);
    expect(res.body.websockets).toBe(0);
  });

  it('the database monitor lists connections, table and index sizes, and says why statements are missing', async () => {
    const { admin } = await loginAll(t.app, ['admin']);
    const res = await call(t.app, 'GET', '/api/monitor/database', { token: admin });
    expect(res.status).toBe(200);
    const boxes = res.body.tables.find((x: { name: string }) => x.name === 'box_piece');
    expect(boxes.totalBytes).toBeGreaterThan(0);
    expect(res.body.indexes.some((i: { name: string }) => i.name === 'box_piece_logistics_idx')).toBe(true);
    expect(res.body.statements).toBeNull();
    expect(res.body.statementsNote).toBe(useRealPostgres() ? 'no_extension' : 'pglite');
    if (useRealPostgres())
      expect(res.body.connections.some((c: { query: string }) => /pg_stat_activity/.test(c.query))).toBe(
        true,
      );
  });

  it('refuses every other party, and /druid/index.html leads to the database page', async () => {
    const tok = await loginAll(t.app, ['shipper', 'supplier', 'logistics']);
    for (const who of Object.values(tok))
      for (const path of ['/api/monitor/server', '/api/monitor/database'])
        expect((await call(t.app, 'GET', path, { token: who })).status).toBe(403);
    const druid = await call(t.app, 'GET', '/druid/index.html');
    expect(druid.status).toBe(302);
    expect(druid.raw.headers.location).toBe('/monitor/druid');
  });
});
