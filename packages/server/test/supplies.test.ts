// Material lists: the life cycle (draft → submitted → confirmed | returned → draft), refusals with their
// localized messages, immutability once confirmed, row commands, HS suggestions and exports.
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeRecords, messages, tenants } from '../src/db/schema.ts';
import {
  batchPartners,
  materialCodes,
  materialLists,
  projectBatches,
  supplies,
} from '../src/db/schema-project.ts';
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

const S1 = '上海电气设备有限公司';
const S2 = '江苏华能电缆有限公司';
const listOf = async (batchId: number, supplier: string) =>
  (
    await t.db
      .select()
      .from(materialLists)
      .where(and(eq(materialLists.batchId, batchId), eq(materialLists.supplierTenantId, tenant[supplier])))
  )[0];
const rowsOf = (listId: number) => t.db.select().from(supplies).where(eq(supplies.listId, listId));

const cable = {
  materialCode: 'HN-MV-240',
  name: '中压电力电缆',
  enName: 'MV power cable',
  spec: 'YJV22-18/30kV 3×240',
  quantity: 1200,
  unit: 'm',
  unitPrice: 38.5,
  currency: 'usd',
  originCountry: 'CN',
};

describe('submit, return, edit, resubmit, confirm', () => {
  it('an empty list cannot be submitted (spec §5), in both languages', async () => {
    const zh = await call(t.app, 'POST', '/api/supplies/submitCustomer', {
      token: tok.supplier2,
      body: { batchId: batch.B003 },
    });
    expect(zh.status).toBe(400);
    expect(zh.body).toMatchObject({ code: 'supplies.no_material', message: '无物料数据，不能提交' });
    const en = await call(t.app, 'POST', '/api/supplies/submitCustomer', {
      token: tok.supplier2,
      body: { batchId: batch.B003 },
      lang: 'en',
    });
    expect(en.body.message).toBe('No material data: the list cannot be submitted');
    expect((await listOf(batch.B003, S2)).status).toBe(0);
  });

  it('bad rows are refused with a clear message and nothing is saved', async () => {
    const list = await listOf(batch.B003, S2);
    for (const [body, field] of [
      [{ ...cable, currency: 'XYZ' }, 'currency'],
      [{ ...cable, hsCode: '8504.99' }, 'hsCode'],
      [{ ...cable, quantity: 0 }, 'quantity'],
      [{ ...cable, originCountry: 'ZZ' }, 'originCountry'],
      [{ ...cable, name: '' }, 'name'],
    ] as const) {
      const res = await call(t.app, 'POST', '/api/supplies', {
        token: tok.supplier2,
        body: { ...body, batchId: batch.B003 },
        lang: 'en',
      });
      expect(res.status, field).toBe(400);
      // An HS code's refusal names the code and why (it does not exist in HS 2022), not the field's key.
      expect(res.body.message, field).toContain(
        field === 'hsCode' ? 'HS code 8504.99 does not exist' : field,
      );
    }
    expect(await rowsOf(list.id)).toHaveLength(0);
  });

  it('a supplier adds a row: total computed, its part started', async () => {
    const res = await call(t.app, 'POST', '/api/supplies', {
      token: tok.supplier2,
      body: { ...cable, batchId: batch.B003, hsCode: '8544.60' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ lineNo: 1, totalPrice: 46200, currency: 'USD', hsCode: '854460' });
    const [bp] = await t.db
      .select()
      .from(batchPartners)
      .where(and(eq(batchPartners.batchId, batch.B003), eq(batchPartners.partnerTenantId, tenant[S2])));
    expect(bp.bpStatus).toBe(1);
    // A shipper does not type suppliers' rows; a supplier not on the batch cannot either.
    const shipper = await call(t.app, 'POST', '/api/supplies', {
      token: tok.shipper,
      body: { ...cable, batchId: batch.B003 },
    });
    expect(shipper.status).toBe(403);
    const outsider = await call(t.app, 'POST', '/api/supplies', {
      token: tok.supplier2,
      body: { ...cable, batchId: batch.B001 },
    });
    expect(outsider.status).toBe(404);
  });

  it('submit: the shipper is told, the change is recorded, the rows freeze for the supplier', async () => {
    const res = await call(t.app, 'POST', '/api/supplies/submitCustomer', {
      token: tok.supplier2,
      body: { batchId: batch.B003 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 1, supplierName: S2, rows: 1 });
    const list = await listOf(batch.B003, S2);
    const told = await t.db
      .select()
      .from(messages)
      .where(eq(messages.tenantId, tenant['中建国际工程有限公司']));
    expect(told.map((m) => m.title)).toContain(
      '江苏华能电缆有限公司 提交了批次 JKT2-B003 的物料清单，请确认',
    );
    const rec = await t.db
      .select()
      .from(changeRecords)
      .where(and(eq(changeRecords.entity, 'materialList'), eq(changeRecords.entityId, list.id)));
    expect(rec.map((r) => [r.action, r.fromStatus, r.toStatus])).toEqual([['submit', '0', '1']]);
    const [row] = await rowsOf(list.id);
    const edit = await call(t.app, 'PUT', '/api/supplies', {
      token: tok.supplier2,
      body: { id: row.id, quantity: 5 },
    });
    expect(edit.status).toBe(400);
    expect(edit.body.code).toBe('supplies.not_editable');
    const again = await call(t.app, 'POST', '/api/supplies/submitCustomer', {
      token: tok.supplier2,
      body: { batchId: batch.B003 },
    });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('state.not_allowed');
  });

  it('the supplier cannot confirm its own list; the shipper must give a reason to return it', async () => {
    const list = await listOf(batch.B003, S2);
    const self = await call(t.app, 'POST', '/api/supplies/confirm', {
      token: tok.supplier2,
      body: { batchId: batch.B003 },
    });
    expect(self.status).toBe(403);
    const noReason = await call(t.app, 'GET', `/api/supplies/back/${list.id}`, { token: tok.shipper });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toContain('请填写退回原因');
    const back = await call(t.app, 'GET', `/api/supplies/back/${list.id}`, {
      token: tok.shipper,
      query: { reason: '请补充品牌和净重' },
    });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ status: 3, reason: '请补充品牌和净重' });
    const told = await t.db.select().from(messages).where(eq(messages.tenantId, tenant[S2]));
    expect(told.map((m) => m.title)).toContain('批次 JKT2-B003 的物料清单被退回：请补充品牌和净重');
  });

  it('the first edit of a returned list makes it a draft again; resubmitted, it is confirmed', async () => {
    const list = await listOf(batch.B003, S2);
    const [row] = await rowsOf(list.id);
    const edit = await call(t.app, 'PUT', '/api/supplies', {
      token: tok.supplier2,
      body: { id: row.id, brand: '华能', netWeight: 10_800, unitPrice: 40 },
    });
    expect(edit.status).toBe(200);
    expect(edit.body.totalPrice).toBe(48000);
    expect((await listOf(batch.B003, S2)).status).toBe(0);
    expect(
      (
        await call(t.app, 'POST', '/api/supplies/submitCustomer', {
          token: tok.supplier2,
          body: { batchId: batch.B003 },
        })
      ).status,
    ).toBe(200);
    const confirm = await call(t.app, 'POST', '/api/supplies/confirm', {
      token: tok.shipper,
      body: { batchId: batch.B003, supplierTenantId: tenant[S2] },
    });
    expect(confirm.status).toBe(200);
    expect(confirm.body.status).toBe(2);
    const rec = await t.db
      .select()
      .from(changeRecords)
      .where(and(eq(changeRecords.entity, 'materialList'), eq(changeRecords.entityId, list.id)));
    expect(rec.map((r) => r.action)).toEqual(['submit', 'back', 'edit', 'submit', 'confirm']);
    const [bp] = await t.db
      .select()
      .from(batchPartners)
      .where(and(eq(batchPartners.batchId, batch.B003), eq(batchPartners.partnerTenantId, tenant[S2])));
    expect(bp.bpStatus).toBe(3);
  });

  it('confirming every list of a batch marks its materials confirmed', async () => {
    const b2 = await listOf(batch.B002, S2);
    const res = await call(t.app, 'POST', '/api/supplies/confirm', {
      token: tok.shipper,
      body: { listId: b2.id },
    });
    expect(res.status).toBe(200);
    const [row] = await t.db.select().from(projectBatches).where(eq(projectBatches.id, batch.B002));
    expect(row.status).toBe(2);
    const draft = await listOf(batch.B003, S1);
    const early = await call(t.app, 'POST', '/api/supplies/confirm', {
      token: tok.shipper,
      body: { listId: draft.id },
      lang: 'en',
    });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe('This action (confirm) is not allowed in the current state (Draft)');
  });
});

