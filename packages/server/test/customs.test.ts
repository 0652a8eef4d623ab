// Customs declaration: party visibility, lines only from confirmed lists, every rule of a line,
// elements before review, the review machine, division into tickets (120 lines → 4), the declared price
// with its kept inputs, the broker's file, declaring with the entry number, archiving, and clearance.
import { declaredPriceOf, TenantEnd, unitPriceOf } from '@tradelane/contract';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeRecords, tenants } from '../src/db/schema.ts';
import {
  assorts,
  customsClearances,
  declareElements,
  declareLines,
  declPrices,
  examines,
  exchangeRates,
  projectDeclares,
} from '../src/db/schema-customs.ts';
import {
  batchPartners,
  customsCodes,
  materialCodes,
  materialLists,
  projectBatches,
  supplies,
} from '../src/db/schema-project.ts';
import { readinessProblems } from '../src/modules/customs/lines.ts';
import { call, loginAll, useTestApp } from './helpers.ts';

const t = useTestApp();
let tok: Record<string, string>;
const batch: Record<string, number> = {};
const tenant: Record<string, number> = {};

beforeAll(async () => {
  tok = await loginAll(t.app, ['admin', 'shipper', 'supplier', 'supplier2', 'logistics', 'trial']);
  // The demo project JKT2's batches by their short number (the second demo project has its own B001…).
  for (const b of await t.db.select().from(projectBatches))
    if (b.batchNumber.startsWith('JKT2-')) batch[b.batchNumber.slice(-4)] = b.id;
  for (const r of await t.db.select().from(tenants)) tenant[r.corporateName] = r.id;
});

const declOf = async (batchId: number, direction = 'export') =>
  (
    await t.db
      .select()
      .from(projectDeclares)
      .where(and(eq(projectDeclares.batchId, batchId), eq(projectDeclares.direction, direction)))
  )[0];
const linesOf = (declareId: number) =>
  t.db.select().from(declareLines).where(eq(declareLines.declareId, declareId)).orderBy(declareLines.lineNo);
const ticketsOf = (declareId: number) =>
  t.db.select().from(assorts).where(eq(assorts.declareId, declareId)).orderBy(assorts.ticketNo);
const snap = async (declareId: number) =>
  JSON.stringify({
    d: await t.db.select().from(projectDeclares).where(eq(projectDeclares.id, declareId)),
    l: await linesOf(declareId),
    t: await ticketsOf(declareId),
  });

describe('who sees a declaration', () => {
  it('the batch’s shipper and broker see it; suppliers and strangers do not', async () => {
    const b1 = await declOf(batch.B001);
    const b4 = await declOf(batch.B001, 'import');
    for (const who of ['shipper', 'logistics']) {
      const res = await call(t.app, 'GET', '/api/projectDeclare', { token: tok[who] });
      expect(res.status).toBe(200);
      expect(res.body.content.map((d: { id: number }) => d.id).sort()).toEqual([b1.id, b4.id].sort());
    }
    for (const who of ['supplier', 'supplier2']) {
      const res = await call(t.app, 'GET', '/api/projectDeclare', { token: tok[who] });
      expect(res.status, who).toBe(403);
      const lines = await call(t.app, 'GET', '/api/declareLine', { token: tok[who] });
      expect(lines.status, who).toBe(403);
    }
    // A shipper that is not the batch's sees none of it.
    for (const family of ['projectDeclare', 'declareLine', 'assort', 'examine', 'declPrice']) {
      const res = await call(t.app, 'GET', `/api/${family}`, { token: tok.trial });
      expect(res.status, family).toBe(200);
      expect(res.body.totalElements, family).toBe(0);
    }
    const foreign = await call(t.app, 'GET', '/api/projectDeclare/queryById', {
      token: tok.trial,
      query: { id: b4.id },
    });
    expect(foreign.status).toBe(404);
    const one = await call(t.app, 'GET', '/api/projectDeclare/queryById', {
      token: tok.logistics,
      query: { id: b4.id },
    });
    expect(one.body).toMatchObject({
      batchNumber: 'JKT2-B001',
      direction: 'import',
      status: 1,
      lines: 5,
      tickets: 1,
    });
    expect(one.body.actions).toEqual([]);
    const mine = await call(t.app, 'GET', '/api/projectDeclare/queryById', {
      token: tok.shipper,
      query: { id: b4.id },
    });
    expect(mine.body.actions.sort()).toEqual(['approve', 'back']);
  });

  it('the demo: batch 1 exported (archived, two declared tickets) and its import in review', async () => {
    const b1 = await declOf(batch.B001);
    expect(b1.status).toBe(4);
    const tickets = await ticketsOf(b1.id);
    expect(tickets).toHaveLength(2);
    expect(tickets.every((x) => x.status === 1 && /^\d{18}$/.test(x.entryNumber ?? ''))).toBe(true);
    // Each ticket was declared by the broker's declare command: its record carries the entry number.
    const declared = await t.db
      .select()
      .from(changeRecords)
      .where(and(eq(changeRecords.entity, 'assort'), eq(changeRecords.action, 'declare')));
    expect(
      tickets.map((x) => declared.find((r) => r.entityId === x.id)).map((r) => [r?.createBy, r?.note]),
    ).toEqual(tickets.map((x) => ['logistics', x.entryNumber]));
    const lines = await linesOf(b1.id);
    // 6-digit HS codes of the list became the tariff's 10-digit lines, with its legal units.
    expect(lines[2]).toMatchObject({
      name: '20kV 金属铠装开关柜',
      hsCode: '8537209000',
      legalUnit1: '台',
      quantity: '24.000',
    });
    // The main transformers carry their rated power as legal quantity 2 (2 × 180 MVA).
    expect(lines[0]).toMatchObject({
      name: '主变压器',
      hsCode: '8504230090',
      legalUnit1: '台',
      legalQuantity1: '2.000',
      legalUnit2: '千伏安',
      legalQuantity2: '360000.000',
    });
    const b1Import = await declOf(batch.B001, 'import');
    expect(b1Import.status).toBe(1);
    // Both pass everything filing asks today: the demo shows no declaration that could not be filed.
    expect(await readinessProblems(t.db, b1, 'en')).toEqual([]);
    expect(await readinessProblems(t.db, b1Import, 'en')).toEqual([]);
  });
});

