// Box labels read as a warehouse reads them: every page rendered at a thermal printer's 203 dpi by
// poppler and every symbol decoded by zbar — the Code 128 box numbers, the GS1-128 SSCCs and the QR codes
// — and each payload compared with the box in the database. QR links come from PUBLIC_URL: a forged Host
// never reaches a label. SSCCs are handed out per company prefix, kept, 18 digits, and a spent prefix is
// refused whole.
import { isValidSscc, ssccCheckDigit } from '@tradelane/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { boxPieces } from '../src/db/schema-boxes.ts';
import { projectBatches } from '../src/db/schema-project.ts';
import { call, loginAll, useTestApp } from './helpers.ts';
import { type Decoded, pdfPages, pdfText, qpdfCheck, savePdf, scanPdf } from './readers.ts';

const PUBLIC_URL = 'https://tradelane.example.com/tl';
const t = useTestApp({ PUBLIC_URL });
let tok: Record<string, string>;
let b001: number;
type Box = typeof boxPieces.$inferSelect;

beforeAll(async () => {
  tok = await loginAll(t.app, ['supplier', 'shipper']);
  b001 = (await t.db.select().from(projectBatches)).find((b) => b.batchNumber === 'JKT2-B001')!.id;
});

/** Labels as a forger would ask for them: a stranger's Host, Origin and forwarded host. */
async function labels(query: Record<string, string | number>, who = 'supplier') {
  return t.app.inject({
    method: 'GET',
    url: '/api/boxPiece/labels',
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    headers: {
      authorization: tok[who],
      host: 'evil.example.net',
      origin: 'https://evil.example.net',
      'x-forwarded-host': 'evil.example.net',
    },
  });
}

const boxesOf = async (ids?: number[]) =>
  t.db
    .select()
    .from(boxPieces)
    .where(ids ? inArray(boxPieces.id, ids) : eq(boxPieces.batchId, b001))
    .orderBy(asc(boxPieces.boxNumber));

/** A GS1-128 SSCC as zbar gives it: AI 00 and the 18 digits (FNC1 is not data). */
const isSsccSymbol = (s: Decoded) => s.type === 'CODE-128' && /^00\d{18}$/.test(s.data);

/** Whether a page's Code 128 symbols spell its boxes' numbers: one symbol each, or a number's lines. */
function spells(parts: string[], numbers: string[]): boolean {
  if (!numbers.length) return parts.length === 0;
  const [first, ...rest] = numbers;
  const go = (left: string[], todo: string): boolean =>
    todo
      ? left.some(
          (p, i) =>
            todo.startsWith(p) && go([...left.slice(0, i), ...left.slice(i + 1)], todo.slice(p.length)),
        )
      : spells(left, rest);
  return go(parts, first);
}

/** Checks one page's symbols against the boxes printed on it. */
function expectPage(symbols: Decoded[], boxes: Box[], withSscc: boolean) {
  const code128 = symbols.filter((s) => s.type === 'CODE-128' && !isSsccSymbol(s)).map((s) => s.data);
  expect(
    spells(
      code128,
      boxes.map((b) => b.boxNumber),
    ),
    code128.join(' | '),
  ).toBe(true);
  const sscc = symbols.filter(isSsccSymbol).map((s) => s.data.slice(2));
  expect(sscc.sort()).toEqual(withSscc ? boxes.map((b) => b.sscc as string).sort() : []);
  for (const s of sscc) expect(isValidSscc(s)).toBe(true);
  const qr = symbols.filter((s) => s.type === 'QR-Code').map((s) => s.data);
  expect(qr.sort()).toEqual(boxes.map((b) => `${PUBLIC_URL}/scan/box/${b.token}`).sort());
  for (const s of symbols) expect(s.data).not.toContain('evil');
}

