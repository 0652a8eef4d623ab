// Every PDF the product makes, read with tools no one here wrote — qpdf checks its structure, pdftotext
// reads what a consignee reads — and every download's name as a client that knows only `filename=` sees
// it: commercial invoices (one seller and one currency each, the Incoterms® 2020 rule and place, origin
// per line, English wholly English), the packing list, the loading sheet of a container stuffed without a
// plan, the load plan, the bill of lading and the statement of charges. Container numbers are taken as
// people write them and kept in their ISO 6346 form.
import { iso6346CheckDigit } from '@tradelane/contract';
import { planShipment } from '@tradelane/loadplan';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { tradeDocuments } from '../src/db/schema-papers.ts';
import { projectBatches, projectContracts } from '../src/db/schema-project.ts';
import { call, loginAll, useTestApp } from './helpers.ts';
import { pdfText, qpdfCheck, savePdf } from './readers.ts';

const t = useTestApp();
let tok: Record<string, string>;
const tenantOf: Record<string, number> = {};
const batch: Record<string, number> = {};
/** Chinese characters and full-width punctuation: none may be in an English document. */
const CJK = /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]/;

beforeAll(async () => {
  tok = await loginAll(t.app, ['shipper', 'supplier', 'supplier2', 'logistics']);
  for (const u of await t.db.select().from(users)) tenantOf[u.username] = u.tenantId as number;
  for (const b of await t.db.select().from(projectBatches)) batch[b.batchNumber] = b.id;
});

const get = (
  who: string,
  url: string,
  query: Record<string, string | number> = {},
  lang: 'zh' | 'en' = 'zh',
) => call(t.app, 'GET', url, { token: tok[who], query, lang });

/** A download as a client reading only `filename=` names it: ASCII, its extension kept. */
function expectNames(res: { raw: { headers: Record<string, unknown> } }, ext: string) {
  const header = String(res.raw.headers['content-disposition']);
  const ascii = /(?:^|;)\s*filename="([^"]*)"/.exec(header)?.[1];
  expect(ascii, header).toMatch(new RegExp(`^[\\x20-\\x7e]+\\.${ext}$`));
  expect(ascii).not.toMatch(/^\./);
  expect(header).toMatch(new RegExp(`filename\\*=UTF-8''[^;]+\\.${ext}$`));
}

/** Reads a PDF answer: structure checked by qpdf, text by pdftotext. */
function readPdf(res: { status: number; raw: { rawPayload: Buffer } }, name: string): string {
  expect(res.status).toBe(200);
  const file = savePdf(res.raw.rawPayload, name);
  qpdfCheck(file);
  return pdfText(file);
}

