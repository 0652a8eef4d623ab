// Bills of lading and the warehouse tally: the logistics provider's B/L for a
// batch (draft → submitted → confirmed by the shipper, or rejected with a reason and corrected) and the
// tally of the batch's boxes against the packing list. Shapes, machines and labels.
import { z } from 'zod';
import { isCalendarDate, zLocode } from './project.ts';
import type { StateLabels, StateMachine } from './workflow.ts';

const id = z.coerce.number().int().positive();
const optText = (max: number) => z.string().trim().max(max).nullish();
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'validation.invalid_format' })
  .refine(isCalendarDate, { message: 'validation.invalid_date' });

/** A non-negative decimal as a string with at most 3 decimals (kg, m³): never a float on the wire. */
const decimal3 = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .refine((v) => /^\d{1,12}(\.\d{1,3})?$/.test(v), { message: 'validation.decimal_3' });

export const freightTerms = [
  { code: 'prepaid', zh: '运费预付', en: 'Freight prepaid' },
  { code: 'collect', zh: '运费到付', en: 'Freight collect' },
] as const;
export const freightTermCodes = freightTerms.map((f) => f.code) as [string, ...string[]];

export const BillLadingStatus = { draft: 0, submitted: 1, confirmed: 2, rejected: 3 } as const;
export type BillLadingStatusValue = (typeof BillLadingStatus)[keyof typeof BillLadingStatus];
export type BillLadingEvent = 'submit' | 'confirm' | 'reject' | 'edit';
/**
 * The provider submits its B/L draft; the shipper confirms it or rejects it with a reason, which gives
 * it back to the provider to correct (status `rejected`, editable like a draft, keeps the reason in view).
 */
export const billLadingMachine: StateMachine<BillLadingStatusValue, BillLadingEvent> = [
  { from: 0, event: 'submit', to: 1, who: ['logistics'], guard: 'complete' },
  { from: 3, event: 'submit', to: 1, who: ['logistics'], guard: 'complete' },
  { from: 1, event: 'confirm', to: 2, who: ['shipper'] },
  { from: 1, event: 'reject', to: 3, who: ['shipper'], guard: 'reason' },
  // The provider edits or deletes a B/L only as a draft or once rejected; submitted, it is read-only.
  { from: 0, event: 'edit', to: 0, who: ['logistics'] },
  { from: 3, event: 'edit', to: 3, who: ['logistics'] },
];
export const billLadingStatusLabels: StateLabels = {
  0: { zh: '草稿', en: 'Draft' },
  1: { zh: '已提交', en: 'Submitted' },
  2: { zh: '已确认', en: 'Confirmed' },
  3: { zh: '已驳回（待修改）', en: 'Rejected (draft again)' },
};

/** A container on the B/L, as the logistics module holds it (taken from the batch's containers). */
export interface BillLadingContainer {
  containerNumber: string;
  sealNumber: string | null;
  typeCode: string;
  packages: number;
  grossWeight: string;
  measurement: string;
}

/** What a provider may write; containers, status and parties are the server's. A draft may be incomplete. */
export const billLadingCreate = z.object({
  batchId: id,
  blNumber: optText(40),
  shipper: optText(500),
  consignee: optText(500),
  notifyParty: optText(500),
  vessel: optText(100),
  voyage: optText(30),
  portOfLoading: zLocode.nullish(),
  portOfDischarge: zLocode.nullish(),
  placeOfReceipt: optText(100),
  placeOfDelivery: optText(100),
  marksAndNumbers: optText(1000),
  packages: z.coerce.number().int().min(0).max(1_000_000).nullish(),
  description: optText(2000),
  grossWeight: decimal3.nullish(),
  measurement: decimal3.nullish(),
  freightTerms: z.enum(freightTermCodes).nullish(),
  originals: z.coerce.number().int().min(1).max(3).nullish(),
  placeOfIssue: optText(100),
  dateOfIssue: isoDate.nullish(),
  remark: optText(500),
});
export type BillLadingCreate = z.infer<typeof billLadingCreate>;
export const billLadingUpdate = billLadingCreate.omit({ batchId: true });

