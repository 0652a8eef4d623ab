// Customs declaration: the declaration header (projectDeclare), its lines
// built from confirmed material lists, declaration elements, declared prices (spec §9), the exchange-rate
// table, declaration tickets (assort), the review machine (examine) and clearance progress at destination.
// Money is a decimal string everywhere; arithmetic is done on integers of minor units (BigInt), never on
// floats that accumulate.
import { z } from 'zod';
import { currencyRows } from './currencies.ts';
import { customsCodeSeed, customsCodeShapes } from './customs-codes.ts';
import { incotermCodes, zCountry, zCurrency, zHsCode, zLocode } from './project.ts';
import type { StateLabels, StateMachine } from './workflow.ts';

export * from './customs-codes.ts';

const id = z.coerce.number().int().positive();
const text = (max: number) => z.string().trim().max(max);

// ---------------------------------------------------------------------------------------------------
// Money on decimal strings

/** A non-negative decimal string with at most `scale` decimals (what the database's numeric returns). */
export const zDecimal = (scale: number, max = 1e13) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .refine((s) => new RegExp(`^\\d+(\\.\\d{1,${scale}})?$`).test(s) && Number(s) <= max, {
      message: 'customs.bad_amount',
    });

/** `"12.5"` at scale 2 → 1250n. Refuses more decimals than the scale (no silent rounding of inputs). */
export function toMinor(value: string | number, scale: number): bigint {
  const s = String(value).trim();
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(s);
  if (!m) throw new Error(`not a decimal: ${s}`);
  const frac = (m[3] ?? '').replace(/0+$/, '');
  if (frac.length > scale) throw new Error(`more than ${scale} decimals: ${s}`);
  const n = BigInt(m[2] + frac.padEnd(scale, '0'));
  return m[1] ? -n : n;
}

/** 1250n at scale 2 → `"12.50"`. */
export function fromMinor(value: bigint, scale: number): string {
  const neg = value < 0n;
  const digits = (neg ? -value : value).toString().padStart(scale + 1, '0');
  const out = scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  return neg ? `-${out}` : out;
}

/** a ÷ b rounded half away from zero (the customs convention, 四舍五入). */
export function divRound(a: bigint, b: bigint): bigint {
  if (b === 0n) throw new Error('division by zero');
  const neg = a < 0n !== b < 0n;
  const [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b];
  const q = (2n * x + y) / (2n * y);
  return neg ? -q : q;
}

/** Minor units of a currency (ISO 4217): JPY 0, USD 2, BHD 3. */
export function currencyScale(code: string): number {
  return currencyRows.find((r) => r[0] === code)?.[2] ?? 2;
}

/** Sum of decimal strings in a currency, exact. */
export function sumMoney(values: (string | number | null | undefined)[], scale = 2): string {
  let total = 0n;
  for (const v of values) if (v !== null && v !== undefined && v !== '') total += toMinor(v, scale);
  return fromMinor(total, scale);
}

/** Line total = quantity × unit price, rounded half up to the currency's minor unit. */
export function lineAmount(quantity: string | number, unitPrice: string | number, scale = 2): string {
  const q = toMinor(quantity, 3); // quantities have 3 decimals
  const p = toMinor(unitPrice, 4); // unit prices 4
  return fromMinor(divRound(q * p * 10n ** BigInt(scale), 10n ** 7n), scale);
}

/** Unit price = total ÷ quantity, 4 decimals, rounded half up (a total at `scale`, a quantity at 3). */
export function unitPriceOf(total: string | number, quantity: string | number, scale = 2): string | null {
  const q = toMinor(quantity, 3);
  if (q <= 0n) return null;
  return fromMinor(divRound(toMinor(total, scale) * 10n ** BigInt(7 - scale), q), 4);
}

/** An amount in its currency's minor unit: the database keeps three decimals for every currency. */
export const moneyIn = (value: string | number, currency: string) =>
  fromMinor(toMinor(value, currencyScale(currency)), currencyScale(currency));

export const PREMIUM_SCALE = 4;
export const RATE_SCALE = 6;