describe('commercial invoices', () => {
  it('one per seller and currency, with the Incoterms rule and place and every line’s origin; English wholly English', async () => {
    const B3 = batch['JKT2-B003'];
    // Both suppliers' lists confirmed, each packs a box and hands its packing list over.
    expect(
      (
        await call(t.app, 'POST', '/api/supplies/submitCustomer', {
          token: tok.supplier,
          body: { batchId: B3 },
        })
      ).status,
    ).toBe(200);
    const cable = {
      batchId: B3,
      materialCode: 'HN-MV-240',
      name: '中压电力电缆',
      enName: 'MV power cable',
      spec: 'YJV22-18/30kV 3×240',
      quantity: 1200,
      unit: 'm',
      unitPrice: 38.5,
      currency: 'USD',
      originCountry: 'CN',
    };
    const row = await call(t.app, 'POST', '/api/supplies', { token: tok.supplier2, body: cable });
    expect(row.status).toBe(201);
    expect(
      (
        await call(t.app, 'POST', '/api/supplies/submitCustomer', {
          token: tok.supplier2,
          body: { batchId: B3 },
        })
      ).status,
    ).toBe(200);
    for (const who of ['supplier', 'supplier2'])
      expect(
        (
          await call(t.app, 'POST', '/api/supplies/confirm', {
            token: tok.shipper,
            body: { batchId: B3, supplierTenantId: tenantOf[who] },
          })
        ).status,
      ).toBe(200);
    const rows = await call(t.app, 'GET', '/api/supplies', {
      token: tok.supplier,
      query: { batchId: B3, size: 1 },
    });
    const box = {
      batchId: B3,
      packageType: 'wooden_case',
      length: 2400,
      width: 2000,
      height: 2300,
      grossWeight: 5200,
      netWeight: 4800,
    };
    for (const [who, suppliesId, quantity] of [
      ['supplier', rows.body.content[0].id, 1],
      ['supplier2', row.body.id, 600],
    ] as const) {
      const packed = await call(t.app, 'POST', '/api/boxPieceDetail/createDetail', {
        token: tok[who],
        body: { box, items: [{ suppliesId, quantity }] },
      });
      expect(packed.status, JSON.stringify(packed.body)).toBe(201);
      expect(
        (
          await call(t.app, 'POST', '/api/boxPiece/submitCustomer', {
            token: tok[who],
            query: { batchId: B3 },
          })
        ).status,
      ).toBe(200);
    }

    const made = await call(t.app, 'POST', '/api/document/generate', {
      token: tok.shipper,
      body: { batchId: B3, docType: 'commercial_invoice', lang: 'en' },
    });
    expect(made.status).toBe(201);
    expect(made.body.content).toHaveLength(2);
    const sellers = {
      CNY: 'Shanghai Electric Equipment Co., Ltd.',
      USD: 'Jiangsu Huaneng Cable Co., Ltd.',
    } as const;
    const seen = new Set<string>();
    for (const doc of made.body.content) {
      const view = await get('shipper', doc.files[0].viewUrl);
      expectNames(view, 'pdf');
      const text = readPdf(view, `${doc.docNo}.pdf`);
      expect(text, text).not.toMatch(CJK);
      const currency = text.includes('Amount (USD)') ? 'USD' : 'CNY';
      seen.add(currency);
      // One seller and one currency.
      expect(text).toContain(sellers[currency]);
      expect(text).not.toContain(sellers[currency === 'USD' ? 'CNY' : 'USD']);
      expect(text).not.toContain(currency === 'USD' ? 'CNY' : 'USD');
      for (const s of [
        'Commercial invoice',
        'China Construction International Engineering Co., Ltd.',
        'Jakarta Power Plant Phase II',
        'Incoterms® 2020',
        'FOB Shanghai (Free on Board)',
        'Origin',
        'China',
      ])
        expect(text).toContain(s);
    }
    expect([...seen].sort()).toEqual(['CNY', 'USD']);

    const zh = await call(t.app, 'POST', '/api/document/generate', {
      token: tok.supplier2,
      body: { batchId: B3, docType: 'commercial_invoice', lang: 'zh' },
    });
    expect(zh.body.content).toHaveLength(1);
    const text = readPdf(await get('supplier2', zh.body.content[0].files[0].viewUrl), 'invoice-zh.pdf');
    for (const s of [
      '商业发票',
      '江苏华能电缆有限公司',
      '贸易术语',
      'FOB Shanghai',
      '原产国',
      '中国',
      '金额 (USD)',
    ])
      expect(text).toContain(s);
  });

  it('a contract without an Incoterms rule is named, and nothing is made', async () => {
    const [contract] = await t.db
      .update(projectContracts)
      .set({ incoterm: null })
      .where(eq(projectContracts.contractNumber, 'JKT2-SE-2026-001'))
      .returning();
    const before = (await t.db.select().from(tradeDocuments)).length;
    const res = await call(t.app, 'POST', '/api/document/generate', {
      token: tok.shipper,
      lang: 'en',
      body: { batchId: batch['JKT2-B001'], docType: 'commercial_invoice' },
    });
    expect(res.body).toMatchObject({ status: 400, code: 'papers.invoice_no_incoterm' });
    expect(res.body.message).toContain('JKT2-SE-2026-001');
    expect((await t.db.select().from(tradeDocuments)).length).toBe(before);
    await t.db.update(projectContracts).set({ incoterm: 'FOB' }).where(eq(projectContracts.id, contract.id));
  });
});

