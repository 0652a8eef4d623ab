// The logistics demo: a batch in each stage of the box machine, each one as the
// server would have it — batch status and logistics status as derived from its boxes, an event for every
// move, vehicles and containers with valid ISO 6346 numbers, a container planned in 3D that the planner's
// checker accepts, and a damage record whose photo can be opened.
import {
  BatchStatus,
  iso6346Problem,
  LogisticsStatus,
  type LogisticsStatusValue,
  logisticsMachine,
} from '@tradelane/contract';
import { type BoxSpec, checkPlan } from '@tradelane/loadplan';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeRecords } from '../src/db/schema.ts';
import { boxPieces } from '../src/db/schema-boxes.ts';
import { abnormalRecords, containerBoxes, containers, vehicleBoxes } from '../src/db/schema-logistics.ts';
import { projectBatches } from '../src/db/schema-project.ts';
import { deriveBatchFromBoxes } from '../src/modules/project/batch-status.ts';
import { call, loginAll, useTestApp } from './helpers.ts';

const t = useTestApp();
let tok: Record<string, string>;
const S = LogisticsStatus;

/** Each demo lot and the stage it stands at (its slowest box that is not sent back). */
const stages: [string, LogisticsStatusValue][] = [
  ['CTG4-B006', S.notLoaded],
  ['JKT2-B004', S.loaded],
  ['JKT2-B005', S.shipped],
  ['JKT2-B006', S.inTransit],
  ['JKT2-B007', S.boxed],
  ['JKT2-B008', S.onBoard],
  ['CTG4-B005', S.unloaded],
  ['CTG4-B004', S.unpacked],
  ['CTG4-B003', S.delivered],
  ['CTG4-B002', S.received],
  ['CTG4-B001', S.signed],
];

async function batchOf(number: string) {
  const [b] = await t.db.select().from(projectBatches).where(eq(projectBatches.batchNumber, number));
  return b;
}

beforeAll(async () => {
  tok = await loginAll(t.app, ['shipper', 'logistics', 'supplier', 'supplier2', 'site']);
});

