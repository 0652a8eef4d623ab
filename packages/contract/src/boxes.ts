// Boxes and packing: a supplier packs rows of its confirmed material list into boxes,
// labels them and hands the packing list to the shipper. Shapes, the box's own machine, the rules a box
// obeys (net ≤ gross, sizes > 0, out of gauge), GS1 SSCC check digits and the packing-list columns.
import { z } from 'zod';
import type { StateLabels, StateMachine } from './workflow.ts';

/** Package types (dictionary `package_type`). */
export const packageTypes = [
  { code: 'wooden_case', zh: '木箱', en: 'Wooden case' },
  { code: 'carton', zh: '纸箱', en: 'Carton' },
  { code: 'crate', zh: '框架箱', en: 'Crate' },
  { code: 'pallet', zh: '托盘', en: 'Pallet' },
  { code: 'bundle', zh: '捆', en: 'Bundle' },
  { code: 'drum', zh: '桶', en: 'Drum' },
  { code: 'bare', zh: '裸装', en: 'Bare' },
] as const;
export const packageTypeCodes = packageTypes.map((p) => p.code) as [string, ...string[]];
export const packageTypeLabel = (code: string, lang: 'zh' | 'en') =>
  packageTypes.find((p) => p.code === code)?.[lang] ?? code;

/**
 * A box's packing status (its logistics status is a separate machine, next step): the supplier submits
 * its packing list to the shipper (submitCustomer), which locks its boxes; the shipper may return it
 * with a reason, and the supplier edits and submits again.
 */
export const BoxStatus = { draft: 0, submitted: 1, returned: 2 } as const;
export type BoxStatusValue = (typeof BoxStatus)[keyof typeof BoxStatus];
export type BoxEvent = 'submit' | 'back' | 'edit';
export const boxMachine: StateMachine<BoxStatusValue, BoxEvent> = [
  { from: 0, event: 'submit', to: 1, who: ['supplier'], guard: 'hasContents' },
  { from: 2, event: 'submit', to: 1, who: ['supplier'], guard: 'hasContents' },
  { from: 1, event: 'back', to: 2, who: ['shipper'], guard: 'reason' },
  // A box (and what it holds) changes only while a draft or returned.
  { from: 0, event: 'edit', to: 0, who: ['supplier'] },
  { from: 2, event: 'edit', to: 2, who: ['supplier'] },
];
export const boxStatusLabels: StateLabels = {
  0: { zh: '草稿', en: 'Draft' },
  1: { zh: '已提交', en: 'Submitted' },
  2: { zh: '已退回', en: 'Returned' },
};

/** Packing progress of one material row. */
export const PackingProgress = { unpacked: 0, partly: 1, packed: 2 } as const;
export const packingProgressLabels: StateLabels = {
  0: { zh: '未装箱', en: 'Unpacked' },
  1: { zh: '部分装箱', en: 'Partly packed' },
  2: { zh: '已装箱', en: 'Packed' },
};
export function packingProgressOf(quantity: number, packed: number): number {
  if (packed <= 0) return PackingProgress.unpacked;
  return packed + 1e-9 >= quantity ? PackingProgress.packed : PackingProgress.partly;
}

/**
 * The doors of the largest container types (equipment/containers.csv: door_width_mm, door_height_mm).
 * A box whose smallest face passes none of them is out of gauge (flat rack or open top, or break bulk).
 */
export const containerDoors = [
  { code: '20GP', width: 2340, height: 2274, length: 5896 },
  { code: '40GP', width: 2340, height: 2274, length: 12032 },
  { code: '40HQ', width: 2340, height: 2577, length: 12032 },
  { code: '45HQ', width: 2340, height: 2584, length: 13556 },
] as const;

/** Out of gauge: the box's smallest face does not pass the largest door, or it is longer than any box. */
export function isOutOfGauge(length: number, width: number, height: number): boolean {
  const [a, b, c] = [length, width, height].sort((x, y) => x - y);
  return !containerDoors.some((d) => {
    const [dw, dh] = [d.width, d.height].sort((x, y) => x - y);
    return a <= dw && b <= dh && c <= d.length;
  });
}

/** Volume in m³ from mm, to three decimals. */
export const boxVolume = (length: number, width: number, height: number) =>
  Math.round((length * width * height) / 1e6) / 1e3;

