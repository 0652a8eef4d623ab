// Box labels: 100 × 150 mm thermal labels, or A4 sheets of 4 (2 × 2) or 8 (2 × 4, turned) labels; zh, en
// or bilingual. Each carries the shipping marks (唛头), Code 128 symbols of the box number, a QR code of
// the box's scan page (<PUBLIC_URL>/scan/box/<token>, never an id) and, when asked, its GS1 SSCC. What
// goes where is label-layout.ts; this file places labels on pages and draws the plan.
import type { DocLang, LabelFormat } from '@tradelane/contract';
import type { PrintBox } from './documents-data.ts';
import { LABEL_H, LABEL_W, type LabelOp, layoutLabel } from './label-layout.ts';
import { type Doc, drawBars, drawQr, fitText, mm } from './pdf.ts';

/** Paper millimetres per label millimetre and where each label goes, per format. */
const A4 = { w: 210, h: 297 };
const perPageOf = (format: LabelFormat) => (format === 'a4-4' ? 4 : format === 'a4-8' ? 8 : 1);
export function labelScale(format: LabelFormat): number {
  if (format === 'a4-4') return Math.min(A4.w / 2 / LABEL_W, A4.h / 2 / LABEL_H) * 0.97;
  if (format === 'a4-8') return Math.min(A4.w / 2 / LABEL_H, A4.h / 4 / LABEL_W) * 0.97;
  return 1;
}
/** Formats that have room for the GS1 logistic label's 32 mm SSCC. */
export const ssccFormats: readonly LabelFormat[] = ['thermal', 'a4-4'];

function draw(doc: Doc, ops: LabelOp[]) {
  for (const op of ops) {
    switch (op.kind) {
      case 'frame':
        doc
          .save()
          .lineWidth(mm(0.3))
          .rect(mm(op.rect.x), mm(op.rect.y), mm(op.rect.w), mm(op.rect.h))
          .stroke()
          .restore();
        break;
      case 'fill':
        doc.save().rect(mm(op.rect.x), mm(op.rect.y), mm(op.rect.w), mm(op.rect.h)).fill('black').restore();
        break;
      case 'bars':
        drawBars(doc, op.symbol, mm(op.x), mm(op.y), mm(op.module), mm(op.height));
        break;
      case 'qr':
        drawQr(doc, op.qr, mm(op.x), mm(op.y), mm(op.module));
        break;
      case 'text': {
        doc.save().fillColor(op.white ? 'white' : 'black');
        const { x, y, w } = op.rect;
        if (op.align && op.align !== 'left') {
          doc.fontSize(op.size);
          let size = op.size;
          while (size > (op.min ?? op.size) && doc.widthOfString(op.text) > mm(w)) {
            size -= 0.5;
            doc.fontSize(size);
          }
          doc.text(op.text, mm(x), mm(y), {
            width: mm(w),
            align: op.align,
            lineBreak: false,
            ellipsis: true,
            height: size * 1.3,
          });
        } else fitText(doc, op.text, mm(x), mm(y), mm(w), op.size, op.min);
        doc.restore();
        break;
      }
    }
  }
}

export interface LabelOptions {
  format: LabelFormat;
  lang: DocLang;
  /** The QR code's link of a box (from PUBLIC_URL); null: labels print without one. */
  scanUrl: ((box: PrintBox) => string) | null;
}

/** The width of text in `doc`'s font, in millimetres. */
export const measureIn = (doc: Doc) => (text: string, size: number) => {
  doc.fontSize(size);
  return (doc.widthOfString(text) * 25.4) / 72;
};

/** Places labels: one per thermal page, or 4/8 per A4 page (8-up turned a quarter to fit). */
export function labelWriter(doc: Doc, o: LabelOptions) {
  const perPage = perPageOf(o.format);
  const s = labelScale(o.format);
  const measure = measureIn(doc);
  let placed = 0;
  return (box: PrintBox) => {
    const slot = placed % perPage;
    if (slot === 0)
      doc.addPage({ size: perPage === 1 ? [mm(LABEL_W), mm(LABEL_H)] : [mm(A4.w), mm(A4.h)], margin: 0 });
    placed++;
    const ops = layoutLabel({
      box,
      lang: o.lang,
      scanUrl: o.scanUrl ? o.scanUrl(box) : null,
      // An A4 sheet of 8 has no room for the SSCC's 32 mm bars: it prints the box number and QR code only.
      sscc: ssccFormats.includes(o.format) ? (box.sscc ?? null) : null,
      scale: s,
      measure,
    });
    doc.save();
    if (perPage === 4) {
      const [cw, ch] = [A4.w / 2, A4.h / 2];
      doc
        .translate(
          mm((slot % 2) * cw + (cw - LABEL_W * s) / 2),
          mm(Math.floor(slot / 2) * ch + (ch - LABEL_H * s) / 2),
        )
        .scale(s);
    } else if (perPage === 8) {
      const [cw, ch] = [A4.w / 2, A4.h / 4];
      const x = (slot % 2) * cw + (cw - LABEL_H * s) / 2;
      const y = Math.floor(slot / 2) * ch + (ch - LABEL_W * s) / 2;
      // Turned: the label's top runs along the cell's left edge.
      doc
        .translate(mm(x), mm(y + LABEL_W * s))
        .rotate(-90)
        .scale(s);
    }
    draw(doc, ops);
    doc.restore();
  };
}
