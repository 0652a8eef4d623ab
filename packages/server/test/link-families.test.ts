// The spec's update and delete of containerBoxPiece and accessoryInfoBoxPiece: what a link carries (a
// remark; in a container the box's place and loading order) is changed by the company that registered the
// container or vehicle; a delete is the kernel's undo one step back with a reason, never a bare delete.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeRecords, tenants, users } from '../src/db/schema.ts';
import { boxPieces } from '../src/db/schema-boxes.ts';
import { containerBoxes, containers, vehicleBoxes, vehicles } from '../src/db/schema-logistics.ts';
import { call, loginAll, useTestApp } from './helpers.ts';

const t = useTestApp();
let tok: Record<string, string>;

const as = (
  who: string,
  method: 'PUT' | 'DELETE',
  url: string,
  body: unknown,
  query?: Record<string, string>,
) => call(t.app, method, url, { token: tok[who], body, query, lang: 'en' });
const link = async (id: number) =>
  (await t.db.select().from(containerBoxes).where(eq(containerBoxes.id, id)))[0];
const boxStatus = async (id: number) =>
  (await t.db.select().from(boxPieces).where(eq(boxPieces.id, id)))[0]?.logisticsStatus;

/** Links of the demo's planned container whose boxes are still only stuffed, and one on board. */
let stuffed: (typeof containerBoxes.$inferSelect)[];
let aboard: typeof containerBoxes.$inferSelect;

beforeAll(async () => {
  tok = await loginAll(t.app, ['shipper', 'supplier', 'supplier2', 'logistics']);
  const rows = await t.db
    .select({ link: containerBoxes, status: boxPieces.logisticsStatus })
    .from(containerBoxes)
    .innerJoin(boxPieces, eq(boxPieces.id, containerBoxes.boxId))
    .orderBy(containerBoxes.seq);
  stuffed = rows.filter((r) => r.status === 4 && r.link.x !== null).map((r) => r.link);
  aboard = rows.find((r) => r.status === 5)?.link as typeof aboard;
});

describe('PUT /api/containerBoxPiece', () => {
  it('the provider that registered the container notes a remark; the shipper and a supplier may not', async () => {
    const [first] = stuffed;
    const ok = await as('logistics', 'PUT', '/api/containerBoxPiece', {
      id: first.id,
      remark: '靠门，最后装',
    });
    expect(ok.status).toBe(200);
    expect((await link(first.id)).remark).toBe('靠门，最后装');
    expect((await as('shipper', 'PUT', '/api/containerBoxPiece', { id: first.id, remark: 'x' })).status).toBe(
      403,
    );
    expect([403, 404]).toContain(
      (await as('supplier', 'PUT', '/api/containerBoxPiece', { id: first.id, remark: 'x' })).status,
    );
    // A box already on board keeps its remark editable.
    expect(
      (await as('logistics', 'PUT', '/api/containerBoxPiece', { id: aboard.id, remark: '舱底' })).status,
    ).toBe(200);
    expect((await link(first.id)).remark).toBe('靠门，最后装');
  });

  it('moves a box and its loading order only to a place the container and its neighbours allow', async () => {
    const [a, b] = stuffed;
    const [box] = await t.db.select().from(boxPieces).where(eq(boxPieces.id, a.boxId));
    const [c] = await t.db.select().from(containers).where(eq(containers.id, a.containerId));
    const refuse = async (body: Record<string, unknown>, message: RegExp) => {
      const res = await as('logistics', 'PUT', '/api/containerBoxPiece', { id: a.id, ...body });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
    };
    await refuse({ seq: b.seq }, new RegExp(`^Loading order ${b.seq} is already box `));
    await refuse({ x: b.x, y: b.y, z: b.z }, new RegExp(`^Box ${box.boxNumber} overlaps another box`));
    await refuse(
      { x: c.innerLength - (a.l as number) + 50 },
      new RegExp(`^Box ${box.boxNumber} sticks out of container ${c.containerNumber}`),
    );
    await refuse({ h: (a.h as number) + 10 }, new RegExp(`^Box ${box.boxNumber} is placed in a size`));
    await refuse({ x: null }, /^A position needs x, y, z/);
    expect(await link(a.id)).toMatchObject({ seq: a.seq, x: a.x, y: a.y, z: a.z, h: a.h });
    const last = Math.max(...stuffed.map((s) => s.seq as number)) + 1;
    const ok = await as('logistics', 'PUT', '/api/containerBoxPiece', { id: a.id, seq: last });
    expect(ok.status).toBe(200);
    expect((await link(a.id)).seq).toBe(last);
    // On board, the container is sealed: its boxes stay where they are.
    const sealed = await as('logistics', 'PUT', '/api/containerBoxPiece', { id: aboard.id, seq: 99 });
    expect(sealed.status).toBe(400);
    expect(sealed.body.message).toMatch(/is past stuffing \(On board\)/);
  });
});

