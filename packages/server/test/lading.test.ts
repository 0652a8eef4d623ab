// Bills of lading and the warehouse tally: the provider's B/L (pre-filled from the batch, ports
// checked against UN/LOCODE, containers and seals from the logistics module; draft → submitted →
// confirmed | rejected with a reason → corrected; read-only once submitted; a PDF marked DRAFT until
// confirmed; seen by the batch's shipper and provider only) and the tally of a batch's boxes
// (synchronised from the packing list without losing results, tallied by the provider, a mismatch
// raising one abnormal record per box and kind). Every refusal leaves the database as it was.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BoxStatus } from '@tradelane/contract';
import { and, eq, isNotNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeRecords, messages, users } from '../src/db/schema.ts';
import { boxPieceDetails, boxPieces } from '../src/db/schema-boxes.ts';
import { deliveryEntrusts } from '../src/db/schema-entrust.ts';
import { billLadings, tallySheets } from '../src/db/schema-lading.ts';
import { abnormalRecords, containers } from '../src/db/schema-logistics.ts';
import { projectBatches, supplies } from '../src/db/schema-project.ts';
import { towerExceptions } from '../src/db/schema-tower.ts';
import { call, loginAll, useTestApp } from './helpers.ts';

const t = useTestApp();
let tok: Record<string, string>;
const tenantOf: Record<string, number> = {};
let B001: number;
let B008: number;

const as = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  call(t.app, method, url, {
    token: tok[who],
    ...(method === 'GET' ? { query: body as Record<string, string | number> } : { body }),
  });
const bill = async (id: number) => (await t.db.select().from(billLadings).where(eq(billLadings.id, id)))[0];
const tally = async () =>
  (await t.db.select().from(tallySheets).where(eq(tallySheets.batchId, B001))).sort((a, b) => a.id - b.id);
const abnormal = async () =>
  (await t.db.select().from(abnormalRecords).where(eq(abnormalRecords.batchId, B001))).sort(
    (a, b) => a.id - b.id,
  );

beforeAll(async () => {
  tok = await loginAll(t.app, ['shipper', 'supplier', 'supplier2', 'logistics', 'trial']);
  const batches = await t.db.select().from(projectBatches);
  B001 = batches.find((b) => b.batchNumber === 'JKT2-B001')!.id;
  B008 = batches.find((b) => b.batchNumber === 'JKT2-B008')!.id;
  for (const u of await t.db.select().from(users)) tenantOf[u.username] = u.tenantId as number;
});

