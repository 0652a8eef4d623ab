// The commercial invoice of a batch, from its data: every material row packed in the boxes the caller
// sees, at the packed quantity (the sum of its box contents) × the material list's unit price, exact in
// minor units; totals per currency; the parties (sellers: the suppliers of those rows; buyer: the
// batch's shipper), contracts, ports, packages and gross weight. Drawn as an A4 landscape PDF.
import { type DocLang, dateInZone, formatMinor, lineAmounts } from '@tradelane/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { boxPieceDetails, boxPieces } from '../../db/schema-boxes.ts';
import {
  batchPartners,
  type projectBatches,
  projectContracts,
  projects,
  supplies,
} from '../../db/schema-project.ts';
import { AppError } from '../../http/errors.ts';
import { tenantZone } from '../../lib/workbook.ts';
import type { Ctx } from '../../resources/engine.ts';
import { type Doc, fitText, mm, newDoc } from '../boxes/pdf.ts';
import { tenantNames } from '../project/names.ts';

export interface InvoiceLine {
  n: number;
  suppliesId: number;
  supplier: string;
  materialCode: string | null;
  name: string;
  enName: string | null;
  spec: string | null;
  hsCode: string | null;
  unit: string;
  /** Packed quantity (sum of the box contents), decimal string. */
  quantity: string;
  unitPrice: string;
  currency: string;
  amountMinor: string;
  amount: string;
}

export interface InvoiceData {
  invoiceNo: string;
  date: string;
  projectName: string;
  batchNumber: string;
  portOfLoading: string | null;
  portOfDischarge: string | null;
  destinationSite: string | null;
  sellers: string[];
  buyer: string;
  contracts: string[];
  packages: number;
  grossWeight: string;
  lines: InvoiceLine[];
  /** Quantities per unit (a total across units would mean nothing). */
  quantities: { unit: string; quantity: string }[];
  totals: { currency: string; amountMinor: string; amount: string }[];
}

/** Sums decimal strings exactly (at most 3 decimals: quantities). */
function addDecimals(a: string, b: string): string {
  const scaled = (v: string) => {
    const [i, f = ''] = v.split('.');
    return BigInt(i + f.padEnd(3, '0').slice(0, 3));
  };
  const s = (scaled(a) + scaled(b)).toString().padStart(4, '0');
  return trimDecimal(`${s.slice(0, -3)}.${s.slice(-3)}`);
}
/** "12.500" → "12.5", "12.000" → "12". */
export const trimDecimal = (v: string) => (v.includes('.') ? v.replace(/\.?0+$/, '') : v);

export async function invoiceData(
  ctx: Ctx,
  batch: typeof projectBatches.$inferSelect,
  boxIds: number[],
  invoiceNo: string,
): Promise<InvoiceData> {
  const rows = await ctx.db
    .select({
      suppliesId: supplies.id,
      supplierTenantId: supplies.supplierTenantId,
      lineNo: supplies.lineNo,
      materialCode: supplies.materialCode,
      name: supplies.name,
      enName: supplies.enName,
      spec: supplies.spec,
      hsCode: supplies.hsCode,
      unit: supplies.unit,
      unitPrice: sql<string | null>`${supplies.unitPrice}::text`,
      currency: supplies.currency,
      quantity: sql<string>`sum(${boxPieceDetails.quantity})::text`,
    })
    .from(boxPieceDetails)
    .innerJoin(supplies, eq(supplies.id, boxPieceDetails.suppliesId))
    .where(inArray(boxPieceDetails.boxId, boxIds))
    .groupBy(supplies.id)
    .orderBy(asc(supplies.supplierTenantId), asc(supplies.lineNo), asc(supplies.id));
  const names = await tenantNames(ctx.db, [...rows.map((r) => r.supplierTenantId), batch.tenantId]);
  const lines: InvoiceLine[] = rows.map((r, i) => {
    if (!r.unitPrice || !r.currency) throw new AppError(400, 'papers.no_price', { name: r.name });
    const quantity = trimDecimal(r.quantity);
    const net = lineAmounts({ quantity, unitPrice: r.unitPrice, taxRate: '0', currency: r.currency }).net;
    return {
      n: i + 1,
      suppliesId: r.suppliesId,
      supplier: names.get(r.supplierTenantId)?.name ?? '',
      materialCode: r.materialCode,
      name: r.name,
      enName: r.enName,
      spec: r.spec,
      hsCode: r.hsCode,
      unit: r.unit,
      quantity,
      unitPrice: trimDecimal(r.unitPrice),
      currency: r.currency,
      amountMinor: net.toString(),
      amount: formatMinor(net, r.currency),
    };
  });
  const totals = new Map<string, bigint>();
  const quantities = new Map<string, string>();
  for (const l of lines) {
    totals.set(l.currency, (totals.get(l.currency) ?? 0n) + BigInt(l.amountMinor));
    quantities.set(l.unit, addDecimals(quantities.get(l.unit) ?? '0', l.quantity));
  }
  const suppliers = [...new Set(rows.map((r) => r.supplierTenantId))];
  const [project] = await ctx.db
    .select({ name: projects.name })
    .from(projects)
    .where(eq(projects.id, batch.projectId));
  const contracts = suppliers.length
    ? await ctx.db
        .select({ number: projectContracts.contractNumber })
        .from(batchPartners)
        .innerJoin(projectContracts, eq(projectContracts.id, batchPartners.contractId))
        .where(and(eq(batchPartners.batchId, batch.id), inArray(batchPartners.partnerTenantId, suppliers)))
    : [];
  const [weights] = await ctx.db
    .select({ gross: sql<string>`coalesce(sum(${boxPieces.grossWeight}), 0)::text` })
    .from(boxPieces)
    .where(inArray(boxPieces.id, boxIds));
  return {
    invoiceNo,
    // Today on the issuing company's clock (the one rule for times in files: docs/decisions.md).
    date: dateInZone(new Date(), await tenantZone(ctx.db, ctx.auth.tenantId)),
    projectName: project?.name ?? '',
    batchNumber: batch.batchNumber,
    portOfLoading: batch.portOfLoading,
    portOfDischarge: batch.portOfDischarge,
    destinationSite: batch.destinationSite,
    sellers: suppliers.map((id) => names.get(id)?.name ?? ''),
    buyer: names.get(batch.tenantId)?.name ?? '',
    contracts: [...new Set(contracts.map((c) => c.number).filter(Boolean))] as string[],
    packages: boxIds.length,
    grossWeight: trimDecimal(weights?.gross ?? '0'),
    lines,
    quantities: [...quantities].map(([unit, quantity]) => ({ unit, quantity })),
    totals: [...totals].map(([currency, minor]) => ({
      currency,
      amountMinor: minor.toString(),
      amount: formatMinor(minor, currency),
    })),
  };
}

