// The logistics life cycle: one batch carried from submitted boxes to signed by its three
// parties, with the spec's refusals on the way (ship while a box is not loaded, sign while one is not
// delivered), ISO 6346 container numbers, container capacity, undo steps with reasons, derived batch
// status, the grouped timeline and the notices.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeRecords, messages } from '../src/db/schema.ts';
import { boxPieces } from '../src/db/schema-boxes.ts';
import { containerBoxes, containers, vehicleBoxes } from '../src/db/schema-logistics.ts';
import { projectBatches } from '../src/db/schema-project.ts';
import { call, loginAll, useTestApp } from './helpers.ts';

const t = useTestApp();
let tok: Record<string, string>;
let batchId: number;
let boxes: number[];

const as = (
  who: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  lang?: 'zh' | 'en',
) =>
  call(t.app, method, url, {
    token: tok[who],
    ...(method === 'GET' ? { query: body as Record<string, string | number> } : { body }),
    lang,
  });
const statusOf = async () => {
  const rows = await t.db.select().from(boxPieces).where(eq(boxPieces.batchId, batchId));
  return boxes.map((id) => rows.find((b) => b.id === id)?.logisticsStatus);
};
const batchRow = async () =>
  (await t.db.select().from(projectBatches).where(eq(projectBatches.id, batchId)))[0];

beforeAll(async () => {
  tok = await loginAll(t.app, ['shipper', 'supplier', 'supplier2', 'logistics']);
  const [b] = await t.db.select().from(projectBatches).where(eq(projectBatches.batchNumber, 'JKT2-B001'));
  batchId = b.id;
  boxes = (await t.db.select().from(boxPieces).where(eq(boxPieces.batchId, batchId)))
    .filter((x) => x.status === 1)
    .map((x) => x.id)
    .sort((a, b) => a - b);
});