describe('labels decode at 203 dpi, payloads equal to the boxes', () => {
  it('thermal 100 × 150 mm: a box number, a QR link from PUBLIC_URL per label; a forged Host nowhere', async () => {
    const res = await labels({ batchId: b001, format: 'thermal', lang: 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-label-notice']).toBeUndefined();
    const file = savePdf(res.rawPayload, 'thermal.pdf');
    qpdfCheck(file);
    const boxes = await boxesOf();
    expect(pdfPages(file)).toBe(boxes.length);
    const pages = scanPdf(file);
    for (const [i, symbols] of pages.entries()) expectPage(symbols, [boxes[i]], false);
    expect(pdfText(file)).not.toContain('evil');
  });

  it('A4 sheets of 4 and of 8 (turned): every label on a page decodes', async () => {
    const boxes = await boxesOf();
    for (const [format, perPage] of [
      ['a4-4', 4],
      ['a4-8', 8],
    ] as const) {
      const res = await labels({ batchId: b001, format, lang: 'bilingual' });
      expect(res.statusCode).toBe(200);
      const file = savePdf(res.rawPayload, `${format}.pdf`);
      qpdfCheck(file);
      const pages = scanPdf(file);
      expect(pages).toHaveLength(Math.ceil(boxes.length / perPage));
      for (const [p, symbols] of pages.entries())
        expectPage(symbols, boxes.slice(p * perPage, (p + 1) * perPage), false);
    }
  });

  it('a box number too long for one symbol is printed on lines of symbols that decode to it, at every size', async () => {
    const boxNumber = 'JKT2-B001-S2-0042-WOODEN-CASE-MAIN-TRANSFORMER-SPARES-0123456789';
    const made = await call(t.app, 'POST', '/api/boxPiece', {
      token: tok.supplier,
      body: {
        batchId: b001,
        boxNumber,
        packageType: 'wooden_case',
        length: 1200,
        width: 800,
        height: 900,
        grossWeight: 420,
        netWeight: 380,
      },
    });
    expect(made.status).toBe(201);
    const [box] = await boxesOf([made.body.id]);
    for (const format of ['thermal', 'a4-4', 'a4-8']) {
      const res = await labels({ ids: box.id, format, lang: 'zh' });
      const pages = scanPdf(savePdf(res.rawPayload, `long-${format}.pdf`));
      expect(pages).toHaveLength(1);
      expectPage(pages[0], [box], false);
      expect(pages[0].filter((s) => s.type === 'CODE-128').length).toBeGreaterThan(1);
    }
  });
});

describe('SSCCs', () => {
  it('are handed out once per box, printed as GS1-128 that decodes to them, and kept on a reprint', async () => {
    const res = await labels({ batchId: b001, format: 'thermal', ssccPrefix: '0614141' });
    expect(res.statusCode).toBe(200);
    const given = (await boxesOf()).map((b) => b.sscc);
    expect(given.every((s) => s && isValidSscc(s) && s.slice(1, 8) === '0614141')).toBe(true);
    expect(new Set(given).size).toBe(given.length);
    const pages = scanPdf(savePdf(res.rawPayload, 'sscc.pdf'));
    const all = await boxesOf();
    expect(pages).toHaveLength(all.length);
    for (const [i, symbols] of pages.entries()) expectPage(symbols, [all[i]], true);
    // A reprint, with the same or another prefix, shows the SSCCs the boxes already have.
    const again = await labels({ batchId: b001, format: 'a4-4', ssccPrefix: '0614142' });
    for (const [p, symbols] of scanPdf(savePdf(again.rawPayload, 'sscc-a4.pdf')).entries())
      expectPage(symbols, all.slice(p * 4, p * 4 + 4), true);
    expect((await boxesOf()).map((b) => b.sscc)).toEqual(given);
  });

  it('an A4 sheet of 8 has no room for one: refused in the reader’s language', async () => {
    const res = await call(t.app, 'GET', '/api/boxPiece/labels', {
      token: tok.supplier,
      lang: 'en',
      query: { batchId: b001, format: 'a4-8', ssccPrefix: '0614141' },
    });
    expect(res.body).toMatchObject({ status: 400, code: 'boxes.sscc_label_format' });
    expect(res.body.message).toMatch(/100 × 150 mm/);
  });

  it('stay 18 digits past a million boxes (a 10-digit prefix leaves 7 digits)', async () => {
    await t.db.execute(sql`select setval(pg_get_serial_sequence('box_piece', 'id'), 1000000)`);
    const made = await call(t.app, 'POST', '/api/boxPiece', {
      token: tok.supplier,
      body: {
        batchId: b001,
        boxNumber: 'JKT2-B001-M1',
        packageType: 'carton',
        length: 600,
        width: 400,
        height: 400,
        grossWeight: 20,
        netWeight: 18,
      },
    });
    expect(made.body.id).toBeGreaterThan(1_000_000);
    const res = await labels({ ids: made.body.id, format: 'thermal', ssccPrefix: '0614141999' });
    expect(res.statusCode).toBe(200);
    const [symbols] = scanPdf(savePdf(res.rawPayload, 'million.pdf'));
    const ssccs = symbols.filter(
      (s) => s.type === 'CODE-128' && s.data.startsWith('00') && s.data.length > 10,
    );
    expect(ssccs).toHaveLength(1);
    expect(ssccs[0].data).toMatch(/^00\d{18}$/);
    expect(isValidSscc(ssccs[0].data.slice(2))).toBe(true);
  });

  it('a prefix whose range is spent is refused with a clear message, and nothing is given', async () => {
    const prefix = '0614141998';
    // A 10-digit prefix gives 10⁷ SSCCs: one is left.
    await t.db.execute(
      sql`insert into sscc_serial (company_prefix, next_serial) values (${prefix}, 9999999)`,
    );
    const fresh = [];
    for (const n of [1, 2]) {
      const made = await call(t.app, 'POST', '/api/boxPiece', {
        token: tok.supplier,
        body: {
          batchId: b001,
          boxNumber: `JKT2-B001-R${n}`,
          packageType: 'carton',
          length: 600,
          width: 400,
          height: 400,
          grossWeight: 20,
          netWeight: 18,
        },
      });
      fresh.push(made.body.id as number);
    }
    for (const lang of ['zh', 'en'] as const) {
      const res = await call(t.app, 'GET', '/api/boxPiece/labels', {
        token: tok.supplier,
        lang,
        query: { ids: fresh.join(','), ssccPrefix: prefix },
      });
      expect(res.body).toMatchObject({ status: 409, code: 'boxes.sscc_range_spent' });
      expect(res.body.message).toContain(prefix);
      expect(res.body.message).toMatch(lang === 'zh' ? /已用完/ : /used up/);
    }
    expect((await boxesOf(fresh)).map((b) => b.sscc)).toEqual([null, null]);
    const counter = await t.db.execute(
      sql`select next_serial::int as n from sscc_serial where company_prefix = ${prefix}`,
    );
    expect((counter as unknown as { rows: { n: number }[] }).rows[0].n).toBe(9_999_999);
    // The last one still goes to one box: extension digit 9, the prefix, serial reference 999999.
    const one = await labels({ ids: fresh[0], ssccPrefix: prefix });
    expect(one.statusCode).toBe(200);
    const last17 = `9${prefix}999999`;
    expect((await boxesOf([fresh[0]]))[0].sscc).toBe(`${last17}${ssccCheckDigit(last17)}`);
  });
});