describe('the logistics demo', () => {
  it('has a batch in every stage of the machine, its status what the server derives from its boxes', async () => {
    const covered = new Set<number>();
    for (const [number, stage] of stages) {
      const b = await batchOf(number);
      expect(b, number).toBeDefined();
      expect([number, b.logisticsStatus]).toEqual([number, stage]);
      covered.add(stage);
      // Deriving again changes nothing: the seed left what the server would have.
      await deriveBatchFromBoxes(t.db, { username: 'check', tenantId: b.tenantId }, b.id);
      const again = await batchOf(number);
      expect([number, again.status, again.logisticsStatus]).toEqual([number, b.status, b.logisticsStatus]);
      const boxes = await t.db.select().from(boxPieces).where(eq(boxPieces.batchId, b.id));
      expect(boxes.length).toBeGreaterThan(0);
      const expected =
        stage === S.signed
          ? BatchStatus.closed
          : stage >= S.delivered
            ? BatchStatus.delivered
            : stage > S.notLoaded
              ? BatchStatus.shipping
              : BatchStatus.packing;
      expect([number, b.status]).toEqual([number, expected]);
    }
    const back = await t.db.select().from(boxPieces).where(eq(boxPieces.logisticsStatus, S.backToSupplier));
    expect(back.length).toBe(1);
    covered.add(S.backToSupplier);
    expect([...covered].sort((a, b) => a - b)).toEqual(Object.values(S).sort((a, b) => a - b));
  });

  it('every move of every box is an event the machine allows, with who, when and where, in order', async () => {
    for (const [number] of stages) {
      const b = await batchOf(number);
      const boxes = await t.db.select().from(boxPieces).where(eq(boxPieces.batchId, b.id));
      for (const box of boxes) {
        const events = await t.db
          .select()
          .from(changeRecords)
          .where(and(eq(changeRecords.entity, 'boxPiece'), eq(changeRecords.entityId, box.id)))
          .orderBy(asc(changeRecords.createTime), asc(changeRecords.id));
        let at: number = S.notLoaded;
        let last = 0;
        for (const e of events) {
          expect(e.createTime.getTime()).toBeGreaterThanOrEqual(last);
          expect(e.createTime.getTime()).toBeLessThan(Date.now());
          last = e.createTime.getTime();
          if (!logisticsMachine.some((m) => m.event === e.action)) continue;
          const move = logisticsMachine.find(
            (m) => m.from === at && m.event === e.action && String(m.to) === e.toStatus,
          );
          expect(move, `${box.boxNumber} ${e.action} from ${at}`).toBeDefined();
          expect(e.createBy).toBeTruthy();
          expect(e.actorTenantId).toBeTruthy();
          expect(e.place, `${box.boxNumber} ${e.action} has a place`).toBeTruthy();
          if (move?.guard === 'reason') expect(e.note).toBeTruthy();
          at = Number(e.toStatus);
        }
        expect([box.boxNumber, at]).toEqual([box.boxNumber, box.logisticsStatus]);
      }
    }
  });

  it('vehicles carry the loaded boxes; containers have valid ISO 6346 numbers and hold no more than they take', async () => {
    const cs = await t.db.select().from(containers);
    expect(cs.length).toBeGreaterThanOrEqual(8);
    for (const c of cs) {
      expect([c.containerNumber, iso6346Problem(c.containerNumber)]).toEqual([c.containerNumber, undefined]);
      const inside = await t.db
        .select({ weight: boxPieces.grossWeight })
        .from(containerBoxes)
        .innerJoin(boxPieces, eq(boxPieces.id, containerBoxes.boxId))
        .where(eq(containerBoxes.containerId, c.id));
      expect(inside.length).toBeGreaterThan(0);
      expect(inside.reduce((s, r) => s + Number(r.weight), 0)).toBeLessThanOrEqual(Number(c.maxPayload));
    }
    const onBoard = await batchOf('JKT2-B008');
    const sailing = cs.filter((c) => c.batchId === onBoard.id);
    expect(sailing.every((c) => c.vessel && c.voyage && c.blNumber && c.etd && !c.ata)).toBe(true);
    const loaded = await batchOf('JKT2-B004');
    const boxes = await t.db.select().from(boxPieces).where(eq(boxPieces.batchId, loaded.id));
    const carried = await t.db
      .select()
      .from(vehicleBoxes)
      .where(
        inArray(
          vehicleBoxes.boxId,
          boxes.map((b) => b.id),
        ),
      );
    expect(carried.length).toBe(boxes.length);
  });

  it('one container has a stored 3D plan the planner’s checker accepts', async () => {
    const planned = (await t.db.select().from(containers)).filter((c) => c.plan);
    expect(planned.length).toBe(1);
    const c = planned[0]!;
    const rows = await t.db
      .select()
      .from(containerBoxes)
      .innerJoin(boxPieces, eq(boxPieces.id, containerBoxes.boxId))
      .where(eq(containerBoxes.containerId, c.id))
      .orderBy(asc(containerBoxes.seq));
    expect(rows.length).toBe((c.plan as { boxCount: number }).boxCount);
    const specs: BoxSpec[] = rows.map(({ box_piece: b }) => ({
      l: b.length,
      w: b.width,
      h: b.height,
      qty: 1,
      weight: Number(b.grossWeight),
      stackable: b.stackable,
      ...(b.thisSideUp ? { vertical: [false, false, true] as const } : {}),
    }));
    const placements = rows.map(({ container_box_piece: p }, type) => ({
      type,
      x: p.x as number,
      y: p.y as number,
      z: p.z as number,
      l: p.l as number,
      w: p.w as number,
      h: p.h as number,
    }));
    expect(rows.map((r) => r.container_box_piece.seq)).toEqual(rows.map((_, i) => i + 1));
    const spec = { l: c.innerLength, w: c.innerWidth, h: c.innerHeight, maxPayload: Number(c.maxPayload) };
    expect(checkPlan(spec, specs, placements).violations).toEqual([]);
  });

  it('the damage record has a photo the parties can open; a stranger cannot', async () => {
    const [rec] = await t.db.select().from(abnormalRecords);
    expect(rec).toBeDefined();
    expect(rec!.photoIds.length).toBe(1);
    const list = await call(t.app, 'GET', '/api/abnormalRecord', { token: tok.site, lang: 'en' });
    expect(list.status).toBe(200);
    const row = list.body.content.find((r: { id: number }) => r.id === rec!.id);
    expect(row).toMatchObject({ typeLabel: 'Damage', atStatusLabel: 'Delivered' });
    expect(row.photos).toHaveLength(1);
    for (const who of ['site', 'shipper', 'supplier', 'logistics']) {
      const photo = await t.app.inject({
        method: 'GET',
        url: row.photos[0].url,
        headers: { authorization: tok[who]! },
      });
      expect([who, photo.statusCode, photo.headers['content-type']]).toEqual([who, 200, 'image/png']);
      expect(photo.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    }
    const stranger = await t.app.inject({
      method: 'GET',
      url: row.photos[0].url,
      headers: { authorization: tok.supplier2! },
    });
    expect(stranger.statusCode).toBe(404);
  });

  it('the site staff sees the demo batches’ boxes and timelines', async () => {
    const b = await batchOf('CTG4-B002');
    const live = await call(t.app, 'GET', '/api/batchIntransitLive', {
      token: tok.site,
      query: { batchId: b.id },
      lang: 'en',
    });
    expect(live.status).toBe(200);
    expect(live.body.map((e: { action: string }) => e.action).slice(0, 3)).toEqual([
      'backSupplier',
      'receive',
      'abnormal',
    ]);
  });
});