describe('papers a consignee reads', () => {
  it('the English packing list is wholly English; its Excel form is named for every client', async () => {
    const en = await get('shipper', '/api/boxPiece/packingList', { batchId: batch['JKT2-B001'], lang: 'en' });
    const text = readPdf(en, 'packing-en.pdf');
    // Spec / model is printed as the supplier typed it (models have no language): every other word is English.
    const specs = (
      (await t.db.execute(
        sql`select distinct spec from supplies where batch_id = ${batch['JKT2-B001']} and spec is not null`,
      )) as unknown as { rows: { spec: string }[] }
    ).rows.map((r) => r.spec);
    expect(specs.reduce((rest, spec) => rest.split(spec).join(''), text)).not.toMatch(CJK);
    for (const s of [
      'Packing list',
      'Jakarta Power Plant Phase II',
      'Shanghai Electric Equipment Co., Ltd.',
      'unit',
    ])
      expect(text).toContain(s);
    expectNames(en, 'pdf');
    const xlsx = await get('shipper', '/api/boxPiece/packingList', {
      batchId: batch['JKT2-B001'],
      format: 'xlsx',
    });
    expectNames(xlsx, 'xlsx');
  });

  it('the loading sheet of a container stuffed without a plan lists its boxes, their count and weight', async () => {
    const [unplanned] = (
      (await t.db.execute(sql`
        select c.id, c.container_number as number, count(*)::int as boxes, sum(p.gross_weight)::float as kg,
               string_agg(p.box_number, ' ' order by p.box_number) as numbers
          from container c join container_box_piece cb on cb.container_id = c.id join box_piece p on p.id = cb.box_id
         where c.plan is null group by c.id order by c.id limit 1`)) as unknown as {
        rows: { id: number; number: string; boxes: number; kg: number; numbers: string }[];
      }
    ).rows;
    expect(unplanned.boxes).toBeGreaterThan(1);
    for (const lang of ['en', 'zh'] as const) {
      const res = await get('logistics', '/api/container/loadingSheet', { id: unplanned.id }, lang);
      const text = readPdf(res, `sheet-${lang}.pdf`);
      for (const n of unplanned.numbers.split(' ')) expect(text).toContain(n);
      const kg = unplanned.kg.toLocaleString('en-US');
      expect(text).toContain(kg);
      expect(text).toMatch(
        lang === 'en'
          ? new RegExp(`Boxes\\s+${unplanned.boxes}\\b`)
          : new RegExp(`箱件数\\s+${unplanned.boxes}\\b`),
      );
      expect(text).not.toMatch(lang === 'en' ? /Boxes\s+0\b/ : /箱件数\s+0\b/);
      if (lang === 'en') expect(text).not.toMatch(CJK);
      expectNames(res, 'pdf');
    }
  });

  it('the load plan PDF carries its cargo list and captions as text', async () => {
    const boxes = [
      { name: '开关柜木箱', l: 1200, w: 1000, h: 1100, qty: 12, weight: 420 },
      { name: 'Spare parts carton', l: 800, w: 600, h: 500, qty: 20, weight: 60 },
    ];
    const plan = planShipment({
      containers: [{ id: '40HQ', l: 12032, w: 2352, h: 2698, maxPayload: 26500 }],
      boxes,
      timeLimitMs: 500,
    });
    for (const lang of ['zh', 'en'] as const) {
      const res = await call(t.app, 'POST', '/api/loadPlan/pdf', {
        token: tok.supplier,
        body: {
          lang,
          mode: 'fewest',
          where: 'browser',
          ms: 320,
          boxes,
          leftover: plan.leftover,
          containers: plan.containers.map((c) => ({
            label: '40HQ',
            l: c.container.l,
            w: c.container.w,
            h: c.container.h,
            maxPayload: c.container.maxPayload,
            placements: c.placements,
          })),
        },
      });
      expectNames(res, 'pdf');
      const text = readPdf(res, `plan-${lang}.pdf`);
      for (const s of ['开关柜木箱', 'Spare parts carton', '40HQ', '12,032 × 2,352 × 2,698'])
        expect(text).toContain(s);
      expect(text).toContain(lang === 'zh' ? '货物清单' : 'Cargo list');
      expect(text).toContain(lang === 'zh' ? '第 1–' : 'Boxes 1–');
    }
    // A placement of a box type the plan does not have is refused.
    const bad = await call(t.app, 'POST', '/api/loadPlan/pdf', {
      token: tok.supplier,
      body: {
        lang: 'en',
        mode: 'fewest',
        where: 'browser',
        ms: 1,
        boxes: [boxes[0]],
        leftover: [0],
        containers: [
          {
            label: 'x',
            l: 100,
            w: 100,
            h: 100,
            placements: [{ type: 3, x: 0, y: 0, z: 0, l: 1, w: 1, h: 1 }],
          },
        ],
      },
    });
    expect(bad.status).toBe(400);
  });

  it('the bill of lading and the statement of charges', async () => {
    const [bl] = (
      (await t.db.execute(sql`select id, bl_number from bill_lading order by id limit 1`)) as unknown as {
        rows: { id: number; bl_number: string }[];
      }
    ).rows;
    const pdf = await get('logistics', '/api/billLading/pdf', { id: bl.id, download: 1 });
    expectNames(pdf, 'pdf');
    const text = readPdf(pdf, 'bl.pdf');
    expect(text).toContain('BILL OF LADING');
    expect(text).toContain(bl.bl_number);

    const [st] = (await get('shipper', '/api/reconciliation', { blurry: 'COSCO-ST-2026-027' })).body.content;
    for (const lang of ['zh', 'en'] as const) {
      const res = await get('logistics', '/api/reconciliation/export', { id: st.id, format: 'pdf' }, lang);
      expectNames(res, 'pdf');
      const statement = readPdf(res, `statement-${lang}.pdf`);
      if (lang === 'en') {
        expect(statement).toContain('China Construction International Engineering Co., Ltd.');
        expect(statement).toContain('COSCO Shipping International Logistics Co., Ltd.');
      } else expect(statement).toContain('中建国际工程有限公司');
    }
  });
});