const L = (lang: DocLang, zh: string, en: string) =>
  lang === 'zh' ? zh : lang === 'en' ? en : `${zh} ${en}`;

const columns = [
  { zh: '序号', en: 'No.', w: 26 },
  { zh: '物料编码', en: 'Code', w: 60 },
  { zh: '品名', en: 'Description', w: 150 },
  { zh: '规格型号', en: 'Spec / model', w: 100 },
  { zh: 'HS 编码', en: 'HS code', w: 60 },
  { zh: '数量', en: 'Quantity', w: 56 },
  { zh: '单位', en: 'Unit', w: 36 },
  { zh: '单价', en: 'Unit price', w: 64 },
  { zh: '币种', en: 'Cur.', w: 34 },
  { zh: '金额', en: 'Amount', w: 80 },
];
const RIGHT = new Set([5, 7, 9]);

/** The commercial invoice as a PDF stream. */
export function invoicePdf(d: InvoiceData, lang: DocLang): Doc {
  const doc = newDoc('A4', 'landscape');
  const [PW, PH] = [mm(297), mm(210)];
  const m = 32;
  const width = PW - 2 * m;
  const scale = width / columns.reduce((a, c) => a + c.w, 0);
  const xs: number[] = [];
  columns.reduce((x, c) => {
    xs.push(x);
    return x + c.w * scale;
  }, m);
  const line = 14;
  let y = m;
  const row = (values: string[], size = 8) => {
    values.forEach((v, i) => {
      if (!v) return;
      const w = columns[i].w * scale - 4;
      doc.fontSize(size);
      if (RIGHT.has(i) && doc.widthOfString(v) < w)
        doc.text(v, xs[i] + w - doc.widthOfString(v), y, { lineBreak: false });
      else fitText(doc, v, xs[i], y, w, size, 5);
    });
    y += line;
  };
  const rule = () => {
    doc
      .moveTo(m, y - 3)
      .lineTo(PW - m, y - 3)
      .lineWidth(0.5)
      .stroke();
  };
  const head = () => {
    row(columns.map((c) => L(lang, c.zh, c.en)));
    rule();
  };
  const page = () => {
    doc.addPage({ size: 'A4', layout: 'landscape', margin: 0 });
    y = m;
  };
  page();
  fitText(doc, L(lang, '商业发票', 'Commercial invoice'), m, y, width, 18);
  y += 30;
  const facts: [string, string][] = [
    [L(lang, '发票号', 'Invoice no.'), d.invoiceNo],
    [L(lang, '日期', 'Date'), d.date],
    [L(lang, '卖方', 'Seller'), d.sellers.join('；')],
    [L(lang, '买方', 'Buyer'), d.buyer],
    [L(lang, '项目', 'Project'), d.projectName],
    [L(lang, '批次', 'Batch'), d.batchNumber],
    [L(lang, '合同号', 'Contract'), d.contracts.join('，') || '—'],
    [
      L(lang, '装运港 / 目的港', 'Loading / discharge'),
      `${d.portOfLoading ?? '—'} → ${d.portOfDischarge ?? '—'}${d.destinationSite ? ` (${d.destinationSite})` : ''}`,
    ],
    [L(lang, '件数 / 毛重', 'Packages / gross weight'), `${d.packages} / ${d.grossWeight} kg`],
  ];
  const half = width / 2;
  facts.forEach(([k, v], i) => {
    const x = m + (i % 2) * half;
    fitText(doc, k, x, y, 120, 9);
    fitText(doc, v, x + 125, y, half - 135, 9);
    if (i % 2 === 1 || i === facts.length - 1) y += line;
  });
  y += 10;
  head();
  for (const l of d.lines) {
    if (y + line > PH - m) {
      page();
      head();
    }
    const description =
      lang === 'en'
        ? (l.enName ?? l.name)
        : lang === 'zh'
          ? l.name
          : [l.name, l.enName].filter(Boolean).join(' ');
    row([
      String(l.n),
      l.materialCode ?? '',
      description,
      l.spec ?? '',
      l.hsCode ?? '',
      l.quantity,
      l.unit,
      l.unitPrice,
      l.currency,
      l.amount,
    ]);
  }
  rule();
  if (y + line * (d.totals.length + 2) > PH - m) page();
  for (const t of d.totals)
    row([L(lang, '合计', 'Total'), '', '', '', '', '', '', '', t.currency, t.amount], 9);
  y += 4;
  fitText(
    doc,
    `${L(lang, '数量合计', 'Quantities')}: ${d.quantities.map((q) => `${q.quantity} ${q.unit}`).join('，')}`,
    m,
    y,
    width,
    9,
  );
  doc.end();
  return doc;
}
