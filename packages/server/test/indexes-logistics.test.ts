// The logistics module's own queries are index-backed: indexes.test.ts
// covers the families' lists; this one records every statement the module's views, timelines and
// commands send while parties use them on large tables, and explains each: none may scan a table of the
// logistics life cycle. PostgreSQL only (PGlite's planner proves nothing about a server).
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { boxPieces } from '../src/db/schema-boxes.ts';
import { containers } from '../src/db/schema-logistics.ts';
import { projectBatches, projects } from '../src/db/schema-project.ts';
import { fillTables } from './big-tables.ts';
import { call, loginAll, useTestApp } from './helpers.ts';
import { useRealPostgres } from './template.ts';

const TABLES = [
  'box_piece',
  'accessory_info',
  'accessory_info_box_piece',
  'container',
  'container_box_piece',
  'abnormal_record',
  'change_record',
  'project_batch',
  'batch_partner',
];

describe.skipIf(!useRealPostgres())('the logistics module’s queries use indexes (PostgreSQL only)', () => {
  const t = useTestApp();

  it('views, timelines, counts and commands scan no logistics table', { timeout: 180_000 }, async () => {
    const pool = (t.db as unknown as { $client: pg.Pool }).$client;
    await fillTables(pool, TABLES, 20_000);
    const tok = await loginAll(t.app, ['shipper', 'site', 'supplier', 'supplier2', 'logistics']);
    const batch = async (n: string) =>
      (await t.db.select().from(projectBatches).where(eq(projectBatches.batchNumber, n)))[0]!.id;
    const boxesOf = async (n: string) =>
      (
        await t.db
          .select()
          .from(boxPieces)
          .where(eq(boxPieces.batchId, await batch(n)))
      ).map((b) => b.id);
    const [jkt] = await t.db.select().from(projects).where(eq(projects.code, 'JKT-PP2'));
    const all = await t.db.select().from(containers);
    // The demo's container stuffed by an accepted plan (the bench's filler containers carry an empty
    // plan; a select without an order returns the rows in whatever order the heap holds them).
    const [planned] = all.filter((c) => c.plan && Object.keys(c.plan).length).sort((a, b) => a.id - b.id);
    const b8 = await batch('JKT2-B008');
    const sailing = all.filter((c) => c.batchId === b8).map((c) => c.id);

    // Every statement any connection sends from here on.
    const seen: { text: string; values: unknown[] }[] = [];
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const [q, v] = args as [string | { text?: string; values?: unknown[] }, unknown[] | undefined];
      const text = typeof q === 'string' ? q : q?.text;
      const values = typeof q === 'string' ? v : (q?.values ?? v);
      if (text) seen.push({ text, values: Array.isArray(values) ? values : [] });
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    const steps: [string, string, string, Record<string, unknown>][] = [];
    try {
      const b7 = await batch('JKT2-B007');
      const get = (path: string, q: Record<string, unknown>) => steps.push(['shipper', 'GET', path, q]);
      get('/api/viewBoxPieceContainer', { batchId: b7 });
      get('/api/viewBoxPieceContainer/groupByContainer', { batchId: b7 });
      get('/api/viewBoxAccessoryContainer', { batchId: b7 });
      get('/api/viewBoxPieceAbnormal', { batchId: await batch('CTG4-B002') });
      get('/api/batchIntransitLive', { batchId: await batch('CTG4-B001') });
      get('/api/boxPieceIntransitLive', { boxPieceId: (await boxesOf('CTG4-B001'))[0] });
      get('/api/boxPiece/logisticsCounts', { projectId: jkt!.id });
      get('/api/boxPiece/checkShipment', { batchId: await batch('JKT2-B004') });
      get('/api/container/plan', { id: planned!.id });
      steps.push(['supplier', 'POST', '/api/boxPiece/ship', { batchId: await batch('JKT2-B004') }]);
      steps.push(['supplier2', 'POST', '/api/boxPiece/transit', { ids: await boxesOf('JKT2-B005') }]);
      steps.push([
        'logistics',
        'POST',
        '/api/container/undoPacking',
        { id: planned!.id, reason: '重新配载' },
      ]);
      steps.push(['logistics', 'POST', '/api/container/discharge', { ids: sailing, port: 'IDJKT' }]);
      steps.push(['logistics', 'POST', '/api/boxPiece/deliver', { ids: await boxesOf('CTG4-B004') }]);
      steps.push(['site', 'POST', '/api/boxPiece/receive', { ids: await boxesOf('CTG4-B003') }]);
      steps.push([
        'shipper',
        'POST',
        '/api/projectBatch/sign',
        { batchId: await batch('CTG4-B003'), reason: '现场已核对' },
      ]);
      steps.push(['shipper', 'GET', '/api/abnormalRecord', { batchId: await batch('CTG4-B002') }]);
      steps.push(['logistics', 'GET', '/api/container', { batchId: b7 }]);
      steps.push(['supplier', 'GET', '/api/accessoryInfo', { batchId: b7 }]);
      for (const [who, method, url, body] of steps) {
        const res = await call(t.app, method as 'GET' | 'POST', url, {
          token: tok[who],
          ...(method === 'GET' ? { query: body as Record<string, string | number> } : { body }),
        });
        expect([url, res.status]).toEqual([url, 200]);
      }
    } finally {
      pg.Client.prototype.query = query;
    }
    const scans: string[] = [];
    for (const q of seen) {
      if (!/^\s*(select|update|delete)/i.test(q.text)) continue;
      const plan = await pool.query(`explain ${q.text}`, q.values);
      const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
      const hit = TABLES.find((table) => new RegExp(`Seq Scan on ${table}\\b`).test(text));
      if (hit) scans.push(`${q.text}\n${text}`);
    }
    expect(seen.length).toBeGreaterThan(50);
    expect(scans, scans.join('\n\n')).toEqual([]);
  });
});