export interface PriceInputs {
  /** Total purchase price of the line, in the purchase currency (at most that currency's decimals). */
  totalPurchasePrice: string;
  purchaseCurrency: string;
  /** Premium rate (加成率) as a factor: 1.05 for 5 % above the purchase price; up to 4 decimals. */
  premiumRate: string;
  /**
   * Exchange-rate conversion factor: units of the purchase currency per one unit of the declared
   * currency (7.1 CNY per USD); 1 when the currencies are the same; up to 6 decimals.
   */
  conversionFactor: string;
  declaredCurrency: string;
}

/**
 * Declared price (spec §9) = total purchase price × premium rate ÷ exchange-rate conversion factor,
 * computed exactly on integers and rounded once, half away from zero, to the declared currency's minor
 * unit (2 decimals for USD, 0 for JPY). No intermediate rounding.
 */
export function declaredPriceOf(p: PriceInputs): string {
  const inScale = currencyScale(p.purchaseCurrency);
  const outScale = currencyScale(p.declaredCurrency);
  const total = toMinor(p.totalPurchasePrice, inScale);
  const premium = toMinor(p.premiumRate, PREMIUM_SCALE);
  const factor = toMinor(p.conversionFactor, RATE_SCALE);
  if (factor <= 0n) throw new Error('conversion factor must be positive');
  // total·10^-in × premium·10^-4 ÷ (factor·10^-6) in units of 10^-out:
  const num = total * premium * 10n ** BigInt(RATE_SCALE + outScale);
  const den = factor * 10n ** BigInt(inScale + PREMIUM_SCALE);
  return fromMinor(divRound(num, den), outScale);
}

/** The formula as a user reads it, with the figures used. */
export function priceFormulaText(p: PriceInputs & { declaredPrice: string }, lang: 'zh' | 'en'): string {
  return lang === 'zh'
    ? `申报价 = 采购总价 ${p.totalPurchasePrice} ${p.purchaseCurrency} × 加成率 ${p.premiumRate} ÷ 汇率折算系数 ${p.conversionFactor} = ${p.declaredPrice} ${p.declaredCurrency}（四舍五入至最小货币单位）`
    : `Declared price = total purchase price ${p.totalPurchasePrice} ${p.purchaseCurrency} × premium rate ${p.premiumRate} ÷ conversion factor ${p.conversionFactor} = ${p.declaredPrice} ${p.declaredCurrency} (rounded half up to the minor unit)`;
}

// ---------------------------------------------------------------------------------------------------
// Division into tickets (assort)

/** China customs: at most 50 goods lines on one declaration form. */
export const MAX_LINES_PER_TICKET = 50;

export interface DivisibleLine {
  id: number;
  tradeMode: string;
  contractNumber: string | null;
}

/**
 * Divides lines into tickets: lines of one trade mode and one contract go together, in their order, at
 * most 50 per ticket; never two trade modes or two contracts in one ticket. Deterministic: groups in
 * order of first appearance.
 */
export function divideLines<L extends DivisibleLine>(lines: readonly L[]): L[][] {
  const groups = new Map<string, L[]>();
  for (const line of lines) {
    const key = `${line.tradeMode}\u0000${line.contractNumber ?? ''}`;
    const g = groups.get(key) ?? [];
    g.push(line);
    groups.set(key, g);
  }
  const tickets: L[][] = [];
  for (const g of groups.values())
    for (let i = 0; i < g.length; i += MAX_LINES_PER_TICKET)
      tickets.push(g.slice(i, i + MAX_LINES_PER_TICKET));
  return tickets;
}

/** Why a set of lines cannot be one ticket, or undefined. */
export function ticketProblem(
  lines: readonly DivisibleLine[],
): 'customs.ticket_full' | 'customs.ticket_mixed' | undefined {
  if (lines.length > MAX_LINES_PER_TICKET) return 'customs.ticket_full';
  if (new Set(lines.map((l) => l.tradeMode)).size > 1) return 'customs.ticket_mixed';
  if (new Set(lines.map((l) => l.contractNumber ?? '')).size > 1) return 'customs.ticket_mixed';
  return undefined;
}

// ---------------------------------------------------------------------------------------------------
// Declaration elements

