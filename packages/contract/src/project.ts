// Projects, partners, batches and contracts (docs/decisions.md; material lists are supplies.ts): statuses as state
// machines `{from, event, to, who, guard}` read by the server's commands and the web's buttons.
import { z } from 'zod';
import { countryCodes } from './countries.ts';
import { currencyCodes } from './currencies.ts';
import { hsDigits, hsShapeProblem } from './hs-code.ts';
import type { StateMachine } from './workflow.ts';

export * from './countries.ts';
export * from './currencies.ts';
export * from './workflow.ts';

export const ProjectStatus = { planning: 0, active: 1, completed: 2, closed: 3 } as const;

/** partnership.status: a shipper invites, the partner accepts or declines. */
export const PartnershipStatus = { invited: 0, accepted: 1, declined: 2 } as const;
type PS = (typeof PartnershipStatus)[keyof typeof PartnershipStatus];
export const partnershipMachine: StateMachine<PS, 'accept' | 'decline' | 'reinvite'> = [
  { from: 0, event: 'accept', to: 1, who: ['supplier', 'logistics'] },
  { from: 0, event: 'decline', to: 2, who: ['supplier', 'logistics'] },
  { from: 2, event: 'reinvite', to: 0, who: ['shipper'] },
];

/** How far a party on a batch has got (viewProjectBatchPartner is sorted by it). */
export const BatchPartnerStatus = {
  notStarted: 0,
  inProgress: 1,
  submitted: 2,
  confirmed: 3,
  completed: 4,
} as const;
type BPS = (typeof BatchPartnerStatus)[keyof typeof BatchPartnerStatus];
export type BatchPartnerEvent = 'start' | 'submit' | 'back' | 'confirm' | 'complete' | 'reopen';
/** Suppliers move through submit/back/confirm with their material list (guard 'materialList'). */
export const batchPartnerMachine: StateMachine<BPS, BatchPartnerEvent> = [
  { from: 0, event: 'start', to: 1, who: ['supplier', 'logistics', 'system'] },
  { from: 0, event: 'submit', to: 2, who: ['system'] },
  { from: 1, event: 'submit', to: 2, who: ['logistics', 'system'], guard: 'materialList' },
  { from: 2, event: 'back', to: 1, who: ['shipper', 'system'], guard: 'materialList' },
  { from: 2, event: 'confirm', to: 3, who: ['shipper', 'system'], guard: 'materialList' },
  // A supplier's part is complete once its packing list is handed over; a returned
  // packing list reopens it. The shipper may also close a part by hand.
  { from: 3, event: 'complete', to: 4, who: ['shipper', 'system'] },
  { from: 4, event: 'reopen', to: 3, who: ['system'] },
];

/** Batch status; step 1 moves it by its material lists, later steps by its boxes. */
export const BatchStatus = {
  planned: 0,
  materials: 1,
  materialsConfirmed: 2,
  packing: 3,
  shipping: 4,
  delivered: 5,
  closed: 6,
} as const;

export const batchStatusLabels: Record<number, { zh: string; en: string }> = {
  0: { zh: '计划中', en: 'Planned' },
  1: { zh: '物料准备中', en: 'Materials in progress' },
  2: { zh: '物料已确认', en: 'Materials confirmed' },
  3: { zh: '装箱中', en: 'Packing' },
  4: { zh: '发运中', en: 'Shipping' },
  5: { zh: '已送达', en: 'Delivered' },
  6: { zh: '已关闭', en: 'Closed' },
};
/** A box's (and, by its slowest box, a batch's) logistics status: see logistics.ts. */
export { logisticsLabels as logisticsStatusLabels } from './logistics.ts';
export const partnershipStatusLabels: Record<number, { zh: string; en: string }> = {
  0: { zh: '已邀请', en: 'Invited' },
  1: { zh: '已接受', en: 'Accepted' },
  2: { zh: '已拒绝', en: 'Declined' },
};
export const batchPartnerStatusLabels: Record<number, { zh: string; en: string }> = {
  0: { zh: '未开始', en: 'Not started' },
  1: { zh: '进行中', en: 'In progress' },
  2: { zh: '已提交', en: 'Submitted' },
  3: { zh: '已确认', en: 'Confirmed' },
  4: { zh: '已完成', en: 'Completed' },
};

