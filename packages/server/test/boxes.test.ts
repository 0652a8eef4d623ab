// Boxes and packing: who sees which boxes, the rules a box and its contents obey, the packing
// list's submit/return cycle, packing progress, checkShipment, and two packers racing for one row.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { boxPieceDetails, boxPieces } from '../src/db/schema-boxes.ts';
import { batchPartners, projectBatches, supplies } from '../src/db/schema-project.ts';
import { call, loginAll, useTestApp } from './helpers.ts';

const t = useTestApp();
let tok: Record<string, string>;
const batch: Record<string, number> = {};
let row: Record<string, number>;

const carton = {
  packageType: 'carton',
  length: 1200,
  width: 800,
  height: 900,
  grossWeight: 500,
  netWeight: 450,
};

beforeAll(async () => {
  tok = await loginAll(t.app, ['admin', 'shipper', 'supplier', 'supplier2', 'logistics', 'trial']);
  // The demo project JKT2's batches by their short number (the second demo project has its own B001…).
  for (const b of await t.db.select().from(projectBatches))
    if (b.batchNumber.startsWith('JKT2-')) batch[b.batchNumber.slice(-4)] = b.id;
  const rows = await t.db.select().from(supplies).where(eq(supplies.batchId, batch.B001));
  row = Object.fromEntries(rows.map((r) => [r.materialCode as string, r.id]));
});

const boxesOf = async (who: string, query: Record<string, string | number> = {}) =>
  (await call(t.app, 'GET', '/api/boxPiece', { token: tok[who], query: { size: 100, ...query } })).body;
const progressOf = async (code: string) => {
  const res = await call(t.app, 'GET', '/api/boxPiece/packingProgress', {
    token: tok.supplier,
    query: { batchId: batch.B001 },
  });
  return res.body.rows.find((r: { suppliesId: number }) => r.suppliesId === row[code]);
};
const count = async () => (await t.db.select().from(boxPieces)).length;
/** The supplier's progress on batch B001 (batch partner bpStatus). */
const partStatus = async (supplierTenantId: number) => {
  const [bp] = await t.db
    .select()
    .from(batchPartners)
    .where(and(eq(batchPartners.batchId, batch.B001), eq(batchPartners.partnerTenantId, supplierTenantId)));
  return bp?.bpStatus;
};

describe('who sees which boxes', () => {
  it('the supplier its own, the shipper all of its batches, logistics the submitted ones, others none', async () => {
    const onB001 = { batchId: batch.B001 };
    expect((await boxesOf('supplier', onB001)).totalElements).toBe(5);
    expect((await boxesOf('shipper', onB001)).totalElements).toBe(5);
    const lg = await boxesOf('logistics', onB001);
    expect(lg.totalElements).toBe(4);
    expect((await boxesOf('supplier2', onB001)).totalElements).toBe(0);
    // Across every batch of the demo: logistics sees handed-over boxes only, a supplier its own only,
    // another shipper none.
    const everyBatch = await boxesOf('logistics', { size: 500 });
    const shipperSees = (await boxesOf('shipper', { size: 500 })).totalElements;
    expect(everyBatch.totalElements).toBeGreaterThan(4);
    expect(everyBatch.totalElements).toBeLessThan(shipperSees);
    expect(everyBatch.content.every((b: { status: number }) => b.status === 1)).toBe(true);
    for (const who of ['supplier', 'supplier2']) {
      const own = await boxesOf(who, { size: 500 });
      const [user] = await t.db.select().from(users).where(eq(users.username, who));
      expect(own.totalElements).toBeGreaterThan(0);
      expect(
        own.content.every((b: { supplierTenantId: number }) => b.supplierTenantId === user?.tenantId),
      ).toBe(true);
    }
    expect((await boxesOf('trial')).totalElements).toBe(0);
  });

  it('another supplier cannot read a box by id, by scan token, or its contents', async () => {
    const [box] = (await boxesOf('supplier')).content;
    const byId = await call(t.app, 'GET', '/api/boxPiece/queryById', {
      token: tok.supplier2,
      query: { id: box.id },
    });
    expect(byId.status).toBe(404);
    const scan = await call(t.app, 'GET', '/api/boxPiece/queryByBoxId', {
      token: tok.supplier2,
      query: { boxId: box.token },
      lang: 'en',
    });
    expect(scan.status).toBe(404);
    expect(scan.body.message).toBe('No such box, or not yours to see');
    const contents = await call(t.app, 'GET', '/api/boxPieceDetail', {
      token: tok.supplier2,
      query: { boxId: box.id },
    });
    expect(contents.body.totalElements).toBe(0);
    const mine = await call(t.app, 'GET', '/api/boxPiece/queryByBoxId', {
      token: tok.shipper,
      query: { boxId: box.token },
    });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ boxNumber: box.boxNumber, contentCount: 1 });
    expect(mine.body.contents[0]).toMatchObject({ name: expect.any(String), unit: expect.any(String) });
  });

  it('the demo has an out-of-gauge box and partly packed rows', async () => {
    const oog = await boxesOf('shipper', { outOfGauge: 'true', batchId: batch.B001 });
    expect(oog.totalElements).toBe(1);
    expect(oog.content[0]).toMatchObject({ packageType: 'bare', outOfGauge: true });
    expect(await progressOf('SE-TR-180')).toMatchObject({ quantity: 2, packed: 1, left: 1, progress: 1 });
    expect(await progressOf('SE-LV-MNS')).toMatchObject({ packed: 0, left: 18, progress: 0 });
    expect(await progressOf('SE-TR-SPK')).toMatchObject({ left: 0, progress: 2 });
  });
});

