// Box labels and packing lists are real documents: their pages are counted and their text is
// read back with poppler's pdftotext — the Chinese marks must be there, in an embedded font subset.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectBatches } from '../src/db/schema-project.ts';
import { call, loginAll, useTestApp } from './helpers.ts';
import { pdfText, savePdf, scanPdf } from './readers.ts';

const t = useTestApp();
let tok: Record<string, string>;
let b001: number;
const dir = mkdtempSync(join(tmpdir(), 'boxes-docs-'));

beforeAll(async () => {
  tok = await loginAll(t.app, ['shipper', 'supplier', 'supplier2', 'logistics']);
  b001 = (await t.db.select().from(projectBatches)).find((b) => b.batchNumber === 'JKT2-B001')!.id;
});

async function download(who: string, url: string, query: Record<string, string | number>) {
  const res = await t.app.inject({
    method: 'GET',
    url,
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    headers: { authorization: tok[who], origin: 'https://tradelane.example' },
  });
  return res;
}

function pdf(bytes: Buffer, name: string) {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  const info = execFileSync('pdfinfo', [file]).toString();
  return {
    pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]),
    text: execFileSync('pdftotext', ['-layout', file, '-']).toString(),
    fonts: execFileSync('pdffonts', [file]).toString(),
  };
}

describe('box labels', () => {
  it('thermal, in Chinese: one page per box, the marks readable, the CJK font embedded as a subset', async () => {
    const res = await download('supplier', '/api/boxPiece/labels', { batchId: b001, lang: 'zh' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const doc = pdf(res.rawPayload, 'thermal.pdf');
    expect(doc.pages).toBe(5);
    for (const mark of [
      '雅加达电厂二期',
      '合同号',
      'JKT2-SE-2026-001',
      '目的港',
      'IDJKT',
      '第 1 件，共 5 件',
      '超限',
    ])
      expect(doc.text).toContain(mark);
    expect(doc.fonts).toMatch(/[A-Z]{6}\+NotoSansHans-Regular\s+CID Type 0C\s+Identity-H\s+yes yes yes/);
  });

  it('A4 sheets of 4 and 8, English and bilingual, a selection by ids', async () => {
    const four = pdf(
      (await download('shipper', '/api/boxPiece/labels', { batchId: b001, format: 'a4-4', lang: 'en' }))
        .rawPayload,
      'a4-4.pdf',
    );
    expect(four.pages).toBe(2);
    expect(four.text).toContain('Jakarta Power Plant Phase II');
    expect(four.text).toContain('OUT OF GAUGE');
    expect(four.text).not.toContain('合同号');
    const eight = pdf(
      (
        await download('shipper', '/api/boxPiece/labels', {
          batchId: b001,
          format: 'a4-8',
          lang: 'bilingual',
        })
      ).rawPayload,
      'a4-8.pdf',
    );
    expect(eight.pages).toBe(1);
    const boxes = (await call(t.app, 'GET', '/api/boxPiece', { token: tok.supplier, query: { size: 10 } }))
      .body.content;
    const two = await download('supplier', '/api/boxPiece/labels', { ids: `${boxes[0].id},${boxes[1].id}` });
    expect(pdf(two.rawPayload, 'two.pdf').pages).toBe(2);
  });

  it('an optional GS1 SSCC per box, with its check digit', async () => {
    const res = await download('supplier', '/api/boxPiece/labels', { batchId: b001, ssccPrefix: '0614141' });
    const text = pdf(res.rawPayload, 'sscc.pdf').text;
    const sscc = /\(00\) (\d{18})/.exec(text)?.[1];
    expect(sscc).toBeDefined();
    const digits = sscc!.split('').map(Number);
    const sum = digits.slice(0, 17).reduce((n, d, i) => n + d * ((16 - i) % 2 === 0 ? 3 : 1), 0);
    expect((10 - (sum % 10)) % 10).toBe(digits[17]);
  });

  it('without PUBLIC_URL no scan link is printed — never one from the request’s Host — and the web is told why', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/boxPiece/labels',
      query: { batchId: String(b001), format: 'thermal' },
      headers: { authorization: tok.supplier, host: 'evil.example.net', origin: 'https://evil.example.net' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-label-notice']).toBe('no_public_url');
    const file = savePdf(res.rawPayload, 'no-public-url.pdf');
    const pages = scanPdf(file);
    expect(pages).toHaveLength(5);
    for (const symbols of pages) {
      expect(symbols.filter((s) => s.type === 'QR-Code')).toEqual([]);
      // The box number still scans (and the SSCC the test above gave).
      expect(symbols.filter((s) => s.type === 'CODE-128' && !/^00\d{18}$/.test(s.data))).toHaveLength(1);
    }
    expect(pdfText(file)).not.toContain('evil');
  });

  it('nobody prints labels of boxes they do not see', async () => {
    expect((await download('supplier2', '/api/boxPiece/labels', { batchId: b001 })).statusCode).toBe(404);
    const boxes = (await call(t.app, 'GET', '/api/boxPiece', { token: tok.supplier, query: { status: 0 } }))
      .body.content;
    // The draft box is not the logistics provider's to see: a selection naming it is refused whole.
    const res = await download('logistics', '/api/boxPiece/labels', { ids: String(boxes[0].id) });
    expect(res.statusCode).toBe(404);
  });
});

describe('packing list', () => {
  it('as PDF: boxes, contents and totals per supplier and batch, in Chinese', async () => {
    const res = await download('shipper', '/api/boxPiece/packingList', { batchId: b001, lang: 'zh' });
    expect(res.statusCode).toBe(200);
    const doc = pdf(res.rawPayload, 'packing.pdf');
    expect(doc.pages).toBe(1);
    for (const s of [
      '装箱单',
      '主变压器',
      'SFZ11-180000/150',
      '供应商小计',
      '合计',
      '箱数 5',
      '毛重 194000 kg',
    ])
      expect(doc.text).toContain(s);
  });

  it('as Excel: a row per content line, totals at the end, in English', async () => {
    const res = await download('shipper', '/api/boxPiece/packingList', {
      batchId: b001,
      lang: 'en',
      format: 'xlsx',
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const rows: unknown[][] = [];
    ws.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows[0][0]).toBe('Box No.');
    expect(
      rows.filter((r) => typeof r[0] === 'string' && /^JKT2-B001-S\d+-00\d$/.test(r[0] as string)),
    ).toHaveLength(5);
    expect(rows.some((r) => r[6] === 'Main power transformer')).toBe(true);
    const total = rows.at(-1)!;
    expect(total[0]).toBe('Total: 5');
    expect(total[3]).toBe(194000);
  });
});
