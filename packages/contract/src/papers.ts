// The logistics provider's papers and money: trade documents per
// batch and the provider's statement of charges (reconciliation). Shapes, machines, dictionaries and
// the money arithmetic — in minor units (BigInt), never floating point.
import { z } from 'zod';
import { docLangs } from './boxes.ts';
import { currencyRows } from './currencies.ts';
import type { StateLabels, StateMachine } from './workflow.ts';

/** Document types (dictionary `document_type`). */
export const documentTypes = [
  { code: 'commercial_invoice', zh: '商业发票', en: 'Commercial invoice' },
  { code: 'packing_list', zh: '装箱单', en: 'Packing list' },
  { code: 'bill_of_lading', zh: '提单', en: 'Bill of lading' },
  { code: 'certificate_of_origin', zh: '原产地证书', en: 'Certificate of origin' },
  { code: 'declaration', zh: '报关单', en: 'Customs declaration' },
  { code: 'insurance_policy', zh: '保险单', en: 'Insurance policy' },
  { code: 'inspection_certificate', zh: '检验证书', en: 'Inspection certificate' },
  { code: 'other', zh: '其他', en: 'Other' },
] as const;
export const documentTypeCodes = documentTypes.map((d) => d.code) as [string, ...string[]];

export const DocumentStatus = { notSubmitted: 0, submitted: 1, confirmed: 2 } as const;
export type DocumentStatusValue = (typeof DocumentStatus)[keyof typeof DocumentStatus];
export type DocumentEvent = 'submit' | 'confirm' | 'edit';
/** The party that uploaded a document submits it; the shipper confirms it (then it is final). */
export const documentMachine: StateMachine<DocumentStatusValue, DocumentEvent> = [
  { from: 0, event: 'submit', to: 1, who: ['shipper', 'supplier', 'logistics'], guard: 'hasFiles' },
  { from: 1, event: 'confirm', to: 2, who: ['shipper'] },
  // Its files change (or it is deleted) only until it is submitted.
  { from: 0, event: 'edit', to: 0, who: ['shipper', 'supplier', 'logistics'] },
];
export const documentStatusLabels: StateLabels = {
  0: { zh: '未提交', en: 'Not submitted' },
  1: { zh: '已提交', en: 'Submitted' },
  2: { zh: '已确认', en: 'Confirmed' },
};

/** A document file may be up to 50 MB (upload kind `paper`). */
export const DOCUMENT_FILE_MAX = 50 * 1024 * 1024;

const id = z.coerce.number().int().positive();

export const documentCreate = z.object({
  batchId: id,
  docType: z.enum(documentTypeCodes),
  docNo: z.string().trim().max(64).nullish(),
  name: z.string().trim().min(1).max(200),
  remark: z.string().trim().max(500).nullish(),
  /** Files uploaded beforehand (POST /api/file, kind `paper`), at least one, at most 20. */
  fileIds: z.array(id).min(1).max(20),
});
export type DocumentCreate = z.infer<typeof documentCreate>;
export const documentBatchAdd = z.array(documentCreate).min(1).max(50);

/** Charge types of a statement (dictionary `charge_type`). */
export const chargeTypes = [
  { code: 'ocean_freight', zh: '海运费', en: 'Ocean freight' },
  { code: 'thc', zh: '码头操作费 (THC)', en: 'Terminal handling (THC)' },
  { code: 'trucking', zh: '拖车费', en: 'Trucking' },
  { code: 'customs_broker', zh: '报关费', en: 'Customs broker fee' },
  { code: 'insurance', zh: '保险费', en: 'Insurance' },
  { code: 'storage', zh: '仓储费', en: 'Storage' },
  { code: 'other', zh: '其他', en: 'Other' },
] as const;
export const chargeTypeCodes = chargeTypes.map((c) => c.code) as [string, ...string[]];

export const ReconciliationStatus = { draft: 0, submitted: 1, confirmed: 2, rejected: 3 } as const;
export type ReconciliationStatusValue = (typeof ReconciliationStatus)[keyof typeof ReconciliationStatus];
export type ReconciliationEvent = 'submit' | 'confirm' | 'reject' | 'edit';
/** The provider submits its statement; the shipper confirms it or rejects it with a reason, which
 * gives it back to the provider as a draft to correct (status `rejected` keeps the reason in view). */
export const reconciliationMachine: StateMachine<ReconciliationStatusValue, ReconciliationEvent> = [
  { from: 0, event: 'submit', to: 1, who: ['logistics'], guard: 'hasLines' },
  { from: 3, event: 'submit', to: 1, who: ['logistics'], guard: 'hasLines' },
  { from: 1, event: 'confirm', to: 2, who: ['shipper'] },
  { from: 1, event: 'reject', to: 3, who: ['shipper'], guard: 'reason' },
  // The provider edits or deletes a statement only as a draft or once rejected.
  { from: 0, event: 'edit', to: 0, who: ['logistics'] },
  { from: 3, event: 'edit', to: 3, who: ['logistics'] },
];
export const reconciliationStatusLabels: StateLabels = {
  0: { zh: '草稿', en: 'Draft' },
  1: { zh: '已提交', en: 'Submitted' },
  2: { zh: '已确认', en: 'Confirmed' },
  3: { zh: '已驳回（待修改）', en: 'Rejected (draft again)' },
};