describe('a box obeys its rules', () => {
  it('net over gross, a zero size, a bad SSCC: a clear 400 in both languages, nothing created', async () => {
    const before = await count();
    const net = await call(t.app, 'POST', '/api/boxPiece', {
      token: tok.supplier,
      body: { ...carton, batchId: batch.B001, netWeight: 600 },
    });
    expect(net.status).toBe(400);
    expect(net.body).toMatchObject({ code: 'boxes.net_over_gross', message: '净重不能大于毛重' });
    const zero = await call(t.app, 'POST', '/api/boxPiece', {
      token: tok.supplier,
      body: { ...carton, batchId: batch.B001, width: 0 },
      lang: 'en',
    });
    expect(zero.status).toBe(400);
    expect(zero.body.field).toBe('width');
    expect(zero.body.message).toContain('must be a whole number of mm above 0');
    const sscc = await call(t.app, 'POST', '/api/boxPiece', {
      token: tok.supplier,
      body: { ...carton, batchId: batch.B001, sscc: '012345678901234567' },
      lang: 'en',
    });
    expect(sscc.status).toBe(400);
    expect(sscc.body.message).toContain('check digit');
    expect(await count()).toBe(before);
  });

  it('only a supplier of the batch with a confirmed list creates boxes', async () => {
    const before = await count();
    const draftList = await call(t.app, 'POST', '/api/boxPiece', {
      token: tok.supplier,
      body: { ...carton, batchId: batch.B003 },
      lang: 'en',
    });
    expect(draftList.status).toBe(400);
    expect(draftList.body.code).toBe('boxes.list_not_confirmed');
    const stranger = await call(t.app, 'POST', '/api/boxPiece', {
      token: tok.supplier2,
      body: { ...carton, batchId: batch.B001 },
    });
    expect(stranger.status).toBe(404);
    const shipper = await call(t.app, 'POST', '/api/boxPiece', {
      token: tok.shipper,
      body: { ...carton, batchId: batch.B001 },
    });
    expect(shipper.status).toBe(403);
    expect(await count()).toBe(before);
  });

  it('numbers itself, computes its volume and flags a box that passes no container door', async () => {
    const ok = await call(t.app, 'POST', '/api/boxPiece', {
      token: tok.supplier,
      body: { ...carton, batchId: batch.B001 },
    });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ volume: 0.864, outOfGauge: false, status: 0 });
    expect(ok.body.boxNumber).toMatch(/^JKT2-B001-S\d+-006$/);
    expect(ok.body.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const big = await call(t.app, 'PUT', '/api/boxPiece', {
      token: tok.supplier,
      body: { id: ok.body.id, length: 3000, width: 2500, height: 2600 },
    });
    expect(big.status).toBe(200);
    expect(big.body).toMatchObject({ outOfGauge: true, volume: 19.5 });
    const taken = await call(t.app, 'PUT', '/api/boxPiece', {
      token: tok.supplier,
      body: { id: ok.body.id, boxNumber: 'JKT2-B001-S' + ok.body.supplierTenantId + '-001' },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('boxes.number_taken');
    const del = await call(t.app, 'DELETE', '/api/boxPiece', { token: tok.supplier, body: [ok.body.id] });
    expect(del.status).toBe(200);
  });
});

describe('packing', () => {
  it('packs confirmed rows into a new box; never more than a row holds; remaining shown', async () => {
    const res = await call(t.app, 'POST', '/api/boxPieceDetail/createDetail', {
      token: tok.supplier,
      body: {
        box: { ...carton, batchId: batch.B001 },
        items: [{ suppliesId: row['SE-LV-MNS'], quantity: 10 }],
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.contents).toHaveLength(1);
    expect(await progressOf('SE-LV-MNS')).toMatchObject({ packed: 10, left: 8, progress: 1 });
    // The box's content row, as its list shows it: the material row's words and what is left of it.
    const listed = await call(t.app, 'GET', `/api/boxPieceDetail?boxId=${res.body.id}`, {
      token: tok.supplier,
    });
    expect(listed.status).toBe(200);
    expect(listed.body.content).toEqual([
      expect.objectContaining({ quantity: 10, name: '低压配电柜', rowQuantity: 18, left: 8 }),
    ]);
    const before = await count();
    const over = await call(t.app, 'POST', '/api/boxPieceDetail/createDetail', {
      token: tok.supplier,
      body: {
        box: { ...carton, batchId: batch.B001 },
        items: [{ suppliesId: row['SE-LV-MNS'], quantity: 9 }],
      },
    });
    expect(over.status).toBe(400);
    expect(over.body.code).toBe('boxes.over_quantity');
    expect(over.body.message).toBe('物料「低压配电柜」装箱数量超出：剩余 8，本次 9');
    expect(await count()).toBe(before);
    const intoExisting = await call(t.app, 'POST', '/api/boxPieceDetail', {
      token: tok.supplier,
      body: { boxId: res.body.id, suppliesId: row['SE-TR-180'], quantity: 2 },
      lang: 'en',
    });
    expect(intoExisting.status).toBe(400);
    expect(intoExisting.body.message).toBe('Too much of "主变压器" packed: 1 left, 2 asked');
    // A material the box holds already is changed on its line, never packed in it twice.
    const twice = await call(t.app, 'POST', '/api/boxPieceDetail', {
      token: tok.supplier,
      body: { boxId: res.body.id, suppliesId: row['SE-LV-MNS'], quantity: 1 },
    });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('unique.generic');
    // Deleting the box frees its quantities.
    await call(t.app, 'DELETE', '/api/boxPiece', { token: tok.supplier, body: [res.body.id] });
    expect(await progressOf('SE-LV-MNS')).toMatchObject({ packed: 0, left: 18, progress: 0 });
    expect(
      await t.db.select().from(boxPieceDetails).where(eq(boxPieceDetails.boxId, res.body.id)),
    ).toHaveLength(0);
  });

  it('a row of an unconfirmed list, or of another supplier, cannot be packed', async () => {
    const [draftRow] = await t.db.select().from(supplies).where(eq(supplies.batchId, batch.B003));
    const box = (await boxesOf('supplier', { status: 0 })).content[0];
    for (const suppliesId of [draftRow.id]) {
      const res = await call(t.app, 'POST', '/api/boxPieceDetail', {
        token: tok.supplier,
        body: { boxId: box.id, suppliesId, quantity: 1 },
      });
      expect(res.status).toBe(400);
    }
    const foreign = await call(t.app, 'POST', '/api/boxPieceDetail', {
      token: tok.supplier2,
      body: { boxId: box.id, suppliesId: row['SE-LV-MNS'], quantity: 1 },
    });
    expect(foreign.status).toBe(404);
  });
});

describe('the packing list: submit, locked, returned with a reason, resubmitted', () => {
  it('an empty box blocks the submit and is named; nothing moves', async () => {
    const empty = await call(t.app, 'POST', '/api/boxPiece', {
      token: tok.supplier,
      body: { ...carton, batchId: batch.B001, boxNumber: 'EMPTY-1' },
    });
    const res = await call(t.app, 'POST', '/api/boxPiece/submitCustomer', {
      token: tok.supplier,
      query: { batchId: batch.B001 },
      lang: 'en',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Box EMPTY-1 is empty and cannot be submitted');
    expect((await boxesOf('supplier', { status: 0 })).totalElements).toBe(2);
    await call(t.app, 'DELETE', '/api/boxPiece', { token: tok.supplier, body: [empty.body.id] });
  });

  it('submits, locks, is returned with a reason, and goes again', async () => {
    const shipperCannot = await call(t.app, 'POST', '/api/boxPiece/submitCustomer', {
      token: tok.shipper,
      query: { batchId: batch.B001, partnetId: (await boxesOf('supplier')).content[0].supplierTenantId },
    });
    expect(shipperCannot.status).toBe(403);
    const res = await call(t.app, 'POST', '/api/boxPiece/submitCustomer', {
      token: tok.supplier,
      query: { batchId: batch.B001 },
    });
    expect(res.status).toBe(200);
    expect(res.body.content).toHaveLength(1);
    expect(res.body.content[0]).toMatchObject({ status: 1, actions: [] });
    // The supplier's part on the batch moves with its packing list: handed over, it is complete.
    const supplierTenant = res.body.content[0].supplierTenantId as number;
    expect(await partStatus(supplierTenant)).toBe(4);
    expect((await boxesOf('logistics', { batchId: batch.B001 })).totalElements).toBe(5);
    const box = res.body.content[0];
    const put = await call(t.app, 'PUT', '/api/boxPiece', {
      token: tok.supplier,
      body: { id: box.id, remark: 'late' },
      lang: 'en',
    });
    expect(put.status).toBe(400);
    expect(put.body.message).toBe(
      'The box has been submitted to the shipper: it cannot be changed or deleted',
    );
    const del = await call(t.app, 'DELETE', '/api/boxPiece', { token: tok.supplier, body: [box.id] });
    expect(del.status).toBe(400);
    const out = await call(t.app, 'POST', '/api/boxPieceDetail/removeDetail', {
      token: tok.supplier,
      body: [box.contents[0].id],
    });
    expect(out.status).toBe(400);
    const again = await call(t.app, 'POST', '/api/boxPiece/submitCustomer', {
      token: tok.supplier,
      query: { batchId: batch.B001 },
    });
    expect(again.body.code).toBe('boxes.nothing_to_submit');

    const noReason = await call(t.app, 'POST', '/api/boxPiece/back', {
      token: tok.shipper,
      body: { batchId: batch.B001, partnetId: box.supplierTenantId, reason: ' ' },
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toContain('请填写退回原因');
    const back = await call(t.app, 'POST', '/api/boxPiece/back', {
      token: tok.shipper,
      body: { batchId: batch.B001, partnetId: box.supplierTenantId, reason: '唛头缺少合同号' },
    });
    expect(back.status).toBe(200);
    expect(back.body.content).toHaveLength(5);
    expect(await partStatus(box.supplierTenantId)).toBe(3);
    const mine = await boxesOf('supplier', { batchId: batch.B001 });
    expect(
      mine.content.every(
        (b: { status: number; reason: string }) => b.status === 2 && b.reason === '唛头缺少合同号',
      ),
    ).toBe(true);
    expect((await boxesOf('logistics', { batchId: batch.B001 })).totalElements).toBe(0);
    const fixed = await call(t.app, 'PUT', '/api/boxPiece', {
      token: tok.supplier,
      body: { id: box.id, remark: '已补合同号' },
    });
    expect(fixed.status).toBe(200);
    const resubmit = await call(t.app, 'POST', '/api/boxPiece/submitCustomer', {
      token: tok.supplier,
      query: { batchId: batch.B001 },
    });
    expect(resubmit.status).toBe(200);
    expect(resubmit.body.content).toHaveLength(5);
    expect(await partStatus(box.supplierTenantId)).toBe(4);
    const [stored] = await t.db.select().from(boxPieces).where(eq(boxPieces.id, box.id));
    expect(stored).toMatchObject({ status: 1, reason: null, remark: '已补合同号' });
  });

  it('checkShipment names what blocks shipping: boxes not loaded', async () => {
    const res = await call(t.app, 'GET', '/api/boxPiece/checkShipment', {
      token: tok.shipper,
      query: { batchId: batch.B001 },
      lang: 'en',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ boxes: 5, notLoaded: 5, canShip: false });
    expect(res.body.blocking[0].message).toBe('5 boxes are not loaded yet: the batch cannot ship');
  });
});

describe('two packers, one row', () => {
  it('parallel packs of the same row never exceed its quantity', async () => {
    const target = row['SE-LV-MNS'];
    const attempts = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(t.app, 'POST', '/api/boxPieceDetail/createDetail', {
          token: tok.supplier,
          body: {
            box: { ...carton, batchId: batch.B001, boxNumber: `RACE-${i}` },
            items: [{ suppliesId: target, quantity: 5 }],
          },
        }),
      ),
    );
    const statuses = attempts.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.every((s) => s === 201 || s === 400)).toBe(true);
    const details = await t.db
      .select()
      .from(boxPieceDetails)
      .where(and(eq(boxPieceDetails.suppliesId, target)));
    expect(details.reduce((n, d) => n + Number(d.quantity), 0)).toBe(15);
    expect(await progressOf('SE-LV-MNS')).toMatchObject({ packed: 15, left: 3 });
  });
});

describe('bulk edits and saved box types', () => {
  it('batchUpdate changes several boxes or none; the refusal names the box', async () => {
    const drafts = (await boxesOf('supplier', { status: 0 })).content;
    expect(drafts.length).toBeGreaterThanOrEqual(2);
    const [a, b] = drafts;
    const bad = await call(t.app, 'POST', '/api/boxPiece/batchUpdate', {
      token: tok.supplier,
      body: [
        { id: a.id, remark: '批量一' },
        { id: b.id, netWeight: 99999 },
      ],
      lang: 'en',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('boxes.net_over_gross');
    const [still] = await t.db.select().from(boxPieces).where(eq(boxPieces.id, a.id));
    expect(still.remark).toBeNull();
    const ok = await call(t.app, 'POST', '/api/boxPiece/batchUpdate', {
      token: tok.supplier,
      body: [
        { id: a.id, remark: '批量一' },
        { id: b.id, remark: '批量二' },
      ],
    });
    expect(ok.status).toBe(200);
    expect(ok.body.content.map((r: { remark: string }) => r.remark)).toEqual(['批量一', '批量二']);
    const detail = a.contents[0];
    const over = await call(t.app, 'POST', '/api/boxPieceDetail/batchUpdate', {
      token: tok.supplier,
      body: [{ id: detail.id, quantity: 1e6 }],
    });
    expect(over.status).toBe(400);
    expect(over.body.code).toBe('boxes.over_quantity');
    const fine = await call(t.app, 'POST', '/api/boxPieceDetail/batchUpdate', {
      token: tok.supplier,
      body: [{ id: detail.id, quantity: 1, remark: '复核' }],
    });
    expect(fine.status).toBe(200);
  });

  it('a supplier keeps its own box types; another tenant never sees them', async () => {
    const made = await call(t.app, 'POST', '/api/userboxtype', {
      token: tok.supplier,
      body: {
        name: '测试木箱',
        packageType: 'wooden_case',
        length: 2000,
        width: 1000,
        height: 1200,
        tareWeight: 80,
      },
    });
    expect(made.status).toBe(201);
    const mine = await call(t.app, 'GET', '/api/userboxtype', { token: tok.supplier });
    expect(mine.body.content.map((r: { name: string }) => r.name)).toContain('测试木箱');
    const other = await call(t.app, 'GET', '/api/userboxtype', { token: tok.supplier2 });
    expect(other.body.totalElements).toBe(0);
  });
});
