// Material lists and their rows (the supplies module's): the list's state machine `{from, event, to, who,
// guard}`, read by the server's commands and the web's buttons, a row's fields and tags, the import and
// export sheets' columns.
import { z } from 'zod';
import { zCountry, zCurrency, zHsCode } from './project.ts';
import type { StateMachine } from './workflow.ts';

const id = z.coerce.number().int().positive();
const text = (max: number) => z.string().trim().max(max);
const optText = (max: number) => text(max).nullish();
const money = z.coerce.number().min(0).max(1e13);

/** A material list: the supplies of one supplier on one batch. Confirmed is final. */
export const MaterialListStatus = { draft: 0, submitted: 1, confirmed: 2, returned: 3 } as const;
export type MaterialListStatusValue = (typeof MaterialListStatus)[keyof typeof MaterialListStatus];
export type MaterialListEvent = 'submit' | 'confirm' | 'back' | 'edit';
export const materialListMachine: StateMachine<MaterialListStatusValue, MaterialListEvent> = [
  { from: 0, event: 'submit', to: 1, who: ['supplier'], guard: 'hasRows' },
  { from: 3, event: 'submit', to: 1, who: ['supplier'], guard: 'hasRows' },
  { from: 1, event: 'confirm', to: 2, who: ['shipper'] },
  { from: 1, event: 'back', to: 3, who: ['shipper'], guard: 'reason' },
  // The supplier's first change to a returned list reopens it as a draft.
  { from: 3, event: 'edit', to: 0, who: ['supplier'] },
  { from: 0, event: 'edit', to: 0, who: ['supplier'] },
];

export const materialListStatusLabels: Record<number, { zh: string; en: string }> = {
  0: { zh: '草稿', en: 'Draft' },
  1: { zh: '已提交', en: 'Submitted' },
  2: { zh: '已确认', en: 'Confirmed' },
  3: { zh: '已退回', en: 'Returned' },
};

export const materialTags = [
  { code: 'urgent', zh: '加急', en: 'Urgent' },
  { code: 'dangerous', zh: '危险品', en: 'Dangerous goods' },
  { code: 'spare', zh: '备件', en: 'Spare part' },
] as const;
export const materialTagCodes = materialTags.map((t) => t.code) as [string, ...string[]];
/** A row's tags as a reader's words ("加急、备件" / "Urgent, Spare part"); none is empty. */
export function materialTagText(
  tags: readonly string[] | null | undefined,
  lang: 'zh' | 'en',
): string | null {
  const words = (tags ?? []).map((c) => materialTags.find((t) => t.code === c)?.[lang] ?? c);
  return words.length ? words.join(lang === 'en' ? ', ' : '、') : null;
}
/**
 * Tags as a sheet gives them back (codes or either language's words, split by commas, 、 or ;): the codes,
 * or `null` when a word names no tag.
 */
export function materialTagsFromText(value: string): string[] | null {
  const out: string[] = [];
  for (const word of value.split(/[,，、;；]/).map((w) => w.trim().toLowerCase())) {
    if (!word) continue;
    const tag = materialTags.find((t) => [t.code, t.zh, t.en.toLowerCase()].includes(word));
    if (!tag) return null;
    if (!out.includes(tag.code)) out.push(tag.code);
  }
  return out;
}

/** One material row: what a supplier types or imports. Total is computed by the server. */
export const suppliesCreate = z.object({
  batchId: id,
  contractId: id.nullish(),
  lineNo: z.coerce.number().int().min(1).max(1_000_000).optional(),
  materialCode: optText(64),
  name: text(200).min(1),
  enName: optText(200),
  spec: optText(200),
  brand: optText(100),
  hsCode: zHsCode.nullish(),
  quantity: z.coerce.number().positive().max(1e12),
  unit: text(20).min(1),
  unitPrice: money.nullish(),
  currency: zCurrency.nullish(),
  originCountry: zCountry.nullish(),
  netWeight: z.coerce.number().min(0).max(1e9).nullish(),
  grossWeight: z.coerce.number().min(0).max(1e9).nullish(),
  remark: optText(500),
});
export const suppliesUpdate = suppliesCreate.omit({ batchId: true }).partial();
export type SuppliesInput = z.infer<typeof suppliesCreate>;