/**
 * The tariff file's element template, e.g. "0:品牌类型;1:出口享惠情况;2:品名;3:用途;4:品牌;5:型号" or
 * "品名|用途|品牌|型号": element names in order. Brand type and export preference (0/1) are required
 * as every element is; the template is the tariff's.
 */
export function parseElementTemplate(template: string | null | undefined): string[] {
  if (!template) return [];
  return template
    .split(/[;；|\n]/)
    .map((s) => s.replace(/^\s*\d+\s*[:：.、]\s*/, '').trim())
    .filter(Boolean);
}

/** Elements of the template left empty in a line's values. */
export function missingElements(
  template: readonly string[],
  values: Record<string, string> | null | undefined,
) {
  return template.filter((name) => !values?.[name]?.trim());
}

/** A line's elements as the declaration form prints them: values joined by `|`. */
export const elementsText = (
  template: readonly string[],
  values: Record<string, string> | null | undefined,
) => template.map((n) => values?.[n]?.trim() ?? '').join('|');

// ---------------------------------------------------------------------------------------------------
// The review machine (examine)

/**
 * A declaration's review: the logistics provider (customs broker) prepares and submits; the shipper's
 * reviewer approves or returns it for preliminary review with a reason; the broker's first change to a
 * returned declaration takes it back to draft (any edit event, or `edit` alone to reopen); an approved one is declared ticket by ticket and archived. Archived is final.
 */
export const DeclareStatus = { draft: 0, submitted: 1, returned: 2, approved: 3, archived: 4 } as const;
export type DeclareStatusValue = (typeof DeclareStatus)[keyof typeof DeclareStatus];
export type DeclareEvent =
  | 'edit'
  | 'build'
  | 'divide'
  | 'undivide'
  | 'submit'
  | 'back'
  | 'approve'
  | 'archive';
/** Changes the broker makes to a draft; the first change to a returned declaration reopens it as a draft. */
export const declareEditEvents = ['edit', 'build', 'divide', 'undivide'] as const;
export const declareMachine: StateMachine<DeclareStatusValue, DeclareEvent> = [
  ...declareEditEvents.flatMap((event) => [
    { from: 0 as const, event, to: 0 as const, who: ['logistics'] as const },
    { from: 2 as const, event, to: 0 as const, who: ['logistics'] as const },
  ]),
  { from: 0, event: 'submit', to: 1, who: ['logistics'], guard: 'ready' },
  { from: 1, event: 'back', to: 2, who: ['shipper'], guard: 'reason' },
  { from: 1, event: 'approve', to: 3, who: ['shipper'], guard: 'ready' },
  { from: 3, event: 'archive', to: 4, who: ['shipper', 'logistics'], guard: 'allDeclared' },
];
export const declareStatusLabels: StateLabels = {
  0: { zh: '草稿', en: 'Draft' },
  1: { zh: '待审核', en: 'Submitted for review' },
  2: { zh: '退回初审', en: 'Returned for preliminary review' },
  3: { zh: '已审核', en: 'Approved' },
  4: { zh: '已归档', en: 'Archived' },
};

/** A ticket is declared once, with the customs entry number (报关单号, 18 digits) that comes back. */
export const TicketStatus = { pending: 0, declared: 1 } as const;
export type TicketStatusValue = (typeof TicketStatus)[keyof typeof TicketStatus];
export const ticketMachine: StateMachine<TicketStatusValue, 'declare'> = [
  { from: 0, event: 'declare', to: 1, who: ['logistics'], guard: 'approved' },
];
export const ticketStatusLabels: StateLabels = {
  0: { zh: '待申报', en: 'Not declared' },
  1: { zh: '已申报', en: 'Declared' },
};
export const zEntryNumber = z
  .string({ message: 'customs.entry_number' })
  .trim()
  .regex(/^\d{18}$/, { message: 'customs.entry_number' });