describe('a line without an HS code', () => {
  it('is suggested the code its own suppliers remembered for the name, never another company’s', async () => {
    const decl = await declOf(batch.B001, 'import');
    const [line] = await linesOf(decl.id);
    await t.db
      .update(declareLines)
      .set({ hsCode: null, name: '试验用绝缘子' })
      .where(eq(declareLines.id, line.id));
    const partners = await t.db.select().from(batchPartners).where(eq(batchPartners.batchId, batch.B001));
    const supplierIds = partners
      .filter((p) => p.partnerEnd === TenantEnd.supplier)
      .map((p) => p.partnerTenantId);
    const stranger = Object.values(tenant).find((id) => !partners.some((p) => p.partnerTenantId === id));
    expect(supplierIds.length).toBeGreaterThan(0);
    expect(stranger).toBeDefined();
    const suggested = async () => {
      const res = await call(t.app, 'GET', '/api/declareLine', {
        token: tok.logistics,
        query: { declareId: decl.id, size: 100 },
      });
      expect(res.status).toBe(200);
      return (res.body.content as { id: number; suggestedHsCode: string | null }[]).find(
        (r) => r.id === line.id,
      )?.suggestedHsCode;
    };
    await t.db
      .insert(materialCodes)
      .values({ tenantId: stranger as number, code: 'X-1', name: '试验用绝缘子', hsCode: '9999999999' });
    expect(await suggested()).toBeNull();
    await t.db
      .insert(materialCodes)
      .values({ tenantId: supplierIds[0], code: 'X-1', name: '试验用绝缘子', hsCode: '8546100000' });
    expect(await suggested()).toBe('8546100000');
  });
});

describe('an archived declaration is read-only', () => {
  it('refuses every change with its status named, and nothing changes', async () => {
    const d = await declOf(batch.B001);
    const before = await snap(d.id);
    const [line] = await linesOf(d.id);
    const put = await call(t.app, 'PUT', '/api/projectDeclare', {
      token: tok.logistics,
      body: { id: d.id, vesselName: 'X' },
      lang: 'en',
    });
    expect(put.status).toBe(400);
    expect(put.body.message).toBe('The declaration is Archived: it cannot be changed');
    const zh = await call(t.app, 'PUT', '/api/declareLine', {
      token: tok.logistics,
      body: { id: line.id, quantity: '1' },
    });
    expect(zh.body.message).toBe('报关单已归档，不能修改');
    for (const [url, body] of [
      ['/api/assort/undoAssort', { declareId: d.id }],
      ['/api/projectDeclare/buildLines', { declareId: d.id }],
      ['/api/examine/submit', { id: d.id }],
    ] as const) {
      const res = await call(t.app, 'POST', url, { token: tok.logistics, body });
      expect(res.status, url).toBe(400);
      expect(res.body.code).toBe('state.not_allowed');
    }
    const del = await call(t.app, 'DELETE', '/api/projectDeclare', { token: tok.logistics, body: [d.id] });
    expect(del.status).toBe(400);
    expect(await snap(d.id)).toBe(before);
  });
});

