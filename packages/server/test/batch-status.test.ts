// A batch's status follows the material lists that carry rows: a second supplier planned in with an
// empty draft list holds the batch at no step.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { materialLists, projectBatches } from '../src/db/schema-project.ts';
import { call, loginAll, useTestApp } from './helpers.ts';

const t = useTestApp();
let tok: Record<string, string>;
let batchId: number;
const status = async () =>
  (await t.db.select().from(projectBatches).where(eq(projectBatches.id, batchId)))[0].status;

beforeAll(async () => {
  tok = await loginAll(t.app, ['shipper', 'supplier', 'supplier2']);
  [{ id: batchId }] = await t.db
    .select()
    .from(projectBatches)
    .where(eq(projectBatches.batchNumber, 'JKT2-B003'));
});

describe('batch status from the lists that carry rows', () => {
  it('is confirmed when the only list with rows is, beside another supplier’s empty draft', async () => {
    const lists = await t.db.select().from(materialLists).where(eq(materialLists.batchId, batchId));
    expect(lists.map((l) => l.status)).toEqual([0, 0]);
    expect(await status()).toBe(1);
    const sub = await call(t.app, 'POST', '/api/supplies/submitCustomer', {
      token: tok.supplier,
      body: { batchId },
    });
    expect(sub.status).toBe(200);
    const [mine] = await t.db
      .select()
      .from(materialLists)
      .where(and(eq(materialLists.batchId, batchId), eq(materialLists.status, 1)));
    const ok = await call(t.app, 'POST', '/api/supplies/confirm', {
      token: tok.shipper,
      body: { listId: mine.id },
    });
    expect(ok.status).toBe(200);
    // Materials confirmed (2), not held at "materials in progress" by supplier2's empty draft.
    expect(await status()).toBe(2);
    const wb = await call(t.app, 'GET', '/api/projectBatch/queryBatchById', {
      token: tok.shipper,
      query: { id: batchId },
    });
    expect(wb.body.status ?? wb.body.batch?.status).toBe(2);
  });

  it('goes back to in progress when the empty list gets a row, and on when that list is confirmed', async () => {
    const row = await call(t.app, 'POST', '/api/supplies', {
      token: tok.supplier2,
      body: { batchId, name: '光缆接头盒', quantity: 20, unit: '个', unitPrice: 35, currency: 'USD' },
    });
    expect(row.status).toBe(201);
    expect(await status()).toBe(1);
    expect(
      (await call(t.app, 'POST', '/api/supplies/submitCustomer', { token: tok.supplier2, body: { batchId } }))
        .status,
    ).toBe(200);
    const [theirs] = await t.db
      .select()
      .from(materialLists)
      .where(and(eq(materialLists.batchId, batchId), eq(materialLists.status, 1)));
    await call(t.app, 'POST', '/api/supplies/confirm', { token: tok.shipper, body: { listId: theirs.id } });
    expect(await status()).toBe(2);
  });
});