/** Clearance at destination: lodged → (inspection) → duties assessed → duties paid → released. */
export const ClearanceStatus = {
  none: 0,
  lodged: 1,
  inspection: 2,
  assessed: 3,
  paid: 4,
  released: 5,
} as const;
export type ClearanceStatusValue = (typeof ClearanceStatus)[keyof typeof ClearanceStatus];
export type ClearanceEvent = 'lodge' | 'inspect' | 'assess' | 'pay' | 'release';
export const clearanceMachine: StateMachine<ClearanceStatusValue, ClearanceEvent> = [
  { from: 0, event: 'lodge', to: 1, who: ['logistics'] },
  { from: 1, event: 'inspect', to: 2, who: ['logistics'] },
  { from: 1, event: 'assess', to: 3, who: ['logistics'], guard: 'amount' },
  { from: 2, event: 'assess', to: 3, who: ['logistics'], guard: 'amount' },
  { from: 3, event: 'pay', to: 4, who: ['logistics', 'shipper'] },
  { from: 4, event: 'release', to: 5, who: ['logistics'] },
];
export const clearanceStatusLabels: StateLabels = {
  0: { zh: '未开始', en: 'Not started' },
  1: { zh: '已递单', en: 'Documents lodged' },
  2: { zh: '查验中', en: 'Under inspection' },
  3: { zh: '已核税', en: 'Duties assessed' },
  4: { zh: '已缴税', en: 'Duties paid' },
  5: { zh: '已放行', en: 'Released' },
};
export const clearanceEvents = ['lodge', 'inspect', 'assess', 'pay', 'release'] as const;

// ---------------------------------------------------------------------------------------------------
// Dictionaries

/** Trade modes (监管方式) and transport modes (运输方式) a new installation knows (customs-codes.ts). */
export const tradeModes = customsCodeSeed.tradeMode;
export const transportModes = customsCodeSeed.transportMode;
/** Codes on the wire are checked for shape here and against the customsCode tables by the server. */
const zTradeMode = z.string().trim().regex(customsCodeShapes.tradeMode, { message: 'customs.code_shape' });
const zTransportMode = z
  .string()
  .trim()
  .regex(customsCodeShapes.transportMode, { message: 'customs.code_shape' });
const zOfficeCode = z
  .string()
  .trim()
  .regex(customsCodeShapes.customsOffice, { message: 'customs.code_shape' });
const zPackageCode = z
  .string()
  .trim()
  .regex(customsCodeShapes.packageType, { message: 'customs.code_shape' });
export const declareDirections = ['export', 'import'] as const;
export const declareDirectionLabels: Record<(typeof declareDirections)[number], { zh: string; en: string }> =
  {
    export: { zh: '出口', en: 'export' },
    import: { zh: '进口', en: 'import' },
  };

// ---------------------------------------------------------------------------------------------------
// Shapes

const money = zDecimal(2);
const optMoney = money.nullish();

/** projectDeclare: the header. Weights and packages default to the batch's boxes (editable). */
export const projectDeclareCreate = z.object({
  batchId: id,
  direction: z.enum(declareDirections).default('export'),
  customsOffice: zOfficeCode.nullish(),
  portOfExit: zOfficeCode.nullish(),
  tradeMode: zTradeMode.default('0110'),
  transportMode: zTransportMode.default('2'),
  vesselName: text(100).nullish(),
  voyageNo: text(40).nullish(),
  blNumber: text(64).nullish(),
  contractNumber: text(64).nullish(),
  tradingCountry: zCountry.nullish(),
  destinationCountry: zCountry.nullish(),
  portOfDestination: zLocode.nullish(),
  incoterm: z.enum(incotermCodes).nullish(),
  currency: zCurrency.default('USD'),
  freight: optMoney,
  insurance: optMoney,
  otherCharges: optMoney,
  packages: z.coerce.number().int().min(0).max(1_000_000).nullish(),
  packageType: zPackageCode.nullish(),
  grossWeight: zDecimal(3).nullish(),
  netWeight: zDecimal(3).nullish(),
  remark: text(500).nullish(),
});
export const projectDeclareUpdate = projectDeclareCreate.omit({ batchId: true, direction: true });

