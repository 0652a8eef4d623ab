// Commercial invoices of a batch, from its data: one per seller, contract and currency — a supplier's
// rows packed in the boxes the caller sees, at the packed quantity (the sum of its box contents) × the
// material list's unit price, exact in minor units. Each names its seller and buyer, the contract's
// Incoterms® 2020 rule and named place, the country of origin of every line, the ports, and the packages
// and gross weight of that seller's boxes. Drawn as an A4 landscape PDF in Chinese, English (every name
// in its English form: project, companies, destination, units, countries) or both.
import {
  countryName,
  type DocLang,
  dateInZone,
  formatMinor,
  incoterms2020,
  lineAmounts,
  unitName,
} from '@tradelane/contract';
import { tenantZone } from '../../access/tenant-zone.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx } from '../../resources/engine.ts';
import { packagesBySupplier, packedSupplies } from '../boxes/packed.ts';
import { type Doc, fitText, mm, newDoc } from '../boxes/pdf.ts';
import { type Batch, contractTerms, partnerContractsOn, projectTitle } from '../project/batches.ts';
import { tenantNames } from '../project/names.ts';

/** A name with its English form (null when none was given). */
export interface Named {
  name: string;
  enName: string | null;
}

export interface InvoiceLine {
  n: number;
  suppliesId: number;
  materialCode: string | null;
  name: string;
  enName: string | null;
  spec: string | null;
  hsCode: string | null;
  unit: string;
  originCountry: string | null;
  /** Packed quantity (sum of the box contents), decimal string. */
  quantity: string;
  unitPrice: string;
  amountMinor: string;
  amount: string;
}