describe('DELETE /api/containerBoxPiece', () => {
  it('undoes packing one step back with the reason asked for; the link goes with the move', async () => {
    const a = stuffed[stuffed.length - 1];
    const noReason = await as('logistics', 'DELETE', '/api/containerBoxPiece', [a.id]);
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe('Give a reason');
    expect(await link(a.id)).toBeDefined();
    expect((await as('shipper', 'DELETE', '/api/containerBoxPiece', [a.id], { reason: '换箱' })).status).toBe(
      403,
    );
    expect(await link(a.id)).toBeDefined();
    const res = await as('logistics', 'DELETE', '/api/containerBoxPiece', [a.id], { reason: '换箱' });
    expect(res.status).toBe(200);
    expect(res.body.content[0]).toMatchObject({ id: a.boxId, logisticsStatus: 3 });
    expect(await link(a.id)).toBeUndefined();
    expect(await boxStatus(a.boxId)).toBe(3);
    const [event] = await t.db
      .select()
      .from(changeRecords)
      .where(and(eq(changeRecords.entityId, a.boxId), eq(changeRecords.action, 'undoPacking')));
    expect(event).toMatchObject({ fromStatus: '4', toStatus: '3', note: '换箱' });
  });

  it('refuses a box already on board (the machine has no such step back) and changes nothing', async () => {
    const res = await as('logistics', 'DELETE', '/api/containerBoxPiece', {
      ids: [aboard.id],
      reason: '错装',
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('state.not_allowed');
    expect(await link(aboard.id)).toBeDefined();
    expect(await boxStatus(aboard.boxId)).toBe(5);
  });

  it('answers 404 for a link the caller does not see, and moves nothing', async () => {
    const a = stuffed[0];
    const res = await as('logistics', 'DELETE', '/api/containerBoxPiece', {
      ids: [a.id, 99_999_999],
      reason: '换箱',
    });
    expect(res.status).toBe(404);
    expect(await boxStatus(a.boxId)).toBe(4);
  });
});

describe('accessoryInfoBoxPiece', () => {
  it('the company that registered the vehicle notes a remark and off-loads by link; another may not', async () => {
    const [row] = await t.db
      .select({ link: vehicleBoxes, owner: vehicles.ownerTenantId, status: boxPieces.logisticsStatus })
      .from(vehicleBoxes)
      .innerJoin(vehicles, eq(vehicles.id, vehicleBoxes.accessoryInfoId))
      .innerJoin(boxPieces, eq(boxPieces.id, vehicleBoxes.boxId))
      .where(eq(boxPieces.logisticsStatus, 1))
      .limit(1);
    const [owner] = await t.db
      .select({ username: users.username, end: tenants.end })
      .from(users)
      .innerJoin(tenants, eq(tenants.id, users.tenantId))
      .where(eq(users.tenantId, row.owner));
    const other = owner.username === 'logistics' ? 'supplier2' : 'logistics';
    const url = '/api/accessoryInfoBoxPiece';
    expect((await as(owner.username, 'PUT', url, { id: row.link.id, remark: '车厢前部' })).status).toBe(200);
    expect((await as(owner.username, 'PUT', url, { id: row.link.id, seq: 1 })).status).toBe(400);
    expect([403, 404]).toContain((await as(other, 'PUT', url, { id: row.link.id, remark: 'x' })).status);
    expect([403, 404]).toContain((await as(other, 'DELETE', url, [row.link.id], { reason: '换车' })).status);
    expect(await boxStatus(row.link.boxId)).toBe(1);
    const off = await as(owner.username, 'DELETE', url, { ids: [row.link.id], reason: '换车' });
    expect(off.status).toBe(200);
    expect(await boxStatus(row.link.boxId)).toBe(0);
    expect((await t.db.select().from(vehicleBoxes).where(eq(vehicleBoxes.id, row.link.id))).length).toBe(0);
  });
});
