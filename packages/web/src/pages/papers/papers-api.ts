// The papers screens' calls: documents of a batch and statements of charges, their commands and files.
import type {
  documentAnswer,
  documentFileAnswer,
  ReconciliationLine,
  statementAnswer,
  statementLineAnswer,
} from '@tradelane/contract';
import type { z } from 'zod';
import { http } from '../../api/request.ts';
import type { UploadAnswer } from '../../api/types.ts';

export type DocumentFile = z.infer<typeof documentFileAnswer>;
export type DocumentRow = z.infer<typeof documentAnswer>;

export interface NewDocument {
  batchId: number;
  docType: string;
  docNo?: string | null;
  name: string;
  fileIds: number[];
}

export type StatementLine = z.infer<typeof statementLineAnswer>;
/** A statement with its lines' amounts, totals, and paid (confirmed vouchers) and outstanding per currency. */
export type StatementRow = z.infer<typeof statementAnswer>;

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
