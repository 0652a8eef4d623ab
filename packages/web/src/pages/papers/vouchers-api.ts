// Payment vouchers' calls (spec §7 `voucherProcess`), the statement as PDF and generated documents.
import type { voucherAnswer, voucherUpdate } from '@tradelane/contract';
import { families } from '@tradelane/contract/api/families';
import { papersOps } from '@tradelane/contract/api/papers';
import type { z } from 'zod';
import { call, callCommand } from '../../api/client.ts';
import type { StatementRow } from './papers-api.ts';

export type VoucherRow = z.infer<typeof voucherAnswer>;

export type VoucherBody = z.input<typeof voucherUpdate>;

/** A statement carries its payments (paid and outstanding per currency). */
export type StatementWithPayments = StatementRow;

/** The row's commands by event. */
const voucherSteps = {
  submit: papersOps.submitVoucher,
  confirm: papersOps.confirmVoucher,
  reject: papersOps.rejectVoucher,
};

export const vouchersApi = {
  list: (reconciliationId: number) =>
    call(families.voucherProcess.list, { reconciliationId, size: 100, sort: 'id,desc' }),
  statement: (id: number) => call(families.reconciliation.queryById, { id }),
  create: (reconciliationId: number, body: VoucherBody) =>
    call(families.voucherProcess.create, { reconciliationId, ...body }),
  update: (id: number, body: VoucherBody) => call(families.voucherProcess.update, { id, ...body }),
  command: (event: string, id: number, reason?: string) => callCommand(voucherSteps, event, id, reason),
  remove: (id: number) => call(families.voucherProcess.remove, [id]),
  statementPdf: (id: number) => call(papersOps.exportStatement, { id, format: 'pdf' }),
  /** One document, or one commercial invoice per seller and currency. */
  generate: (batchId: number, docType: 'commercial_invoice' | 'packing_list') =>
    call(papersOps.generateDocuments, { batchId, docType }),
};