/** Fields a B/L must hold before it is submitted (the guard `complete` names the missing ones). */
export const billLadingRequired = [
  'shipper',
  'consignee',
  'notifyParty',
  'vessel',
  'voyage',
  'portOfLoading',
  'portOfDischarge',
  'packages',
  'description',
  'grossWeight',
  'measurement',
  'freightTerms',
  'originals',
  'placeOfIssue',
  'dateOfIssue',
] as const;

/** The names of the fields a submission needs, as a refusal names the missing ones. */
export const billLadingFieldLabels: Record<(typeof billLadingRequired)[number], { zh: string; en: string }> =
  {
    shipper: { zh: '托运人', en: 'Shipper' },
    consignee: { zh: '收货人', en: 'Consignee' },
    notifyParty: { zh: '通知方', en: 'Notify party' },
    vessel: { zh: '船名', en: 'Vessel' },
    voyage: { zh: '航次', en: 'Voyage' },
    portOfLoading: { zh: '装货港', en: 'Port of loading' },
    portOfDischarge: { zh: '卸货港', en: 'Port of discharge' },
    packages: { zh: '件数', en: 'Packages' },
    description: { zh: '货物描述', en: 'Description of goods' },
    grossWeight: { zh: '毛重', en: 'Gross weight' },
    measurement: { zh: '体积', en: 'Measurement' },
    freightTerms: { zh: '运费条款', en: 'Freight terms' },
    originals: { zh: '正本份数', en: 'Number of originals' },
    placeOfIssue: { zh: '签发地点', en: 'Place of issue' },
    dateOfIssue: { zh: '签发日期', en: 'Date of issue' },
  };

export const billLadingRef = z.object({ id });
export const billLadingReject = z.object({ id, reason: z.string().trim().min(1).max(500) });

// ————— the tally sheet —————

export const TallyStatus = { pending: 0, matching: 1, short: 2, over: 3, damaged: 4 } as const;
export type TallyStatusValue = (typeof TallyStatus)[keyof typeof TallyStatus];
export type TallyEvent = 'match' | 'short' | 'over' | 'damage';
export const tallyEventOf: Record<number, TallyEvent> = { 1: 'match', 2: 'short', 3: 'over', 4: 'damage' };
/** The abnormal record a mismatch raises (logistics `abnormalTypes`). */
export const tallyAbnormalType: Record<number, string> = { 2: 'shortage', 3: 'excess', 4: 'damage' };
export const tallyStatusLabels: StateLabels = {
  0: { zh: '待理货', en: 'Not tallied' },
  1: { zh: '相符', en: 'Matching' },
  2: { zh: '短少', en: 'Short' },
  3: { zh: '多出', en: 'Over' },
  4: { zh: '破损', en: 'Damaged' },
};
/** The warehouse (the batch's logistics provider) tallies a box, and may tally it again, never back to pending. */
export const tallyMachine: StateMachine<TallyStatusValue, TallyEvent> = ([0, 1, 2, 3, 4] as const).flatMap(
  (from) => [
    { from, event: 'match' as const, to: 1 as const, who: ['logistics'] as const },
    { from, event: 'short' as const, to: 2 as const, who: ['logistics'] as const, guard: 'quantity' },
    { from, event: 'over' as const, to: 3 as const, who: ['logistics'] as const, guard: 'quantity' },
    { from, event: 'damage' as const, to: 4 as const, who: ['logistics'] as const },
  ],
);

const tallyResult = z.coerce
  .number()
  .int()
  .refine((s) => s >= 1 && s <= 4, { message: 'validation.tally_status' });

/** PUT /api/tallySheet: one box's tally. */
export const tallyUpdate = z.object({
  id,
  status: tallyResult,
  talliedQuantity: decimal3.nullish(),
  note: optText(500),
});
/** POST /api/tallySheet/batchUpdate: the same result for several boxes at once (all or none). */
export const tallyBatchUpdate = z.object({
  ids: z.array(id).min(1, { message: 'validation.ids_required' }).max(1000),
  status: tallyResult,
  note: optText(500),
});
export const tallySync = z.object({ batchId: id });
/** billLading/pdf: the B/L, inline unless `download` (1 or true). */
export const billLadingPdfQuery = z.object({ id, download: z.enum(['0', '1', 'true', 'false']).optional() });
