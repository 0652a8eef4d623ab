// Where everything on a box label goes, decided before anything is drawn so the rules a scanner needs can
// be checked on the plan itself (test/label-layout.test.ts): in the label's own millimetres (100 × 150),
// printed at `scale` real millimetres per label millimetre (1 on a thermal label, less on A4 sheets).
// - Every module is a whole number of 203 dpi dots and never under 2 dots (0.25 mm) on paper; the SSCC
//   follows the GS1 logistic label: 4 dots (0.50 mm ≥ 0.495 mm) and bars 32 mm tall (≥ 31.75 mm).
// - Each linear symbol keeps a quiet zone of 10 modules on both sides (the QR code 10 where it fits, never
//   fewer than the 4 its standard asks), clear of the frame and of any text.
// - A box number too long for one symbol at the smallest module is split into lines of symbols, never
//   squeezed; each line's text is printed under it.
import { type DocLang, packageTypeLabel, ssccHri } from '@tradelane/contract';
import type { PrintBox } from './documents-data.ts';
import { DOT_MM, type LinearSymbol, linearSymbol, type QrSymbol, qrSymbol } from './pdf.ts';

export const LABEL_W = 100;
export const LABEL_H = 150;
/** The smallest module on paper: 2 dots of a 203 dpi printer (0.2502 mm). */
export const MIN_MODULE_MM = 2 * DOT_MM;
/** The SSCC's module on paper: 4 dots (0.5005 mm; GS1 logistic labels: 0.495 to 1.016 mm). */
export const SSCC_MODULE_MM = 4 * DOT_MM;
/** The SSCC's bar height on paper (GS1 logistic labels: at least 31.75 mm). */
export const SSCC_BAR_MM = 32;
export const QUIET_MODULES = 10;
/** QR codes: 10 modules of clear space where they fit, never fewer than ISO/IEC 18004's 4. */
const QR_QUIET = [10, 4];
/** Module widths tried, largest first (dots of 203 dpi). */
const BOX_MODULES = [4, 3, 2].map((d) => d * DOT_MM);
const QR_MODULES = [5, 4, 3].map((d) => d * DOT_MM);
/** Bar heights on paper: one line of box number, or each of several. */
const BOX_BAR_MM = 13;
const BOX_BAR_LINES_MM = 9;
const PT = 25.4 / 72;

const FRAME = 1.5;
/** Symbols and their quiet zones stay inside this, clear of the frame's line. */
const CLEAR_X0 = 2.2;
const CLEAR_X1 = LABEL_W - 2.2;
const M = 4;
const INNER = LABEL_W - 2 * M;

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}
export type LabelOp =
  | { kind: 'frame'; rect: Rect }
  | {
      kind: 'text';
      rect: Rect;
      text: string;
      /** Font size in points (label units); shrunk down to `min` to fit the width. */
      size: number;
      min?: number;
      align?: 'left' | 'right' | 'center';
      white?: boolean;
    }
  | { kind: 'fill'; rect: Rect }
  | {
      kind: 'bars';
      role: 'boxNumber' | 'sscc';
      symbol: LinearSymbol;
      x: number;
      y: number;
      /** Module width and bar height in label millimetres. */
      module: number;
      height: number;
      /** The symbol with its quiet zones: nothing else is drawn here. */
      clear: Rect;
    }
  | { kind: 'qr'; qr: QrSymbol; text: string; x: number; y: number; module: number; clear: Rect };

export interface LabelInput {
  box: PrintBox;
  lang: DocLang;
  /** The QR code's link; null prints no QR code. */
  scanUrl: string | null;
  sscc: string | null;
  /** Paper millimetres per label millimetre. */
  scale: number;
  /** Width in label millimetres of `text` at `size` points. */
  measure: (text: string, size: number) => number;
}

const L = (lang: DocLang, zh: string, en: string) =>
  lang === 'zh' ? zh : lang === 'en' ? en : `${zh} ${en}`;
const kg = (v: number) => `${Number(v).toLocaleString('en-US', { maximumFractionDigits: 3 })} kg`;
const textH = (size: number) => size * PT * 1.25;