/** GS1 mod-10 check digit of the first 17 digits of an SSCC. */
export function ssccCheckDigit(digits17: string): number {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(digits17[16 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}
export const isValidSscc = (s: string) =>
  /^\d{18}$/.test(s) && ssccCheckDigit(s.slice(0, 17)) === Number(s[17]);
/** A GS1 company prefix as the labels take it: 6 to 12 digits. */
export const gs1CompanyPrefix = z
  .string()
  .trim()
  .regex(/^\d{6,12}$/, { message: 'boxes.sscc_prefix_format' });
/**
 * How many SSCCs a company prefix gives: the extension digit and the serial reference share the 17 − L
 * digits left by a prefix of L digits (a 7-digit prefix: 10¹⁰; a 10-digit one: 10⁷).
 */
export const ssccCapacity = (companyPrefix: string) => 10 ** (17 - companyPrefix.length);
/**
 * The n-th SSCC of a company prefix (n from 0): n written in the 17 − L digits, its first digit the
 * extension digit and the rest the serial reference, then the check digit — always 18 digits. Past the
 * prefix's range it throws: a serial is never widened into a 19-digit "SSCC".
 */
export function ssccOf(companyPrefix: string, n: number): string {
  const free = 17 - companyPrefix.length;
  if (!Number.isSafeInteger(n) || n < 0 || n >= ssccCapacity(companyPrefix))
    throw new RangeError(`serial ${n} outside the range of prefix ${companyPrefix}`);
  const digits = String(n).padStart(free, '0');
  const s17 = `${digits[0]}${companyPrefix}${digits.slice(1)}`;
  return s17 + ssccCheckDigit(s17);
}
/** An SSCC as GS1 prints it under the bars: (00) extension, prefix and serial, check digit. */
export const ssccHri = (sscc: string) => `(00) ${sscc}`;

const id = z.coerce.number().int().positive();
const mm = z.coerce
  .number()
  .int({ message: 'boxes.size_positive' })
  .positive({ message: 'boxes.size_positive' })
  .max(30_000);
const kg = z.coerce.number().min(0).max(1e6);
const optText = (max: number) => z.string().trim().max(max).nullish();

export const boxCreate = z.object({
  batchId: id,
  /** Generated when left out (supplier code + batch + sequence); editable until submitted. */
  boxNumber: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9._/-]+$/, { message: 'validation.invalid_format' })
    .optional(),
  packageType: z.enum(packageTypeCodes),
  length: mm,
  width: mm,
  height: mm,
  grossWeight: kg.positive(),
  netWeight: kg,
  stackable: z.coerce.boolean().default(true),
  thisSideUp: z.coerce.boolean().default(false),
  fragile: z.coerce.boolean().default(false),
  /** IMDG class (e.g. 3, 8, 9) and UN number of dangerous contents. */
  dangerousClass: z
    .string()
    .trim()
    .regex(/^[1-9](\.[1-6])?$/, { message: 'validation.invalid_format' })
    .nullish(),
  unNumber: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^(UN)?\d{4}$/, { message: 'validation.invalid_format' })
    .nullish(),
  sscc: z.string().trim().refine(isValidSscc, { message: 'boxes.sscc_invalid' }).nullish(),
  userBoxTypeId: id.nullish(),
  remark: optText(500),
});
export const boxUpdate = boxCreate.omit({ batchId: true }).partial();
export type BoxInput = z.infer<typeof boxCreate>;

/** The rules on one box's own fields, as catalogue codes (the server checks the merged row). */
export function boxRuleErrors(b: { grossWeight?: number | null; netWeight?: number | null }): string[] {
  const out: string[] = [];
  if (b.grossWeight != null && b.netWeight != null && Number(b.netWeight) > Number(b.grossWeight))
    out.push('boxes.net_over_gross');
  return out;
}

export const boxDetailCreate = z.object({
  boxId: id,
  suppliesId: id,
  quantity: z.coerce.number().positive().max(1e12),
  remark: optText(500),
});
export const boxDetailUpdate = z.object({
  quantity: z.coerce.number().positive().max(1e12),
  remark: optText(500),
});
/** createDetail: several rows into one box (a new one when `box` is given instead of `boxId`). */
export const packBody = z
  .object({
    boxId: id.optional(),
    box: boxCreate.optional(),
    items: z
      .array(z.object({ suppliesId: id, quantity: z.coerce.number().positive().max(1e12) }))
      .min(1)
      .max(1000),
  })
  .refine((b) => b.boxId || b.box, { message: 'validation.required', path: ['boxId'] });

export const userBoxTypeCreate = z.object({
  name: z.string().trim().min(1).max(100),
  packageType: z.enum(packageTypeCodes),
  innerLength: mm.nullish(),
  innerWidth: mm.nullish(),
  innerHeight: mm.nullish(),
  length: mm,
  width: mm,
  height: mm,
  tareWeight: kg.nullish(),
  remark: optText(255),
});

/** submitCustomer?batchId&partnetId (spelled so in the spec): a supplier's packing list of a batch. */
export const packingListRef = z.object({ batchId: id, partnetId: id.optional() });
export const packingListBack = packingListRef.extend({
  partnetId: id,
  reason: z
    .string({ message: 'boxes.reason_required' })
    .trim()
    .min(1, { message: 'boxes.reason_required' })
    .max(500),
});

/** submitBoxes (batchUpdateBySubmit): the selected boxes, all or none. */
export const submitBoxesInput = z.object({
  ids: z.array(z.coerce.number().int().positive()).min(1).max(5000),
});

