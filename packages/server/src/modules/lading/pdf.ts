// The B/L draft as a PDF (A4, the carrier's usual boxes, bilingual captions): drawn with the boxes
// module's PDF blocks (the shipped CJK font, text that fits its box). Anything not confirmed carries a
// large "DRAFT" mark across the page.
import {
  type BillLadingContainer,
  BillLadingStatus,
  billLadingStatusLabels,
  freightTerms,
} from '@tradelane/contract';
import type { Row } from '../../resources/engine.ts';
import { type Doc, fitText, mm, newDoc } from '../boxes/pdf.ts';

const W = mm(210);
const M = mm(12);
const INNER = W - 2 * M;

function box(doc: Doc, x: number, y: number, w: number, h: number, caption: string, body: string) {
  doc.save().lineWidth(0.6).strokeColor('#333').rect(x, y, w, h).stroke().restore();
  doc.fillColor('#555');
  fitText(doc, caption, x + 3, y + 2, w - 6, 6.5);
  doc.fillColor('black').fontSize(8.5);
  doc.text(body, x + 3, y + 11, { width: w - 6, height: h - 13, ellipsis: true });
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** The B/L of `row` (decorated: port names, batch number, parties). */
export function billLadingPdf(row: Row): Doc {
  const doc = newDoc('A4');
  doc.addPage();
  const confirmed = row.status === BillLadingStatus.confirmed;
  const status = typeof row.status === 'number' ? billLadingStatusLabels[row.status] : undefined;

  // Title strip.
  doc.fontSize(16).fillColor('black');
  doc.text('BILL OF LADING  提单', M, mm(10), { width: INNER / 2 });
  doc.fontSize(9).fillColor('#333');
  doc.text(
    `B/L No. 提单号: ${text(row.blNumber) || '—'}\n${status ? `${status.en} / ${status.zh}` : ''}  ·  ${text(row.batchNumber)}`,
    M + INNER / 2,
    mm(10),
    { width: INNER / 2, align: 'right' },
  );

  let y = mm(22);
  const half = INNER / 2;
  box(doc, M, y, half, mm(26), 'Shipper 托运人', text(row.shipper));
  box(doc, M + half, y, half, mm(26), 'Carrier / Issued by 承运人 / 签发', text(row.partyName));
  y += mm(26);
  box(doc, M, y, half, mm(26), 'Consignee 收货人', text(row.consignee));
  box(doc, M + half, y, half, mm(26), 'Notify party 通知方', text(row.notifyParty));
  y += mm(26);
  const q = INNER / 4;
  const port = (code: unknown, name: unknown) => (code ? `${text(code)}${name ? ` ${text(name)}` : ''}` : '');
  // Vessel and voyage each have a box: a long vessel name never pushes the voyage out of sight.
  box(doc, M, y, q, mm(13), 'Place of receipt 收货地', text(row.placeOfReceipt));
  box(doc, M + q, y, q, mm(13), 'Ocean vessel 船名', text(row.vessel));
  box(doc, M + 2 * q, y, q, mm(13), 'Voyage No. 航次', text(row.voyage));
  box(doc, M + 3 * q, y, q, mm(13), 'Port of loading 装货港', port(row.portOfLoading, row.portOfLoadingName));
  y += mm(13);
  box(doc, M, y, q, mm(13), 'Port of discharge 卸货港', port(row.portOfDischarge, row.portOfDischargeName));
  box(doc, M + q, y, q, mm(13), 'Place of delivery 交货地', text(row.placeOfDelivery));
  const terms = freightTerms.find((f) => f.code === row.freightTerms);
  box(doc, M + 2 * q, y, q, mm(13), 'Freight 运费条款', terms ? `${terms.en} ${terms.zh}` : '');
  box(doc, M + 3 * q, y, q, mm(13), 'Number of originals 正本份数', text(row.originals));
  y += mm(13);
  box(
    doc,
    M,
    y,
    INNER,
    mm(11),
    'Place and date of issue 签发地点和日期',
    [row.placeOfIssue, row.dateOfIssue].filter(Boolean).join('  '),
  );
  y += mm(11);

  // Particulars furnished by the shipper.
  const cols = [INNER * 0.22, INNER * 0.12, INNER * 0.4, INNER * 0.13, INNER * 0.13];
  const heads = [
    'Marks & numbers 唛头',
    'Packages 件数',
    'Description of goods 货物描述',
    'Gross weight 毛重 (kg)',
    'Measurement 体积 (m³)',
  ];
  const bodies = [
    text(row.marksAndNumbers),
    text(row.packages),
    text(row.description),
    text(row.grossWeight),
    text(row.measurement),
  ];
  let x = M;
  for (const [i, w] of cols.entries()) {
    box(doc, x, y, w, mm(62), heads[i], bodies[i]);
    x += w;
  }
  y += mm(62);

  // Containers and seals (from the batch's containers).
  const list = (row.containers as BillLadingContainer[] | undefined) ?? [];
  const lines = list.length
    ? list
        .map(
          (c) =>
            `${c.containerNumber}  ${c.typeCode}  SEAL ${c.sealNumber ?? '—'}  ${c.packages} PKGS  ${c.grossWeight} KGS  ${c.measurement} CBM`,
        )
        .join('\n')
    : '—';
  box(doc, M, y, INNER, mm(34), 'Containers and seals 集装箱号与封号', lines);
  y += mm(34);
  box(doc, M, y, INNER, mm(16), 'Remarks 备注', text(row.remark));

  if (!confirmed) {
    doc.save();
    doc.rotate(-35, { origin: [W / 2, mm(150)] });
    doc.fontSize(110).fillColor('#d03030').fillOpacity(0.18);
    doc.text('DRAFT', 0, mm(130), { width: W, align: 'center', lineBreak: false });
    doc.fontSize(40).text('草稿 · 未确认', 0, mm(175), { width: W, align: 'center', lineBreak: false });
    doc.restore();
  }
  doc.end();
  return doc;
}