/** The length of the longest start of `text` that `fits` (at least 1), by bisection. */
function longestFitting(text: string, fits: (part: string) => boolean): number {
  if (fits(text)) return text.length;
  let [lo, hi] = [1, text.length - 1];
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(text.slice(0, mid))) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The box number's symbols: one line at the largest module that fits, or lines at the smallest. */
export function boxNumberSymbols(
  boxNumber: string,
  widthMm: number,
): { symbols: LinearSymbol[]; module: number } {
  const one = linearSymbol('code128', boxNumber);
  for (const module of BOX_MODULES)
    if ((one.modules + 2 * QUIET_MODULES) * module <= widthMm) return { symbols: [one], module };
  const module = BOX_MODULES[BOX_MODULES.length - 1];
  const fits = (part: string) =>
    (linearSymbol('code128', part).modules + 2 * QUIET_MODULES) * module <= widthMm;
  const parts: string[] = [];
  let rest = boxNumber;
  while (rest) {
    const n0 = longestFitting(rest, fits);
    let n = n0;
    if (n < rest.length) {
      // Break after a separator when one is near the end of what fits, so lines read as parts.
      const cut = Math.max(...['-', '/', '.', '_'].map((c) => rest.lastIndexOf(c, n - 1)));
      if (cut + 1 >= n0 * 0.6) n = cut + 1;
    }
    parts.push(rest.slice(0, n));
    rest = rest.slice(n);
  }
  return { symbols: parts.map((p) => linearSymbol('code128', p)), module };
}

/** Lines of `text` at `size` that fit `width` (a box number has no spaces: it breaks anywhere). */
function wrap(text: string, width: number, size: number, measure: LabelInput['measure']): string[] {
  const lines: string[] = [];
  let rest = text;
  while (rest) {
    const n = longestFitting(rest, (part) => measure(part, size) <= width);
    lines.push(rest.slice(0, n));
    rest = rest.slice(n);
  }
  return lines;
}

