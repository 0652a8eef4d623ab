// The papers screens' calls: documents of a batch and statements of charges, their commands and files.
import type { CurrencyTotal, PaymentSummary, ReconciliationLine } from '@tradelane/contract';
import { http } from '../../api/request.ts';
import type { UploadAnswer } from '../../api/types.ts';

export interface DocumentFile {
  id: number;
  name: string;
  mime: string;
  size: number;
  url: string;
  viewUrl: string;
}

export interface DocumentRow {
  id: number;
  batchId: number;
  docType: string;
  docTypeLabel: string;
  docNo: string | null;
  name: string;
  remark: string | null;
  partyTenantId: number;
  partyName: string | null;
  status: number;
  files: DocumentFile[];
  mine: boolean;
  actions: string[];
  createTime: string;
}

export interface NewDocument {
  batchId: number;
  docType: string;
  docNo?: string | null;
  name: string;
  fileIds: number[];
}

export type StatementLine = ReconciliationLine & {
  chargeTypeLabel?: string;
  net?: string;
  tax?: string;
  gross?: string;
};

export interface StatementRow {
  id: number;
  batchId: number;
  batchNumber: string | null;
  statementNo: string | null;
  remark: string | null;
  partyTenantId: number;
  partyName: string | null;
  status: number;
  reason: string | null;
  lines: StatementLine[];
  totals: CurrencyTotal[];
  /** Paid (confirmed payment vouchers) and outstanding per currency. */
  payments: PaymentSummary[];
  mine: boolean;
  actions: string[];
}

export const papersApi = {
  upload: (file: File) => {
    const data = new FormData();
    data.append('kind', 'paper');
    data.append('file', file);
    return http.post<UploadAnswer>('/api/file', data);
  },
  batchAdd: (docs: NewDocument[]) => http.post<DocumentRow[]>('/api/document/batchAdd', docs),
  documentCommand: (event: 'submit' | 'confirm', id: number) =>
    http.post<DocumentRow>(`/api/document/${event}`, { id }),
  createStatement: (body: {
    batchId: number;
    statementNo?: string | null;
    remark?: string | null;
    lines: ReconciliationLine[];
  }) => http.post<StatementRow>('/api/reconciliation', body),
  updateStatement: (body: {
    id: number;
    statementNo?: string | null;
    remark?: string | null;
    lines: ReconciliationLine[];
  }) => http.put<StatementRow>('/api/reconciliation', body),
  statementCommand: (event: 'submit' | 'confirm' | 'reject', id: number, reason?: string) =>
    http.post<StatementRow>(`/api/reconciliation/${event}`, reason === undefined ? { id } : { id, reason }),
  remove: (family: 'document' | 'reconciliation', id: number) => http.del(`/api/${family}`, { data: [id] }),
  exportStatement: (id: number) =>
    http.get<Blob>('/api/reconciliation/export', { id }, { responseType: 'blob' }),
};