export const ContractStatus = { draft: 0, signed: 1, closed: 2 } as const;
export const contractStatusLabels: Record<number, { zh: string; en: string }> = {
  0: { zh: '草稿', en: 'Draft' },
  1: { zh: '已签订', en: 'Signed' },
  2: { zh: '已关闭', en: 'Closed' },
};

/** Incoterms® 2020. */
export const incoterms2020 = [
  { code: 'EXW', zh: '工厂交货', en: 'Ex Works' },
  { code: 'FCA', zh: '货交承运人', en: 'Free Carrier' },
  { code: 'CPT', zh: '运费付至', en: 'Carriage Paid To' },
  { code: 'CIP', zh: '运费和保险费付至', en: 'Carriage and Insurance Paid To' },
  { code: 'DAP', zh: '目的地交货', en: 'Delivered at Place' },
  { code: 'DPU', zh: '卸货地交货', en: 'Delivered at Place Unloaded' },
  { code: 'DDP', zh: '完税后交货', en: 'Delivered Duty Paid' },
  { code: 'FAS', zh: '船边交货', en: 'Free Alongside Ship' },
  { code: 'FOB', zh: '船上交货', en: 'Free on Board' },
  { code: 'CFR', zh: '成本加运费', en: 'Cost and Freight' },
  { code: 'CIF', zh: '成本、保险费加运费', en: 'Cost, Insurance and Freight' },
] as const;
export const incotermCodes = incoterms2020.map((i) => i.code) as [string, ...string[]];

export const personnelRoles = [
  { code: 'manager', zh: '项目经理', en: 'Project manager' },
  { code: 'purchaser', zh: '采购', en: 'Purchaser' },
  { code: 'logistics', zh: '物流', en: 'Logistics' },
  { code: 'site', zh: '现场', en: 'Site' },
  { code: 'documents', zh: '单证', en: 'Documents' },
] as const;

const id = z.coerce.number().int().positive();
const text = (max: number) => z.string().trim().max(max);
const optText = (max: number) => text(max).nullish();
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'validation.invalid_format' })
  .refine(isCalendarDate, { message: 'validation.invalid_date' });

