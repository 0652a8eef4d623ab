// Papers as PDF: the statement of charges exported as a PDF (lines, totals per currency, tax,
// status, parties, paid / outstanding) and the commercial invoice and packing list generated from the
// batch's data into a document — numbers checked against the database's own sums, text read back with
// poppler's pdftotext (the Chinese must be there, in the embedded font).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { files, users } from '../src/db/schema.ts';
import { tradeDocuments } from '../src/db/schema-papers.ts';
import { projectBatches } from '../src/db/schema-project.ts';
import { call, loginAll, useTestApp } from './helpers.ts';

const t = useTestApp({ DATA_DIR: `/tmp/tradelane-test-papers-pdf-${process.pid}` });
const dir = mkdtempSync(join(tmpdir(), 'tl-papers-pdf-'));
let tok: Record<string, string>;
let B001: number;
const tenantOf: Record<string, number> = {};

function pdfText(bytes: Buffer, name: string) {
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const file = join(dir, name);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-']).toString();
}
const get = (token: string, url: string, lang: 'zh' | 'en' = 'zh') =>
  t.app.inject({ method: 'GET', url, headers: { authorization: token, 'accept-language': lang } });

beforeAll(async () => {
  tok = await loginAll(t.app, ['shipper', 'supplier', 'supplier2', 'logistics', 'trial']);
  const batches = await t.db.select().from(projectBatches);
  B001 = batches.find((b) => b.batchNumber === 'JKT2-B001')!.id;
  for (const u of await t.db.select().from(users)) tenantOf[u.username] = u.tenantId as number;
});