describe('a confirmed list is immutable for everyone', () => {
  it('no edit, delete, tag, classification, origin or new row — and the database is unchanged', async () => {
    const list = await listOf(batch.B001, S1);
    const before = await rowsOf(list.id);
    const id = before[0].id;
    const attempts = [
      call(t.app, 'PUT', '/api/supplies', { token: tok.supplier, body: { id, quantity: 99 } }),
      call(t.app, 'PUT', '/api/supplies', { token: tok.shipper, body: { id, quantity: 99 } }),
      call(t.app, 'DELETE', '/api/supplies', { token: tok.supplier, body: [id] }),
      call(t.app, 'DELETE', '/api/supplies', { token: tok.shipper, body: [id] }),
      call(t.app, 'GET', `/api/supplies/tag/${id}`, { token: tok.shipper, query: { tags: 'urgent' } }),
      call(t.app, 'GET', `/api/supplies/sendHsCode/${id}`, {
        token: tok.supplier,
        query: { hsCode: '850434' },
      }),
      call(t.app, 'POST', '/api/supplies/upateSourceLand', {
        token: tok.supplier,
        body: { ids: [id], originCountry: 'DE' },
      }),
      call(t.app, 'POST', '/api/supplies', { token: tok.supplier, body: { ...cable, batchId: batch.B001 } }),
      call(t.app, 'POST', '/api/supplies/submitCustomer', {
        token: tok.supplier,
        body: { batchId: batch.B001 },
      }),
      call(t.app, 'GET', `/api/supplies/back/${list.id}`, { token: tok.shipper, query: { reason: 'x' } }),
    ];
    for (const [i, res] of (await Promise.all(attempts)).entries()) {
      // The shipper holds no row-edit permission at all (403); everyone else meets the lock (400).
      expect(res.status, `attempt ${i}`).toBe([1, 3].includes(i) ? 403 : 400);
      if (res.status === 400)
        expect(['supplies.locked', 'state.not_allowed'], `attempt ${i}`).toContain(res.body.code);
    }
    const zh = await call(t.app, 'PUT', '/api/supplies', { token: tok.supplier, body: { id, quantity: 99 } });
    expect(zh.body.message).toBe('物料清单已确认，任何人不能再修改或删除');
    expect(await rowsOf(list.id)).toEqual(before);
    expect((await listOf(batch.B001, S1)).status).toBe(2);
  });
});

