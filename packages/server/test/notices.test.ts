// Notifications: one message per command per party, to every party whose work the command starts — the
// logistics provider hears of a handed-over packing list and of a confirmed material list.
import { and, eq, gt, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages, users } from '../src/db/schema.ts';
import { boxPieces } from '../src/db/schema-boxes.ts';
import { containerBoxes } from '../src/db/schema-logistics.ts';
import { materialLists, projectBatches } from '../src/db/schema-project.ts';
import { call, loginAll, useTestApp } from './helpers.ts';

const t = useTestApp();
let tok: Record<string, string>;
const userId: Record<string, number> = {};

/** The message codes each named user received after `since` (a message id). */
async function heard(since: number) {
  const rows = await t.db
    .select({ userId: messages.userId, data: messages.data })
    .from(messages)
    .where(and(gt(messages.id, since), inArray(messages.userId, Object.values(userId))));
  const out: Record<string, string[]> = {};
  for (const [name, id] of Object.entries(userId))
    out[name] = rows
      .filter((r) => r.userId === id)
      .map((r) => (r.data as { code: string }).code)
      .sort();
  return out;
}
const lastMessage = async () =>
  (await t.db.select({ id: messages.id }).from(messages).orderBy(messages.id)).at(-1)?.id ?? 0;
const batchOf = async (n: string) =>
  (await t.db.select().from(projectBatches).where(eq(projectBatches.batchNumber, n)))[0];

beforeAll(async () => {
  const names = ['shipper', 'site', 'supplier', 'supplier2', 'logistics'];
  tok = await loginAll(t.app, names);
  for (const u of await t.db.select().from(users).where(inArray(users.username, names)))
    userId[u.username] = u.id;
});

describe('one message per command per party, to those whose work it starts', () => {
  it('a packing list handed over: the shipper and the logistics provider hear once, whatever the boxes', async () => {
    const b = await batchOf('JKT2-B001');
    const drafts = await t.db
      .select()
      .from(boxPieces)
      .where(and(eq(boxPieces.batchId, b.id), eq(boxPieces.status, 0)));
    expect(drafts.length).toBeGreaterThan(0);
    const since = await lastMessage();
    const res = await call(t.app, 'POST', '/api/boxPiece/submitCustomer', {
      token: tok.supplier,
      body: { batchId: b.id },
    });
    expect(res.status).toBe(200);
    expect(await heard(since)).toEqual({
      shipper: ['notice.packing_submitted'],
      // Site staff have the boxes page (read only): they see what is coming.
      site: ['notice.packing_submitted'],
      supplier: [],
      supplier2: [],
      logistics: ['notice.packing_submitted_logistics'],
    });
  });

  it('a material list confirmed: its supplier and the logistics provider hear once', async () => {
    const b = await batchOf('JKT2-B002');
    const [list] = await t.db
      .select()
      .from(materialLists)
      .where(and(eq(materialLists.batchId, b.id), eq(materialLists.status, 1)));
    const since = await lastMessage();
    const res = await call(t.app, 'POST', '/api/supplies/confirm', {
      token: tok.shipper,
      body: { listId: list.id },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const got = await heard(since);
    expect(got.logistics).toEqual(['notice.list_confirmed_logistics']);
    expect(got.shipper).toEqual([]);
    expect(got.site).toEqual([]);
    const supplierOf = (await t.db.select().from(users).where(eq(users.tenantId, list.supplierTenantId)))[0];
    expect(got[supplierOf.username]).toEqual(['notice.list_confirmed']);
    const m = await t.db
      .select()
      .from(messages)
      .where(and(gt(messages.id, since), eq(messages.userId, userId.logistics)));
    expect(m[0].enTitle).toMatch(
      /^The shipper confirmed the material list of .+ on batch JKT2-B002: booking/,
    );
    expect(m[0].link).toBe(`/supplies/index?batchId=${b.id}`);
  });

  it('a container command over many boxes: the shipper hears once, the suppliers not at all', async () => {
    const [held] = await t.db
      .select({ containerId: containerBoxes.containerId, n: boxPieces.id })
      .from(containerBoxes)
      .innerJoin(boxPieces, eq(boxPieces.id, containerBoxes.boxId))
      .where(eq(boxPieces.logisticsStatus, 4))
      .limit(1);
    const boxes = await t.db
      .select()
      .from(containerBoxes)
      .where(eq(containerBoxes.containerId, held.containerId));
    expect(boxes.length).toBeGreaterThan(2);
    const since = await lastMessage();
    const res = await call(t.app, 'POST', '/api/container/onBoard', {
      token: tok.logistics,
      body: {
        ids: [held.containerId],
        vessel: 'COSCO SHIPPING ARIES',
        voyage: '031S',
        seals: [{ containerId: held.containerId, sealNumber: 'CN9900001' }],
      },
    });
    expect(res.status).toBe(200);
    const got = await heard(since);
    expect(got.shipper).toEqual(['notice.boxes_moved']);
    expect(got.site).toEqual(['notice.boxes_moved']);
    expect(got.logistics).toEqual([]);
    // On board starts nobody's work but the provider's own: the suppliers are not told of it.
    expect(got.supplier).toEqual([]);
    expect(got.supplier2).toEqual([]);
  });
});