describe('statement of charges as PDF', () => {
  it('shows parties, status, every line, totals per currency with tax, and what is paid', async () => {
    // The demo's confirmed statement on JKT2-B002: USD 2150.00 paid; CNY 1727.80 due, 1000.00 waiting.
    const [st] = (
      await call(t.app, 'GET', '/api/reconciliation', {
        token: tok.shipper,
        query: { blurry: 'COSCO-ST-2026-027' },
      })
    ).body.content;
    const res = await get(tok.logistics, `/api/reconciliation/export?id=${st.id}&format=pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment;.*\.pdf/);
    const text = pdfText(res.rawPayload, 'statement-zh.pdf');
    for (const s of ['对账单', 'COSCO-ST-2026-027', 'JKT2-B002', '已确认', '海运费', '码头操作费', '报关费'])
      expect(text).toContain(s);
    // 1280 × 6 % = 76.80; 350 × 6 % = 21.00; CNY total 1630.00 + 97.80 = 1727.80.
    expect(text).toMatch(/合计\s+USD\s+2150\.00\s+0\.00\s+2150\.00/);
    expect(text).toMatch(/合计\s+CNY\s+1630\.00\s+97\.80\s+1727\.80/);
    expect(text).toMatch(/USD\s+2150\.00\s+2150\.00\s+0\.00\s+0\.00/);
    expect(text).toMatch(/CNY\s+1727\.80\s+0\.00\s+1000\.00\s+1727\.80/);
    // Times on the reader company's clock, and the document says which.
    expect(text).toMatch(/提交时间\s+\d{4}-\d{2}-\d{2} \d{2}:\d{2} \(UTC\+08:00\)/);
    const en = pdfText(
      (await get(tok.shipper, `/api/reconciliation/export?id=${st.id}&format=pdf`, 'en')).rawPayload,
      'statement-en.pdf',
    );
    expect(en).toContain('Statement of charges');
    expect(en).toContain('Ocean freight');
    expect(en).toContain('Outstanding');
    // Only its two sides read it.
    expect(
      (await get(tok.supplier2, `/api/reconciliation/export?id=${st.id}&format=pdf`)).statusCode,
    ).toBeGreaterThanOrEqual(403);
    expect((await get(tok.trial, `/api/reconciliation/export?id=${st.id}&format=pdf`)).statusCode).toBe(404);
    expect((await get(tok.shipper, `/api/reconciliation/export?id=${st.id}&format=doc`)).statusCode).toBe(
      400,
    );
  });
});

describe('generated trade documents', () => {
  /** What the batch's boxes hold, per material row, summed by the database itself. */
  async function packed(supplierTenantId?: number) {
    const rows = await t.db.execute(sql`
      select s.id, s.currency, sum(d.quantity)::text as qty, s.unit_price::text as price,
             round(sum(d.quantity) * s.unit_price, 2)::text as amount
        from box_piece_detail d join supplies s on s.id = d.supplies_id
       where d.batch_id = ${B001} ${supplierTenantId ? sql`and d.supplier_tenant_id = ${supplierTenantId}` : sql``}
       group by s.id order by s.id`);
    return (
      (rows as unknown as { rows: { id: number; currency: string; qty: string; amount: string }[] }).rows ??
      rows
    );
  }

  it('the shipper generates the commercial invoice: quantities and amounts are the sums of the box contents', async () => {
    const res = await call(t.app, 'POST', '/api/document/generate', {
      token: tok.shipper,
      body: { batchId: B001, docType: 'commercial_invoice' },
    });
    expect(res.status).toBe(201);
    // The batch's packed rows are one supplier's, in one currency: one invoice.
    expect(res.body.content).toHaveLength(1);
    const [doc] = res.body.content;
    expect(doc).toMatchObject({
      docType: 'commercial_invoice',
      docNo: 'CI-JKT2-B001-1',
      name: '商业发票 CI-JKT2-B001-1',
      status: 0,
      partyTenantId: tenantOf.shipper,
      actions: ['submit'],
    });
    const [file] = doc.files;
    expect(file).toMatchObject({ name: 'CI-JKT2-B001-1.pdf', mime: 'application/pdf' });
    // Stored like an upload: a file row of the caller's, kind `paper`.
    const [stored] = await t.db.select().from(files).where(eq(files.id, file.id));
    expect(stored).toMatchObject({ kind: 'paper', tenantId: tenantOf.shipper });
    // A draft is its author's: the logistics provider of the batch previews it once it is submitted.
    expect((await get(tok.logistics, file.viewUrl)).statusCode).toBe(404);
    const sub = await call(t.app, 'POST', '/api/document/submit', {
      token: tok.shipper,
      body: { id: doc.id },
    });
    expect(sub.status).toBe(200);
    const view = await get(tok.logistics, file.viewUrl);
    expect(view.statusCode).toBe(200);
    expect(view.headers['content-disposition']).toMatch(/^inline;/);
    const text = pdfText(view.rawPayload, 'invoice.pdf');
    expect(text).toContain('商业发票');
    expect(text).toContain('JKT2-B001');
    const rows = await packed();
    expect(rows.length).toBeGreaterThan(0);
    const totals = new Map<string, number>();
    for (const r of rows) {
      // Each line's quantity and amount (no float: the database's numeric arithmetic).
      const qty = r.qty.replace(/\.?0+$/, '');
      expect(text).toMatch(new RegExp(`\\s${qty.replace('.', '\\.')}\\s`));
      expect(text).toContain(r.amount);
      totals.set(r.currency, Math.round((totals.get(r.currency) ?? 0) * 100 + Number(r.amount) * 100) / 100);
    }
    const [sums] = (
      (await t.db.execute(sql`
        select string_agg(currency || ' ' || total::text, ';' order by currency) as totals from (
          select s.currency, sum(round(x.qty * s.unit_price, 2)) as total
            from (select supplies_id, sum(quantity) as qty from box_piece_detail where batch_id = ${B001} group by supplies_id) x
            join supplies s on s.id = x.supplies_id group by s.currency) y`)) as unknown as {
        rows: { totals: string }[];
      }
    ).rows;
    for (const total of sums.totals.split(';')) {
      const [currency, amount] = total.split(' ');
      expect(text).toMatch(new RegExp(`合计\\s+${currency}\\s+${amount.replace('.', '\\.')}`));
    }
  });

  it('a supplier’s invoice holds its own rows only; the packing list counts the batch’s boxes', async () => {
    const res = await call(t.app, 'POST', '/api/document/generate', {
      token: tok.supplier,
      body: { batchId: B001, docType: 'commercial_invoice', lang: 'en' },
    });
    expect(res.status).toBe(201);
    // Its second commercial invoice on the batch (the demo's uploaded one is the first).
    expect(res.body.content.map((d: { name: string }) => d.name)).toEqual([
      'Commercial invoice CI-JKT2-B001-2',
    ]);
    const text = pdfText(
      (await get(tok.supplier, res.body.content[0].files[0].viewUrl)).rawPayload,
      'invoice-supplier.pdf',
    );
    const mine = await packed(tenantOf.supplier);
    for (const r of mine) expect(text).toContain(r.amount);
    const others = (await packed()).filter((r) => !mine.some((m) => m.id === r.id));
    for (const r of others)
      if (!mine.some((m) => m.amount === r.amount)) expect(text).not.toContain(r.amount);

    const pl = await call(t.app, 'POST', '/api/document/generate', {
      token: tok.logistics,
      body: { batchId: B001, docType: 'packing_list' },
    });
    expect(pl.status).toBe(201);
    expect(pl.body.content[0]).toMatchObject({ docType: 'packing_list', docNo: 'PL-JKT2-B001-1' });
    const list = pdfText(
      (await get(tok.shipper, pl.body.content[0].files[0].viewUrl)).rawPayload,
      'packing.pdf',
    );
    // The boxes the provider sees on the batch (those handed over to it), as its box list counts them.
    const n = (
      await call(t.app, 'GET', '/api/boxPiece', { token: tok.logistics, query: { batchId: B001, size: 1 } })
    ).body.totalElements;
    expect(n).toBeGreaterThan(0);
    expect(list).toContain('装箱单');
    expect(list).toMatch(new RegExp(`合计: 箱数 ${n}\\b`));
  });

  it('refuses other types, foreign batches and empty ones, changing nothing', async () => {
    const before = (await t.db.select({ id: tradeDocuments.id }).from(tradeDocuments)).length;
    const type = await call(t.app, 'POST', '/api/document/generate', {
      token: tok.shipper,
      lang: 'en',
      body: { batchId: B001, docType: 'bill_of_lading' },
    });
    expect(type.body).toMatchObject({ status: 400, code: 'papers.generate_type' });
    const foreign = await call(t.app, 'POST', '/api/document/generate', {
      token: tok.supplier2,
      body: { batchId: B001, docType: 'commercial_invoice' },
    });
    expect(foreign.status).toBe(404);
    // A batch of the shipper's with no box yet.
    const [empty] = (
      (await t.db.execute(sql`
        select b.id from project_batch b where b.tenant_id = ${tenantOf.shipper}
           and not exists (select 1 from box_piece p where p.batch_id = b.id) order by b.id limit 1`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    expect(empty).toBeDefined();
    const none = await call(t.app, 'POST', '/api/document/generate', {
      token: tok.shipper,
      body: { batchId: empty.id, docType: 'packing_list' },
    });
    expect(none.body).toMatchObject({ status: 400, code: 'papers.nothing_packed' });
    expect((await t.db.select({ id: tradeDocuments.id }).from(tradeDocuments)).length).toBe(before);
  });
});