describe('row commands and classification memory', () => {
  let rowId = 0;

  it('without a known material code, only a classified row of the same name suggests a code', async () => {
    const create = async (body: Record<string, unknown>) => {
      const res = await call(t.app, 'POST', '/api/supplies', {
        token: tok.supplier,
        body: { batchId: batch.B003, quantity: 1, unit: '台', ...body },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id as number;
    };
    const read = async (id: number) =>
      (await call(t.app, 'GET', '/api/supplies/queryById', { token: tok.supplier, query: { id } })).body;
    const lone = await create({ materialCode: 'NO-SUCH-CODE-1', name: '独一无二的测试物料' });
    expect(await read(lone)).toMatchObject({ hsCode: null, suggestedHsCode: null });
    await create({ materialCode: 'NO-SUCH-CODE-2', name: '独一无二的测试物料', hsCode: '850423' });
    expect(await read(lone)).toMatchObject({ hsCode: null, suggestedHsCode: '850423' });
    const listed = await call(t.app, 'GET', '/api/supplies', {
      token: tok.supplier,
      query: { batchId: batch.B003, blurry: '独一无二', size: 10 },
    });
    const row = (listed.body.content as { id: number; suggestedHsCode: string | null }[]).find(
      (r) => r.id === lone,
    );
    expect(row?.suggestedHsCode).toBe('850423');
  });

  it('a known material code suggests its earlier HS code; sendHsCode sets it and remembers it', async () => {
    const res = await call(t.app, 'POST', '/api/supplies', {
      token: tok.supplier,
      body: {
        batchId: batch.B003,
        materialCode: 'SE-TR-180',
        name: '主变压器（备用）',
        quantity: 1,
        unit: '台',
      },
    });
    expect(res.status).toBe(201);
    rowId = res.body.id;
    const read = await call(t.app, 'GET', '/api/supplies/queryById', {
      token: tok.supplier,
      query: { id: rowId },
    });
    expect(read.body).toMatchObject({ hsCode: null, suggestedHsCode: '850423' });
    const suggest = await call(t.app, 'GET', '/api/hs/suggest', {
      token: tok.supplier,
      query: { materialCode: 'SE-TR-180' },
    });
    expect(suggest.body).toMatchObject({ hsCode: '850423', source: 'materialCode', formatted: '8504.23' });
    const bad = await call(t.app, 'GET', `/api/supplies/sendHsCode/${rowId}`, {
      token: tok.supplier,
      query: { hsCode: '8504.99' },
    });
    expect(bad.status).toBe(400);
    const set = await call(t.app, 'GET', `/api/supplies/sendHsCode/${rowId}`, {
      token: tok.supplier,
      query: { hsCode: '8504.22' },
    });
    expect(set.body.hsCode).toBe('850422');
    const [memory] = await t.db
      .select()
      .from(materialCodes)
      .where(and(eq(materialCodes.tenantId, tenant[S1]), eq(materialCodes.code, 'SE-TR-180')));
    expect(memory.hsCode).toBe('850422');
    // By name: the latest classified row of that name the caller sees.
    const byName = await call(t.app, 'GET', '/api/hs/suggest', {
      token: tok.supplier,
      query: { name: '主变压器（备用）' },
    });
    expect(byName.body).toMatchObject({ hsCode: '850422', source: 'history' });
  });

  it('tags and origin; unknown tags and countries are refused; other suppliers cannot touch the row', async () => {
    const tag = await call(t.app, 'GET', `/api/supplies/tag/${rowId}`, {
      token: tok.supplier,
      query: { tags: 'urgent,spare' },
    });
    expect(tag.body.tags).toEqual(['urgent', 'spare']);
    const shipperTag = await call(t.app, 'GET', `/api/supplies/tag/${rowId}`, {
      token: tok.shipper,
      query: { tags: 'dangerous' },
    });
    expect(shipperTag.body.tags).toEqual(['dangerous']);
    const badTag = await call(t.app, 'GET', `/api/supplies/tag/${rowId}`, {
      token: tok.supplier,
      query: { tags: 'fragile' },
    });
    expect(badTag.status).toBe(400);
    const origin = await call(t.app, 'POST', '/api/supplies/upateSourceLand', {
      token: tok.supplier,
      body: { ids: [rowId], originCountry: 'de' },
    });
    expect(origin.body).toEqual({ updated: 1 });
    const badOrigin = await call(t.app, 'POST', '/api/supplies/upateSourceLand', {
      token: tok.supplier,
      body: { ids: [rowId], originCountry: 'XX' },
    });
    expect(badOrigin.status).toBe(400);
    const other = await call(t.app, 'GET', `/api/supplies/tag/${rowId}`, {
      token: tok.supplier2,
      query: { tags: 'urgent' },
    });
    expect(other.status).toBe(404);
    const [row] = await t.db.select().from(supplies).where(eq(supplies.id, rowId));
    expect(row).toMatchObject({ tags: ['dangerous'], originCountry: 'DE' });
  });
});

describe('exports', () => {
  const load = async (raw: { rawPayload: Buffer }) => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(raw.rawPayload as unknown as ArrayBuffer);
    return wb.worksheets[0];
  };

  it('the list exports in the template layout; the HS pre-entry groups rows by code', async () => {
    const res = await call(t.app, 'GET', '/api/supplies/export', {
      token: tok.shipper,
      query: { batchId: batch.B001 },
    });
    expect(res.status).toBe(200);
    const ws = await load(res.raw);
    expect(ws.getRow(1).getCell(3).value).toBe('物料名称');
    expect(ws.getRow(2).getCell(3).value).toBe('Name (Chinese)');
    expect(ws.rowCount).toBe(7);
    const pre = await call(t.app, 'GET', '/api/supplies/hsPreentryExport', {
      token: tok.logistics,
      query: { batchId: batch.B001 },
      lang: 'en',
    });
    expect(pre.status).toBe(200);
    const sheet = await load(pre.raw);
    expect(sheet.getRow(1).getCell(2).value).toBe('HS code');
    const codes = sheet.getColumn(2).values.slice(2);
    expect(codes).toEqual(['8504.22', '8504.23', '8504.90', '8537.10', '8537.20']);
    // supplier2 exports nothing of supplier's list
    const other = await call(t.app, 'GET', '/api/supplies/export', {
      token: tok.supplier2,
      query: { batchId: batch.B001 },
    });
    expect((await load(other.raw)).rowCount).toBe(2);
  });
});
