// The shipping instruction and the vessel register (issues 15, 16): IMO numbers checked by their check
// digit, ports checked against UN/LOCODE, the cargo summary computed from the batch's handed-over boxes
// and kept from submission, draft → submitted → accepted | returned with a reason → draft, only the
// shipper writes, only the batch's shipper and provider see it; `last` pre-fills, `queryshipname` and
// the ship inquiry search the register (batches on a vessel only as far as the caller sees them).
import { imoCheckDigit, imoProblem } from '@tradelane/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeRecords, messages, tenants, users } from '../src/db/schema.ts';
import { boxPieces } from '../src/db/schema-boxes.ts';
import { deliveryEntrusts, vessels } from '../src/db/schema-entrust.ts';
import { projectBatches } from '../src/db/schema-project.ts';
import { call, loginAll, useTestApp } from './helpers.ts';

const t = useTestApp();
let tok: Record<string, string>;
const batch: Record<string, number> = {};
const tenantOf: Record<string, number> = {};

const form = (batchId: number, extra: Record<string, unknown> = {}) => ({
  batchId,
  shipperText: '中建国际工程有限公司',
  consignee: 'Jakarta Power Plant Phase II Project Office',
  notifyParty: 'Same as consignee',
  portOfLoading: 'CNSHA',
  portOfDischarge: 'IDJKT',
  incoterm: 'CIF',
  incotermPlace: 'Jakarta',
  wantedEtd: '2026-12-20',
  specialRequirements: '平板箱加固',
  ...extra,
});
const count = async () => (await t.db.select({ id: deliveryEntrusts.id }).from(deliveryEntrusts)).length;

beforeAll(async () => {
  tok = await loginAll(t.app, ['admin', 'shipper', 'supplier', 'supplier2', 'logistics', 'trial']);
  for (const b of await t.db.select().from(projectBatches)) batch[b.batchNumber] = b.id;
  for (const u of await t.db.select().from(users)) tenantOf[u.username] = u.tenantId as number;
});