export function layoutLabel(input: LabelInput): LabelOp[] {
  const { box, lang, scale, measure } = input;
  const k = box.marks;
  const ops: LabelOp[] = [];
  const text = (
    s: string,
    x: number,
    y: number,
    w: number,
    size: number,
    extra: { min?: number; align?: 'left' | 'right' | 'center'; white?: boolean } = {},
  ) => ops.push({ kind: 'text', text: s, rect: { x, y, w, h: textH(size) }, size, ...extra });
  ops.push({
    kind: 'frame',
    rect: { x: FRAME, y: FRAME, w: LABEL_W - 2 * FRAME, h: LABEL_H - 2 * FRAME },
  });

  // The SSCC's section is the bottom of the label (GS1 logistic label): placed first, the rest flows above.
  let bottom = LABEL_H - M;
  if (input.sscc) {
    const symbol = linearSymbol('gs1-128', `(00)${input.sscc}`);
    const module = SSCC_MODULE_MM / scale;
    const height = SSCC_BAR_MM / scale;
    const width = symbol.modules * module;
    const x = (LABEL_W - width) / 2;
    const hriY = bottom - textH(10);
    const y = hriY - 0.8 - height;
    ops.push({
      kind: 'bars',
      role: 'sscc',
      symbol,
      x,
      y,
      module,
      height,
      clear: { x: x - QUIET_MODULES * module, y, w: width + 2 * QUIET_MODULES * module, h: height },
    });
    text(ssccHri(input.sscc), M, hriY, INNER, 10, { align: 'center', min: 7 });
    text('SSCC', M, y - 1 - textH(8), INNER, 8);
    bottom = y - 2 - textH(8);
  }

  // Who and what: project, contract and batch, the box number in large type with "n / of".
  let y = M;
  const project =
    lang === 'en'
      ? (k.projectEnName ?? k.projectName)
      : lang === 'zh'
        ? k.projectName
        : `${k.projectName} ${k.projectEnName ?? ''}`.trim();
  text(project, M, y, INNER, 12, { min: 7 });
  y += textH(12) + 0.6;
  text(
    `${L(lang, '合同号', 'Contract No.')}: ${k.contractNumber ?? '—'}   ${L(lang, '批次', 'Batch')}: ${k.batchNumber}`,
    M,
    y,
    INNER,
    8,
    { min: 5 },
  );
  y += textH(8) + 0.6;
  text(L(lang, '箱号', 'Box No.'), M, y, INNER * 0.5, 7);
  text(
    L(lang, `第 ${box.n} 件，共 ${box.of} 件`, `Box ${box.n} of ${box.of}`),
    M + INNER * 0.5,
    y,
    INNER * 0.5,
    7,
    {
      align: 'right',
      min: 5,
    },
  );
  y += textH(7);
  const numberW = INNER * 0.72;
  const big =
    measure(box.boxNumber, 10) <= numberW ? [box.boxNumber] : wrap(box.boxNumber, numberW, 10, measure);
  const ofText = `${box.n} / ${box.of}`;
  if (big.length === 1) {
    text(box.boxNumber, M, y, numberW, 18, { min: 10 });
    text(ofText, M + numberW, y + 1, INNER - numberW, 14, { align: 'right', min: 8 });
    y += textH(18);
  } else {
    text(ofText, M + numberW, y, INNER - numberW, 14, { align: 'right', min: 8 });
    for (const line of big) {
      text(line, M, y, numberW, 10);
      y += textH(10);
    }
  }
  y += 1.5;

  // The box number's symbol(s), each with its text under it.
  const { symbols, module: paperModule } = boxNumberSymbols(box.boxNumber, (CLEAR_X1 - CLEAR_X0) * scale);
  const module = paperModule / scale;
  const barH = (symbols.length === 1 ? BOX_BAR_MM : BOX_BAR_LINES_MM) / scale;
  for (const symbol of symbols) {
    const width = symbol.modules * module;
    const x = (LABEL_W - width) / 2;
    ops.push({
      kind: 'bars',
      role: 'boxNumber',
      symbol,
      x,
      y,
      module,
      height: barH,
      clear: { x: x - QUIET_MODULES * module, y, w: width + 2 * QUIET_MODULES * module, h: barH },
    });
    y += barH + 0.5;
    text(symbol.text, M, y, INNER, 8, { align: 'center', min: 5 });
    y += textH(8) + 1;
  }
  y += 1;

  // Handling marks in a black band just above the SSCC's section (or the bottom).
  const flags = [
    box.thisSideUp ? L(lang, '↑ 此面向上', '↑ THIS SIDE UP') : null,
    box.fragile ? L(lang, '易碎', 'FRAGILE') : null,
    box.stackable ? null : L(lang, '禁止堆叠', 'DO NOT STACK'),
    box.dangerous || box.unNumber
      ? `${L(lang, '危险品', 'DANGEROUS GOODS')} ${box.unNumber ?? ''} ${box.dangerousClass ? `${L(lang, '类', 'Class')} ${box.dangerousClass}` : ''}`.trim()
      : null,
    box.outOfGauge ? L(lang, '超限', 'OUT OF GAUGE') : null,
  ].filter((f): f is string => Boolean(f));
  if (flags.length) {
    const band = 6.4;
    bottom -= band;
    ops.push({ kind: 'fill', rect: { x: M, y: bottom, w: INNER, h: band } });
    text(flags.join('  ·  '), M + 1.5, bottom + 1.3, INNER - 3, 9, { min: 5, white: true });
    bottom -= 1.5;
  }

  // Shipping marks on the left, the QR code of the box's scan page on the right.
  const room = bottom - y;
  let marksW = INNER;
  if (input.scanUrl) {
    const qr = qrSymbol(input.scanUrl);
    const most = Math.min(38, room, INNER * 0.45);
    let placed = false;
    for (const quiet of QR_QUIET) {
      for (const paper of QR_MODULES) {
        const m = paper / scale;
        const side = (qr.size + 2 * quiet) * m;
        if (side > most) continue;
        const cx = CLEAR_X1 - side;
        ops.push({
          kind: 'qr',
          qr,
          text: input.scanUrl,
          x: cx + quiet * m,
          y: y + quiet * m,
          module: m,
          clear: { x: cx, y, w: side, h: side },
        });
        marksW = cx - M - 0.5;
        placed = true;
        break;
      }
      if (placed) break;
    }
  }
  const pkg =
    lang === 'bilingual'
      ? `${packageTypeLabel(box.packageType, 'zh')} ${packageTypeLabel(box.packageType, 'en')}`
      : packageTypeLabel(box.packageType, lang);
  const destination =
    lang === 'en'
      ? (k.destinationSiteEn ?? k.destinationSite)
      : lang === 'zh'
        ? k.destinationSite
        : [k.destinationSite, k.destinationSiteEn].filter(Boolean).join(' ');
  const supplier =
    lang === 'en'
      ? (k.supplierEnName ?? k.supplierName)
      : lang === 'zh'
        ? k.supplierName
        : [k.supplierName, k.supplierEnName].filter(Boolean).join(' ');
  const lines: [string, string][] = [
    [L(lang, '目的港', 'Port of discharge'), k.portOfDischarge ?? '—'],
    [L(lang, '目的地', 'Destination'), destination || '—'],
    [L(lang, '毛重', 'Gross'), kg(Number(box.grossWeight))],
    [L(lang, '净重', 'Net'), kg(Number(box.netWeight))],
    [L(lang, '尺寸', 'Size'), `${box.length}×${box.width}×${box.height} mm`],
    [L(lang, '包装', 'Package'), pkg],
    [L(lang, '体积', 'Volume'), `${Number(box.volume)} m³`],
    [L(lang, '供应商', 'Supplier'), supplier],
  ];
  const step = 4.4;
  for (const [i, [label, value]] of lines.entries()) {
    if (y + (i + 1) * step > bottom) break;
    text(`${label}: ${value}`, M, y + i * step, marksW, 7.5, { min: 5 });
  }
  return ops;
}