describe('bill of lading', () => {
  let id: number;
  const complete = {
    consignee: 'PT PLN (Persero)\nJakarta',
    notifyParty: 'SAME AS CONSIGNEE',
    description: 'POWER PLANT EQUIPMENT',
    freightTerms: 'prepaid',
    placeOfIssue: 'SHANGHAI',
    dateOfIssue: '2026-11-20',
  };

  it('the provider issues a draft pre-filled from the batch: ports, cargo of its boxes, containers and seals', async () => {
    const res = await as('logistics', 'POST', '/api/billLading', { batchId: B008, blNumber: 'COSU-T-1' });
    expect(res.status).toBe(201);
    id = res.body.id;
    const row = await bill(id);
    const held = await t.db.select().from(containers).where(eq(containers.batchId, B008));
    expect(row).toMatchObject({
      status: 0,
      partyTenantId: tenantOf.logistics,
      tenantId: tenantOf.shipper,
      portOfDischarge: 'IDJKT',
      originals: 3,
    });
    expect(row.packages).toBeGreaterThan(0);
    expect(Number(row.grossWeight)).toBeGreaterThan(0);
    expect(row.containers.map((c) => [c.containerNumber, c.sealNumber]).sort()).toEqual(
      held.map((c) => [c.containerNumber, c.sealNumber]).sort(),
    );
    expect(row.containers.reduce((s, c) => s + c.packages, 0)).toBe(row.packages);
    // The shipper's accepted instruction fills in the parties, the cargo and the voyage.
    const [told] = await t.db
      .select()
      .from(deliveryEntrusts)
      .where(and(eq(deliveryEntrusts.batchId, B008), eq(deliveryEntrusts.status, 2)));
    expect(row).toMatchObject({
      shipper: told.shipperText,
      consignee: told.consignee,
      notifyParty: told.notifyParty,
      description: told.cargoDescription,
    });
    expect(row.vessel).toBeTruthy();
    expect(row.voyage).toBeTruthy();
    const listed = await as('shipper', 'GET', '/api/billLading', { batchId: B008 });
    const mine = listed.body.content.find((b: { id: number }) => b.id === id);
    expect(mine).toMatchObject({
      batchNumber: 'JKT2-B008',
      actions: [],
      portOfDischargeName: expect.any(String),
    });
    expect(mine.fromBoxes.packages).toBe(row.packages);
  });

  it('refuses bad ports, originals, freight terms, server-owned fields and other parties; nothing is stored', async () => {
    const before = (await t.db.select().from(billLadings)).length;
    const cases: [string, Record<string, unknown>, number, string?][] = [
      ['logistics', { batchId: B008, portOfLoading: 'CNXQZ' }, 400, 'validation'],
      ['logistics', { batchId: B008, portOfLoading: 'shanghai' }, 400],
      ['logistics', { batchId: B008, originals: 4 }, 400],
      ['logistics', { batchId: B008, freightTerms: 'cash' }, 400],
      ['logistics', { batchId: B008, grossWeight: '12.3456' }, 400],
      ['shipper', { batchId: B008 }, 403],
      ['supplier', { batchId: B008 }, 403],
      ['trial', { batchId: B008 }, 403],
    ];
    for (const [who, body, status, code] of cases) {
      const res = await as(who, 'POST', '/api/billLading', body);
      expect([who, body, res.status]).toEqual([who, body, status]);
      if (code) expect(res.body.code).toBe(code);
    }
    expect((await t.db.select().from(billLadings)).length).toBe(before);
    // Server-owned fields in a body are not the caller's: the row is a draft with the batch's containers.
    const owned = await as('logistics', 'POST', '/api/billLading', {
      batchId: B008,
      status: 2,
      containers: [],
      partyTenantId: 1,
    });
    expect(owned.body).toMatchObject({ status: 0, partyTenantId: tenantOf.logistics });
    expect(owned.body.containers.length).toBeGreaterThan(0);
    const ownedPut = await as('logistics', 'PUT', '/api/billLading', { id: owned.body.id, status: 2 });
    expect(ownedPut.status).toBe(400);
    expect((await bill(owned.body.id)).status).toBe(0);
    expect((await as('logistics', 'DELETE', '/api/billLading', [owned.body.id])).status).toBe(200);
    const badPort = await as('logistics', 'PUT', '/api/billLading', { id, portOfDischarge: 'IDXQZ' });
    expect(badPort.status).toBe(400);
    expect((await bill(id)).portOfDischarge).toBe('IDJKT');
  });

  it('only the batch’s shipper and the provider see it, in lists, by id and as a PDF', async () => {
    for (const who of ['supplier', 'supplier2', 'trial']) {
      const list = await as(who, 'GET', '/api/billLading', { batchId: B008 });
      expect((list.body.content ?? []).map((b: { id: number }) => b.id)).not.toContain(id);
      const one = await as(who, 'GET', '/api/billLading/queryById', { id });
      expect([403, 404]).toContain(one.status);
      const pdf = await as(who, 'GET', '/api/billLading/pdf', { id });
      expect([403, 404]).toContain(pdf.status);
    }
    const pdf = await as('shipper', 'GET', '/api/billLading/pdf', { id });
    expect(pdf.status).toBe(200);
    expect(pdf.raw.headers['content-type']).toBe('application/pdf');
    expect(pdf.raw.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The DRAFT mark is the only translucent ink on the page.
    expect(pdf.raw.rawPayload.toString('latin1')).toContain('/ca 0.18');
  });

  it('an incomplete draft is not submitted; the shipper neither submits nor confirms a draft', async () => {
    const early = await as('logistics', 'POST', '/api/billLading/submit', { id });
    expect(early.status).toBe(400);
    expect(early.body.code).toBe('lading.incomplete');
    // Named in the reader's words (zh by default), never by field id; the ids come apart for the form.
    expect(early.body.message).toContain('签发地点');
    expect(early.body.message).toContain('签发日期');
    expect(early.body.message).not.toMatch(/placeOfIssue|dateOfIssue/);
    expect(early.body.missing).toEqual(expect.arrayContaining(['placeOfIssue', 'dateOfIssue']));
    const en = await call(t.app, 'POST', '/api/billLading/submit', {
      token: tok.logistics,
      body: { id },
      headers: { 'accept-language': 'en' },
    });
    expect(en.body.message).toContain('Place of issue');
    expect(en.body.message).toContain('Date of issue');
    expect(en.body.message).not.toMatch(/dateOfIssue/);
    expect((await as('shipper', 'POST', '/api/billLading/submit', { id })).status).toBe(403);
    const confirm = await as('shipper', 'POST', '/api/billLading/confirm', { id });
    expect(confirm.status).toBe(400);
    expect(confirm.body.code).toBe('state.not_allowed');
    expect((await as('shipper', 'PUT', '/api/billLading', { id, consignee: 'X' })).status).toBe(403);
    expect((await bill(id)).status).toBe(0);
    expect((await bill(id)).consignee).not.toBe('X');
  });

  it('the provider completes and submits it; then it is read-only and the shipper is told', async () => {
    const put = await as('logistics', 'PUT', '/api/billLading', { id, ...complete, measurement: '61.5' });
    expect(put.status).toBe(200);
    expect((await bill(id)).measurement).toBe('61.500');
    const sub = await as('logistics', 'POST', '/api/billLading/submit', { id });
    expect(sub.status).toBe(200);
    expect(sub.body).toMatchObject({ status: 1, actions: [] });
    const edit = await as('logistics', 'PUT', '/api/billLading', { id, consignee: 'Someone else' });
    expect(edit.status).toBe(403);
    expect(edit.body.code).toBe('papers.read_only');
    expect((await as('logistics', 'DELETE', '/api/billLading', [id])).status).toBe(403);
    expect((await bill(id)).consignee).toBe(complete.consignee);
    const told = await t.db.select().from(messages).where(eq(messages.tenantId, tenantOf.shipper));
    expect(told.map((m) => m.title)).toContain('批次 JKT2-B008 的提单 COSU-T-1 已提交，请确认');
    const seen = await as('shipper', 'GET', '/api/billLading/queryById', { id });
    expect(seen.body.actions.sort()).toEqual(['confirm', 'reject']);
  });

  it('the shipper rejects it with a reason; the provider corrects it, submits again; the shipper confirms', async () => {
    expect((await as('logistics', 'POST', '/api/billLading/confirm', { id })).status).toBe(403);
    const noReason = await as('shipper', 'POST', '/api/billLading/reject', { id, reason: ' ' });
    expect(noReason.status).toBe(400);
    expect((await bill(id)).status).toBe(1);
    const rej = await as('shipper', 'POST', '/api/billLading/reject', { id, reason: '收货人地址不全' });
    expect(rej.status).toBe(200);
    expect(await bill(id)).toMatchObject({ status: 3, reason: '收货人地址不全' });
    const toProvider = await t.db.select().from(messages).where(eq(messages.tenantId, tenantOf.logistics));
    expect(toProvider.map((m) => m.title)).toContain('批次 JKT2-B008 的提单 COSU-T-1 被驳回：收货人地址不全');
    // The rejection waits in the provider's exception inbox too, in the reader's language.
    const inbox = await call(t.app, 'GET', '/api/exceptions', {
      token: tok.logistics,
      lang: 'en',
      query: { kind: 'blRejected', open: 'true' },
    });
    expect(inbox.body.content).toMatchObject([
      {
        refId: id,
        ownerTenantId: tenantOf.logistics,
        title: 'Bill of lading COSU-T-1 of batch JKT2-B008 was rejected: 收货人地址不全',
      },
    ]);
    const problem = inbox.body.content[0].id as number;
    const fix = await as('logistics', 'PUT', '/api/billLading', {
      id,
      consignee: 'PT PLN (Persero)\nJl. Gatot Subroto Kav. 18, Jakarta 12950',
    });
    expect(fix.status).toBe(200);
    expect((await as('logistics', 'POST', '/api/billLading/submit', { id })).status).toBe(200);
    // Submitted again, the exception is closed by the product, saying so.
    const [settled] = await t.db.select().from(towerExceptions).where(eq(towerExceptions.id, problem));
    expect([settled.status, settled.resolution]).toEqual([3, 'exception.closed_settled']);
    const ok = await as('shipper', 'POST', '/api/billLading/confirm', { id });
    expect(ok.status).toBe(200);
    expect(await bill(id)).toMatchObject({ status: 2, reason: null });
    expect((await as('shipper', 'POST', '/api/billLading/reject', { id, reason: 'late' })).status).toBe(400);
    expect((await as('logistics', 'PUT', '/api/billLading', { id, voyage: '999' })).status).toBe(403);
    const rec = await t.db
      .select()
      .from(changeRecords)
      .where(and(eq(changeRecords.entity, 'billLading'), eq(changeRecords.entityId, id)));
    expect(rec.map((r) => [r.action, r.fromStatus, r.toStatus, r.note])).toEqual([
      ['submit', '0', '1', null],
      ['reject', '1', '3', '收货人地址不全'],
      ['submit', '3', '1', null],
      ['confirm', '1', '2', null],
    ]);
    const pdf = await as('logistics', 'GET', '/api/billLading/pdf', { id, download: 1 });
    expect(pdf.raw.headers['content-disposition']).toMatch(/^attachment;/);
    expect(pdf.raw.rawPayload.toString('latin1')).not.toContain('/ca 0.18');
    // The PDF prints the vessel and its voyage (a long vessel name once pushed the voyage out).
    const file = join(mkdtempSync(join(tmpdir(), 'bl-')), 'bl.pdf');
    writeFileSync(file, pdf.raw.rawPayload);
    const printed = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    const { vessel, voyage } = await bill(id);
    expect(printed).toContain(String(vessel));
    expect(printed).toContain(String(voyage));
  });

  it('a draft takes the B/L number given when the containers went on board', async () => {
    const [boarded] = await t.db.select().from(containers).where(isNotNull(containers.blNumber)).limit(1);
    expect(boarded.blNumber).toBeTruthy();
    const res = await as('logistics', 'POST', '/api/billLading', { batchId: boarded.batchId });
    expect(res.status).toBe(201);
    expect((await bill(res.body.id)).blNumber).toBe(boarded.blNumber);
    expect((await as('logistics', 'DELETE', '/api/billLading', [res.body.id])).status).toBe(200);
  });
});

describe('tally sheet', () => {
  it('only the batch’s logistics provider synchronises; again it adds nothing', async () => {
    expect((await as('shipper', 'GET', '/api/tallySheet/synchPacklist', { batchId: B001 })).status).toBe(403);
    expect((await as('supplier', 'GET', '/api/tallySheet/synchPacklist', { batchId: B001 })).status).toBe(
      403,
    );
    expect(await tally()).toEqual([]);
    const first = await as('logistics', 'GET', '/api/tallySheet/synchPacklist', { batchId: B001 });
    expect(first.body).toMatchObject({ added: 4, totalElements: 4 });
    const rows = await tally();
    expect(rows.map((r) => r.status)).toEqual([0, 0, 0, 0]);
    expect(rows.every((r) => Number(r.expectedQuantity) > 0)).toBe(true);
    const again = await as('logistics', 'GET', '/api/tallySheet/synchPacklist', { batchId: B001 });
    expect(again.body).toMatchObject({ added: 0, totalElements: 4 });
    expect(await tally()).toEqual(rows);
  });

  it('the demo’s tally of JKT2-B007 is its provider’s synchronisation: one more adds nothing, and it is recorded', async () => {
    const [b7] = await t.db.select().from(projectBatches).where(eq(projectBatches.batchNumber, 'JKT2-B007'));
    const held = await t.db.select().from(tallySheets).where(eq(tallySheets.batchId, b7.id));
    expect(held.length).toBeGreaterThan(0);
    const again = await as('logistics', 'GET', '/api/tallySheet/synchPacklist', { batchId: b7.id });
    expect(again.body).toMatchObject({ added: 0, refreshed: 0, totalElements: held.length });
    const synced = await t.db
      .select()
      .from(changeRecords)
      .where(and(eq(changeRecords.entity, 'tallySheet'), eq(changeRecords.batchId, b7.id)));
    expect(synced.map((r) => [r.action, r.createBy])).toEqual([['sync', 'logistics']]);
  });

  it('the shipper and the provider see it, sorted by status then box number; suppliers do not', async () => {
    const seen = await as('shipper', 'GET', '/api/viewTallySheet', { batchId: B001 });
    expect(seen.body.totalElements).toBe(4);
    const numbers = seen.body.content.map((r: { boxNumber: string }) => r.boxNumber);
    expect(numbers).toEqual([...numbers].sort());
    expect(seen.body.content[0].actions).toEqual([]);
    const provider = await as('logistics', 'GET', '/api/viewTallySheet', { batchId: B001 });
    expect(provider.body.content[0].actions.sort()).toEqual(['damage', 'match', 'over', 'short']);
    const supplier = await as('supplier', 'GET', '/api/viewTallySheet', { batchId: B001 });
    expect(supplier.body.content ?? []).toEqual([]);
  });

  it('a short box raises one abnormal record (shortage) and tells the shipper; refusals change nothing', async () => {
    const [box] = await tally();
    const packed = Number(box.expectedQuantity);
    const refused: [string, Record<string, unknown>, number, string?][] = [
      ['logistics', { id: box.id, status: 2, talliedQuantity: String(packed) }, 400, 'tally.short_quantity'],
      ['logistics', { id: box.id, status: 3, talliedQuantity: '0' }, 400, 'tally.over_quantity'],
      ['logistics', { id: box.id, status: 0 }, 400],
      ['logistics', { id: box.id, status: 7 }, 400],
      ['shipper', { id: box.id, status: 2, talliedQuantity: '0' }, 403],
      ['supplier', { id: box.id, status: 1 }, 403],
    ];
    for (const [who, body, status, code] of refused) {
      const res = await as(who, 'PUT', '/api/tallySheet', body);
      expect([who, body, res.status]).toEqual([who, body, status]);
      if (code) expect(res.body.code).toBe(code);
    }
    expect((await tally())[0]).toEqual(box);
    expect(await abnormal()).toEqual([]);

    const short = await as('logistics', 'PUT', '/api/tallySheet', {
      id: box.id,
      status: 2,
      talliedQuantity: '0',
      note: '外包装完好，箱内缺件',
    });
    expect(short.status).toBe(200);
    expect(short.body).toMatchObject({ status: 2, talliedQuantity: '0.000', statusLabel: '短少' });
    const raised = await abnormal();
    expect(raised.map((a) => [a.boxId, a.abnormalType, Number(a.quantity), a.note])).toEqual([
      [box.boxId, 'shortage', packed, '外包装完好，箱内缺件'],
    ]);
    const told = await t.db.select().from(messages).where(eq(messages.tenantId, tenantOf.shipper));
    expect(told.map((m) => m.title).some((x) => x.includes(`箱件 ${box.boxNumber} 登记异常：短少`))).toBe(
      true,
    );
    // Once per box and kind: tallied short again, no second record; damaged, one damage record.
    await as('logistics', 'PUT', '/api/tallySheet', { id: box.id, status: 2, note: '复核仍短少' });
    expect((await abnormal()).length).toBe(1);
    await as('logistics', 'PUT', '/api/tallySheet', { id: box.id, status: 4, note: '木箱破损' });
    expect((await abnormal()).map((a) => a.abnormalType)).toEqual(['shortage', 'damage']);
    const seen = await as('shipper', 'GET', '/api/abnormalRecord', { batchId: B001 });
    expect(seen.body.content.map((a: { typeLabel: string }) => a.typeLabel).sort()).toEqual(['短少', '破损']);
  });

  it('batchUpdate tallies several boxes at once, all or none; a re-sync keeps every result', async () => {
    const rows = await tally();
    const rest = rows.slice(1).map((r) => r.id);
    const foreign = await as('logistics', 'POST', '/api/tallySheet/batchUpdate', {
      ids: [...rest, 999_999],
      status: 1,
    });
    expect(foreign.status).toBe(404);
    expect((await tally()).slice(1).map((r) => r.status)).toEqual([0, 0, 0]);
    const byShipper = await as('shipper', 'POST', '/api/tallySheet/batchUpdate', { ids: rest, status: 1 });
    expect(byShipper.status).toBe(403);
    const ok = await as('logistics', 'POST', '/api/tallySheet/batchUpdate', { ids: rest, status: 1 });
    expect(ok.status).toBe(200);
    expect(ok.body.totalElements).toBe(3);
    const after = await tally();
    expect(after.slice(1).map((r) => [r.status, r.talliedQuantity])).toEqual(
      rows.slice(1).map((r) => [1, r.expectedQuantity]),
    );
    expect((await abnormal()).length).toBe(2);
    // A box that lost its tally row comes back on the next synchronisation; the others keep their results.
    await t.db.delete(tallySheets).where(eq(tallySheets.id, after[3].id));
    const sync = await as('logistics', 'GET', '/api/tallySheet/synchPacklist', { batchId: B001 });
    expect(sync.body).toMatchObject({ added: 1, totalElements: 4 });
    const synced = await tally();
    expect(synced.slice(0, 3)).toEqual(after.slice(0, 3));
    expect(synced[3]).toMatchObject({ boxId: after[3].boxId, status: 0 });
    const listed = await as('logistics', 'GET', '/api/viewTallySheet', { batchId: B001 });
    expect(listed.body.content.map((r: { status: number }) => r.status)).toEqual([0, 1, 1, 4]);
  });
});

describe('tally quantities come from each box’s own contents', () => {
  it('boxes of 6, 20 and 120 pieces expect 6, 20 and 120; a match copies its own; a shortage of 5 says 5', async () => {
    const [b] = await t.db.select().from(projectBatches).where(eq(projectBatches.batchNumber, 'JKT2-B003'));
    const rows = await t.db.select().from(supplies).where(eq(supplies.batchId, b.id)).limit(2);
    expect(rows.length).toBe(2);
    const box = async (n: number, contents: [number, number][]) => {
      const [row] = await t.db
        .insert(boxPieces)
        .values({
          tenantId: b.tenantId,
          projectId: b.projectId,
          batchId: b.id,
          supplierTenantId: rows[0].supplierTenantId,
          boxNumber: `JKT2-B003-T${n}`,
          seq: 900 + n,
          token: `tally-test-token-${n}`,
          packageType: 'wooden_case',
          length: 1000,
          width: 800,
          height: 600,
          grossWeight: 100,
          netWeight: 90,
          volume: 0.48,
          status: BoxStatus.submitted,
        })
        .returning();
      for (const [i, quantity] of contents)
        await t.db.insert(boxPieceDetails).values({
          tenantId: b.tenantId,
          batchId: b.id,
          supplierTenantId: rows[0].supplierTenantId,
          boxId: row.id,
          suppliesId: rows[i].id,
          quantity,
        });
      return row;
    };
    // The third box holds two material rows: 100 + 20.
    const boxes = [
      await box(1, [[0, 6]]),
      await box(2, [[1, 20]]),
      await box(3, [
        [0, 100],
        [1, 20],
      ]),
    ];
    const sync = await as('logistics', 'GET', '/api/tallySheet/synchPacklist', { batchId: b.id });
    expect(sync.status).toBe(200);
    const sheet = async () =>
      new Map(
        (await t.db.select().from(tallySheets).where(eq(tallySheets.batchId, b.id))).map((r) => [r.boxId, r]),
      );
    const held = await sheet();
    expect(boxes.map((x) => held.get(x.id)?.expectedQuantity)).toEqual(['6.000', '20.000', '120.000']);

    const match = await as('logistics', 'PUT', '/api/tallySheet', {
      id: held.get(boxes[2].id)?.id,
      status: 1,
    });
    expect(match.status).toBe(200);
    expect(match.body.talliedQuantity).toBe('120.000');
    const short = await as('logistics', 'PUT', '/api/tallySheet', {
      id: held.get(boxes[1].id)?.id,
      status: 2,
      talliedQuantity: '15',
    });
    expect(short.status).toBe(200);
    const [record] = await t.db.select().from(abnormalRecords).where(eq(abnormalRecords.boxId, boxes[1].id));
    expect([record.abnormalType, Number(record.quantity)]).toEqual(['shortage', 5]);
    const seen = await as('shipper', 'GET', '/api/abnormalRecord', { batchId: b.id });
    expect(seen.body.content.map((a: { quantity: string | number }) => Number(a.quantity))).toEqual([5]);
  });
});