/** Names a material list: by its id, or by batch (+ supplier, the caller's own by default). */
export const listRefBody = z
  .object({ batchId: id.optional(), supplierTenantId: id.optional(), listId: id.optional() })
  .refine((b) => b.listId || b.batchId, { message: 'validation.required', path: ['batchId'] });
export const upateSourceLandBody = z.object({ ids: z.array(id).min(1).max(10_000), originCountry: zCountry });
export const backQuery = z.object({
  reason: z
    .string({ message: 'supplies.reason_required' })
    .trim()
    .min(1, { message: 'supplies.reason_required' })
    .max(500),
});

/** POST /api/materialList/reopen: the returned list to reopen as a draft. */
export const materialListIdBody = z.object({ id: z.coerce.number().int().positive() });
/** GET /api/supplies/back/:id: the submitted list to return, and why. */
export const returnListInput = backQuery.extend({ id: z.coerce.number().int().positive() });
/** POST /api/materialList/confirm: the submitted lists to confirm, all or none (or the ids as the body). */
export const confirmListsBody = z.object({
  ids: z.array(z.coerce.number().int().positive()).min(1).max(500),
});
/** GET /api/supplies/tag/:id: a row's tags, comma-separated (none clears them). */
export const rowTagsInput = z.object({
  id: z.coerce.number().int().positive(),
  tags: z.string().max(200).default(''),
});
/** GET /api/supplies/sendHsCode/:id: a row's HS code. */
export const rowHsCodeInput = z.object({ id: z.coerce.number().int().positive(), hsCode: zHsCode });
/** GET /api/importTemplate/getByTemplateType: the template asked for (the spec's templateType, or type). */
export const templateQuery = z.object({
  templateType: z.string().default('supplies'),
  type: z.string().optional(),
});
/** The fields of a material-list import beside its file: the batch, the task's id (to follow it), the mode. */
export const suppliesImportFields = z.object({
  batchId: z.coerce.number().int().positive(),
  taskId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
  mode: z.enum(['append', 'replace']).default('append'),
});
/** GET /api/supplies/getImportProgress: a task, or the caller's latest import (of a batch and kind). */
export const importProgressQuery = z.object({
  taskId: z.string().trim().max(64).optional(),
  batchId: z.coerce.number().int().positive().optional(),
  kind: z.enum(['supplies', 'boxPiece', 'plan']).optional(),
});
/** The rows an export takes: of a batch, a list or a supplier. */
export const suppliesExportQuery = z.object({
  batchId: z.coerce.number().int().positive().optional(),
  listId: z.coerce.number().int().positive().optional(),
  supplierTenantId: z.coerce.number().int().positive().optional(),
});

/** Columns of the material-list Excel template (zh and en headers), in order. */
export const suppliesColumns = [
  { key: 'lineNo', zh: '序号', en: 'Line No.', width: 8 },
  { key: 'materialCode', zh: '物料编码', en: 'Material code', width: 16, text: true },
  { key: 'name', zh: '物料名称', en: 'Name (Chinese)', width: 24, required: true },
  { key: 'enName', zh: '英文名称', en: 'Name (English)', width: 24 },
  { key: 'spec', zh: '规格型号', en: 'Spec / model', width: 20 },
  { key: 'brand', zh: '品牌', en: 'Brand', width: 12 },
  { key: 'hsCode', zh: 'HS编码', en: 'HS code', width: 12, text: true },
  { key: 'quantity', zh: '数量', en: 'Quantity', width: 10, required: true },
  { key: 'unit', zh: '单位', en: 'Unit', width: 8, required: true },
  { key: 'unitPrice', zh: '单价', en: 'Unit price', width: 12 },
  { key: 'currency', zh: '币种', en: 'Currency', width: 8 },
  { key: 'originCountry', zh: '原产国', en: 'Country of origin', width: 10 },
  { key: 'netWeight', zh: '净重(kg)', en: 'Net weight (kg)', width: 12 },
  { key: 'grossWeight', zh: '毛重(kg)', en: 'Gross weight (kg)', width: 12 },
  { key: 'remark', zh: '备注', en: 'Remarks', width: 24 },
  { key: 'tags', zh: '标签', en: 'Tags', width: 14 },
] as const;
export type SuppliesColumnKey = (typeof suppliesColumns)[number]['key'];
