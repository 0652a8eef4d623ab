// Papers and money of a batch: documents (files up to 50 MB, not submitted → submitted →
// confirmed, seen only by the batch's parties, viewed inline or downloaded) and the logistics provider's
// statement of charges (lines in decimal strings, totals per currency in minor units, draft → submitted
// → confirmed | rejected with a reason → draft again, read-only for the provider once submitted, Excel).
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeRecords, messages, users } from '../src/db/schema.ts';
import { reconciliations, tradeDocuments } from '../src/db/schema-papers.ts';
import { projectBatches } from '../src/db/schema-project.ts';
import { towerExceptions } from '../src/db/schema-tower.ts';
import { call, loginAll, useTestApp } from './helpers.ts';
import { readWorkbook } from './outside-reader.ts';

const t = useTestApp({ DATA_DIR: `/tmp/tradelane-test-papers-${process.pid}` });
let tok: Record<string, string>;
let B001: number;
let B002: number;
const tenantOf: Record<string, number> = {};

const pdf = (size: number, tag = '') => {
  const head = Buffer.from(`%PDF-1.7 ${tag}\n`);
  return Buffer.concat([head, Buffer.alloc(size - head.length, 0x20)]);
};
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function upload(token: string, filename: string, data: Buffer, kind = 'paper') {
  const boundary = '----tradelane-papers';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/file',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: token },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

const view = (token: string, query: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/document/viewDocument?${query}`,
    headers: { authorization: token },
  });

async function count(table: typeof tradeDocuments | typeof reconciliations) {
  return (await t.db.select({ id: table.id }).from(table)).length;
}

beforeAll(async () => {
  tok = await loginAll(t.app, ['admin', 'shipper', 'supplier', 'supplier2', 'logistics', 'trial']);
  const batches = await t.db.select().from(projectBatches);
  B001 = batches.find((b) => b.batchNumber === 'JKT2-B001')!.id;
  B002 = batches.find((b) => b.batchNumber === 'JKT2-B002')!.id;
  for (const u of await t.db.select().from(users)) tenantOf[u.username] = u.tenantId as number;
});

describe('documents', () => {
  let invoice: { id: number; files: { id: number; viewUrl: string; url: string }[] };
  let scanId: number;

  it('a document file may be up to 50 MB; one byte more is refused with the limit named', async () => {
    const big = await upload(tok.supplier, 'invoice.pdf', pdf(12 * 1024 * 1024, 'big'));
    expect(big.status).toBe(201);
    const over = await upload(tok.supplier, 'huge.pdf', pdf(50 * 1024 * 1024 + 1, 'huge'));
    expect(over.status).toBe(413);
    expect(over.body.message).toContain('50M');
    // Other kinds keep their own limit.
    const asDocument = await upload(tok.supplier, 'big.pdf', pdf(12 * 1024 * 1024, 'doc'), 'document');
    expect(asDocument.status).toBe(413);
    scanId = big.body.id;
  });

  it('a party of the batch adds a document with its files; the others of the batch see it, nobody else', async () => {
    const scan2 = await upload(tok.supplier, '发票第2页.png', png);
    const res = await call(t.app, 'POST', '/api/document', {
      token: tok.supplier,
      body: {
        batchId: B001,
        docType: 'commercial_invoice',
        docNo: 'CI-001',
        name: '商业发票 CI-001',
        fileIds: [scanId, scan2.body.id],
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 0,
      partyTenantId: tenantOf.supplier,
      tenantId: tenantOf.shipper,
    });
    const seen = async (who: string) =>
      (await call(t.app, 'GET', '/api/document', { token: tok[who], query: { batchId: B001 } })).body
        .content ?? [];
    const [mine] = (await seen('shipper')).filter((d: { id: number }) => d.id === res.body.id);
    expect(mine.files.map((f: { name: string }) => f.name)).toEqual(['invoice.pdf', '发票第2页.png']);
    expect(mine.docTypeLabel).toBe('商业发票');
    expect(mine.actions).toEqual([]);
    invoice = mine;
    // A draft is the supplier's and the shipper's: the logistics provider sees it once it is submitted,
    // the competing supplier never.
    expect((await seen('logistics')).map((d: { id: number }) => d.id)).not.toContain(res.body.id);
    expect((await seen('supplier2')).map((d: { id: number }) => d.id)).not.toContain(res.body.id);
    expect((await seen('trial')).map((d: { id: number }) => d.id)).not.toContain(res.body.id);
    const one = await call(t.app, 'GET', '/api/document/queryById', {
      token: tok.supplier,
      query: { id: res.body.id },
    });
    expect(one.status).toBe(200);
    expect(
      (
        await call(t.app, 'GET', '/api/document/queryById', {
          token: tok.supplier2,
          query: { id: res.body.id },
        })
      ).status,
    ).toBe(404);
  });

  it('a document is added only on a batch the caller takes part in, with files it uploaded itself', async () => {
    const before = await count(tradeDocuments);
    const foreignBatch = await call(t.app, 'POST', '/api/document', {
      token: tok.supplier2,
      body: {
        batchId: B001,
        docType: 'other',
        name: 'x',
        fileIds: [(await upload(tok.supplier2, 'a.png', png)).body.id],
      },
    });
    expect(foreignBatch.status).toBe(404);
    const foreignFile = await call(t.app, 'POST', '/api/document', {
      token: tok.logistics,
      body: { batchId: B001, docType: 'bill_of_lading', name: 'B/L', fileIds: [scanId] },
    });
    expect(foreignFile.status).toBe(400);
    expect(foreignFile.body.code).toBe('resource.bad_reference');
    const badType = await call(t.app, 'POST', '/api/document', {
      token: tok.supplier,
      body: { batchId: B001, docType: 'menu', name: 'x', fileIds: [scanId] },
    });
    expect(badType.status).toBe(400);
    const noFiles = await call(t.app, 'POST', '/api/document', {
      token: tok.supplier,
      body: { batchId: B001, docType: 'other', name: 'x', fileIds: [] },
    });
    expect(noFiles.status).toBe(400);
    expect(await count(tradeDocuments)).toBe(before);
    // Server-owned fields in a body are not the caller's to set: the row is the caller's, not submitted.
    const setsOwner = await call(t.app, 'POST', '/api/document', {
      token: tok.supplier,
      body: { batchId: B001, docType: 'other', name: 'x', fileIds: [scanId], status: 2, partyTenantId: 1 },
    });
    expect(setsOwner.body).toMatchObject({ status: 0, partyTenantId: tenantOf.supplier });
    await call(t.app, 'DELETE', '/api/document', { token: tok.supplier, body: [setsOwner.body.id] });
  });

  it('viewDocument shows a PDF or picture inline to the batch’s parties, downloads on request, 404 to others', async () => {
    const [pdfFile, pngFile] = invoice.files;
    // A draft: the logistics provider does not see it yet (it does once submitted, below).
    expect((await view(tok.logistics, `id=${invoice.id}&fileId=${pdfFile.id}`)).statusCode).toBe(404);
    const inline = await view(tok.supplier, `id=${invoice.id}&fileId=${pdfFile.id}`);
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-type']).toBe('application/pdf');
    expect(inline.headers['content-disposition']).toMatch(/^inline;/);
    expect(inline.headers['x-content-type-options']).toBe('nosniff');
    expect(inline.rawPayload.length).toBe(12 * 1024 * 1024);
    const picture = await view(tok.shipper, `id=${invoice.id}&fileId=${pngFile.id}`);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.headers['content-disposition']).toMatch(/^inline;/);
    const first = await view(tok.shipper, `id=${invoice.id}&download`);
    expect(first.headers['content-disposition']).toMatch(/^attachment;.*invoice\.pdf/);
    expect((await view(tok.supplier2, `id=${invoice.id}&fileId=${pdfFile.id}`)).statusCode).toBe(404);
    expect((await view(tok.trial, `id=${invoice.id}`)).statusCode).toBe(404);
    // A file of another document is not reached through this one.
    const other = await upload(tok.shipper, 'other.png', Buffer.concat([png, Buffer.from('x')]));
    expect((await view(tok.shipper, `id=${invoice.id}&fileId=${other.body.id}`)).statusCode).toBe(404);
    // The file's own address follows the document's visibility too.
    const direct = (who: string) =>
      t.app.inject({ method: 'GET', url: pdfFile.url, headers: { authorization: tok[who] } });
    expect((await direct('shipper')).statusCode).toBe(200);
    expect((await direct('logistics')).statusCode).toBe(404);
    expect((await direct('supplier2')).statusCode).toBe(404);
  });

  it('the uploader submits, the shipper confirms; then it is final; each move is recorded and told', async () => {
    const byShipper = await call(t.app, 'POST', '/api/document/submit', {
      token: tok.shipper,
      body: { id: invoice.id },
    });
    expect(byShipper.status).toBe(403);
    const early = await call(t.app, 'POST', '/api/document/confirm', {
      token: tok.shipper,
      body: { id: invoice.id },
    });
    expect(early.status).toBe(400);
    expect(early.body.code).toBe('state.not_allowed');
    const sub = await call(t.app, 'POST', '/api/document/submit', {
      token: tok.supplier,
      body: { id: invoice.id },
    });
    expect(sub.status).toBe(200);
    expect(sub.body).toMatchObject({ status: 1 });
    // Submitted: the logistics provider of the batch now sees it and its file; the other supplier still not.
    const file = (who: string) =>
      t.app.inject({ method: 'GET', url: invoice.files[0].url, headers: { authorization: tok[who] } });
    expect((await file('logistics')).statusCode).toBe(200);
    expect((await file('supplier2')).statusCode).toBe(404);
    const told = await t.db.select().from(messages).where(eq(messages.tenantId, tenantOf.shipper));
    expect(told.map((m) => m.title)).toContain('批次 JKT2-B001 的单据「商业发票 CI-001」已提交，请确认');
    const del = await call(t.app, 'DELETE', '/api/document', { token: tok.supplier, body: [invoice.id] });
    expect(del.status).toBe(403);
    expect(del.body.code).toBe('papers.read_only');
    expect(
      (await call(t.app, 'POST', '/api/document/confirm', { token: tok.supplier, body: { id: invoice.id } }))
        .status,
    ).toBe(403);
    expect(
      (await call(t.app, 'POST', '/api/document/confirm', { token: tok.logistics, body: { id: invoice.id } }))
        .status,
    ).toBe(403);
    const ok = await call(t.app, 'POST', '/api/document/confirm', {
      token: tok.shipper,
      body: { id: invoice.id },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: 2 });
    const rec = await t.db
      .select()
      .from(changeRecords)
      .where(and(eq(changeRecords.entity, 'document'), eq(changeRecords.entityId, invoice.id)));
    expect(rec.map((r) => [r.action, r.fromStatus, r.toStatus])).toEqual([
      ['submit', '0', '1'],
      ['confirm', '1', '2'],
    ]);
  });

  it('a document without files is not submitted (the demo invoice)', async () => {
    const [demo] = await t.db
      .select()
      .from(tradeDocuments)
      .where(eq(tradeDocuments.docNo, 'CI-SE-2026-0107'));
    const res = await call(t.app, 'POST', '/api/document/submit', {
      token: tok.supplier,
      body: { id: demo.id },
      lang: 'en',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Upload the document's files first");
  });

  it('batchAdd adds several documents, or none when one is wrong', async () => {
    const f = (await upload(tok.logistics, 'bl.pdf', pdf(2048, 'bl'))).body.id;
    const before = await count(tradeDocuments);
    const bad = await call(t.app, 'POST', '/api/document/batchAdd', {
      token: tok.logistics,
      body: [
        { batchId: B001, docType: 'bill_of_lading', name: 'B/L draft', fileIds: [f] },
        { batchId: B002 + 10_000, docType: 'other', name: 'x', fileIds: [f] },
      ],
    });
    expect(bad.status).toBe(404);
    expect(await count(tradeDocuments)).toBe(before);
    const ok = await call(t.app, 'POST', '/api/document/batchAdd', {
      token: tok.logistics,
      body: [
        { batchId: B001, docType: 'bill_of_lading', name: 'B/L draft', fileIds: [f] },
        { batchId: B001, docType: 'insurance_policy', name: 'Policy', fileIds: [f] },
      ],
    });
    expect(ok.status).toBe(201);
    expect(ok.body.map((d: { docType: string; actions: string[] }) => [d.docType, d.actions])).toEqual([
      ['bill_of_lading', ['submit']],
      ['insurance_policy', ['submit']],
    ]);
    // Deleted while not submitted, by its uploader only.
    expect(
      (await call(t.app, 'DELETE', '/api/document', { token: tok.shipper, body: [ok.body[1].id] })).status,
    ).toBe(403);
    expect(
      (await call(t.app, 'DELETE', '/api/document', { token: tok.logistics, body: [ok.body[1].id] })).status,
    ).toBe(200);
  });
});

describe('statements of charges', () => {
  let st: { id: number };
  const lines = [
    { chargeType: 'ocean_freight', quantity: '1', unitPrice: '0.1', currency: 'USD', taxRate: '0' },
    { chargeType: 'thc', quantity: '1', unitPrice: '0.2', currency: 'usd', taxRate: '0' },
    { chargeType: 'trucking', quantity: '3', unitPrice: '33.3333', currency: 'CNY', taxRate: '13' },
    { chargeType: 'storage', quantity: '1', unitPrice: '1234.5', currency: 'JPY', taxRate: '10' },
  ];

  it('the logistics provider of the batch draws one up; totals per currency are exact, in minor units', async () => {
    const res = await call(t.app, 'POST', '/api/reconciliation', {
      token: tok.logistics,
      body: { batchId: B001, statementNo: 'ST-1', lines },
    });
    expect(res.status).toBe(201);
    st = res.body;
    const [row] = (
      await call(t.app, 'GET', '/api/reconciliation', { token: tok.shipper, query: { id: st.id } })
    ).body.content;
    expect(row.totals).toEqual([
      {
        currency: 'USD',
        netMinor: '30',
        taxMinor: '0',
        grossMinor: '30',
        net: '0.30',
        tax: '0.00',
        gross: '0.30',
      },
      {
        currency: 'CNY',
        netMinor: '10000',
        taxMinor: '1300',
        grossMinor: '11300',
        net: '100.00',
        tax: '13.00',
        gross: '113.00',
      },
      // JPY has no minor unit: 1234.5 rounds half up to 1235, tax 123.5 → 124.
      {
        currency: 'JPY',
        netMinor: '1235',
        taxMinor: '124',
        grossMinor: '1359',
        net: '1235',
        tax: '124',
        gross: '1359',
      },
    ]);
    expect(row.lines[2]).toMatchObject({
      net: '100.00',
      tax: '13.00',
      gross: '113.00',
      chargeTypeLabel: '拖车费',
    });
    expect(row.actions).toEqual([]);
  });

  it('only a logistics provider on the batch draws one up; bad lines are localized 400s and change nothing', async () => {
    const before = await count(reconciliations);
    for (const who of ['supplier', 'shipper']) {
      const res = await call(t.app, 'POST', '/api/reconciliation', {
        token: tok[who],
        body: { batchId: B001 },
      });
      expect(res.status).toBe(403);
    }
    const bad = async (line: Partial<Record<string, string>>) =>
      call(t.app, 'POST', '/api/reconciliation', {
        token: tok.logistics,
        lang: 'en',
        body: { batchId: B001, lines: [{ ...lines[0], ...line }] },
      });
    for (const line of [
      { unitPrice: '-1' },
      { unitPrice: '1.23456' },
      { unitPrice: '1e3' },
      { quantity: 'NaN' },
      { currency: 'ABC' },
      { taxRate: '101' },
      { chargeType: 'bribe' },
    ]) {
      const res = await bad(line);
      expect(res.status, JSON.stringify(line)).toBe(400);
      expect(res.body.message).toMatch(/[a-z]/);
    }
    expect((await bad({ taxRate: '101' })).body.message).toContain('tax rate between 0 and 100');
    expect(await count(reconciliations)).toBe(before);
  });

  it('the provider edits a draft; the shipper cannot; an empty statement is not submitted', async () => {
    const empty = await call(t.app, 'PUT', '/api/reconciliation', {
      token: tok.logistics,
      body: { id: st.id, lines: [] },
    });
    expect(empty.status).toBe(200);
    const none = await call(t.app, 'POST', '/api/reconciliation/submit', {
      token: tok.logistics,
      body: { id: st.id },
    });
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('papers.no_lines');
    expect(
      (
        await call(t.app, 'PUT', '/api/reconciliation', {
          token: tok.shipper,
          body: { id: st.id, remark: 'x' },
        })
      ).status,
    ).toBe(403);
    const status = await call(t.app, 'PUT', '/api/reconciliation', {
      token: tok.logistics,
      body: { id: st.id, status: 2 },
    });
    expect(status.status).toBeGreaterThanOrEqual(400);
    expect(status.status).toBeLessThan(500);
    expect(
      (await call(t.app, 'PUT', '/api/reconciliation', { token: tok.logistics, body: { id: st.id, lines } }))
        .status,
    ).toBe(200);
  });

  it('submitted, it is read-only for the provider; the shipper rejects with a reason; fixed and confirmed', async () => {
    const sub = await call(t.app, 'POST', '/api/reconciliation/submit', {
      token: tok.logistics,
      body: { id: st.id },
    });
    expect(sub.status).toBe(200);
    expect(sub.body).toMatchObject({ status: 1 });
    const told = await t.db.select().from(messages).where(eq(messages.tenantId, tenantOf.shipper));
    expect(told.map((m) => m.title)).toContain('批次 JKT2-B001 的对账单 ST-1 已提交，请确认');
    const edit = await call(t.app, 'PUT', '/api/reconciliation', {
      token: tok.logistics,
      body: { id: st.id, remark: 'later' },
    });
    expect(edit.status).toBe(403);
    expect(edit.body.code).toBe('papers.read_only');
    expect(
      (await call(t.app, 'DELETE', '/api/reconciliation', { token: tok.logistics, body: [st.id] })).status,
    ).toBe(403);
    expect(
      (
        await call(t.app, 'POST', '/api/reconciliation/confirm', {
          token: tok.logistics,
          body: { id: st.id },
        })
      ).status,
    ).toBe(403);
    const noReason = await call(t.app, 'POST', '/api/reconciliation/reject', {
      token: tok.shipper,
      body: { id: st.id, reason: '  ' },
    });
    expect(noReason.status).toBe(400);
    const rej = await call(t.app, 'POST', '/api/reconciliation/reject', {
      token: tok.shipper,
      body: { id: st.id, reason: '拖车费单价有误' },
    });
    expect(rej.status).toBe(200);
    expect(rej.body).toMatchObject({ status: 3, reason: '拖车费单价有误' });
    const heard = await t.db.select().from(messages).where(eq(messages.tenantId, tenantOf.logistics));
    expect(heard.map((m) => m.title)).toContain('批次 JKT2-B001 的对账单 ST-1 被驳回：拖车费单价有误');
    // It waits in the provider's exception inbox until the statement is submitted again.
    const problem = (
      await call(t.app, 'GET', '/api/exceptions', {
        token: tok.logistics,
        lang: 'en',
        query: { kind: 'statementRejected', open: 'true' },
      })
    ).body.content.find((e: { refId: number }) => e.refId === st.id);
    expect(problem).toMatchObject({
      ownerTenantId: tenantOf.logistics,
      title: 'Statement ST-1 of batch JKT2-B001 was rejected: 拖车费单价有误',
    });
    const fixed = lines.map((l) => (l.chargeType === 'trucking' ? { ...l, unitPrice: '30' } : l));
    expect(
      (
        await call(t.app, 'PUT', '/api/reconciliation', {
          token: tok.logistics,
          body: { id: st.id, lines: fixed },
        })
      ).status,
    ).toBe(200);
    expect(
      (await call(t.app, 'POST', '/api/reconciliation/submit', { token: tok.logistics, body: { id: st.id } }))
        .status,
    ).toBe(200);
    const [settled] = await t.db.select().from(towerExceptions).where(eq(towerExceptions.id, problem.id));
    expect(settled.status).toBe(3);
    const ok = await call(t.app, 'POST', '/api/reconciliation/confirm', {
      token: tok.shipper,
      body: { id: st.id },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: 2, reason: null });
    expect(ok.body.totals.find((x: { currency: string }) => x.currency === 'CNY').gross).toBe('101.70');
    const rec = await t.db
      .select()
      .from(changeRecords)
      .where(and(eq(changeRecords.entity, 'reconciliation'), eq(changeRecords.entityId, st.id)));
    expect(rec.map((r) => [r.action, r.toStatus, r.note])).toEqual([
      ['submit', '1', null],
      ['reject', '3', '拖车费单价有误'],
      ['submit', '1', null],
      ['confirm', '2', null],
    ]);
  });

  it('is seen by the shipper and its provider only; exported as an Excel statement', async () => {
    const list = async (who: string) =>
      call(t.app, 'GET', '/api/reconciliation', { token: tok[who], query: { batchId: B001 } });
    expect((await list('logistics')).body.content.map((r: { id: number }) => r.id)).toContain(st.id);
    expect((await list('supplier')).status).toBe(403);
    expect((await list('trial')).status === 403 || (await list('trial')).body.content.length === 0).toBe(
      true,
    );
    const other = await call(t.app, 'GET', '/api/reconciliation/export', {
      token: tok.supplier2,
      query: { id: st.id },
    });
    expect(other.status).toBeGreaterThanOrEqual(403);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/reconciliation/export?id=${st.id}`,
      headers: { authorization: tok.shipper, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['Statement of charges']);
    expect(rows).toContainEqual(['Total', '', '', '', 'CNY', '', 90, 11.7, 101.7]);
    expect(rows).toContainEqual(['Total', '', '', '', 'USD', '', 0.3, 0, 0.3]);
    // Read by openpyxl: every figure of a line is a number cell with its currency's decimals, so Excel's
    // SUM over a currency's lines gives the statement's total; the times are date cells, zone named.
    const [sheet] = readWorkbook(res.rawPayload);
    const head = sheet.rows.findIndex((r) => r[0]?.v === 'Charge');
    const lines = sheet.rows.slice(head + 1).filter((r) => r[0]?.v && r[0].v !== 'Total');
    expect(lines.length).toBeGreaterThan(1);
    for (const r of lines) {
      for (const i of [2, 3, 5, 6, 7, 8]) expect(r[i].t, `${r[0].v} column ${i + 1}`).toBe('n');
      for (const i of [6, 7, 8]) expect(r[i].f).toBe(r[4].v === 'JPY' ? '#,##0' : '#,##0.00');
    }
    for (const total of sheet.rows.filter((r) => r[0]?.v === 'Total')) {
      const currency = total[4].v;
      const sum = (i: number) =>
        Math.round(lines.filter((r) => r[4].v === currency).reduce((n, r) => n + Number(r[i].v), 0) * 100);
      expect(total[8].t).toBe('n');
      expect([sum(6), sum(7), sum(8)]).toEqual([6, 7, 8].map((i) => Math.round(Number(total[i].v) * 100)));
    }
    const submitted = sheet.rows.find((r) => r[0]?.v === 'Submitted (UTC+08:00)');
    expect(submitted?.[1].t).toBe('d');
  });
});