/** A declaration line (declareLine): what the broker may correct on a line built from the lists. */
export const declareLineUpdate = z.object({
  hsCode: zHsCode.nullish(),
  name: text(200).min(1).optional(),
  quantity: zDecimal(3).optional(),
  legalUnit1: text(20).nullish(),
  legalQuantity1: zDecimal(3).nullish(),
  legalUnit2: text(20).nullish(),
  legalQuantity2: zDecimal(3).nullish(),
  unitPrice: zDecimal(4).optional(),
  destinationCountry: zCountry.nullish(),
  domesticSource: text(10).nullish(),
  originCountry: zCountry.nullish(),
  tradeMode: zTradeMode.optional(),
  remark: text(500).nullish(),
});

/** declareElements: one line's filled-in values, by element name. */
export const zElementValues = z.record(z.string().trim().max(50), z.string().trim().max(255));
export const declareElementsCreate = z.object({
  lineId: id,
  values: zElementValues,
  remark: text(255).nullish(),
});
export const declareElementsUpdate = declareElementsCreate.omit({ lineId: true });
export const declareElementsBatchBody = z.object({
  items: z
    .array(z.object({ lineId: id, values: zElementValues }))
    .min(1)
    .max(1000),
});

/** declPrice: the inputs; the rate comes from the table unless given; the result is the server's. */
export const declPriceCreate = z.object({
  lineId: id,
  premiumRate: zDecimal(PREMIUM_SCALE, 100).default('1'),
  declaredCurrency: zCurrency.default('USD'),
  /** yyyy-MM: the month whose rate applies (default: this month). */
  rateMonth: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'customs.rate_month' })
    .optional(),
});
export const declPriceUpdate = declPriceCreate.omit({ lineId: true });

/** exchangeRate: units of `currency` per one unit of `baseCurrency`, per month. */
export const exchangeRateCreate = z.object({
  currency: zCurrency,
  baseCurrency: zCurrency.default('USD'),
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'customs.rate_month' }),
  rate: zDecimal(RATE_SCALE, 1e9).refine((s) => Number(s) > 0, { message: 'customs.bad_amount' }),
});

/** assort: a ticket, made by hand (lines moved in) or by automatic division. */
export const assortCreate = z.object({
  declareId: id,
  lineIds: z
    .array(id)
    .max(MAX_LINES_PER_TICKET * 20)
    .default([]),
  remark: text(500).nullish(),
});
export const assortUpdate = z.object({ remark: text(500).nullish() });
/** Moves lines into a ticket, or out of every ticket (`assortId: null`: back to the undivided lines). */
export const assortMoveBody = z.object({ assortId: id.nullable(), lineIds: z.array(id).min(1).max(1000) });
export const declareRef = z.object({ declareId: id });
/** A declaration named by its id (review steps, reopen). */
export const declareIdBody = z.object({ id });
/** assort/declare: the ticket and the entry number customs gave it. */
export const assortDeclareBody = z.object({ id, entryNumber: zEntryNumber });
/** assort/declareFile: the ticket, as the broker's Excel (default) or the Chinese PDF draft. */
export const declareFileQuery = z.object({ id, format: z.enum(['xlsx', 'pdf']).default('xlsx') });
/** declareElements/template: an HS code (a shorter one lists the tariff lines under it). */
export const elementTemplateQuery = z.object({ hsCode: zHsCode });
/** exchangeRate/import: CSV lines currency,baseCurrency,month,rate. */
export const exchangeRateImportBody = z.object({ csv: z.string().min(1).max(1_000_000) });
/** customsCode/dict/import: CSV (RFC 4180) lines kind,code,zh,en. */
export const customsCodeImportBody = z.object({ csv: z.string().min(1).max(2_000_000) });

/** examine: a reviewer's remark on a declaration (or one of its lines). */
export const examineCreate = z.object({
  declareId: id,
  lineId: id.nullish(),
  opinion: text(1000).min(1, { message: 'validation.required' }),
});
export const examineUpdate = z.object({ opinion: text(1000).min(1, { message: 'validation.required' }) });

export const declareReasonBody = z.object({
  id,
  reason: z
    .string({ message: 'customs.reason_required' })
    .trim()
    .min(1, { message: 'customs.reason_required' })
    .max(500),
});

const zDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'validation.invalid_date' });