describe('container numbers', () => {
  it('are taken with spaces, dashes, lower case or full-width, and kept in their ISO 6346 form', async () => {
    const numbered = (first10: string) => `${first10}${iso6346CheckDigit(first10)}`;
    const full = (s: string) => s.replace(/[0-9A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
    const cases = [
      ['CSQU 305438-3', 'CSQU3054383'],
      [
        `${numbered('TGHU765432').slice(0, 4).toLowerCase()}-${numbered('TGHU765432').slice(4, 10)}-${numbered('TGHU765432').slice(10)}`,
        numbered('TGHU765432'),
      ],
      [full(numbered('MSCU112233')), numbered('MSCU112233')],
      [
        `${full('OOLU')}　${full('445566')}－${full(numbered('OOLU445566').slice(10))}`,
        numbered('OOLU445566'),
      ],
    ];
    for (const [typed, canonical] of cases) {
      const res = await call(t.app, 'POST', '/api/container', {
        token: tok.logistics,
        body: { batchId: batch['JKT2-B001'], containerNumber: typed, typeCode: '40HQ' },
      });
      expect(res.status, `${typed}: ${JSON.stringify(res.body)}`).toBe(201);
      expect(res.body.containerNumber).toBe(canonical);
    }
    // A wrong check digit written any way is still refused.
    const wrong = await call(t.app, 'POST', '/api/container', {
      token: tok.logistics,
      lang: 'en',
      body: { batchId: batch['JKT2-B001'], containerNumber: full('CSQU3054384'), typeCode: '40HQ' },
    });
    expect(wrong.body.message).toBe('Wrong check digit in the container number: it should be 3');
  });
});