describe('IMO numbers', () => {
  it('the demo’s instructions were sent and accepted by the commands, each step on its day of the story', async () => {
    const [accepted] = await t.db
      .select()
      .from(deliveryEntrusts)
      .where(eq(deliveryEntrusts.entrustNo, 'SI-JKT2-B008-01'));
    expect(accepted.status).toBe(2);
    const steps = await t.db
      .select()
      .from(changeRecords)
      .where(and(eq(changeRecords.entity, 'deliveryEntrust'), eq(changeRecords.entityId, accepted.id)))
      .orderBy(changeRecords.id);
    expect(steps.map((r) => [r.action, r.createBy, r.createTime.getTime()])).toEqual([
      ['submit', 'shipper', accepted.submitTime?.getTime()],
      ['accept', 'logistics', accepted.acceptTime?.getTime()],
    ]);
    // A story told before today: nobody is told of it as news.
    const told = await t.db.select().from(messages);
    expect(told.filter((m) => m.title.includes('SI-JKT2-B008-01'))).toEqual([]);
  });

  it('the check digit is the first six digits weighted 7..2, summed, modulo 10', () => {
    expect(imoCheckDigit('979561')).toBe(0);
    expect(imoCheckDigit('961990')).toBe(7);
    expect(imoProblem('IMO 9795610')).toBeUndefined();
    expect(imoProblem('9795611')).toEqual({ code: 'vessel.imo_check_digit', expected: 0 });
    expect(imoProblem('979561')).toEqual({ code: 'vessel.imo_format' });
    expect(imoProblem('97956100')).toEqual({ code: 'vessel.imo_format' });
  });

  it('a provider registers a vessel; a wrong check digit names the expected one in zh and en; IMO is unique', async () => {
    const body = {
      name: 'Zhen Hua 33',
      imo: 'IMO 9700859',
      mmsi: '413999000',
      flag: 'CN',
      vesselType: 'heavy_lift',
    };
    const digit = imoCheckDigit('970085');
    const wrong = { ...body, imo: `970085${(digit + 1) % 10}` };
    const zh = await call(t.app, 'POST', '/api/vessel', { token: tok.logistics, body: wrong, lang: 'zh' });
    expect(zh.status).toBe(400);
    expect(zh.body.message).toBe(`IMO 编号校验位错误，应为 ${digit}`);
    const en = await call(t.app, 'POST', '/api/vessel', { token: tok.logistics, body: wrong, lang: 'en' });
    expect(en.body.message).toBe(`Wrong check digit in the IMO number: it should be ${digit}`);
    const good = { ...body, imo: `IMO 970085${digit}` };
    const ok = await call(t.app, 'POST', '/api/vessel', { token: tok.logistics, body: good });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({
      name: 'ZHEN HUA 33',
      imo: `970085${digit}`,
      tenantId: tenantOf.logistics,
    });
    const again = await call(t.app, 'POST', '/api/vessel', { token: tok.logistics, body: good, lang: 'en' });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain(`970085${digit}`);
    for (const bad of [{ mmsi: '41399900' }, { flag: 'XX' }, { vesselType: 'submarine' }]) {
      const res = await call(t.app, 'POST', '/api/vessel', {
        token: tok.logistics,
        body: { ...good, imo: '9321483', ...bad },
      });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    // Only logistics providers keep the register; everyone signed in reads it; only the keeper edits.
    const byShipper = await call(t.app, 'POST', '/api/vessel', {
      token: tok.shipper,
      body: { ...good, imo: '9321483' },
    });
    expect(byShipper.status).toBe(403);
    const listed = await call(t.app, 'GET', '/api/vessel', {
      token: tok.supplier2,
      query: { imo: `970085${digit}` },
    });
    expect(listed.body.content.map((v: { name: string }) => v.name)).toEqual(['ZHEN HUA 33']);
    expect(listed.body.content[0].flagName).toBe('中国');
    const edit = await call(t.app, 'PUT', '/api/vessel', {
      token: tok.shipper,
      body: { id: ok.body.id, remark: 'x' },
    });
    expect(edit.status).toBe(403);
    expect((await call(t.app, 'GET', '/api/vessel', { token: tok.trial })).status).toBe(200);
  });
});

describe('vessel schedules', () => {
  it('port calls are kept with UN/LOCODE ports; an unknown port or an ETD before the ETA is refused', async () => {
    const [ship] = await t.db.select().from(vessels).where(eq(vessels.name, 'CSCL GLOBE'));
    const call1 = {
      vesselId: ship.id,
      voyageNo: '064s',
      portCode: 'CNNGB',
      seq: 1,
      eta: '2026-12-01T06:00:00Z',
      etd: '2026-12-02T18:00:00Z',
    };
    const ok = await call(t.app, 'POST', '/api/vesselSchedule', { token: tok.logistics, body: call1 });
    expect(ok.status).toBe(201);
    expect(ok.body.voyageNo).toBe('064S');
    const unknown = await call(t.app, 'POST', '/api/vesselSchedule', {
      token: tok.logistics,
      body: { ...call1, portCode: 'CNZZZ' },
      lang: 'en',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('CNZZZ is not a sea port of the UN/LOCODE list');
    const backwards = await call(t.app, 'POST', '/api/vesselSchedule', {
      token: tok.logistics,
      body: { ...call1, etd: '2026-11-30T00:00:00Z' },
    });
    expect(backwards.status).toBe(400);
    const update = await call(t.app, 'PUT', '/api/vesselSchedule', {
      token: tok.logistics,
      body: { id: ok.body.id, etd: '2026-11-30T00:00:00Z' },
    });
    expect(update.status).toBe(400);
    const byShipper = await call(t.app, 'POST', '/api/vesselSchedule', { token: tok.shipper, body: call1 });
    expect(byShipper.status).toBe(403);
  });
});

describe('shipping instructions', () => {
  let draftId: number;

  it('last pre-fills from the shipper’s last instruction, the batch’s ports, providers and cargo', async () => {
    const res = await call(t.app, 'GET', '/api/deliveryEntrust/last', {
      token: tok.shipper,
      query: { batchId: batch['JKT2-B001'] },
    });
    expect(res.status).toBe(200);
    expect(res.body.fromEntrustNo).toMatch(/^SI-JKT2-B00[678]-01$/);
    expect(res.body.consignee).toContain('Jakarta Power Plant Phase II');
    expect(res.body).toMatchObject({ portOfLoading: 'CNSHA', portOfDischarge: 'IDJKT', incoterm: 'CIF' });
    expect(res.body.providers).toEqual([{ id: tenantOf.logistics, name: '中远海运国际物流有限公司' }]);
    const [b1] = await t.db.select().from(projectBatches).where(eq(projectBatches.id, batch['JKT2-B001']));
    expect(res.body).toMatchObject({ cargoDescription: b1.enName, wantedEtd: b1.plannedShipDate });
    const boxes = await t.db
      .select()
      .from(boxPieces)
      .where(and(eq(boxPieces.batchId, batch['JKT2-B001']), eq(boxPieces.status, 1)));
    expect(res.body.cargo.packages).toBe(boxes.length);
    expect(res.body.cargo.grossWeight).toBeCloseTo(
      boxes.reduce((s, b) => s + Number(b.grossWeight), 0),
      3,
    );
    expect(res.body.cargo.volume).toBeCloseTo(
      boxes.reduce((s, b) => s + Number(b.volume), 0),
      3,
    );
    // Another shipper has no last one: its own company is the shipper.
    const fresh = await call(t.app, 'GET', '/api/deliveryEntrust/last', { token: tok.trial });
    expect(fresh.body).toMatchObject({ fromId: null, consignee: null, shipperText: '浙江远航贸易有限公司' });
    // A batch the caller does not see pre-fills nothing.
    const foreign = await call(t.app, 'GET', '/api/deliveryEntrust/last', {
      token: tok.trial,
      query: { batchId: batch['JKT2-B001'] },
    });
    expect(foreign.status).toBe(404);
  });

  it('the shipper creates a draft: ports checked, provider and cargo from the batch, server fields its own', async () => {
    const before = await count();
    const badPort = await call(t.app, 'POST', '/api/deliveryEntrust', {
      token: tok.shipper,
      body: form(batch['JKT2-B001'], { portOfDischarge: 'IDXXX' }),
      lang: 'zh',
    });
    expect(badPort.status).toBe(400);
    expect(badPort.body.message).toBe('IDXXX 不是 UN/LOCODE 港口代码表中的港口');
    const badShape = await call(t.app, 'POST', '/api/deliveryEntrust', {
      token: tok.shipper,
      body: form(batch['JKT2-B001'], { portOfLoading: 'SHANGHAI' }),
    });
    expect(badShape.status).toBe(400);
    const byProvider = await call(t.app, 'POST', '/api/deliveryEntrust', {
      token: tok.logistics,
      body: form(batch['JKT2-B001']),
    });
    expect(byProvider.status).toBe(403);
    const bySupplier = await call(t.app, 'POST', '/api/deliveryEntrust', {
      token: tok.supplier,
      body: form(batch['JKT2-B001']),
    });
    expect(bySupplier.status).toBe(403);
    const notProvider = await call(t.app, 'POST', '/api/deliveryEntrust', {
      token: tok.shipper,
      body: form(batch['JKT2-B001'], { partyTenantId: tenantOf.supplier }),
    });
    expect(notProvider.status).toBe(400);
    expect(notProvider.body.code).toBe('entrust.not_provider');
    expect(await count()).toBe(before);

    const [ship] = await t.db.select().from(vessels).where(eq(vessels.imo, '9795610'));
    // What the server owns in a body is not the caller's to set: a draft, the cargo counted from the boxes.
    const created = await call(t.app, 'POST', '/api/deliveryEntrust', {
      token: tok.shipper,
      body: {
        ...form(batch['JKT2-B001'], { vesselId: ship.id, voyageNo: '042S' }),
        status: 2,
        packages: 999,
        entrustNo: 'MINE',
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 0,
      tenantId: tenantOf.shipper,
      partyTenantId: tenantOf.logistics,
      entrustNo: 'SI-JKT2-B001-01',
      vesselName: 'COSCO SHIPPING UNIVERSE',
    });
    expect(created.body.packages).toBeGreaterThan(0);
    expect(created.body.packages).not.toBe(999);
    draftId = created.body.id;
  });

  it('only the batch’s shipper and its provider see it', async () => {
    const seen = async (who: string) =>
      (
        (await call(t.app, 'GET', '/api/deliveryEntrust', { token: tok[who], query: { size: 100 } })).body
          .content ?? []
      ).map((r: { id: number }) => r.id);
    expect(await seen('shipper')).toContain(draftId);
    expect(await seen('logistics')).toContain(draftId);
    expect(await seen('admin')).toContain(draftId);
    for (const who of ['supplier', 'supplier2', 'trial']) expect(await seen(who), who).not.toContain(draftId);
    const one = await call(t.app, 'GET', '/api/deliveryEntrust/queryById', {
      token: tok.trial,
      query: { id: draftId },
    });
    expect(one.status).toBe(404);
    const mine = await call(t.app, 'GET', '/api/deliveryEntrust/queryById', {
      token: tok.logistics,
      query: { id: draftId },
    });
    expect(mine.body).toMatchObject({
      batchNumber: 'JKT2-B001',
      portOfLoadingName: 'Shanghai',
    });
    // The provider can neither change nor delete it, nor send it for the shipper.
    expect(
      (
        await call(t.app, 'PUT', '/api/deliveryEntrust', {
          token: tok.logistics,
          body: { id: draftId, consignee: 'x' },
        })
      ).status,
    ).toBe(403);
    expect(
      (await call(t.app, 'DELETE', '/api/deliveryEntrust', { token: tok.logistics, body: [draftId] })).status,
    ).toBe(403);
    expect(
      (
        await call(t.app, 'POST', '/api/deliveryEntrust/submit', {
          token: tok.logistics,
          body: { id: draftId },
        })
      ).status,
    ).toBe(403);
    expect(mine.body.actions).toEqual([]);
  });

  it('the cargo summary follows the boxes while a draft, and is kept as of submission', async () => {
    const [box] = await t.db
      .select()
      .from(boxPieces)
      .where(and(eq(boxPieces.batchId, batch['JKT2-B001']), eq(boxPieces.status, 1)))
      .limit(1);
    const before = (
      await call(t.app, 'GET', '/api/deliveryEntrust/queryById', {
        token: tok.shipper,
        query: { id: draftId },
      })
    ).body;
    expect(before.actions).toEqual(['submit']);
    await t.db.update(boxPieces).set({ status: 0 }).where(eq(boxPieces.id, box.id));
    const live = (
      await call(t.app, 'GET', '/api/deliveryEntrust/queryById', {
        token: tok.shipper,
        query: { id: draftId },
      })
    ).body;
    expect(live.packages).toBe(before.packages - 1);
    expect(live.grossWeight).toBeCloseTo(before.grossWeight - Number(box.grossWeight), 3);
    await t.db.update(boxPieces).set({ status: 1 }).where(eq(boxPieces.id, box.id));

    const sent = await call(t.app, 'POST', '/api/deliveryEntrust/submit', {
      token: tok.shipper,
      body: { id: draftId },
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ status: 1, packages: before.packages, actions: [] });
    // A box handed over after submission does not change what was sent.
    await t.db.update(boxPieces).set({ status: 0 }).where(eq(boxPieces.id, box.id));
    const kept = (
      await call(t.app, 'GET', '/api/deliveryEntrust/queryById', {
        token: tok.shipper,
        query: { id: draftId },
      })
    ).body;
    expect(kept.packages).toBe(before.packages);
    await t.db.update(boxPieces).set({ status: 1 }).where(eq(boxPieces.id, box.id));
    const [stored] = await t.db.select().from(deliveryEntrusts).where(eq(deliveryEntrusts.id, draftId));
    expect(stored.packages).toBe(before.packages);
  });

  it('sending notifies the provider in zh and en; submitted is read-only for the shipper', async () => {
    const notes = await t.db.select().from(messages).where(eq(messages.tenantId, tenantOf.logistics));
    const note = notes.find((m) => m.title.includes('SI-JKT2-B001-01'));
    expect(note).toMatchObject({
      title: '批次 JKT2-B001 的托运委托 SI-JKT2-B001-01 已提交，请处理',
      enTitle: 'Shipping instruction SI-JKT2-B001-01 of batch JKT2-B001 was submitted to you',
      link: `/papers/entrust?batchId=${batch['JKT2-B001']}`,
    });
    // The provider's home lists what waits for it: the demo's B006 and this one, opening the oldest.
    const home = await call(t.app, 'GET', '/api/auxiliary/getHomePageData', { token: tok.logistics });
    expect(home.body.todos).toContainEqual({
      key: 'acceptEntrusts',
      count: 2,
      path: `/papers/entrust?batchId=${batch['JKT2-B006']}`,
    });
    const edit = await call(t.app, 'PUT', '/api/deliveryEntrust', {
      token: tok.shipper,
      body: { id: draftId, consignee: 'changed' },
      lang: 'en',
    });
    expect(edit.status).toBe(403);
    expect(edit.body.message).toBe(
      'A submitted or accepted shipping instruction can no longer be changed or deleted',
    );
    expect(
      (await call(t.app, 'DELETE', '/api/deliveryEntrust', { token: tok.shipper, body: [draftId] })).status,
    ).toBe(403);
    const [row] = await t.db.select().from(deliveryEntrusts).where(eq(deliveryEntrusts.id, draftId));
    expect(row.consignee).toBe('Jakarta Power Plant Phase II Project Office');
  });

  it('the provider returns it with a reason (a draft again, shipper told) or accepts it; the shipper cannot', async () => {
    const noReason = await call(t.app, 'POST', '/api/deliveryEntrust/return', {
      token: tok.logistics,
      body: { id: draftId, reason: '  ' },
    });
    expect(noReason.status).toBe(400);
    const byShipper = await call(t.app, 'POST', '/api/deliveryEntrust/accept', {
      token: tok.shipper,
      body: { id: draftId },
    });
    expect(byShipper.status).toBe(403);
    const returned = await call(t.app, 'POST', '/api/deliveryEntrust/return', {
      token: tok.logistics,
      body: { id: draftId, reason: '请补充通知方电话' },
    });
    expect(returned.status).toBe(200);
    expect(returned.body).toMatchObject({ status: 0, reason: '请补充通知方电话' });
    const told = await t.db.select().from(messages).where(eq(messages.tenantId, tenantOf.shipper));
    expect(told.map((m) => m.enTitle)).toContain(
      'Shipping instruction SI-JKT2-B001-01 of batch JKT2-B001 was returned: 请补充通知方电话',
    );
    const shipperHome = await call(t.app, 'GET', '/api/auxiliary/getHomePageData', { token: tok.shipper });
    expect(shipperHome.body.todos).toContainEqual({
      key: 'fixReturnedEntrusts',
      count: 1,
      path: `/papers/entrust?batchId=${batch['JKT2-B001']}`,
    });
    // A draft again: the shipper corrects and sends it once more; the provider accepts.
    const fixed = await call(t.app, 'PUT', '/api/deliveryEntrust', {
      token: tok.shipper,
      body: { id: draftId, notifyParty: 'Same as consignee, tel +62 21 4301234' },
    });
    expect(fixed.status).toBe(200);
    expect(
      (
        await call(t.app, 'POST', '/api/deliveryEntrust/submit', {
          token: tok.shipper,
          body: { id: draftId },
        })
      ).status,
    ).toBe(200);
    const accepted = await call(t.app, 'POST', '/api/deliveryEntrust/accept', {
      token: tok.logistics,
      body: { id: draftId },
    });
    expect(accepted.body).toMatchObject({ status: 2, reason: null });
    const again = await call(t.app, 'POST', '/api/deliveryEntrust/accept', {
      token: tok.logistics,
      body: { id: draftId },
    });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('state.not_allowed');
    const moves = await t.db
      .select()
      .from(changeRecords)
      .where(and(eq(changeRecords.entity, 'deliveryEntrust'), eq(changeRecords.entityId, draftId)));
    expect(moves.map((m) => m.action)).toEqual(['submit', 'return', 'submit', 'accept']);
  });

  it('a batch with no handed-over boxes cannot be sent', async () => {
    const created = await call(t.app, 'POST', '/api/deliveryEntrust', {
      token: tok.shipper,
      body: form(batch['JKT2-B003']),
    });
    expect(created.status).toBe(201);
    expect(created.body.packages).toBe(0);
    const sent = await call(t.app, 'POST', '/api/deliveryEntrust/submit', {
      token: tok.shipper,
      body: { id: created.body.id },
      lang: 'en',
    });
    expect(sent.status).toBe(400);
    expect(sent.body.code).toBe('entrust.no_cargo');
    expect(
      (await call(t.app, 'DELETE', '/api/deliveryEntrust', { token: tok.shipper, body: [created.body.id] }))
        .status,
    ).toBe(200);
  });
});

describe('searching the register', () => {
  it('queryshipname finds vessels by part of the name, IMO or MMSI', async () => {
    const q = async (shiName: string) =>
      (
        await call(t.app, 'GET', '/api/deliveryEntrust/queryshipname', {
          token: tok.shipper,
          query: { shiName },
        })
      ).body.content.map((v: { name: string }) => v.name);
    expect(await q('universe')).toEqual(['COSCO SHIPPING UNIVERSE']);
    expect((await q('cosco'))[0]).toBe('COSCO SHIPPING UNIVERSE');
    expect(await q('IMO 9811000')).toEqual(['EVER GIVEN']);
    expect(await q('353136000')).toEqual(['EVER GIVEN']);
    expect(await q('%')).toEqual([]);
  });

  it('the ship inquiry shows a vessel’s port calls and only the batches on it the caller sees', async () => {
    const ask = async (who: string, q: string) =>
      (await call(t.app, 'GET', '/api/shipInquiry', { token: tok[who], query: { q } })).body.content;
    const [ship] = await ask('shipper', '9795610');
    expect(ship.name).toBe('COSCO SHIPPING UNIVERSE');
    expect(
      ship.schedule.map((c: { portCode: string; voyageNo: string }) => `${c.voyageNo} ${c.portCode}`),
    ).toEqual(['041S CNSHA', '041S SGSIN', '041S IDJKT', '042S CNSHA', '042S SGSIN', '042S IDJKT']);
    const numbers = (s: { batches: { batchNumber: string }[] }) => s.batches.map((b) => b.batchNumber);
    expect(numbers(ship)).toEqual(['JKT2-B001', 'JKT2-B006', 'JKT2-B007', 'JKT2-B008']);
    expect(numbers((await ask('logistics', '9795610'))[0])).toEqual(numbers(ship));
    // Suppliers see the batches they take part in; a stranger none — but the vessel and its calls.
    const supplier2 = (await ask('supplier2', '9795610'))[0];
    const theirs = await t.db.select().from(projectBatches);
    expect(numbers(supplier2).every((n: string) => theirs.some((b) => b.batchNumber === n))).toBe(true);
    expect(numbers(supplier2)).not.toEqual(numbers(ship));
    const stranger = (await ask('trial', 'IMO 9795610'))[0];
    expect(stranger.schedule).toHaveLength(6);
    expect(stranger.batches).toEqual([]);
    const bad = await call(t.app, 'GET', '/api/shipInquiry', { token: tok.trial, query: { q: '' } });
    expect(bad.status).toBe(400);
  });

  it('a stopped provider’s vessels leave the register', async () => {
    await t.db.update(tenants).set({ active: false }).where(eq(tenants.id, tenantOf.logistics));
    try {
      const res = await call(t.app, 'GET', '/api/vessel', { token: tok.shipper, query: { imo: '9795610' } });
      expect(res.body.content).toEqual([]);
    } finally {
      await t.db.update(tenants).set({ active: true }).where(eq(tenants.id, tenantOf.logistics));
    }
  });

  it('a vessel named on an instruction cannot be deleted', async () => {
    const [ship] = await t.db.select().from(vessels).where(eq(vessels.imo, '9795610'));
    const res = await call(t.app, 'DELETE', '/api/vessel', {
      token: tok.logistics,
      body: [ship.id],
      lang: 'en',
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('COSCO SHIPPING UNIVERSE');
  });
});
