// Answers of the material lists: a list and its sums, its rows, a supplier's remembered material codes,
// and the progress of a sheet's import.
import { z } from 'zod';
import { materialListMachine } from '../supplies.ts';
import { engineRow, eventOf } from './common.ts';

const listFields = engineRow.extend({
  tenantId: z.number(),
  projectId: z.number(),
  batchId: z.number(),
  supplierTenantId: z.number(),
  status: z.number(),
  reason: z.string().nullable(),
  submitTime: z.string().nullable(),
  confirmTime: z.string().nullable(),
  supplierName: z.string().nullable(),
  rows: z.number(),
});
/** A material list (GET /api/materialList and its commands): its rows and the caller's commands. */
export const materialListAnswer = listFields.extend({
  batchNumber: z.string().nullable(),
  /** The commands the caller may give on the list now (the kernel's answer, own side only). */
  actions: z.array(eventOf(materialListMachine)),
  /** The same without the implicit `edit`. */
  events: z.array(eventOf(materialListMachine)),
});
/** A material list as the workbenches sum it up: amounts per currency and gross weight. */
export const listSummaryAnswer = listFields.extend({
  amounts: z.array(z.strictObject({ currency: z.string(), amount: z.number() })),
  grossWeight: z.number(),
});

/** A material row (GET /api/supplies). */
export const suppliesAnswer = engineRow.extend({
  tenantId: z.number(),
  projectId: z.number(),
  batchId: z.number(),
  listId: z.number(),
  supplierTenantId: z.number(),
  contractId: z.number().nullable(),
  lineNo: z.number(),
  materialCode: z.string().nullable(),
  name: z.string(),
  enName: z.string().nullable(),
  spec: z.string().nullable(),
  brand: z.string().nullable(),
  hsCode: z.string().nullable(),
  quantity: z.number(),
  unit: z.string(),
  unitPrice: z.number().nullable(),
  currency: z.string().nullable(),
  totalPrice: z.number().nullable(),
  originCountry: z.string().nullable(),
  netWeight: z.number().nullable(),
  grossWeight: z.number().nullable(),
  remark: z.string().nullable(),
  tags: z.array(z.string()),
  supplierName: z.string().nullable(),
  /** The customs code register's code when the row has none. */
  suggestedHsCode: z.string().nullable(),
});

/** A refused row of an import: where, which field, and why (in the caller's language). */
export const importErrorAnswer = z.strictObject({
  row: z.number(),
  column: z.string(),
  field: z.string(),
  message: z.string(),
});
/** GET /api/supplies/getImportProgress: an import's progress (any API node reads it from import_task). */
export const importProgressAnswer = z.strictObject({
  taskId: z.string(),
  /** `supplies` (a material list) or `boxPiece` (a packing list). */
  kind: z.string(),
  batchId: z.number().nullable(),
  /** The name of the file the user chose. */
  fileName: z.string().nullable(),
  status: z.enum(['reading', 'saving', 'done', 'failed']),
  /**
   * Why a failed import failed (a message code): `import.interrupted` when its server stopped while it
   * worked (nothing was saved; the same file can be imported again), else the refusal's code.
   */
  reason: z.string().nullable(),
  /** The reason in the caller's language. */
  message: z.string().nullable(),
  total: z.number(),
  processed: z.number(),
  imported: z.number(),
  errorCount: z.number(),
  percent: z.number(),
  /** The first 100 refused rows. */
  errors: z.array(importErrorAnswer),
  createTime: z.string(),
  updateTime: z.string(),
});

/** A finished import (POST /api/supplies/suppliesListImport answers it with the list it filled). */
export const importDoneAnswer = z.strictObject({
  taskId: z.string(),
  status: z.literal('done'),
  imported: z.number(),
});
export const suppliesImportAnswer = importDoneAnswer.extend({ listId: z.number() });

/** A material row as stored (a row edit by command answers it, without the names the list adds). */
export const suppliesRowAnswer = suppliesAnswer.omit({ supplierName: true, suggestedHsCode: true });
/** A supplier's remembered material code with its last HS classification (GET /api/materialCode). */
export const materialCodeAnswer = engineRow.extend({
  tenantId: z.number(),
  code: z.string(),
  name: z.string(),
  enName: z.string().nullable(),
  spec: z.string().nullable(),
  brand: z.string().nullable(),
  unit: z.string().nullable(),
  hsCode: z.string().nullable(),
  originCountry: z.string().nullable(),
});
/** GET /api/supplies/summary: rows and amount per list and currency of a batch. */
export const suppliesSummaryAnswer = z.array(
  z.strictObject({
    listId: z.number(),
    currency: z.string().nullable(),
    rows: z.number(),
    amount: z.string().nullable(),
  }),
);
