// Box labels: 100 × 150 mm thermal labels, or A4 sheets of 4 (2 × 2) or 8 (2 × 4, turned) labels; zh, en
// or bilingual. Each carries the shipping marks (唛头), a Code 128 barcode of the box number, a QR code
// of the box's scan page (/scan/box/<token>, never an id) and, when asked, its GS1 SSCC.
import { type DocLang, type LabelFormat, makeSscc, packageTypeLabel } from '@tradelane/contract';
import type { PrintBox } from './documents-data.ts';
import { barcode, type Doc, fitText, mm, qrCode } from './pdf.ts';

/** The label's own size (points): 100 × 150 mm. */
const W = mm(100);
const H = mm(150);

const L = (lang: DocLang, zh: string, en: string) =>
  lang === 'zh' ? zh : lang === 'en' ? en : `${zh} ${en}`;
const kg = (v: number) => `${Number(v).toLocaleString('en-US', { maximumFractionDigits: 3 })} kg`;

/** A serial SSCC per box: extension 0, the customer's GS1 company prefix, the box id as serial. */
export const ssccOf = (box: PrintBox, companyPrefix: string) =>
  box.sscc ?? makeSscc(0, companyPrefix, box.id);

/** Draws one label at the origin, in the label's own coordinates (W × H). */
function drawLabel(doc: Doc, box: PrintBox, lang: DocLang, scanUrl: string, sscc?: string) {
  const m = 10;
  const inner = W - 2 * m;
  const k = box.marks;
  doc
    .save()
    .lineWidth(1)
    .rect(2, 2, W - 4, H - 4)
    .stroke()
    .restore();
  const project =
    lang === 'en'
      ? (k.projectEnName ?? k.projectName)
      : lang === 'zh'
        ? k.projectName
        : `${k.projectName} ${k.projectEnName ?? ''}`.trim();
  fitText(doc, project, m, m, inner, 12);
  fitText(
    doc,
    `${L(lang, '合同号', 'Contract No.')}: ${k.contractNumber ?? '—'}   ${L(lang, '批次', 'Batch')}: ${k.batchNumber}`,
    m,
    m + 17,
    inner,
    8,
  );
  fitText(doc, L(lang, '箱号', 'Box No.'), m, m + 32, inner, 8);
  fitText(doc, box.boxNumber, m, m + 42, inner * 0.7, 20, 10);
  doc.fontSize(14).text(`${box.n} / ${box.of}`, m + inner * 0.7, m + 46, {
    width: inner * 0.3,
    align: 'right',
    lineBreak: false,
  });
  fitText(doc, L(lang, `第 ${box.n} 件，共 ${box.of} 件`, `Box ${box.n} of ${box.of}`), m, m + 68, inner, 8);
  barcode(doc, 'code128', box.boxNumber, m, m + 82, inner, 40);
  doc.fontSize(8).text(box.boxNumber, m, m + 125, { width: inner, align: 'center', lineBreak: false });

  // Marks on the left, the QR code on the right.
  const top = m + 142;
  const qr = 104;
  const left = inner - qr - 6;
  const lines: [string, string][] = [
    [L(lang, '目的港', 'Port of discharge'), k.portOfDischarge ?? '—'],
    [L(lang, '目的地', 'Destination'), k.destinationSite ?? '—'],
    [
      L(lang, '包装', 'Package'),
      lang === 'bilingual'
        ? `${packageTypeLabel(box.packageType, 'zh')} ${packageTypeLabel(box.packageType, 'en')}`
        : packageTypeLabel(box.packageType, lang),
    ],
    [L(lang, '尺寸', 'Size'), `${box.length}×${box.width}×${box.height} mm`],
    [L(lang, '体积', 'Volume'), `${Number(box.volume)} m³`],
    [L(lang, '毛重', 'Gross'), kg(Number(box.grossWeight))],
    [L(lang, '净重', 'Net'), kg(Number(box.netWeight))],
    [L(lang, '供应商', 'Supplier'), k.supplierName],
  ];
  for (const [i, [label, value]] of lines.entries())
    fitText(doc, `${label}: ${value}`, m, top + i * 13, left, 8, 5);
  qrCode(doc, scanUrl, m + inner - qr, top - 4, qr);

  // Handling marks.
  const flags = [
    box.thisSideUp ? L(lang, '↑ 此面向上', '↑ THIS SIDE UP') : null,
    box.fragile ? L(lang, '易碎', 'FRAGILE') : null,
    box.stackable ? null : L(lang, '禁止堆叠', 'DO NOT STACK'),
    box.dangerous || box.unNumber
      ? `${L(lang, '危险品', 'DANGEROUS GOODS')} ${box.unNumber ?? ''} ${box.dangerousClass ? `${L(lang, '类', 'Class')} ${box.dangerousClass}` : ''}`.trim()
      : null,
    box.outOfGauge ? L(lang, '超限', 'OUT OF GAUGE') : null,
  ].filter((f): f is string => Boolean(f));
  const fy = top + lines.length * 13 + 6;
  if (flags.length) {
    doc.save().rect(m, fy, inner, 18).fill('black').restore();
    doc.save().fillColor('white');
    fitText(doc, flags.join('  ·  '), m + 4, fy + 4, inner - 8, 9, 5);
    doc.restore();
  }
  if (sscc) {
    const sy = H - m - 62;
    barcode(doc, 'gs1-128', `(00)${sscc}`, m, sy, inner, 40);
    doc.fontSize(8).text(`(00) ${sscc}`, m, sy + 44, { width: inner, align: 'center', lineBreak: false });
  }
}

export interface LabelOptions {
  format: LabelFormat;
  lang: DocLang;
  /** The web's origin: the QR code holds `${origin}/scan/box/<token>`. */
  origin: string;
  /** A GS1 company prefix: print an SSCC per box. */
  ssccPrefix?: string;
}

/** Places labels: one per thermal page, or 4/8 per A4 page (8-up turned a quarter to fit). */
export function labelWriter(doc: Doc, o: LabelOptions) {
  const perPage = o.format === 'a4-4' ? 4 : o.format === 'a4-8' ? 8 : 1;
  let placed = 0;
  const A4: [number, number] = [mm(210), mm(297)];
  return (box: PrintBox) => {
    const slot = placed % perPage;
    if (slot === 0) doc.addPage({ size: perPage === 1 ? [W, H] : A4, margin: 0 });
    placed++;
    const url = `${o.origin}/scan/box/${box.token}`;
    const sscc = o.ssccPrefix ? ssccOf(box, o.ssccPrefix) : undefined;
    doc.save();
    if (perPage === 4) {
      const [cw, ch] = [A4[0] / 2, A4[1] / 2];
      const s = Math.min(cw / W, ch / H) * 0.97;
      doc
        .translate((slot % 2) * cw + (cw - W * s) / 2, Math.floor(slot / 2) * ch + (ch - H * s) / 2)
        .scale(s);
    } else if (perPage === 8) {
      const [cw, ch] = [A4[0] / 2, A4[1] / 4];
      const s = Math.min(cw / H, ch / W) * 0.97;
      const x = (slot % 2) * cw + (cw - H * s) / 2;
      const y = Math.floor(slot / 2) * ch + (ch - W * s) / 2;
      // Turned: the label's top runs along the cell's left edge.
      doc
        .translate(x, y + W * s)
        .rotate(-90)
        .scale(s);
    }
    drawLabel(doc, box, o.lang, url, sscc);
    doc.restore();
  };
}
