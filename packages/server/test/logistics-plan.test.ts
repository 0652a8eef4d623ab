// Load plans for a batch's real boxes: the demo batch JKT2-B001 is carried to domestic
// transit through the API, then planned into 40HQs (payload splits the cases, the out-of-gauge
// transformer is listed apart, the door keeps tall cases out of 20GPs), accepted into registered
// containers (positions stored, the plan kept), refused when off centre or to anyone but the provider,
// and printed as a loading sheet read back with pdftotext.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BoxSpec, type ContainerPlan, checkPlan } from '@tradelane/loadplan';
import { and, eq, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { boxPieces } from '../src/db/schema-boxes.ts';
import { containerBoxes, containers } from '../src/db/schema-logistics.ts';
import { batchPartners, projectBatches } from '../src/db/schema-project.ts';
import { call, loginAll, useTestApp } from './helpers.ts';

const t = useTestApp();
let tok: Record<string, string>;
let batchId: number;
let boxes: number[];

const as = (who: string, method: 'GET' | 'POST', url: string, body?: unknown, lang?: 'zh' | 'en') =>
  call(t.app, method, url, {
    token: tok[who],
    ...(method === 'GET' ? { query: body as Record<string, string | number> } : { body }),
    lang,
  });

type Proposal = {
  typeCode: string;
  plan: ContainerPlan;
  boxPieceIds: number[];
  boxNumbers: string[];
};
let proposal: { boxes: BoxSpec[]; containers: Proposal[] };

const placementsOf = (p: Proposal) =>
  p.plan.placements.map((pl, i) => ({
    boxPieceId: p.boxPieceIds[i],
    seq: i + 1,
    x: pl.x,
    y: pl.y,
    z: pl.z,
    l: pl.l,
    w: pl.w,
    h: pl.h,
  }));
const summaryOf = (p: Proposal) => ({
  typeCode: p.typeCode,
  volumeUtilisation: p.plan.volumeUtilisation,
  weightUtilisation: p.plan.weightUtilisation,
  totalWeight: p.plan.totalWeight,
  centreOfGravity: p.plan.centreOfGravity,
  cogOffset: p.plan.cogOffset,
});

beforeAll(async () => {
  tok = await loginAll(t.app, ['shipper', 'supplier', 'logistics']);
  const [b] = await t.db.select().from(projectBatches).where(eq(projectBatches.batchNumber, 'JKT2-B001'));
  batchId = b.id;
  boxes = (await t.db.select().from(boxPieces).where(eq(boxPieces.batchId, batchId)))
    .filter((x) => x.status === 1)
    .map((x) => x.id);
  const v = await as('supplier', 'POST', '/api/accessoryInfo', { batchId, plateNumber: '沪A·12345' });
  expect(
    (
      await as('supplier', 'POST', '/api/accessoryInfoBoxPiece', {
        accessoryInfoId: v.body.id,
        boxPieceIds: boxes,
      })
    ).status,
  ).toBe(201);
  expect((await as('supplier', 'POST', '/api/boxPiece/ship', { batchId })).status).toBe(200);
  expect(
    (await as('supplier', 'POST', '/api/boxPiece/transit', { ids: boxes, place: '洋山港' })).status,
  ).toBe(200);
});

describe('proposing containers for a batch', () => {
  it('plans the fewest 40HQs within payload and size, lists the out-of-gauge box apart, balances each', async () => {
    const res = await as('logistics', 'POST', '/api/container/plan', {
      batchId,
      typeCodes: ['40HQ'],
      timeLimitMs: 1000,
    });
    expect(res.status).toBe(200);
    proposal = res.body;
    // 148 t, 9.8 × 3.6 × 4.2 m: fits no container.
    expect(res.body.outOfGauge).toHaveLength(1);
    expect(res.body.outOfGauge[0]).toMatchObject({ length: 9800, reason: 'size' });
    expect(res.body.unplaced).toEqual([]);
    // 23.6 t + 2 × 10.4 t = 44.4 t over a 26.54 t payload: two containers, the weight lower bound.
    expect(res.body.boxCount).toBe(3);
    expect(res.body.lowerBounds).toEqual({ volume: 1, weight: 2 });
    expect(res.body.containers).toHaveLength(2);
    const placed = res.body.containers.flatMap((c: Proposal) => c.boxPieceIds);
    expect(placed.sort()).toEqual(boxes.filter((id) => id !== res.body.outOfGauge[0].boxPieceId).sort());
    for (const c of res.body.containers as Proposal[]) {
      expect(c.typeCode).toBe('40HQ');
      expect(c.plan.totalWeight).toBeLessThanOrEqual(26540);
      for (const p of c.plan.placements) {
        expect(p.x + p.l).toBeLessThanOrEqual(12032);
        // Within the door's width (2,340 of 2,350 mm), centred.
        expect(p.y).toBeGreaterThanOrEqual(5);
        expect(p.y + p.w).toBeLessThanOrEqual(2345);
        expect(p.z + p.h).toBeLessThanOrEqual(2697);
      }
      // Centre of gravity within 10% of the length and width from the middle.
      expect(Math.abs(c.plan.cogOffset!.x)).toBeLessThanOrEqual(0.1);
      expect(Math.abs(c.plan.cogOffset!.y)).toBeLessThanOrEqual(0.1);
      const counts = res.body.boxes.map((b: BoxSpec) => b.qty);
      expect(checkPlan(c.plan.container, res.body.boxes, c.plan.placements, { counts }).violations).toEqual(
        [],
      );
    }
  });

  it('the door counts: cases taller than a 20GP door (2,274 mm) fit no 20GP', async () => {
    const res = await as('logistics', 'POST', '/api/container/plan', {
      batchId,
      typeCodes: ['20GP'],
      timeLimitMs: 500,
    });
    expect(res.status).toBe(200);
    expect(res.body.containers).toEqual([]);
    expect(res.body.outOfGauge).toHaveLength(4);
  });

  it('is the provider’s: others are refused, a batch it does not serve is not there', async () => {
    const body = { batchId, typeCodes: ['40HQ'], timeLimitMs: 300 };
    expect((await as('supplier', 'POST', '/api/container/plan', body)).status).toBe(403);
    expect((await as('shipper', 'POST', '/api/container/plan', body)).status).toBe(403);
    expect((await as('logistics', 'POST', '/api/container/plan', { ...body, batchId: 999_999 })).status).toBe(
      404,
    );
    const [other] = await t.db
      .select({ id: projectBatches.id })
      .from(projectBatches)
      .where(ne(projectBatches.id, batchId));
    await t.db
      .delete(batchPartners)
      .where(and(eq(batchPartners.batchId, other.id)))
      .returning();
    expect(
      (await as('logistics', 'POST', '/api/container/plan', { ...body, batchId: other.id })).status,
    ).toBe(404);
    const unknown = await as(
      'logistics',
      'POST',
      '/api/container/plan',
      { ...body, typeCodes: ['99XX'] },
      'en',
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Unknown container type 99XX');
  });
});

describe('accepting a proposal', () => {
  const ids: number[] = [];

  it('registers containers and stuffs each with its placements; the plan is kept', async () => {
    for (const containerNumber of ['CSQU3054383', 'MSKU1234565']) {
      const c = await as('logistics', 'POST', '/api/container', {
        batchId,
        containerNumber,
        typeCode: '40HQ',
      });
      expect(c.status).toBe(201);
      ids.push(c.body.id);
    }
    const [first] = proposal.containers;
    const res = await as('logistics', 'POST', '/api/containerBoxPiece', {
      containerId: ids[0],
      boxPieceIds: first!.boxPieceIds,
      placements: placementsOf(first!),
      plan: summaryOf(first!),
    });
    expect(res.status).toBe(201);
    const rows = await t.db.select().from(containerBoxes).where(eq(containerBoxes.containerId, ids[0]!));
    expect(rows.map((r) => [r.boxId, r.seq, r.x, r.y, r.z])).toEqual(
      placementsOf(first!).map((p) => [p.boxPieceId, p.seq, p.x, p.y, p.z]),
    );
    const [c] = await t.db.select().from(containers).where(eq(containers.id, ids[0]!));
    expect(c.plan).toMatchObject({ typeCode: '40HQ', boxCount: first!.boxPieceIds.length });
    const stored = await as('logistics', 'GET', '/api/container/plan', { id: ids[0]! });
    expect(stored.status).toBe(200);
    expect(stored.body.planned).toBe(true);
    expect(stored.body.plan.placements.map((p: { x: number }) => p.x)).toEqual(
      first!.plan.placements.map((p) => p.x),
    );
    expect(stored.body.plan.cogOffset.x).toBeCloseTo(first!.plan.cogOffset!.x, 6);
    expect(stored.body.plan.cogOffset.y).toBeCloseTo(first!.plan.cogOffset!.y, 6);
    // The shipper sees the plan too; the supplier does not see containers.
    expect((await as('shipper', 'GET', '/api/container/plan', { id: ids[0]! })).status).toBe(200);
    expect((await as('supplier', 'GET', '/api/container/plan', { id: ids[0]! })).status).toBe(403);
  });

  it('refuses placements off centre, outside the container or not matching the boxes; nothing changes', async () => {
    const second = proposal.containers[1]!;
    const base = placementsOf(second);
    // Everything against the back wall and one side: the centre is far off the middle.
    let x = 0;
    const atBack = base.map((p) => {
      const q = { ...p, x, y: 0, z: 0 };
      x += p.l;
      return q;
    });
    const off = await as(
      'logistics',
      'POST',
      '/api/containerBoxPiece',
      { containerId: ids[1], boxPieceIds: second.boxPieceIds, placements: atBack },
      'en',
    );
    expect(off.status).toBe(400);
    expect(off.body.message).toMatch(
      /^The centre of gravity of container MSKU1234565 is too far off the middle \([\d.]+% lengthwise, [\d.]+% crosswise, limit 10%\)$/,
    );
    // Sticking out through the door.
    const outside = base.map((p) => ({ ...p, x: 12032 - p.l + 100, y: 0, z: 0 }));
    expect(
      (
        await as('logistics', 'POST', '/api/containerBoxPiece', {
          containerId: ids[1],
          boxPieceIds: second.boxPieceIds,
          placements: outside,
        })
      ).status,
    ).toBe(400);
    const missing = await as('logistics', 'POST', '/api/containerBoxPiece', {
      containerId: ids[1],
      boxPieceIds: second.boxPieceIds,
      placements: base.slice(1),
    });
    expect(missing.status).toBe(400);
    expect(
      (await t.db.select().from(containerBoxes).where(eq(containerBoxes.containerId, ids[1]!))).length,
    ).toBe(0);
    const ok = await as('logistics', 'POST', '/api/containerBoxPiece', {
      containerId: ids[1],
      boxPieceIds: second.boxPieceIds,
      placements: base,
      plan: summaryOf(second),
    });
    expect(ok.status).toBe(201);
  });

  it('prints the loading sheet in the reader’s language', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sheet-'));
    const read = async (lang: 'zh' | 'en', id = ids[1]!) => {
      const res = await call(t.app, 'GET', '/api/container/loadingSheet', {
        token: tok.logistics,
        query: { id },
        lang,
      });
      expect(res.status).toBe(200);
      expect(res.raw.headers['content-type']).toBe('application/pdf');
      const file = join(dir, `${lang}-${id}.pdf`);
      writeFileSync(file, res.raw.rawPayload);
      return execFileSync('pdftotext', ['-layout', file, '-']).toString();
    };
    const second = proposal.containers[1]!;
    const zh = await read('zh');
    expect(zh).toContain('装箱单');
    expect(zh).toContain('MSKU1234565');
    expect(zh).toContain('第 1 步');
    expect(zh).toContain('正放');
    expect(zh).toContain('重心');
    for (const n of second.boxNumbers) expect(zh).toContain(n);
    const en = await read('en');
    expect(en).toContain('Loading sheet');
    expect(en).toContain('Step 1: boxes 1');
    expect(en).toContain('upright');
    expect(en).toContain('Centre of gravity');
    // Its cargo weight, grouped as a reader expects (which container gets the 23.6 t box is the planner's choice).
    expect(en).toContain(`Cargo / payload (kg)`);
    expect(en).toContain(`${second.plan.totalWeight.toLocaleString('en-US')} / 26,540`);
    // Handling as each box declares it; which container holds the box that takes nothing on top is the
    // planner's choice, so both sheets are read for it.
    expect(en).toMatch(/this side up/);
    expect(`${en}\n${await read('en', ids[0]!)}`).toMatch(/this side up, no stacking/);
    expect((await as('supplier', 'GET', '/api/container/loadingSheet', { id: ids[1]! })).status).toBe(403);
  });
});
