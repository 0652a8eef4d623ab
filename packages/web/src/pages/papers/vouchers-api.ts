// Payment vouchers' calls (spec §7 `voucherProcess`), the statement as PDF and generated documents.
import type { voucherAnswer } from '@tradelane/contract';
import type { z } from 'zod';
import { http } from '../../api/request.ts';
import type { Page } from '../../api/types.ts';
import type { DocumentRow, StatementRow } from './papers-api.ts';

export type VoucherRow = z.infer<typeof voucherAnswer>;

export interface VoucherBody {
  amount: string;
  currency: string;
  paymentDate: string;
  bankReference: string;
  remark?: string | null;
  fileIds: number[];
}

/** A statement carries its payments (paid and outstanding per currency). */
export type StatementWithPayments = StatementRow;

export const vouchersApi = {
  list: (reconciliationId: number) =>
    http.get<{ content: VoucherRow[] }>('/api/voucherProcess', {
      reconciliationId,
      size: 100,
      sort: 'id,desc',
    }),
  statement: (id: number) => http.get<StatementWithPayments>('/api/reconciliation/queryById', { id }),
  create: (reconciliationId: number, body: VoucherBody) =>
    http.post<VoucherRow>('/api/voucherProcess', { reconciliationId, ...body }),
  update: (id: number, body: VoucherBody) => http.put<VoucherRow>('/api/voucherProcess', { id, ...body }),
  command: (event: 'confirm' | 'reject' | 'submit', id: number, reason?: string) =>
    http.post<VoucherRow>(`/api/voucherProcess/${event}`, reason === undefined ? { id } : { id, reason }),
  remove: (id: number) => http.del('/api/voucherProcess', { data: [id] }),
  statementPdf: (id: number) =>
    http.get<Blob>('/api/reconciliation/export', { id, format: 'pdf' }, { responseType: 'blob' }),
  /** One document, or one commercial invoice per seller and currency. */
  generate: (batchId: number, docType: 'commercial_invoice' | 'packing_list') =>
    http.post<Page<DocumentRow>>('/api/document/generate', { batchId, docType }),
};