describe('a batch from boxes to signed', () => {
  let vehicle: number;
  let container: number;
  let container2: number;
  let oog: number;
  let inGauge: number[];

  it('the supplier registers a vehicle and loads all but one box; shipping is refused with the count', async () => {
    expect(boxes.length).toBe(4);
    // Four boxes handed over on its packing list: the batch is packing, its slowest box not loaded.
    expect(await batchRow()).toMatchObject({ status: 3, logisticsStatus: 0 });
    const v = await as('supplier', 'POST', '/api/accessoryInfo', {
      batchId,
      plateNumber: '沪A·12345',
      driverName: '王师傅',
      driverPhone: '13812345678',
    });
    expect(v.status).toBe(201);
    vehicle = v.body.id;
    const load = await as('supplier', 'POST', '/api/accessoryInfoBoxPiece', {
      accessoryInfoId: vehicle,
      boxPieceIds: boxes.slice(0, 3),
    });
    expect(load.status).toBe(201);
    expect(load.body.content.map((b: { logisticsStatus: number }) => b.logisticsStatus)).toEqual([1, 1, 1]);
    expect(await statusOf()).toEqual([1, 1, 1, 0]);
    const ship = await as('supplier', 'POST', '/api/boxPiece/ship', { batchId }, 'zh');
    expect(ship.status).toBe(400);
    expect(ship.body.message).toBe('还有 1 件箱件未装车，不能发运');
    const check = await as('supplier', 'GET', '/api/boxPiece/checkShipment', { batchId });
    expect(check.body.canShip).toBe(false);
    expect(await statusOf()).toEqual([1, 1, 1, 0]);
  });

  it('a box is on one vehicle at most; off-loading needs a reason and moves one step back', async () => {
    const again = await as('supplier', 'POST', '/api/accessoryInfoBoxPiece', {
      accessoryInfoId: vehicle,
      boxPieceIds: [boxes[3], boxes[0]],
    });
    expect(again.status).toBe(400);
    expect(again.body.id).toBe(boxes[0]);
    expect(again.body.message).toMatch(/JKT2-B001-S\d+-00\d/);
    expect(await statusOf()).toEqual([1, 1, 1, 0]);
    const noReason = await as('supplier', 'POST', '/api/boxPiece/offLoad', {
      batchId,
      boxPieceId: boxes[2],
      reason: ' ',
    });
    expect(noReason.status).toBe(400);
    const nothing = await as('supplier', 'POST', '/api/accessoryInfo/undoLoading', { reason: '换车' }, 'en');
    expect(nothing.status).toBe(400);
    expect(nothing.body.field).toBe('id');
    const off = await as('supplier', 'POST', '/api/boxPiece/offLoad', {
      batchId,
      boxPieceId: boxes[2],
      reason: '超高，换车',
    });
    expect(off.status).toBe(200);
    expect(await statusOf()).toEqual([1, 1, 0, 0]);
    expect((await t.db.select().from(vehicleBoxes).where(eq(vehicleBoxes.boxId, boxes[2]))).length).toBe(0);
    await as('supplier', 'POST', '/api/accessoryInfoBoxPiece', {
      accessoryInfoId: vehicle,
      boxPieceIds: [boxes[2], boxes[3]],
    });
    expect(await statusOf()).toEqual([1, 1, 1, 1]);
  });

  it('ships and goes into domestic transit; the batch follows its boxes', async () => {
    const ship = await as('supplier', 'POST', '/api/boxPiece/ship', { batchId, place: '上海' });
    expect(ship.status).toBe(200);
    expect(ship.body.totalElements).toBe(4);
    const b = await batchRow();
    expect(b.logisticsStatus).toBe(2);
    expect(b.status).toBe(4);
    const tr = await as('supplier', 'POST', '/api/boxPiece/transit', { ids: boxes, place: '洋山港' });
    expect(tr.status).toBe(200);
    expect(await statusOf()).toEqual([3, 3, 3, 3]);
  });

  it('container numbers are checked by ISO 6346; only the batch’s provider registers containers', async () => {
    const wrong = await as(
      'logistics',
      'POST',
      '/api/container',
      {
        batchId,
        containerNumber: 'CSQU3054384',
        typeCode: '40HQ',
      },
      'zh',
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('集装箱号校验位错误，应为 3');
    const en = await as(
      'logistics',
      'POST',
      '/api/container',
      {
        batchId,
        containerNumber: 'CSQU 305438 4',
        typeCode: '40HQ',
      },
      'en',
    );
    expect(en.body.message).toBe('Wrong check digit in the container number: it should be 3');
    const bySupplier = await as('supplier', 'POST', '/api/container', {
      batchId,
      containerNumber: 'CSQU3054383',
      typeCode: '40HQ',
    });
    expect(bySupplier.status).toBe(403);
    const ok = await as('logistics', 'POST', '/api/container', {
      batchId,
      containerNumber: 'csqu 305438 3',
      typeCode: '40HQ',
      sealNumber: 'SL123456',
    });
    expect(ok.status).toBe(201);
    expect(ok.body.containerNumber).toBe('CSQU3054383');
    expect(ok.body.innerLength).toBe(12032);
    container = ok.body.id;
  });

  it('a container never takes more than its payload nor a box bigger than itself', async () => {
    const all = await t.db.select().from(boxPieces).where(eq(boxPieces.batchId, batchId));
    oog = all.find((b) => b.outOfGauge && boxes.includes(b.id))?.id as number;
    inGauge = boxes.filter((b) => b !== oog);
    const over = await as(
      'logistics',
      'POST',
      '/api/containerBoxPiece',
      {
        containerId: container,
        boxPieceIds: inGauge,
      },
      'en',
    );
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('Over the payload of container CSQU3054383: 44400 kg, at most 26540 kg');
    const big = await as(
      'logistics',
      'POST',
      '/api/containerBoxPiece',
      {
        containerId: container,
        boxPieceIds: [oog],
      },
      'zh',
    );
    expect(big.body.message).toMatch(/^箱件 JKT2-B001-S\d+-001 的尺寸放不进集装箱 CSQU3054383$/);
    expect(await statusOf()).toEqual([3, 3, 3, 3]);
    const second = await as('logistics', 'POST', '/api/container', {
      batchId,
      containerNumber: 'MSKU1234565',
      typeCode: '40HQ',
    });
    expect(second.status).toBe(201);
    container2 = second.body.id;
    const empty = await as('logistics', 'POST', '/api/container', {
      batchId,
      containerNumber: 'TGHU1234567',
      typeCode: '20GP',
    });
    expect(empty.status).toBe(201);
    expect((await as('logistics', 'DELETE', '/api/container', [empty.body.id])).status).toBe(200);
  });

  it('stuffs, undoes one with a reason, carries containers and break bulk over sea', async () => {
    const [heavy, ...cases] = inGauge;
    expect(
      (
        await as('logistics', 'POST', '/api/containerBoxPiece', {
          containerId: container,
          boxPieceIds: [heavy],
        })
      ).status,
    ).toBe(201);
    const stuff = await as('logistics', 'POST', '/api/containerBoxPiece', {
      containerId: container2,
      boxPieceIds: cases,
    });
    expect(stuff.status).toBe(201);
    // What a container holds binds its own figures: a smaller payload or a smaller type is refused.
    const lighter = await as(
      'logistics',
      'PUT',
      '/api/container',
      { id: container, maxPayload: 20_000 },
      'en',
    );
    expect(lighter.status).toBe(400);
    expect(lighter.body.message).toBe(
      'Over the payload of container CSQU3054383: 23600 kg, at most 20000 kg',
    );
    const smaller = await as(
      'logistics',
      'PUT',
      '/api/container',
      { id: container2, typeCode: '20RF' },
      'en',
    );
    // A reefer's inner height (2,198 mm) is below the upright switchgear cases (2,300 mm).
    expect(smaller.status).toBe(400);
    expect(smaller.body.message).toMatch(
      /^Box JKT2-B001-S\d+-00\d does not fit inside container MSKU1234565$/,
    );
    const kept = await as('logistics', 'GET', '/api/container', { batchId, sort: 'id,asc' });
    expect(
      kept.body.content.map((c: { maxPayload: number; typeCode: string }) => [
        c.typeCode,
        Number(c.maxPayload),
      ]),
    ).toEqual([
      ['40HQ', 26540],
      ['40HQ', 26540],
    ]);
    const undo = await as('logistics', 'POST', '/api/container/undoPacking', {
      boxPieceIds: [cases[1]],
      reason: '重心偏移，重新配载',
    });
    expect(undo.status).toBe(200);
    expect(
      (await t.db.select().from(containerBoxes).where(eq(containerBoxes.containerId, container2))).length,
    ).toBe(1);
    // A box that fits a container does not go on board loose.
    const notBulk = await as(
      'logistics',
      'POST',
      '/api/container/onBoard',
      {
        boxPieceIds: [cases[1]],
        vessel: 'COSCO SHIPPING ARIES',
        voyage: '025W',
      },
      'en',
    );
    expect(notBulk.status).toBe(400);
    expect(notBulk.body.message).toMatch(/only out-of-gauge cargo goes on board as break bulk/);
    await as('logistics', 'POST', '/api/containerBoxPiece', {
      containerId: container2,
      boxPieceIds: [cases[1]],
    });
    const vessel = { vessel: 'COSCO SHIPPING ARIES', voyage: '025W', blNumber: 'COSU6312345678' };
    // No container sails unsealed: one seal given for two containers is refused as a whole, naming the other.
    const unsealed = await as(
      'logistics',
      'POST',
      '/api/container/onBoard',
      {
        ids: [container, container2],
        ...vessel,
        seals: [{ containerId: container, sealNumber: 'CN8800001' }],
      },
      'en',
    );
    expect(unsealed.status).toBe(400);
    const [second] = await t.db.select().from(containers).where(eq(containers.id, container2));
    expect(unsealed.body.message).toBe(
      `Container ${second!.containerNumber} has no seal: give each container its seal number before it goes on board`,
    );
    // Nothing changed: the first container keeps the seal it was registered with.
    expect((await t.db.select().from(containers).where(eq(containers.id, container)))[0]?.sealNumber).toBe(
      'SL123456',
    );
    const board = await as('logistics', 'POST', '/api/container/onBoard', {
      ids: [container, container2],
      boxPieceIds: [oog],
      ...vessel,
      // Each container's seal as it is sealed; a container not going on board now is left alone.
      seals: [
        { containerId: container, sealNumber: 'CN8800001' },
        { containerId: container2, sealNumber: 'CN8800002' },
      ],
    });
    expect(board.status).toBe(200);
    expect(board.body.totalElements).toBe(4);
    const dis = await as('logistics', 'POST', '/api/container/discharge', {
      ids: [container, container2],
      boxPieceIds: [oog],
      port: 'IDJKT',
    });
    expect(dis.status).toBe(200);
    const unpack = await as('logistics', 'POST', '/api/container/unpack', {
      ids: [container, container2],
      boxPieceIds: [oog],
    });
    expect(unpack.status).toBe(200);
    expect(await statusOf()).toEqual([7, 7, 7, 7]);
    const c = await as('shipper', 'GET', '/api/container', { batchId, sort: 'id,asc' });
    expect(c.body.content.map((x: { boxCount: number }) => x.boxCount)).toEqual([1, 2]);
    expect(c.body.content[0]).toMatchObject({ vessel: 'COSCO SHIPPING ARIES', port: 'IDJKT' });
    expect(c.body.content.map((x: { sealNumber: string }) => x.sealNumber)).toEqual([
      'CN8800001',
      'CN8800002',
    ]);
  });

  it('the supplier cannot receive; signing is refused until every box is delivered', async () => {
    const bySupplier = await as('supplier', 'POST', '/api/boxPiece/receive', { ids: boxes });
    expect(bySupplier.status).toBe(403);
    const deliver = await as('shipper', 'POST', '/api/boxPiece/deliver', { ids: boxes.slice(0, 3) });
    expect(deliver.status).toBe(200);
    const sign = await as('shipper', 'POST', '/api/projectBatch/sign', { batchId }, 'zh');
    expect(sign.status).toBe(400);
    expect(sign.body.message).toBe('还有 1 件箱件未送达，不能签收');
    expect(await statusOf()).toEqual([8, 8, 8, 7]);
    await as('shipper', 'POST', '/api/boxPiece/deliver', { ids: [boxes[3]] });
  });

  it('receives, undoes a receipt, sends one back to the supplier, and signs the rest', async () => {
    expect((await as('shipper', 'POST', '/api/boxPiece/receive', { ids: boxes })).status).toBe(200);
    expect(
      (await as('shipper', 'POST', '/api/boxPiece/undoReceive', { ids: [boxes[0]], reason: '扫错箱' }))
        .status,
    ).toBe(200);
    expect(await statusOf()).toEqual([8, 9, 9, 9]);
    const back = await as('shipper', 'POST', '/api/boxPiece/backSupplier', {
      ids: [boxes[3]],
      reason: '外箱破损严重',
    });
    expect(back.status).toBe(200);
    // One box was delivered but is not received any more, and a damage record is open: signing shows
    // both and goes on only with a reason.
    const damage = await as('shipper', 'POST', '/api/abnormalRecord', {
      boxPieceId: boxes[1],
      abnormalType: 'damage',
      note: '木箱一角破损',
    });
    expect(damage.status).toBe(201);
    // The box's supplier finds it in its exception inbox (the control tower's), named in its language.
    const waiting = await call(t.app, 'GET', '/api/exceptions', {
      token: tok.supplier,
      lang: 'en',
      query: { kind: 'abnormal', open: 'true' },
    });
    const mine = waiting.body.content.find((e: { refId: number }) => e.refId === damage.body.id);
    expect(mine).toMatchObject({ ownerParty: 'supplier', kindLabel: 'Abnormal cargo' });
    expect(mine.title).toMatch(/^Batch [A-Z0-9-]+, box [A-Z0-9-]+: Damage$/);
    // The box's timeline names the damage in the reader's language; what the user typed stays as typed.
    for (const [lang, note] of [
      ['zh', '破损：木箱一角破损'],
      ['en', 'Damage: 木箱一角破损'],
    ] as const) {
      const live = await as('shipper', 'GET', '/api/boxPieceIntransitLive', { boxPieceId: boxes[1] }, lang);
      expect(live.body.find((e: { action: string }) => e.action === 'abnormal')?.note).toBe(note);
    }
    const check = await as('shipper', 'GET', '/api/projectBatch/checkSign', { batchId });
    expect(check.body).toMatchObject({ notDelivered: 0, needsReason: true });
    expect(check.body.notReceived.map((b: { id: number }) => b.id)).toEqual([boxes[0]]);
    expect(check.body.openAbnormal).toEqual([
      expect.objectContaining({ abnormalType: 'damage', note: '木箱一角破损' }),
    ]);
    const bare = await as('shipper', 'POST', '/api/projectBatch/sign', { batchId }, 'en');
    expect(bare.status).toBe(400);
    expect(bare.body.message).toBe(
      '1 boxes were not received on site and 1 abnormal records are open: give the reason to sign anyway',
    );
    expect(await statusOf()).toEqual([8, 9, 9, 11]);
    expect((await as('supplier', 'GET', '/api/projectBatch/checkSign', { batchId })).status).toBe(403);
    const sign = await as('shipper', 'POST', '/api/projectBatch/sign', {
      batchId,
      reason: '破损箱已拍照留证，其余现场清点无误',
    });
    expect(sign.status).toBe(200);
    expect(await statusOf()).toEqual([10, 10, 10, 11]);
    const b = await batchRow();
    expect(b.logisticsStatus).toBe(10);
    expect(b.status).toBe(6);
    const told = await t.db.select().from(messages);
    expect(told.some((m) => m.title.includes('被退回供应商：外箱破损严重'))).toBe(true);
  });

  it('the timeline shows one line per command, in the reader’s language', async () => {
    const zh = await as('shipper', 'GET', '/api/batchIntransitLive', { batchId }, 'zh');
    expect(zh.status).toBe(200);
    const ship = zh.body.find((e: { action: string }) => e.action === 'ship');
    expect(ship).toMatchObject({ count: 4, actionLabel: '发运', toLabel: '已发运', place: '上海' });
    const en = await as('logistics', 'GET', '/api/batchIntransitLive', { batchId }, 'en');
    expect(en.body.find((e: { action: string }) => e.action === 'backSupplier')).toMatchObject({
      count: 1,
      actionLabel: 'Back to supplier',
      note: '外箱破损严重',
    });
    const one = await as('supplier', 'GET', '/api/boxPieceIntransitLive', { boxPieceId: boxes[0] }, 'en');
    expect(one.body.map((e: { action: string }) => e.action).slice(0, 3)).toEqual([
      'sign',
      'undoReceive',
      'receive',
    ]);
    const records = await t.db.select().from(changeRecords).where(eq(changeRecords.entityId, boxes[0]));
    expect(records.length).toBeGreaterThan(12);
    expect((await as('supplier2', 'GET', '/api/batchIntransitLive', { batchId })).status).toBe(404);
  });

  it('the views show each box with its vehicle and container, one group at a time or grouped', async () => {
    const inOne = await as('shipper', 'GET', '/api/viewBoxPieceContainer', {
      batchId,
      containerId: container2,
    });
    expect(inOne.body.content.map((b: { containerNumber: string }) => b.containerNumber)).toEqual([
      'MSKU1234565',
      'MSKU1234565',
    ]);
    const onTruck = await as('shipper', 'GET', '/api/viewBoxAccessoryContainer', {
      batchId,
      accessoryInfoId: vehicle,
    });
    expect(onTruck.body.totalElements).toBe(4);
    expect(new Set(onTruck.body.content.map((b: { plateNumber: string }) => b.plateNumber))).toEqual(
      new Set(['沪A·12345']),
    );
    const grouped = await as('shipper', 'GET', '/api/viewBoxPieceContainer/groupByContainer', { batchId });
    const byNumber = Object.fromEntries(
      grouped.body.map((g: { containerNumber: string | null; boxCount: number }) => [
        g.containerNumber ?? 'none',
        g.boxCount,
      ]),
    );
    // The draft box and the break-bulk transformer are in no container.
    expect(byNumber).toEqual({ CSQU3054383: 1, MSKU1234565: 2, none: 2 });
    expect((await as('supplier2', 'GET', '/api/viewBoxPieceContainer', { batchId })).status).toBe(404);
  });
});
