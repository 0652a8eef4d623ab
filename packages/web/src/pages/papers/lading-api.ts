// The calls of the B/L and tally screens (issue 15): spec §7 paths `billLading` (POST, PUT when an id is
// present) with its commands and PDF, `tallySheet` (PUT, POST batchUpdate, GET synchPacklist) and
// `viewTallySheet`.
import type { BillLadingContainer, BillLadingCreate } from '@tradelane/contract';
import { http } from '../../api/request.ts';

export interface BillLadingRow extends Omit<BillLadingCreate, 'batchId'> {
  id: number;
  batchId: number;
  batchNumber: string | null;
  partyName: string | null;
  status: number;
  reason: string | null;
  containers: BillLadingContainer[];
  portOfLoadingName: string | null;
  portOfDischargeName: string | null;
  fromBoxes: { packages: number; grossWeight: string; measurement: string };
  mine: boolean;
  actions: string[];
}

export interface TallyRow {
  id: number;
  batchId: number;
  boxId: number;
  boxNumber: string;
  supplierName: string | null;
  expectedQuantity: string;
  talliedQuantity: string | null;
  status: number;
  note: string | null;
  tallyBy: string | null;
  tallyTime: string | null;
  actions: string[];
}

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
