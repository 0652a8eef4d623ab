// A statement of charges as a PDF (A4 portrait, in the reader's language, the CJK font of the box
// documents): its parties and status, every line with its net, tax and gross, the totals per currency,
// and what has been paid and is outstanding (confirmed payment vouchers).
import {
  type CurrencyTotal,
  formatInZone,
  type Lang,
  type PaymentSummary,
  zoneLabel,
} from '@tradelane/contract';
import { type Doc, fitText, mm, newDoc } from '../boxes/pdf.ts';

export interface StatementForPdf {
  id: number;
  statementNo: string | null;
  batchNumber: string | null;
  shipperName: string | null;
  partyName: string | null;
  statusLabel: string;
  reason: string | null;
  submitTime: Date | null;
  confirmTime: Date | null;
  remark: string | null;
  lines: {
    chargeTypeLabel: string;
    description?: string | null;
    quantity: string;
    unitPrice: string;
    currency: string;
    taxRate: string;
    net: string;
    tax: string;
    gross: string;
  }[];
  totals: CurrencyTotal[];
  payments: PaymentSummary[];
}

const text = {
  zh: {
    title: '对账单',
    no: '对账单号',
    batch: '批次',
    shipper: '货主',
    provider: '物流服务商',
    status: '状态',
    submitted: '提交时间',
    confirmed: '确认时间',
    reason: '驳回原因',
    remark: '备注',
    head: ['费用类型', '说明', '数量', '单价', '币种', '税率 %', '不含税金额', '税额', '含税金额'],
    totals: '合计',
    payments: '付款情况',
    payHead: ['币种', '应付', '已付（已确认）', '待确认', '未付'],
    page: '页',
  },
  en: {
    title: 'Statement of charges',
    no: 'Statement no.',
    batch: 'Batch',
    shipper: 'Shipper',
    provider: 'Logistics provider',
    status: 'Status',
    submitted: 'Submitted',
    confirmed: 'Confirmed',
    reason: 'Rejected because',
    remark: 'Remark',
    head: ['Charge', 'Description', 'Quantity', 'Unit price', 'Currency', 'Tax %', 'Net', 'Tax', 'Gross'],
    totals: 'Total',
    payments: 'Payments',
    payHead: ['Currency', 'Due', 'Paid (confirmed)', 'Waiting', 'Outstanding'],
    page: 'Page',
  },
} as const;

/** The statement as a PDF stream (ended when written); times on the reader company's clock, named. */
export function statementPdf(s: StatementForPdf, lang: Lang, zone: string): Doc {
  const t = text[lang];
  const day = (d: Date | null) => (d ? `${formatInZone(d, zone, false)} (${zoneLabel(zone, d)})` : '—');
  const doc = newDoc('A4');
  const [PW, PH] = [mm(210), mm(297)];
  const m = 36;
  const width = PW - 2 * m;
  const widths = [70, 96, 46, 54, 38, 34, 60, 52, 62];
  const scale = width / widths.reduce((a, b) => a + b, 0);
  const xs: number[] = [];
  widths.reduce((x, w) => {
    xs.push(x);
    return x + w * scale;
  }, m);
  const right = new Set([2, 3, 5, 6, 7, 8]);
  const line = 14;
  let y = m;
  const rule = (weight = 0.5) => {
    doc
      .moveTo(m, y - 3)
      .lineTo(PW - m, y - 3)
      .lineWidth(weight)
      .stroke();
  };
  const cells = (values: string[], size = 8, cols = xs, ws = widths.map((w) => w * scale)) => {
    values.forEach((v, i) => {
      if (!v) return;
      doc.fontSize(size);
      const w = ws[i] - 4;
      if (right.has(i) && cols === xs && doc.widthOfString(v) < w)
        doc.text(v, cols[i] + w - doc.widthOfString(v), y, { lineBreak: false });
      else fitText(doc, v, cols[i], y, w, size, 5);
    });
    y += line;
  };
  const header = () => {
    cells([...t.head], 8);
    rule();
  };
  const page = () => {
    doc.addPage({ size: 'A4', margin: 0 });
    y = m;
  };
  const need = (rows: number) => {
    if (y + rows * line > PH - m) {
      page();
      header();
    }
  };

  page();
  fitText(doc, t.title, m, y, width, 18);
  y += 30;
  const facts: [string, string][] = [
    [t.no, s.statementNo ?? `#${s.id}`],
    [t.batch, s.batchNumber ?? ''],
    [t.shipper, s.shipperName ?? ''],
    [t.provider, s.partyName ?? ''],
    [t.status, s.statusLabel],
    [t.submitted, day(s.submitTime)],
    [t.confirmed, day(s.confirmTime)],
  ];
  if (s.reason) facts.push([t.reason, s.reason]);
  if (s.remark) facts.push([t.remark, s.remark]);
  for (const [k, v] of facts) {
    fitText(doc, k, m, y, 110, 9);
    fitText(doc, v, m + 115, y, width - 115, 9);
    y += line;
  }
  y += 10;
  header();
  for (const l of s.lines) {
    need(1);
    cells([
      l.chargeTypeLabel,
      l.description ?? '',
      l.quantity,
      l.unitPrice,
      l.currency,
      l.taxRate,
      l.net,
      l.tax,
      l.gross,
    ]);
  }
  rule();
  for (const total of s.totals) {
    need(1);
    cells([t.totals, '', '', '', total.currency, '', total.net, total.tax, total.gross], 9);
  }
  if (s.payments.length) {
    need(3 + s.payments.length);
    y += 14;
    fitText(doc, t.payments, m, y, width, 11);
    y += line + 4;
    const pw = width / 5;
    const px = [0, 1, 2, 3, 4].map((i) => m + i * pw);
    const pws = px.map(() => pw);
    cells([...t.payHead], 8, px, pws);
    rule();
    for (const p of s.payments) cells([p.currency, p.total, p.paid, p.pending, p.outstanding], 9, px, pws);
  }
  doc.end();
  return doc;
}
