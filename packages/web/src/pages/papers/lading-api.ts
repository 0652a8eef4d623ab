// The calls of the B/L and tally screens: spec §7 paths `billLading` (POST, PUT when an id is
// present) with its commands and PDF, `tallySheet` (PUT, POST batchUpdate, GET synchPacklist) and
// `viewTallySheet`.
import type { BillLadingCreate, billLadingAnswer, tallyAnswer } from '@tradelane/contract';
import type { z } from 'zod';
import { http } from '../../api/request.ts';

export type BillLadingRow = z.infer<typeof billLadingAnswer>;
export type TallyRow = z.infer<typeof tallyAnswer>;

export type BillLadingBody = Partial<Omit<BillLadingCreate, 'batchId'>>;

export const ladingApi = {
  createBill: (batchId: number) => http.post<BillLadingRow>('/api/billLading', { batchId }),
  /** Spec §7: PUT when an id is present. */
  saveBill: (id: number, body: BillLadingBody) => http.put<BillLadingRow>('/api/billLading', { id, ...body }),
  bill: (id: number) => http.get<BillLadingRow>('/api/billLading/queryById', { id }),
  billCommand: (event: 'submit' | 'confirm' | 'reject', id: number, reason?: string) =>
    http.post<BillLadingRow>(`/api/billLading/${event}`, reason === undefined ? { id } : { id, reason }),
  removeBill: (id: number) => http.del('/api/billLading', { data: [id] }),
  billPdf: (id: number) => http.get<Blob>('/api/billLading/pdf', { id }, { responseType: 'blob' }),
  tally: (batchId: number, status?: number) =>
    http.get<{ content: TallyRow[]; totalElements: number }>('/api/viewTallySheet', {
      batchId,
      page: 0,
      size: 2000,
      ...(status === undefined ? {} : { status }),
    }),
  sync: (batchId: number) =>
    http.get<{ added: number; refreshed: number; totalElements: number }>('/api/tallySheet/synchPacklist', {
      batchId,
    }),
  tallyBox: (body: { id: number; status: number; talliedQuantity?: string | null; note?: string | null }) =>
    http.put<TallyRow>('/api/tallySheet', body),
  tallyMany: (ids: number[], status: number) =>
    http.post<{ content: TallyRow[]; totalElements: number }>('/api/tallySheet/batchUpdate', { ids, status }),
};