/** customsClearanceLive: POST declare moves the clearance one step with that step's facts. */
export const clearanceDeclareBody = z.object({
  batchId: id,
  event: z.enum(clearanceEvents),
  date: zDate,
  amount: zDecimal(2).nullish(),
  currency: zCurrency.nullish(),
  place: text(100).nullish(),
  note: text(500).nullish(),
});
export const clearanceUpdate = z.object({
  lodgedDate: zDate.nullish(),
  inspectionDate: zDate.nullish(),
  assessedDate: zDate.nullish(),
  paidDate: zDate.nullish(),
  releasedDate: zDate.nullish(),
  dutiesAmount: optMoney,
  dutiesCurrency: zCurrency.nullish(),
  remark: text(500).nullish(),
});

/**
 * The broker's Excel (docs/customs-declaration-file.md): one row per goods line of the ticket, in this
 * column order. Headers in Chinese as the single-window import template names them.
 */
export const declareFileColumns = [
  { key: 'lineNo', zh: '项号', en: 'Item' },
  { key: 'hsCode', zh: '商品编号', en: 'Commodity code' },
  { key: 'name', zh: '商品名称', en: 'Description' },
  { key: 'elements', zh: '规格型号（申报要素）', en: 'Declaration elements' },
  { key: 'quantity', zh: '成交数量', en: 'Quantity' },
  { key: 'unit', zh: '成交计量单位', en: 'Unit' },
  { key: 'legalQuantity1', zh: '法定第一数量', en: 'Legal quantity 1' },
  { key: 'legalUnit1', zh: '法定第一计量单位', en: 'Legal unit 1' },
  { key: 'legalQuantity2', zh: '法定第二数量', en: 'Legal quantity 2' },
  { key: 'legalUnit2', zh: '法定第二计量单位', en: 'Legal unit 2' },
  { key: 'unitPrice', zh: '单价', en: 'Unit price' },
  { key: 'totalPrice', zh: '总价', en: 'Total price' },
  { key: 'currency', zh: '币制', en: 'Currency' },
  { key: 'originCountry', zh: '原产国（地区）', en: 'Country of origin' },
  { key: 'destinationCountry', zh: '最终目的国（地区）', en: 'Final destination' },
  { key: 'domesticSource', zh: '境内货源地', en: 'Domestic source' },
] as const;

/**
 * The header fields a declaration needs before it goes to review or is filed, in the order the form
 * prints them, with the form's names (import declarations name two of them for entry).
 */
export const declareRequiredHeader = [
  { key: 'customsOffice', zh: '申报地海关', en: 'customs office of declaration' },
  { key: 'portOfExit', zh: '出境关别', en: 'port of exit', importZh: '进境关别', importEn: 'port of entry' },
  { key: 'tradeMode', zh: '监管方式', en: 'trade mode' },
  { key: 'transportMode', zh: '运输方式', en: 'transport mode' },
  { key: 'vesselName', zh: '运输工具名称', en: 'vessel' },
  { key: 'voyageNo', zh: '航次号', en: 'voyage' },
  { key: 'blNumber', zh: '提运单号', en: 'B/L number' },
  { key: 'contractNumber', zh: '合同协议号', en: 'contract number' },
  { key: 'tradingCountry', zh: '贸易国（地区）', en: 'trading country' },
  {
    key: 'destinationCountry',
    zh: '运抵国（地区）',
    en: 'country of destination',
    importZh: '启运国（地区）',
    importEn: 'country of departure',
  },
  { key: 'portOfDestination', zh: '指运港', en: 'port of destination' },
  { key: 'incoterm', zh: '成交方式', en: 'transaction terms (Incoterms)' },
  { key: 'packageType', zh: '包装种类', en: 'package type' },
  { key: 'currency', zh: '币制', en: 'currency' },
] as const;

/** A header field's name as the form prints it, for the declaration's direction. */
export function declareHeaderName(
  field: (typeof declareRequiredHeader)[number],
  lang: 'zh' | 'en',
  direction: string,
): string {
  if (direction === 'import' && 'importZh' in field) return lang === 'en' ? field.importEn : field.importZh;
  return field[lang];
}

/** China's declaration wants the full 10-digit commodity code of the customs tariff. */
export const isTariffCode = (code: string | null | undefined) => /^\d{10}$/.test(code ?? '');