describe('building a declaration from material lists', () => {
  let declareId: number;

  it('only the batch’s broker creates it; lines come only from confirmed lists', async () => {
    const byShipper = await call(t.app, 'POST', '/api/projectDeclare', {
      token: tok.shipper,
      body: { batchId: batch.B003 },
    });
    expect(byShipper.status).toBe(403);
    const res = await call(t.app, 'POST', '/api/projectDeclare', {
      token: tok.logistics,
      body: { batchId: batch.B003, customsOffice: '2248' },
    });
    expect(res.status).toBe(201);
    declareId = res.body.id;
    expect(res.body).toMatchObject({ status: 0, portOfExit: '3104', destinationCountry: 'ID' });
    // Batch 3's lists are drafts: nothing to declare yet.
    expect(await linesOf(declareId)).toHaveLength(0);
    const again = await call(t.app, 'POST', '/api/projectDeclare', {
      token: tok.logistics,
      body: { batchId: batch.B003 },
      lang: 'en',
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This batch already has an export declaration');
    const zh = await call(t.app, 'POST', '/api/projectDeclare', {
      token: tok.logistics,
      body: { batchId: batch.B003 },
    });
    expect(zh.body.message).toBe('该批次已有出口报关单');
    const build = await call(t.app, 'POST', '/api/projectDeclare/buildLines', {
      token: tok.logistics,
      body: { declareId },
      lang: 'en',
    });
    expect(build.status).toBe(400);
    expect(build.body.message).toBe('The batch has no confirmed material list to declare from');
  });

  it('once the supplier’s list is confirmed, the lines follow it', async () => {
    const [list] = await t.db
      .select()
      .from(materialLists)
      .where(
        and(
          eq(materialLists.batchId, batch.B003),
          eq(materialLists.supplierTenantId, tenant['上海电气设备有限公司']),
        ),
      );
    // The same disconnector a second time: rows that agree merge into one line.
    const [first] = await t.db
      .select()
      .from(supplies)
      .where(eq(supplies.listId, list.id))
      .orderBy(supplies.lineNo);
    const more = await call(t.app, 'POST', '/api/supplies', {
      token: tok.supplier,
      body: {
        batchId: batch.B003,
        materialCode: first.materialCode,
        name: first.name,
        spec: first.spec,
        brand: first.brand,
        hsCode: first.hsCode,
        quantity: 3,
        unit: first.unit,
        unitPrice: 68000,
        currency: 'CNY',
        originCountry: 'CN',
        contractId: first.contractId,
      },
    });
    expect(more.status).toBe(201);
    expect(
      (
        await call(t.app, 'POST', '/api/supplies/submitCustomer', {
          token: tok.supplier,
          body: { listId: list.id },
        })
      ).status,
    ).toBe(200);
    expect(
      (await call(t.app, 'POST', '/api/supplies/confirm', { token: tok.shipper, body: { listId: list.id } }))
        .status,
    ).toBe(200);
    const build = await call(t.app, 'POST', '/api/projectDeclare/buildLines', {
      token: tok.logistics,
      body: { declareId },
    });
    expect(build.status).toBe(200);
    expect(build.body.lines).toBe(3);
    const lines = await linesOf(declareId);
    expect(lines.map((l) => [l.name, l.quantity, l.unitPrice, l.totalPrice, l.currency])).toEqual([
      ['隔离开关', '15.000', '68000.0000', '1020000.00', 'CNY'],
      ['避雷器', '18.000', '9800.0000', '176400.00', 'CNY'],
      ['电流互感器', '12.000', '32000.0000', '384000.00', 'CNY'],
    ]);
    const events = await t.db
      .select()
      .from(changeRecords)
      .where(and(eq(changeRecords.entity, 'projectDeclare'), eq(changeRecords.entityId, declareId)));
    expect(lines[0].source.map((x) => x.quantity)).toEqual(['12', '3']);
    expect(events.map((e) => e.action)).toEqual(expect.arrayContaining(['create', 'build']));
  });

  it('a line never exceeds the confirmed quantity, needs a known HS code and a positive price', async () => {
    const [line] = await linesOf(declareId);
    const before = await snap(declareId);
    const over = await call(t.app, 'PUT', '/api/declareLine', {
      token: tok.logistics,
      body: { id: line.id, quantity: '15.001' },
      lang: 'en',
    });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(
      'Line 1: the declared quantity 15.001 exceeds the confirmed quantity 15.000',
    );
    const hs = await call(t.app, 'PUT', '/api/declareLine', {
      token: tok.logistics,
      body: { id: line.id, hsCode: '0000000000' },
    });
    expect(hs.body.message).toBe('第 1 项的 HS 编码未知或为空');
    const price = await call(t.app, 'PUT', '/api/declareLine', {
      token: tok.logistics,
      body: { id: line.id, unitPrice: '0' },
    });
    expect(price.body.message).toBe('第 1 项的单价须大于 0');
    const shipper = await call(t.app, 'PUT', '/api/declareLine', {
      token: tok.shipper,
      body: { id: line.id, quantity: '10' },
    });
    expect(shipper.status).toBe(403);
    expect(await snap(declareId)).toBe(before);
    const fewer = await call(t.app, 'PUT', '/api/declareLine', {
      token: tok.logistics,
      body: { id: line.id, quantity: '10', unitPrice: '68000.005' },
    });
    expect(fewer.status).toBe(200);
    expect(fewer.body).toMatchObject({ quantity: '10.000', totalPrice: '680000.05' });
  });

  it('required elements are filled before review; division is needed too', async () => {
    const [line] = await linesOf(declareId);
    // A 10-digit tariff line with an element template.
    const set = await call(t.app, 'PUT', '/api/declareLine', {
      token: tok.logistics,
      body: { id: line.id, hsCode: '8535900090' },
    });
    expect(set.status).toBe(200);
    const tpl = await call(t.app, 'GET', '/api/declareElements/template', {
      token: tok.logistics,
      query: { hsCode: '8535900090' },
    });
    expect(tpl.body.elements).toEqual(['品牌类型', '出口享惠情况', '品名', '用途', '品牌', '型号']);
    const notDivided = await call(t.app, 'POST', '/api/examine/submit', {
      token: tok.logistics,
      body: { id: declareId },
      lang: 'en',
    });
    expect(notDivided.status).toBe(400);
    // Every missing thing at once, by the form's names (never a field id), in the caller's language.
    expect(notDivided.body.message).toMatch(
      /^The declaration cannot be submitted for review yet: the header/,
    );
    expect(notDivided.body.problems).toEqual(
      expect.arrayContaining([
        'the header lacks the vessel, voyage, B/L number, transaction terms (Incoterms), package type, contract number',
        'line 1 lacks the declaration elements 品牌类型, 出口享惠情况, 品名, 用途, 品牌, 型号',
        'line 2 needs the 10-digit customs commodity code (it has 853540)',
        'line 1 is not in a ticket',
      ]),
    );
    const zh = await call(t.app, 'POST', '/api/examine/submit', {
      token: tok.logistics,
      body: { id: declareId },
    });
    expect(zh.body.problems).toEqual(
      expect.arrayContaining([
        '表头未填运输工具名称、航次号、提运单号、成交方式、包装种类、合同协议号',
        '第 2 项商品编号须为 10 位海关编码（现为 853540）',
      ]),
    );
    expect(JSON.stringify(zh.body.problems)).not.toMatch(
      /vesselName|voyageNo|blNumber|incoterm|contractNumber/,
    );
    expect((await declOf(batch.B003)).status).toBe(0);
    const bad = await call(t.app, 'POST', '/api/declareElements/batchUpdate', {
      token: tok.logistics,
      body: { items: [{ lineId: line.id, values: { 颜色: '红' } }] },
    });
    expect(bad.status).toBe(400);
    const fill = await call(t.app, 'POST', '/api/declareElements/batchUpdate', {
      token: tok.logistics,
      body: {
        items: [
          {
            lineId: line.id,
            values: {
              品牌类型: '境内自主品牌',
              出口享惠情况: '不享惠',
              品名: '隔离开关',
              用途: '电站用',
              品牌: '上海电气',
              型号: 'GW4-170',
            },
          },
        ],
      },
    });
    expect(fill.status).toBe(200);
    const [el] = await t.db.select().from(declareElements).where(eq(declareElements.lineId, line.id));
    expect(el.values.型号).toBe('GW4-170');
    const stillNot = await call(t.app, 'POST', '/api/examine/submit', {
      token: tok.logistics,
      body: { id: declareId },
    });
    expect(stillNot.body.problems).toContain('第 1 项尚未分票');
    expect(stillNot.body.problems.join()).not.toContain('第 1 项申报要素');
  });

  it('divides automatically, refuses mixed tickets, cancels division', async () => {
    const auto = await call(t.app, 'POST', '/api/assort/auto', { token: tok.logistics, body: { declareId } });
    expect(auto.status).toBe(200);
    expect(auto.body).toMatchObject({ tickets: 1, undivided: 0 });
    const lines = await linesOf(declareId);
    const before = await snap(declareId);
    const mixed = await call(t.app, 'PUT', '/api/declareLine', {
      token: tok.logistics,
      body: { id: lines[2].id, tradeMode: '3422' },
      lang: 'en',
    });
    expect(mixed.status).toBe(400);
    expect(mixed.body.message).toBe('A ticket cannot hold two trade modes or two contracts');
    expect(await snap(declareId)).toBe(before);
    expect(
      (await call(t.app, 'POST', '/api/assort/undoAssort', { token: tok.logistics, body: { declareId } }))
        .status,
    ).toBe(200);
    expect(await ticketsOf(declareId)).toHaveLength(0);
    expect((await linesOf(declareId)).every((l) => l.assortId === null)).toBe(true);
    expect(
      (
        await call(t.app, 'PUT', '/api/declareLine', {
          token: tok.logistics,
          body: { id: lines[2].id, tradeMode: '3422' },
        })
      ).status,
    ).toBe(200);
    await call(t.app, 'POST', '/api/assort/auto', { token: tok.logistics, body: { declareId } });
    const tickets = await ticketsOf(declareId);
    expect(tickets.map((x) => x.tradeMode)).toEqual(['0110', '3422']);
    const move = await call(t.app, 'PUT', '/api/assort/moveLines', {
      token: tok.logistics,
      body: { assortId: tickets[0].id, lineIds: [lines[2].id] },
    });
    expect(move.status).toBe(400);
    expect(move.body.code).toBe('customs.move_mixed');
    // By hand: a ticket of its own for line 2, then back.
    const own = await call(t.app, 'POST', '/api/assort', {
      token: tok.logistics,
      body: { declareId, lineIds: [lines[1].id] },
    });
    expect(own.status).toBe(201);
    expect(await ticketsOf(declareId)).toHaveLength(3);
    const back = await call(t.app, 'PUT', '/api/assort/moveLines', {
      token: tok.logistics,
      body: { assortId: tickets[0].id, lineIds: [lines[1].id] },
    });
    expect(back.status).toBe(200);
    // The emptied ticket is gone.
    expect(await ticketsOf(declareId)).toHaveLength(2);
  });

  it('the declared price keeps its inputs: a later rate change does not rewrite it', async () => {
    const [line] = await linesOf(declareId);
    const month = new Date().toISOString().slice(0, 7);
    const noRate = await call(t.app, 'POST', '/api/declPrice', {
      token: tok.logistics,
      body: { lineId: line.id, premiumRate: '1.05', declaredCurrency: 'USD', rateMonth: '2020-01' },
      lang: 'en',
    });
    expect(noRate.status).toBe(400);
    expect(noRate.body.message).toBe('No CNY to USD exchange rate for 2020-01');
    const res = await call(t.app, 'POST', '/api/declPrice', {
      token: tok.logistics,
      body: { lineId: line.id, premiumRate: '1.05', declaredCurrency: 'USD' },
    });
    expect(res.status).toBe(201);
    const expected = declaredPriceOf({
      totalPurchasePrice: '680000.05',
      purchaseCurrency: 'CNY',
      premiumRate: '1.05',
      conversionFactor: '7.1',
      declaredCurrency: 'USD',
    });
    expect(expected).toBe('100563.39');
    expect(res.body).toMatchObject({
      totalPurchasePrice: '680000.050',
      conversionFactor: '7.100000',
      rateMonth: month,
      declaredPrice: '100563.390',
    });
    const forged = await call(t.app, 'PUT', '/api/declPrice', {
      token: tok.logistics,
      body: { id: res.body.id, declaredPrice: '1' },
    });
    // The result is the server's: a body naming it is refused (an unknown field of the update) and nothing changes.
    expect(forged.status).toBe(400);
    expect((await t.db.select().from(declPrices).where(eq(declPrices.id, res.body.id)))[0]).toMatchObject({
      declaredPrice: '100563.390',
    });
    const [rate] = await t.db
      .select()
      .from(exchangeRates)
      .where(
        and(
          eq(exchangeRates.currency, 'CNY'),
          eq(exchangeRates.baseCurrency, 'USD'),
          eq(exchangeRates.month, month),
        ),
      );
    const byBroker = await call(t.app, 'PUT', '/api/exchangeRate', {
      token: tok.logistics,
      body: { id: rate.id, rate: '7' },
    });
    expect(byBroker.status).toBe(403);
    const byAdmin = await call(t.app, 'PUT', '/api/exchangeRate', {
      token: tok.admin,
      body: { id: rate.id, rate: '6.9' },
    });
    expect(byAdmin.status).toBe(200);
    const keptPrice = async () =>
      (await t.db.select().from(declPrices).where(eq(declPrices.id, res.body.id)))[0];
    expect(await keptPrice()).toMatchObject({ conversionFactor: '7.100000', declaredPrice: '100563.390' });
    // A corrected unit price carries into the kept price with the kept rate (7.1), not the table's new one.
    const corrected = await call(t.app, 'PUT', '/api/declareLine', {
      token: tok.logistics,
      body: { id: line.id, unitPrice: '1000' },
    });
    expect(corrected.status).toBe(200);
    const total = corrected.body.totalPrice as string;
    expect(Number(total)).toBe(Number(line.quantity) * 1000);
    expect(await keptPrice()).toMatchObject({
      totalPurchasePrice: Number(total).toFixed(3),
      conversionFactor: '7.100000',
      premiumRate: '1.0500',
      declaredPrice: Number(
        declaredPriceOf({
          totalPurchasePrice: Number(total).toFixed(2),
          purchaseCurrency: 'CNY',
          premiumRate: '1.05',
          conversionFactor: '7.1',
          declaredCurrency: 'USD',
        }),
      ).toFixed(3),
    });
    const restored = await call(t.app, 'PUT', '/api/declareLine', {
      token: tok.logistics,
      body: { id: line.id, unitPrice: line.unitPrice },
    });
    expect(restored.body.totalPrice).toBe(line.totalPrice);
    expect(await keptPrice()).toMatchObject({ conversionFactor: '7.100000', declaredPrice: '100563.390' });
    await call(t.app, 'PUT', '/api/exchangeRate', { token: tok.admin, body: { id: rate.id, rate: '7.1' } });
  });

  it('the administrator imports rates from CSV; a bad row changes nothing', async () => {
    const bad = await call(t.app, 'POST', '/api/exchangeRate/import', {
      token: tok.admin,
      body: { csv: 'currency,baseCurrency,month,rate\nJPY,USD,2026-01,148.5\nZZZ,USD,2026-01,1' },
      lang: 'en',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Exchange-rate file, row 3 is invalid: currency');
    expect(await t.db.select().from(exchangeRates).where(eq(exchangeRates.currency, 'JPY'))).toHaveLength(0);
    const ok = await call(t.app, 'POST', '/api/exchangeRate/import', {
      token: tok.admin,
      body: { csv: 'currency,baseCurrency,month,rate\nJPY,USD,2026-01,148.5\nGBP,USD,2026-01,0.79' },
    });
    expect(ok.body).toEqual({ imported: 2 });
    const broker = await call(t.app, 'POST', '/api/exchangeRate/import', {
      token: tok.logistics,
      body: { csv: 'JPY,USD,2026-02,150' },
    });
    expect(broker.status).toBe(403);
  });

  it('goes to review, is returned with a reason, fixed, approved, declared and archived', async () => {
    // What filing needs: the header's fields and figures (nothing of batch 3 is packed: one ticket takes
    // them), each line's 10-digit tariff code with its elements and legal quantities.
    await t.db
      .insert(customsCodes)
      .values(
        [
          ['8535400000', '避雷器、电压限幅器及电涌抑制器'],
          ['8504311000', '其他额定容量不超过1千伏安的变压器'],
        ].map(([code, name]) => ({
          code,
          hs6: code.slice(0, 6),
          name,
          unit1: '千克',
          unit2: null,
          elements: '0:品名;1:用途',
          createBy: 'test',
          updateBy: 'test',
        })),
      )
      .onConflictDoNothing();
    const typed = await call(t.app, 'PUT', '/api/projectDeclare', {
      token: tok.logistics,
      body: {
        id: declareId,
        vesselName: 'MSC ANNA',
        voyageNo: 'FE612W',
        blNumber: 'MEDUJ1234567',
        incoterm: 'FOB',
        packageType: '23',
        contractNumber: 'JKT2-SE-2026-003',
        packages: 3,
        grossWeight: '1250.500',
        netWeight: '1100.000',
      },
    });
    expect(typed.status, JSON.stringify(typed.body)).toBe(200);
    await call(t.app, 'POST', '/api/assort/undoAssort', { token: tok.logistics, body: { declareId } });
    for (const l of await linesOf(declareId)) {
      const code = l.hsCode === '853540' ? '8535400000' : l.hsCode === '850431' ? '8504311000' : l.hsCode;
      const put = await call(t.app, 'PUT', '/api/declareLine', {
        token: tok.logistics,
        body: { id: l.id, hsCode: code, tradeMode: '0110', legalQuantity1: '100' },
      });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      // A ticket declares one currency: every line's price declared in USD like line 1's.
      if (l.lineNo > 1)
        expect(
          (
            await call(t.app, 'POST', '/api/declPrice', {
              token: tok.logistics,
              body: { lineId: l.id, premiumRate: '1.00', declaredCurrency: 'USD' },
            })
          ).status,
        ).toBe(201);
      if (code !== l.hsCode)
        await call(t.app, 'POST', '/api/declareElements/batchUpdate', {
          token: tok.logistics,
          body: { items: [{ lineId: l.id, values: { 品名: l.name, 用途: '电站用' } }] },
        });
    }
    await call(t.app, 'POST', '/api/assort/auto', { token: tok.logistics, body: { declareId } });
    const submit = await call(t.app, 'POST', '/api/examine/submit', {
      token: tok.logistics,
      body: { id: declareId },
      lang: 'en',
    });
    expect(submit.status, JSON.stringify(submit.body.problems)).toBe(200);
    expect(submit.body.status).toBe(1);
    // The broker cannot approve; the shipper must give a reason to return it.
    const self = await call(t.app, 'POST', '/api/examine/approve', {
      token: tok.logistics,
      body: { id: declareId },
    });
    expect(self.status).toBe(403);
    const noReason = await call(t.app, 'POST', '/api/examine/back', {
      token: tok.shipper,
      body: { id: declareId, reason: ' ' },
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toContain('请填写退回原因');
    const back = await call(t.app, 'POST', '/api/examine/back', {
      token: tok.shipper,
      body: { id: declareId, reason: '第 2 项用途填写不完整' },
    });
    expect(back.body).toMatchObject({ status: 2, reason: '第 2 项用途填写不完整' });
    const kept = await t.db.select().from(examines).where(eq(examines.declareId, declareId));
    expect(kept.map((e) => [e.action, e.opinion])).toEqual([
      ['submit', null],
      ['back', '第 2 项用途填写不完整'],
    ]);
    // The broker's first change takes it back to draft.
    const lines = await linesOf(declareId);
    const fix = await call(t.app, 'PUT', '/api/declareLine', {
      token: tok.logistics,
      body: { id: lines[1].id, remark: '用途：电站' },
    });
    expect(fix.status).toBe(200);
    expect((await declOf(batch.B003)).status).toBe(0);
    expect(
      (await call(t.app, 'POST', '/api/examine/submit', { token: tok.logistics, body: { id: declareId } }))
        .status,
    ).toBe(200);
    const [ticket] = await ticketsOf(declareId);
    const early = await call(t.app, 'POST', '/api/assort/declare', {
      token: tok.logistics,
      body: { id: ticket.id, entryNumber: '224820260000999990' },
    });
    expect(early.body.code).toBe('customs.not_approved');
    const approve = await call(t.app, 'POST', '/api/examine/approve', {
      token: tok.shipper,
      body: { id: declareId },
    });
    expect(approve.body.status).toBe(3);
    const readonly = await call(t.app, 'PUT', '/api/declareLine', {
      token: tok.logistics,
      body: { id: lines[1].id, remark: 'x' },
    });
    expect(readonly.status).toBe(400);

    // The broker's file: its rows are the ticket's lines.
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/assort/declareFile?id=${ticket.id}`,
      headers: { authorization: tok.logistics },
    });
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('报关单商品');
    const header = sheet?.getRow(1).values as string[];
    expect(header.slice(1, 4)).toEqual(['项号', '商品编号', '商品名称']);
    const inTicket = (await linesOf(declareId)).filter((l) => l.assortId === ticket.id);
    expect((sheet?.actualRowCount ?? 0) - 1).toBe(inTicket.length);
    expect(sheet?.getRow(2).getCell(2).value).toBe(inTicket[0].hsCode);
    expect(String(sheet?.getRow(2).getCell(4).value)).toBe(
      '境内自主品牌|不享惠|隔离开关|电站用|上海电气|GW4-170',
    );
    // Line 1 carries a declared price: the file shows it in USD.
    expect(sheet?.getRow(2).getCell(12).value).toBe(100563.39);
    // Its unit price is that total over the quantity, exact to 4 decimals (not a float's digits).
    expect(sheet?.getRow(2).getCell(11).value).toBe(
      Number(unitPriceOf('100563.39', inTicket[0].quantity as string)),
    );
    // The header names the package type by its customs code and name (the demo's batch 1: wooden cases).
    const demo = await declOf(batch.B001);
    expect(demo.packageType).toBe('23');
    const demoFile = await t.app.inject({
      method: 'GET',
      url: `/api/assort/declareFile?id=${(await ticketsOf(demo.id))[0].id}`,
      headers: { authorization: tok.shipper },
    });
    const demoBook = new ExcelJS.Workbook();
    await demoBook.xlsx.load(demoFile.rawPayload as unknown as ArrayBuffer);
    const head = demoBook.getWorksheet('表头');
    const packageRow = head?.getRows(1, head.actualRowCount)?.find((r) => r.getCell(1).value === '包装种类');
    expect(packageRow?.getCell(2).value).toBe('23 木制或竹藤等植物性材料制盒/箱');
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/assort/declareFile?id=${ticket.id}&format=pdf`,
      headers: { authorization: tok.shipper },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const badNumber = await call(t.app, 'POST', '/api/assort/declare', {
      token: tok.logistics,
      body: { id: ticket.id, entryNumber: '12345' },
      lang: 'en',
    });
    expect(badNumber.body.message).toContain('The customs entry number has 18 digits');
    const early2 = await call(t.app, 'POST', '/api/examine/archive', {
      token: tok.logistics,
      body: { id: declareId },
    });
    expect(early2.body.code).toBe('customs.not_all_declared');
    for (const [i, tk] of (await ticketsOf(declareId)).entries()) {
      const res = await call(t.app, 'POST', '/api/assort/declare', {
        token: tok.logistics,
        body: { id: tk.id, entryNumber: `22482026000099999${i}` },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 1, entryNumber: `22482026000099999${i}` });
    }
    const archive = await call(t.app, 'POST', '/api/examine/archive', {
      token: tok.shipper,
      body: { id: declareId },
    });
    expect(archive.body.status).toBe(4);
    const actions = (
      await t.db
        .select()
        .from(changeRecords)
        .where(and(eq(changeRecords.entity, 'projectDeclare'), eq(changeRecords.entityId, declareId)))
    ).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['submit', 'back', 'edit', 'approve', 'archive']));
  });
});

describe('automatic division of 120 lines', () => {
  it('two trade modes → 4 tickets, none over 50, none mixed', async () => {
    const res = await call(t.app, 'POST', '/api/projectDeclare', {
      token: tok.logistics,
      body: { batchId: batch.B002 },
    });
    expect(res.status).toBe(201);
    const d = res.body;
    // 120 goods lines of two trade modes (a fixture: more lines than the demo lists hold).
    await t.db.insert(declareLines).values(
      Array.from({ length: 120 }, (_, i) => ({
        tenantId: d.tenantId,
        batchId: d.batchId,
        declareId: d.id,
        lineNo: i + 1,
        hsCode: '854449',
        name: `电缆 ${i + 1}`,
        quantity: '10.000',
        confirmedQuantity: '10.000',
        unit: 'm',
        unitPrice: '2.0000',
        totalPrice: '20.00',
        currency: 'USD',
        tradeMode: i % 2 ? '3422' : '0110',
        contractNumber: 'JKT2-HN-2026-002',
      })),
    );
    const auto = await call(t.app, 'POST', '/api/assort/auto', {
      token: tok.logistics,
      body: { declareId: d.id },
    });
    expect(auto.status).toBe(200);
    const tickets = await ticketsOf(d.id);
    expect(tickets).toHaveLength(4);
    const lines = await linesOf(d.id);
    for (const tk of tickets) {
      const mine = lines.filter((l) => l.assortId === tk.id);
      expect(mine.length).toBeLessThanOrEqual(50);
      expect(new Set(mine.map((l) => l.tradeMode)).size).toBe(1);
    }
    expect(lines.every((l) => l.assortId !== null)).toBe(true);
    // A 51st line cannot join a full ticket.
    const full = tickets.find((x) => lines.filter((l) => l.assortId === x.id).length === 50);
    const other = lines.find((l) => l.assortId !== full?.id && l.tradeMode === full?.tradeMode);
    const move = await call(t.app, 'PUT', '/api/assort/moveLines', {
      token: tok.logistics,
      body: { assortId: full?.id, lineIds: [other?.id] },
      lang: 'en',
    });
    expect(move.status).toBe(400);
    expect(move.body.message).toBe('Ticket 1 holds 50 lines: moving 1 more would take it over 50');
  });
});

describe('clearance at destination', () => {
  it('moves step by step with dates and duties, on the timeline; only the batch’s parties', async () => {
    const first = await call(t.app, 'POST', '/api/customsClearanceLive/declare', {
      token: tok.logistics,
      body: { batchId: batch.B001, event: 'assess', date: '2026-06-01', amount: '1000', currency: 'IDR' },
    });
    expect(first.status).toBe(400);
    expect(first.body.code).toBe('state.not_allowed');
    const supplier = await call(t.app, 'POST', '/api/customsClearanceLive/declare', {
      token: tok.supplier,
      body: { batchId: batch.B001, event: 'lodge', date: '2026-06-01' },
    });
    expect(supplier.status).toBe(403);
    const lodge = await call(t.app, 'POST', '/api/customsClearanceLive/declare', {
      token: tok.logistics,
      body: { batchId: batch.B001, event: 'lodge', date: '2026-06-01', place: 'IDJKT' },
    });
    expect(lodge.status).toBe(200);
    expect(lodge.body).toMatchObject({ status: 1, lodgedDate: '2026-06-01' });
    const noAmount = await call(t.app, 'POST', '/api/customsClearanceLive/declare', {
      token: tok.logistics,
      body: { batchId: batch.B001, event: 'assess', date: '2026-06-03' },
      lang: 'en',
    });
    expect(noAmount.body.message).toBe('Give the duties amount and currency');
    await call(t.app, 'POST', '/api/customsClearanceLive/declare', {
      token: tok.logistics,
      body: { batchId: batch.B001, event: 'inspect', date: '2026-06-02' },
    });
    const assess = await call(t.app, 'POST', '/api/customsClearanceLive/declare', {
      token: tok.logistics,
      body: {
        batchId: batch.B001,
        event: 'assess',
        date: '2026-06-03',
        amount: '152000000.00',
        currency: 'IDR',
      },
    });
    expect(assess.body).toMatchObject({ status: 3, dutiesAmount: '152000000.00', dutiesCurrency: 'IDR' });
    const pay = await call(t.app, 'POST', '/api/customsClearanceLive/declare', {
      token: tok.shipper,
      body: { batchId: batch.B001, event: 'pay', date: '2026-06-04' },
    });
    expect(pay.body.status).toBe(4);
    const release = await call(t.app, 'POST', '/api/customsClearanceLive/declare', {
      token: tok.logistics,
      body: { batchId: batch.B001, event: 'release', date: '2026-06-05' },
    });
    expect(release.body.status).toBe(5);
    const live = await call(t.app, 'GET', '/api/customsClearanceLive', {
      token: tok.shipper,
      query: { batchId: batch.B001 },
    });
    expect(live.body.content[0].timeline.map((e: { action: string }) => e.action)).toEqual([
      'release',
      'pay',
      'assess',
      'inspect',
      'lodge',
    ]);
    const [row] = await t.db
      .select()
      .from(customsClearances)
      .where(eq(customsClearances.batchId, batch.B001));
    expect(row).toMatchObject({ releasedDate: '2026-06-05', paidDate: '2026-06-04', status: 5 });
    expect((await call(t.app, 'GET', '/api/customsClearanceLive', { token: tok.supplier })).status).toBe(403);
  });
});