const minorUnits = new Map(currencyRows.map((r) => [r[0], r[2]]));
export const minorUnitOf = (currency: string) => minorUnits.get(currency) ?? 2;

/** A non-negative decimal written as a string, with at most `scale` decimals. */
const decimal = (integer: number, scale: number, message: string) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .refine((v) => new RegExp(`^\\d{1,${integer}}(\\.\\d{1,${scale}})?$`).test(v), { message });

export const reconciliationLine = z.object({
  chargeType: z.enum(chargeTypeCodes),
  description: z.string().trim().max(200).nullish(),
  quantity: decimal(10, 3, 'validation.decimal_3'),
  unitPrice: decimal(12, 4, 'validation.decimal_4'),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .refine((c) => minorUnits.has(c), { message: 'validation.currency' }),
  /** Percent, 0–100, two decimals. */
  taxRate: decimal(3, 2, 'validation.decimal_2').refine((v) => Number(v) <= 100, {
    message: 'validation.tax_rate',
  }),
});
export type ReconciliationLine = z.infer<typeof reconciliationLine>;

export const reconciliationCreate = z.object({
  batchId: id,
  statementNo: z.string().trim().max(64).nullish(),
  remark: z.string().trim().max(500).nullish(),
  lines: z.array(reconciliationLine).max(500).default([]),
});
export const reconciliationUpdate = z.object({
  statementNo: z.string().trim().max(64).nullish(),
  remark: z.string().trim().max(500).nullish(),
  lines: z.array(reconciliationLine).max(500),
});
/** A document named by its id (submit, confirm). */
export const documentRef = z.object({ id });
export const reconciliationRef = z.object({ id });
export const reconciliationReject = z.object({ id, reason: z.string().trim().min(1).max(500) });
/** reconciliation/export: one statement as an Excel sheet (default) or a PDF. */
export const reconciliationExportQuery = z.object({ id, format: z.enum(['xlsx', 'pdf']).default('xlsx') });
/** A file of a paper (a document's, a voucher's): the first one unless named; `download` as an attachment. */
export const paperFileQuery = z.object({ id, fileId: id.optional(), download: z.string().optional() });
/** document/generate: the batch and the type drawn (commercial_invoice or packing_list), in a language. */
export const documentGenerateBody = z.object({
  batchId: id,
  docType: z.string(),
  lang: z.enum(docLangs).optional(),
});

/** Scaled integer of a decimal string: "12.5" at scale 3 → 12500n. */
function scaled(value: string, scale: number): bigint {
  const [int, frac = ''] = value.split('.');
  return BigInt(int + frac.padEnd(scale, '0').slice(0, scale));
}

/** Divides rounding half up (all values here are non-negative). */
const divRound = (n: bigint, d: bigint) => (n * 2n + d) / (2n * d);

/** A line's net, tax and gross in the currency's minor units (exact, rounded half up once each). */
export function lineAmounts(
  line: Pick<ReconciliationLine, 'quantity' | 'unitPrice' | 'taxRate' | 'currency'>,
) {
  const minor = 10n ** BigInt(minorUnitOf(line.currency));
  // quantity ×10³ · price ×10⁴ = net ×10⁷
  const net7 = scaled(line.quantity, 3) * scaled(line.unitPrice, 4);
  const net = divRound(net7 * minor, 10n ** 7n);
  const tax = divRound(net * scaled(line.taxRate, 2), 10_000n);
  return { net, tax, gross: net + tax };
}

/** Minor units as a decimal string in the currency's own digits: 123456n USD → "1234.56". */
export function formatMinor(amount: bigint | string, currency: string): string {
  const digits = minorUnitOf(currency);
  const v = BigInt(amount);
  const neg = v < 0n;
  const s = (neg ? -v : v).toString().padStart(digits + 1, '0');
  const out = digits ? `${s.slice(0, -digits)}.${s.slice(-digits)}` : s;
  return neg ? `-${out}` : out;
}

export interface CurrencyTotal {
  currency: string;
  /** Minor units, as strings (a bigint does not travel in JSON). */
  netMinor: string;
  taxMinor: string;
  grossMinor: string;
  /** The same as decimal strings. */
  net: string;
  tax: string;
  gross: string;
}

/** Totals per currency, in the order currencies first appear. */
export function totalsByCurrency(lines: ReconciliationLine[]): CurrencyTotal[] {
  const sums = new Map<string, { net: bigint; tax: bigint }>();
  for (const l of lines) {
    const a = lineAmounts(l);
    const s = sums.get(l.currency) ?? { net: 0n, tax: 0n };
    sums.set(l.currency, { net: s.net + a.net, tax: s.tax + a.tax });
  }
  return [...sums].map(([currency, s]) => ({
    currency,
    netMinor: s.net.toString(),
    taxMinor: s.tax.toString(),
    grossMinor: (s.net + s.tax).toString(),
    net: formatMinor(s.net, currency),
    tax: formatMinor(s.tax, currency),
    gross: formatMinor(s.net + s.tax, currency),
  }));
}