/** The boxes of one batch (queryByBatchId, checkShipment). */
export const boxesOfBatchQuery = z.object({ batchId: id });
/** packingProgress: a batch, optionally one supplier's part. */
export const packingProgressQuery = boxesOfBatchQuery.extend({ supplierTenantId: id.optional() });
/** queryByBoxId: a box by its label token or its number (a number alone may need its batch). */
export const boxByTokenQuery = z.object({
  boxId: z.string().trim().min(1).max(64),
  batchId: id.optional(),
});
/** batchUpdate of boxes or box contents: each row's id and the fields it changes (all or none). */
export const bulkUpdateBody = z
  .array(z.looseObject({ id: z.coerce.number().int().positive() }))
  .min(1)
  .max(1000);
/** removeDetail: the ids of box contents, bare or as `{ ids }`. */
export const removeDetailBody = z.union([z.array(z.unknown()), z.object({ ids: z.unknown() }).loose()]);
/** The packing-list import's form fields besides the file. */
export const packingImportFields = z.object({
  batchId: id,
  taskId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
});

/** Label and packing-list languages. */
export const docLangs = ['zh', 'en', 'bilingual'] as const;
export type DocLang = (typeof docLangs)[number];
export const labelFormats = ['thermal', 'a4-4', 'a4-8'] as const;
export type LabelFormat = (typeof labelFormats)[number];

/** Packing-list columns (box level, then content level), zh/en. */
export const packingListColumns = [
  { key: 'boxNumber', zh: '箱号', en: 'Box No.', width: 18 },
  { key: 'packageType', zh: '包装', en: 'Package', width: 10 },
  { key: 'size', zh: '尺寸(mm)', en: 'Size (mm)', width: 18 },
  { key: 'grossWeight', zh: '毛重(kg)', en: 'Gross (kg)', width: 11 },
  { key: 'netWeight', zh: '净重(kg)', en: 'Net (kg)', width: 11 },
  { key: 'volume', zh: '体积(m³)', en: 'Volume (m³)', width: 11 },
  { key: 'name', zh: '品名', en: 'Description', width: 26 },
  { key: 'spec', zh: '规格型号', en: 'Spec / model', width: 22 },
  { key: 'hsCode', zh: 'HS编码', en: 'HS code', width: 12 },
  { key: 'quantity', zh: '数量', en: 'Qty', width: 10 },
  { key: 'unit', zh: '单位', en: 'Unit', width: 8 },
  { key: 'marks', zh: '唛头', en: 'Marks', width: 30 },
] as const;

/** Packing-list import columns (one line per content row; box fields repeat or stay blank below). */
export const packingImportColumns = [
  { key: 'boxNumber', zh: '箱号', en: 'Box No.', width: 18, required: true, text: true },
  { key: 'packageType', zh: '包装类型', en: 'Package type', width: 12 },
  { key: 'length', zh: '长(mm)', en: 'Length (mm)', width: 10 },
  { key: 'width', zh: '宽(mm)', en: 'Width (mm)', width: 10 },
  { key: 'height', zh: '高(mm)', en: 'Height (mm)', width: 10 },
  { key: 'grossWeight', zh: '毛重(kg)', en: 'Gross weight (kg)', width: 12 },
  { key: 'netWeight', zh: '净重(kg)', en: 'Net weight (kg)', width: 12 },
  { key: 'lineNo', zh: '物料序号', en: 'Material line No.', width: 10 },
  { key: 'materialCode', zh: '物料编码', en: 'Material code', width: 16, text: true },
  { key: 'quantity', zh: '装箱数量', en: 'Quantity packed', width: 12, required: true },
] as const;
export type PackingImportKey = (typeof packingImportColumns)[number]['key'];

const idList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(
    z
      .array(
        z
          .string()
          .regex(/^\d{1,15}$/)
          .transform(Number),
      )
      .max(5000),
  );

/** The boxes a document covers: a selection by ids, or a batch (optionally one supplier's part). */
export const boxSelection = z
  .object({
    ids: idList.optional(),
    batchId: z.coerce.number().int().positive().optional(),
    supplierTenantId: z.coerce.number().int().positive().optional(),
    lang: z.enum(docLangs).optional(),
  })
  .refine((q) => q.ids?.length || q.batchId, { message: 'validation.required', path: ['batchId'] });

/** Box labels: the selection, the layout and, with a GS1 company prefix, an SSCC per box. */
export const labelQuery = boxSelection.and(
  z.object({
    format: z.enum(labelFormats).default('thermal'),
    /** A GS1 company prefix: print an SSCC per box (a box without one is given the prefix's next). */
    ssccPrefix: gs1CompanyPrefix.optional(),
  }),
);
/** The packing list of a selection, as a PDF or a workbook. */
export const packingListQuery = boxSelection.and(
  z.object({ format: z.enum(['pdf', 'xlsx']).default('pdf') }),
);
