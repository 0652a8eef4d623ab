// PDF building blocks: the CJK font that ships with the product (Noto Sans Hans from an npm package,
// embedded as a subset — never a font found on the machine), Code 128 / GS1-128 bars and QR codes
// drawn as vector modules of an exact width (no images, no stretching), and text that fits its box.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

let fontBytes: Buffer | undefined;
/** Noto Sans Hans Regular (OFL), read once; pdfkit embeds only the glyphs a document uses. */
function cjkFont(): Buffer {
  fontBytes ??= readFileSync(
    fileURLToPath(new URL('../fonts/NotoSansHans-Regular.otf', import.meta.resolve('@embedpdf/fonts-sc'))),
  );
  return fontBytes;
}

export type Doc = PDFKit.PDFDocument;

export function newDoc(
  size: [number, number] | string,
  layout: 'portrait' | 'landscape' = 'portrait',
  /** Keep pages open until the end (to write page numbers once every page exists). */
  bufferPages = false,
): Doc {
  const doc = new PDFDocument({
    size: size as never,
    layout,
    margin: 0,
    bufferPages,
    autoFirstPage: false,
    info: { Title: 'Tradelane', Producer: 'Tradelane' },
  });
  doc.registerFont('cjk', cjkFont());
  doc.font('cjk');
  return doc;
}

export const mm = (v: number) => (v * 72) / 25.4;

/** A dot of a 203 dpi thermal printer, in mm: module widths are whole dots, so the printer renders them. */
export const DOT_MM = 25.4 / 203;

/** A linear symbol's bars: `sbs` alternates bar and space widths in modules, starting with a bar. */
export interface LinearSymbol {
  bcid: 'code128' | 'gs1-128';
  /** What the symbol encodes, as written under it. */
  text: string;
  sbs: number[];
  /** Width of the symbol in modules, quiet zones not included. */
  modules: number;
}

/** Encodes `text` (GS1-128: element strings like `(00)…`) into its bars with bwip-js. */
export function linearSymbol(bcid: LinearSymbol['bcid'], text: string): LinearSymbol {
  const [raw] = bwipjs.raw(bcid, text, {}) as { sbs: number[] }[];
  const sbs = raw?.sbs ?? [];
  return { bcid, text, sbs, modules: sbs.reduce((a, b) => a + b, 0) };
}

/** Fills the bars of `symbol` with its first bar at x, y (the caller keeps the quiet zones clear). */
export function drawBars(
  doc: Doc,
  symbol: LinearSymbol,
  x: number,
  y: number,
  module: number,
  height: number,
) {
  doc.save().fillColor('black');
  let at = x;
  symbol.sbs.forEach((w, i) => {
    if (i % 2 === 0) doc.rect(at, y, w * module, height);
    at += w * module;
  });
  doc.fill().restore();
}

/** A QR code's dark modules (error correction M), `size` × `size`. */
export interface QrSymbol {
  size: number;
  dark: (row: number, col: number) => boolean;
}
export function qrSymbol(text: string): QrSymbol {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return { size: qr.modules.size, dark: (r, c) => Boolean(qr.modules.get(r, c)) };
}

/** Fills the dark modules of `qr` with its top-left module at x, y (quiet zone outside, kept by the caller). */
export function drawQr(doc: Doc, qr: QrSymbol, x: number, y: number, module: number) {
  doc.save().fillColor('black');
  for (let r = 0; r < qr.size; r++)
    for (let c = 0; c < qr.size; c++)
      if (qr.dark(r, c)) doc.rect(x + c * module, y + r * module, module, module);
  doc.fill().restore();
}

/** Text on one line, shrunk (to a floor) to fit its width, then cut with an ellipsis. */
export function fitText(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  w: number,
  size: number,
  min = size * 0.6,
) {
  let s = size;
  doc.fontSize(s);
  while (s > min && doc.widthOfString(text) > w) {
    s -= 0.5;
    doc.fontSize(s);
  }
  doc.text(text, x, y, { width: w, lineBreak: false, ellipsis: true, height: s * 1.3 });
}
