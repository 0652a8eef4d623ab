// The label's plan obeys what a scanner and a 203 dpi printer need, for every format and for the boxes
// that push it hardest: 64-character box numbers, every handling mark, an SSCC, bilingual text.
import { type DocLang, type LabelFormat, ssccOf } from '@tradelane/contract';
import { describe, expect, it } from 'vitest';
import type { PrintBox } from './documents-data.ts';
import {
  LABEL_H,
  LABEL_W,
  type LabelOp,
  layoutLabel,
  MIN_MODULE_MM,
  QUIET_MODULES,
  type Rect,
} from './label-layout.ts';
import { labelScale, measureIn, ssccFormats } from './labels.ts';
import { DOT_MM, newDoc } from './pdf.ts';

const measure = measureIn(newDoc('A4'));

function box(boxNumber: string, sscc: string | null): PrintBox {
  return {
    id: 1,
    boxNumber,
    token: 'AbCdEfGhIjKlMnOpQrStUvWxYz012345',
    sscc,
    n: 12,
    of: 240,
    packageType: 'wooden_case',
    length: 12000,
    width: 2400,
    height: 2600,
    volume: 74.88,
    grossWeight: 25200.5,
    netWeight: 24000,
    thisSideUp: true,
    fragile: true,
    stackable: false,
    dangerous: true,
    unNumber: 'UN3480',
    dangerousClass: '9',
    outOfGauge: true,
    contents: [],
    marks: {
      projectName: '雅加达电厂二期扩建工程升压站及送出线路设备采购项目',
      projectEnName: 'Jakarta Power Plant Phase II Extension: Step-up Substation and Outgoing Lines',
      batchNumber: 'JKT2-B001-LONG-BATCH-NUMBER',
      portOfDischarge: 'IDJKT',
      destinationSite: '雅加达电厂二期现场',
      destinationSiteEn: 'Jakarta Power Plant Phase II site',
      contractNumber: 'JKT2-SE-2026-001-SUPPLEMENT-7',
      supplierName: '上海电气设备有限公司',
      supplierEnName: 'Shanghai Electric Equipment Co., Ltd.',
    },
  } as unknown as PrintBox;
}

const overlaps = (a: Rect, b: Rect) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
const inside = (a: Rect, b: Rect) =>
  a.x >= b.x && a.y >= b.y && a.x + a.w <= b.x + b.w && a.y + a.h <= b.y + b.h;
const dots = (mm: number) => mm / DOT_MM;

const numbers = [
  'A1',
  'JKT2-B001-S1-001',
  'JKT2-B001-S12-0042-WOODEN-CASE-TRANSFORMER',
  'JKT2B001S12004211223344556677889900AABBCCDDEEFFGGHHIIJJKKLLMMNNO',
  'JKT2-B001-S12-0042-VERY-LONG-NUMBER-WITH-MANY-PARTS-0123456789AB',
];

describe('box label layout', () => {
  const cases: { format: LabelFormat; lang: DocLang; number: string; sscc: string | null }[] = [];
  for (const format of ['thermal', 'a4-4', 'a4-8'] as const)
    for (const number of numbers)
      for (const sscc of ssccFormats.includes(format) ? [null, ssccOf('0614141', 123456789)] : [null])
        for (const lang of ['zh', 'en', 'bilingual'] as const) cases.push({ format, lang, number, sscc });

  it.each(cases)('$format $lang $number (SSCC $sscc)', ({ format, lang, number, sscc }) => {
    const scale = labelScale(format);
    const ops = layoutLabel({
      box: box(number, sscc),
      lang,
      scanUrl: 'https://tradelane.example.com/some/path/scan/box/AbCdEfGhIjKlMnOpQrStUvWxYz012345',
      sscc,
      scale,
      measure,
    });
    const frame = ops.find((o) => o.kind === 'frame')?.rect as Rect;
    const label = { x: 0, y: 0, w: LABEL_W, h: LABEL_H };
    const frameInner = { x: frame.x + 0.2, y: frame.y + 0.2, w: frame.w - 0.4, h: frame.h - 0.4 };
    const symbols = ops.filter((o) => o.kind === 'bars' || o.kind === 'qr');
    const marks = ops.filter((o) => o.kind === 'text' || o.kind === 'fill');
    expect(symbols.filter((s) => s.kind === 'qr')).toHaveLength(1);
    for (const s of symbols) {
      // Quiet zones inside the frame, never crossed by text or the handling band.
      expect(inside(s.clear, frameInner)).toBe(true);
      for (const m of marks)
        expect(overlaps(s.clear, m.rect), `${m.kind} ${'text' in m ? m.text : ''}`).toBe(false);
      for (const o of symbols) if (o !== s) expect(overlaps(s.clear, o.clear)).toBe(false);
      const paper = s.module * scale;
      // Whole dots of a 203 dpi printer, never under 2 (0.25 mm).
      expect(paper).toBeGreaterThanOrEqual(MIN_MODULE_MM - 1e-9);
      expect(Math.abs(dots(paper) - Math.round(dots(paper)))).toBeLessThan(1e-6);
      if (s.kind === 'bars') {
        expect(s.x - s.clear.x).toBeCloseTo(QUIET_MODULES * s.module, 6);
        expect(s.clear.x + s.clear.w - (s.x + s.symbol.modules * s.module)).toBeCloseTo(
          QUIET_MODULES * s.module,
          6,
        );
      } else {
        expect(s.x - s.clear.x).toBeGreaterThanOrEqual(4 * s.module - 1e-9);
        expect(s.y - s.clear.y).toBeGreaterThanOrEqual(4 * s.module - 1e-9);
      }
    }
    const boxBars = symbols.filter((s) => s.kind === 'bars' && s.role === 'boxNumber') as Extract<
      LabelOp,
      { kind: 'bars' }
    >[];
    // The box number whole, across its lines; each line's text printed under it.
    expect(boxBars.map((b) => b.symbol.text).join('')).toBe(number);
    for (const b of boxBars) {
      expect(b.height * scale).toBeGreaterThanOrEqual(9 - 1e-9);
      expect(
        marks.some((m) => m.kind === 'text' && m.text === b.symbol.text && m.rect.y >= b.y + b.height),
      ).toBe(true);
    }
    const ssccBars = symbols.filter((s) => s.kind === 'bars' && s.role === 'sscc') as Extract<
      LabelOp,
      { kind: 'bars' }
    >[];
    expect(ssccBars).toHaveLength(sscc ? 1 : 0);
    for (const b of ssccBars) {
      // GS1 logistic label: X 0.495–1.016 mm, bars at least 31.75 mm.
      expect(b.module * scale).toBeGreaterThanOrEqual(0.495);
      expect(b.height * scale).toBeGreaterThanOrEqual(31.75);
      expect(b.symbol.text).toBe(`(00)${sscc}`);
    }
    for (const m of marks) expect(inside(m.rect, label), 'text' in m ? m.text : 'fill').toBe(true);
  });

  it('prints a short box number on one line at a larger module', () => {
    const ops = layoutLabel({
      box: box('JKT2-B001-S1-001', null),
      lang: 'zh',
      scanUrl: null,
      sscc: null,
      scale: 1,
      measure,
    });
    const bars = ops.filter((o) => o.kind === 'bars');
    expect(bars).toHaveLength(1);
    expect(dots((bars[0] as { module: number }).module)).toBeGreaterThanOrEqual(3 - 1e-9);
    // No link, no QR code.
    expect(ops.some((o) => o.kind === 'qr')).toBe(false);
  });
});