/** yyyy-MM-dd that names a real day (not 2026-13-45 or 2026-02-30). */
export function isCalendarDate(s: string): boolean {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** A date range is in order when either end is open or the end is not before the start. */
export function dateRangeOk(start: string | null | undefined, end: string | null | undefined): boolean {
  return !start || !end || end >= start;
}
const money = z.coerce.number().min(0).max(1e13);
export const zCurrency = z
  .string()
  .trim()
  .toUpperCase()
  .refine((c) => currencyCodes.has(c), { message: 'validation.currency' });
export const zCountry = z
  .string()
  .trim()
  .toUpperCase()
  .refine((c) => countryCodes.has(c), { message: 'validation.country' });
/**
 * HS / customs codes are strings of 4, 6, 8 or 10 digits (dots and spaces dropped): leading zeros matter.
 * A malformed code and one of a chapter HS 2022 keeps empty (9999.99) get their own messages; whether the
 * heading exists is the server's lookup (a third message).
 */
export const zHsCode = z
  .string()
  .trim()
  .superRefine((s, c) => {
    const p = hsShapeProblem(s);
    if (p) c.addIssue({ code: 'custom', message: p.code, params: p.params });
  })
  .transform(hsDigits);
/** UN/LOCODE: country + 3 letters/digits, e.g. CNSHA, IDTPP. */
export const zLocode = z
  .string()
  .trim()
  .toUpperCase()
  .transform((s) => s.replace(/\s/g, ''))
  .refine((s) => /^[A-Z]{2}[A-Z2-9]{3}$/.test(s), { message: 'validation.locode' });

export const projectCreate = z
  .object({
    name: text(200).min(1),
    enName: optText(200),
    code: text(64).min(1),
    country: zCountry.nullish(),
    site: optText(200),
    description: optText(2000),
    startDate: isoDate.nullish(),
    endDate: isoDate.nullish(),
    status: z.coerce.number().int().min(0).max(3).default(0),
  })
  .refine((p) => dateRangeOk(p.startDate, p.endDate), {
    path: ['endDate'],
    message: 'validation.end_before_start',
  });

export const projectPersonnelCreate = z.object({
  projectId: id,
  userId: id,
  role: z.enum(personnelRoles.map((r) => r.code) as [string, ...string[]]),
  remark: optText(255),
});

export const projectContractCreate = z.object({
  projectId: id,
  contractNumber: text(64).min(1),
  name: optText(200),
  supplierTenantId: id,
  amount: money,
  currency: zCurrency,
  signDate: isoDate.nullish(),
  incoterm: z.enum(incotermCodes).nullish(),
  incotermPlace: optText(100),
  status: z.coerce.number().int().min(0).max(2).default(0),
  remark: optText(1000),
});

export const contractFileCreate = z.object({ contractId: id, fileId: id, remark: optText(255) });
export const contractFileBatchBody = z.object({
  contractId: id,
  fileIds: z.array(id).min(1).max(50),
});

export const projectBatchCreate = z.object({
  projectId: id,
  batchNumber: text(64).min(1),
  name: optText(200),
  enName: optText(200),
  plannedShipDate: isoDate.nullish(),
  portOfLoading: zLocode.nullish(),
  portOfDischarge: zLocode.nullish(),
  destinationSite: optText(200),
  /** The destination as English documents print it. */
  destinationSiteEn: optText(200),
  remark: optText(1000),
});
/** Status moves are commands; an update edits the plan only. */
export const projectBatchUpdate = projectBatchCreate.omit({ projectId: true }).partial();

export const batchPartnerCreate = z.object({
  batchId: id,
  partnerTenantId: id,
  contractId: id.nullish(),
  remark: optText(255),
});
export const batchPartnerUpdateStatusBody = z.object({
  id,
  event: z.enum(['start', 'submit', 'back', 'confirm', 'complete', 'reopen']),
});

export const inviteBody = z
  .object({
    partnerTenantId: id.optional(),
    corporateName: text(100).optional(),
    corporateCode: text(64).optional(),
    phone: text(32).optional(),
    remark: optText(255),
  })
  .refine((b) => b.partnerTenantId || b.corporateName || b.corporateCode || b.phone, {
    message: 'partner.keyword_required',
  });
export const acceptInviteBody = z.object({ id: id.optional(), shipperTenantId: id.optional() });

/** A project's, batch's or list's id in the query (`?id=`). */
export const rowIdQuery = z.object({ id: z.coerce.number().int().positive() });
/** GET /api/project/queryListByTenantId: a company's projects (the caller's own by default). */
export const projectsByTenantQuery = z.object({ tenantId: z.coerce.number().int().positive().optional() });
/** GET /api/project/queryByProName: projects whose name contains the text (the spec's proName, or name). */
export const projectsByNameQuery = z.object({
  proName: z.string().trim().max(200).optional(),
  name: z.string().trim().max(200).optional(),
});
/** GET /api/project/queryListByUserId: the projects a user is assigned to (the caller by default). */
export const projectsByUserQuery = z.object({ userId: z.coerce.number().int().positive().optional() });
/** GET /api/projectBatch/queryListByProId: a project's batches (the spec spells it proId or proid). */
export const batchesByProjectQuery = z.object({
  proId: z.coerce.number().int().positive().optional(),
  proid: z.coerce.number().int().positive().optional(),
});
/** GET /api/projectBatch/batchExport: the list filters, as query parameters or as JSON in exportParam. */
export const batchExportQuery = z.looseObject({ exportParam: z.string().optional() });
/** A batch's id in the query (`?batchId=`). */
export const batchIdQuery = z.object({ batchId: z.coerce.number().int().positive() });
/** GET /api/enterpriseInfo/getCustomer: a company to invite, by any of its names or a user's phone. */
export const customerQuery = z.object({
  keyword: z.string().trim().min(1).max(100).optional(),
  corporateName: z.string().trim().min(1).max(100).optional(),
  corporateCode: z.string().trim().min(1).max(64).optional(),
  phone: z.string().trim().min(1).max(32).optional(),
});
/** GET /api/viewProjectContract/queryByProId: a project's contracts. */
export const contractsByProjectQuery = z.object({ proid: z.coerce.number().int().positive() });
/** The contract number of GET /api/projectContract/commitByNumber/:n (a path parameter). */
export const contractNumberParams = z.object({ n: z.string().trim().min(1).max(64) });
/** GET /api/viewProjectSupplier: one row per project and supplier, paged. */
export const projectSupplierQuery = z.object({
  projectId: z.coerce.number().int().positive().optional(),
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(1000).default(10),
});