export interface InvoiceData {
  invoiceNo: string;
  date: string;
  project: Named;
  batchNumber: string;
  portOfLoading: string | null;
  portOfDischarge: string | null;
  destinationSite: Named | null;
  seller: Named;
  buyer: Named;
  contract: { number: string; incoterm: string; incotermPlace: string };
  currency: string;
  /** The seller's boxes on the batch among those the caller sees. */
  packages: number;
  grossWeight: string;
  lines: InvoiceLine[];
  /** Quantities per unit (a total across units would mean nothing). */
  quantities: { unit: string; quantity: string }[];
  total: { amountMinor: string; amount: string };
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

/**
 * The batch's invoices over `boxIds`, one per (seller, contract, currency), without their numbers (the
 * caller numbers them). Refused when a row has no price, or its contract no Incoterms rule and place.
 */
export async function batchInvoices(
  ctx: Ctx,
  batch: Batch,
  boxIds: number[],
): Promise<Omit<InvoiceData, 'invoiceNo'>[]> {
  const rows = await packedSupplies(ctx.db, boxIds);
  const sellers = [...new Set(rows.map((r) => r.supplierTenantId))];
  const names = await tenantNames(ctx.db, [...sellers, batch.tenantId]);
  const named = (id: number): Named => ({
    name: names.get(id)?.name ?? '',
    enName: names.get(id)?.enName ?? null,
  });
  // A row's contract: its own, or the one its supplier works under on this batch.
  const partnerContracts = await partnerContractsOn(ctx.db, batch.id, sellers);
  const contractOf = (r: (typeof rows)[number]) =>
    r.contractId ?? partnerContracts.find((p) => p.partner === r.supplierTenantId)?.contractId ?? null;
  const contractIds = [...new Set(rows.map(contractOf).filter((c): c is number => c !== null))];
  const contracts = await contractTerms(ctx.db, contractIds);
  const project = await projectTitle(ctx.db, batch.projectId);
  const weights = await packagesBySupplier(ctx.db, boxIds);

  const groups = new Map<string, ((typeof rows)[number] & { unitPrice: string; currency: string })[]>();
  for (const r of rows) {
    const { unitPrice, currency } = r;
    if (!unitPrice || !currency) throw new AppError(400, 'papers.no_price', { name: r.name });
    const key = `${r.supplierTenantId}:${contractOf(r) ?? ''}:${currency}`;
    groups.set(key, [...(groups.get(key) ?? []), { ...r, unitPrice, currency }]);
  }
  // Today on the issuing company's clock (the one rule for times in files: docs/decisions.md).
  const date = dateInZone(new Date(), await tenantZone(ctx.db, ctx.auth.tenantId));
  return [...groups.values()].map((group) => {
    const first = group[0];
    const seller = named(first.supplierTenantId);
    const contractId = contractOf(first);
    if (contractId === null) throw new AppError(400, 'papers.invoice_no_contract', { supplier: seller.name });
    const contract = contracts.find((c) => c.id === contractId);
    if (!contract?.incoterm || !contract.incotermPlace)
      throw new AppError(400, 'papers.invoice_no_incoterm', { contract: contract?.number ?? '' });
    const { currency } = first;
    let total = 0n;
    const quantities = new Map<string, string>();
    const lines = group.map((r, i): InvoiceLine => {
      const quantity = trimDecimal(r.quantity);
      const { unitPrice } = r;
      const net = lineAmounts({ quantity, unitPrice, taxRate: '0', currency }).net;
      total += net;
      quantities.set(r.unit, addDecimals(quantities.get(r.unit) ?? '0', quantity));
      return {
        n: i + 1,
        suppliesId: r.suppliesId,
        materialCode: r.materialCode,
        name: r.name,
        enName: r.enName,
        spec: r.spec,
        hsCode: r.hsCode,
        unit: r.unit,
        originCountry: r.originCountry,
        quantity,
        unitPrice: trimDecimal(unitPrice),
        amountMinor: net.toString(),
        amount: formatMinor(net, currency),
      };
    });
    const boxes = weights.find((w) => w.supplier === first.supplierTenantId);
    return {
      date,
      project: { name: project?.name ?? '', enName: project?.enName ?? null },
      batchNumber: batch.batchNumber,
      portOfLoading: batch.portOfLoading,
      portOfDischarge: batch.portOfDischarge,
      destinationSite: batch.destinationSite
        ? { name: batch.destinationSite, enName: batch.destinationSiteEn }
        : null,
      seller,
      buyer: named(batch.tenantId),
      contract: {
        number: contract.number,
        incoterm: contract.incoterm,
        incotermPlace: contract.incotermPlace,
      },
      currency,
      packages: Number(boxes?.packages ?? 0),
      grossWeight: trimDecimal(boxes?.gross ?? '0'),
      lines,
      quantities: [...quantities].map(([unit, quantity]) => ({ unit, quantity })),
      total: { amountMinor: total.toString(), amount: formatMinor(total, currency) },
    };
  });
}

const L = (lang: DocLang, zh: string, en: string) =>
  lang === 'zh' ? zh : lang === 'en' ? en : `${zh} ${en}`;
/** A name in the document's language: its English form in English (the name itself when it has none). */
const nameIn = (lang: DocLang, n: Named | null) =>
  !n
    ? ''
    : lang === 'zh'
      ? n.name
      : lang === 'en'
        ? (n.enName ?? n.name)
        : [n.name, n.enName].filter(Boolean).join(' ');

const columns = [
  { zh: '序号', en: 'No.', w: 24 },
  { zh: '物料编码', en: 'Code', w: 56 },
  { zh: '品名', en: 'Description', w: 140 },
  { zh: '规格型号', en: 'Spec / model', w: 96 },
  { zh: 'HS 编码', en: 'HS code', w: 52 },
  { zh: '原产国', en: 'Origin', w: 52 },
  { zh: '数量', en: 'Quantity', w: 50 },
  { zh: '单位', en: 'Unit', w: 36 },
  { zh: '单价', en: 'Unit price', w: 62 },
  { zh: '金额', en: 'Amount', w: 78 },
];
const RIGHT = new Set([6, 8, 9]);

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
  const sep = lang === 'zh' ? '，' : ', ';
  const row = (values: string[], size = 8) => {
    values.forEach((v, i) => {
      if (!v) return;
      const w = (columns[i]?.w ?? 0) * scale - 4;
      doc.fontSize(size);
      if (RIGHT.has(i) && doc.widthOfString(v) < w)
        doc.text(v, (xs[i] ?? 0) + w - doc.widthOfString(v), y, { lineBreak: false });
      else fitText(doc, v, xs[i] ?? 0, y, w, size, 5);
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
    row(
      columns.map((c) =>
        c.zh === '单价' || c.zh === '金额' ? `${L(lang, c.zh, c.en)} (${d.currency})` : L(lang, c.zh, c.en),
      ),
    );
    rule();
  };
  const page = () => {
    doc.addPage({ size: 'A4', layout: 'landscape', margin: 0 });
    y = m;
  };
  page();
  fitText(doc, L(lang, '商业发票', 'Commercial invoice'), m, y, width, 18);
  y += 30;
  const rule2020 = incoterms2020.find((i) => i.code === d.contract.incoterm);
  const facts: [string, string][] = [
    [L(lang, '发票号', 'Invoice no.'), d.invoiceNo],
    [L(lang, '日期', 'Date'), d.date],
    [L(lang, '卖方', 'Seller'), nameIn(lang, d.seller)],
    [L(lang, '买方', 'Buyer'), nameIn(lang, d.buyer)],
    [L(lang, '项目', 'Project'), nameIn(lang, d.project)],
    [L(lang, '批次', 'Batch'), d.batchNumber],
    [L(lang, '合同号', 'Contract'), d.contract.number],
    [
      L(lang, '贸易术语', 'Incoterms® 2020'),
      `${d.contract.incoterm} ${d.contract.incotermPlace}${rule2020 ? ` (${L(lang, rule2020.zh, rule2020.en)})` : ''}`,
    ],
    [
      L(lang, '装运港 / 目的港', 'Loading / discharge'),
      `${d.portOfLoading ?? '—'} → ${d.portOfDischarge ?? '—'}${d.destinationSite ? ` (${nameIn(lang, d.destinationSite)})` : ''}`,
    ],
    [L(lang, '件数 / 毛重', 'Packages / gross weight'), `${d.packages} / ${d.grossWeight} kg`],
    [L(lang, '币种', 'Currency'), d.currency],
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
    row([
      String(l.n),
      l.materialCode ?? '',
      nameIn(lang, { name: l.name, enName: l.enName }),
      l.spec ?? '',
      l.hsCode ?? '',
      countryName(l.originCountry, lang) || '—',
      l.quantity,
      unitName(l.unit, lang),
      l.unitPrice,
      l.amount,
    ]);
  }
  rule();
  if (y + line * 3 > PH - m) page();
  row([L(lang, '合计', 'Total'), '', '', '', '', '', '', '', d.currency, d.total.amount], 9);
  y += 4;
  const units = new Map<string, string>();
  for (const q of d.quantities)
    units.set(unitName(q.unit, lang), addDecimals(units.get(unitName(q.unit, lang)) ?? '0', q.quantity));
  fitText(
    doc,
    `${L(lang, '数量合计', 'Quantities')}: ${[...units].map(([unit, quantity]) => `${quantity} ${unit}`).join(sep)}`,
    m,
    y,
    width,
    9,
  );
  doc.end();
  return doc;
}
