// PDF building blocks: the CJK font that ships with the product (Noto Sans Hans from an npm package,
// embedded as a subset — never a font found on the machine), Code 128 / GS1-128 bars and QR codes
// drawn as vectors (no images), and text that fits its box.
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

export function newDoc(size: [number, number] | string, layout: 'portrait' | 'landscape' = 'portrait'): Doc {
  const doc = new PDFDocument({
    size: size as never,
    layout,
    margin: 0,
    autoFirstPage: false,
    info: { Title: 'Tradelane', Producer: 'Tradelane' },
  });
  doc.registerFont('cjk', cjkFont());
  doc.font('cjk');
  return doc;
}

export const mm = (v: number) => (v * 72) / 25.4;

/** Bars of a barcode from bwip-js's SVG (stroked lines), drawn into the box x, y, w, h. */
export function barcode(
  doc: Doc,
  bcid: 'code128' | 'gs1-128',
  text: string,
  x: number,
  y: number,
  w: number,
  h: number,
) {
  const svg = bwipjs.toSVG({ bcid, text, height: 10, includetext: false, paddingwidth: 0, paddingheight: 0 });
  const view = /viewBox="0 0 (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)"/.exec(svg);
  if (!view) return;
  const [vw, vh] = [Number(view[1]), Number(view[2])];
  doc.save();
  doc.translate(x, y).scale(w / vw, h / vh);
  for (const m of svg.matchAll(/<path stroke="[^"]*" stroke-width="([\d.]+)" d="([^"]+)"/g))
    doc.path(m[2]).lineWidth(Number(m[1])).strokeColor('black').stroke();
  doc.restore();
}

/** A QR code of `text` as filled squares, size × size at x, y. */
export function qrCode(doc: Doc, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const quiet = 2;
  const cell = size / (n + quiet * 2);
  doc.save().fillColor('black');
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++)
      if (qr.modules.get(r, c)) doc.rect(x + (c + quiet) * cell, y + (r + quiet) * cell, cell, cell);
  doc.fill();
  doc.restore();
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
