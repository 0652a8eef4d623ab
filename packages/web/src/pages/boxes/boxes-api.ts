// The boxes screens' calls: boxes and their contents, packing, documents, the packing-list commands.
import type { DocLang, LabelFormat } from '@tradelane/contract';
import { http } from '../../api/request.ts';
import type { Page } from '../../api/types.ts';

export interface BoxContent {
  id: number;
  boxId: number;
  suppliesId: number;
  quantity: number;
  lineNo: number;
  materialCode: string | null;
  name: string;
  enName: string | null;
  spec: string | null;
  hsCode: string | null;
  unit: string;
}

export interface BoxRow {
  id: number;
  batchId: number;
  supplierTenantId: number;
  supplierName: string | null;
  batchNumber: string | null;
  boxNumber: string;
  token: string;
  packageType: string;
  length: number;
  width: number;
  height: number;
  grossWeight: number;
  netWeight: number;
  volume: number;
  outOfGauge: boolean;
  stackable: boolean;
  thisSideUp: boolean;
  fragile: boolean;
  dangerous: boolean;
  dangerousClass: string | null;
  unNumber: string | null;
  status: number;
  logisticsStatus: number;
  reason: string | null;
  remark: string | null;
  contentCount: number;
  contents: BoxContent[];
  actions: string[];
}

export interface ProgressRow {
  suppliesId: number;
  supplierTenantId: number;
  lineNo: number;
  materialCode: string | null;
  name: string;
  spec: string | null;
  unit: string;
  quantity: number;
  packed: number;
  left: number;
  progress: number;
}

export interface TimelineEvent {
  id: number;
  time: string;
  byName: string;
  byTenantName: string | null;
  action: string;
  fromStatus: string | null;
  toStatus: string | null;
  note: string | null;
}

/** A box made while packing (the rest of its fields take their defaults). */
export type NewBox = Pick<
  BoxRow,
  'batchId' | 'packageType' | 'length' | 'width' | 'height' | 'grossWeight' | 'netWeight'
> & { boxNumber?: string };

export const boxesApi = {
  template: () => http.get<Blob>('/api/boxPiece/importTemplate', undefined, { responseType: 'blob' }),
  importFile: (batchId: number, taskId: string, _mode: 'append' | 'replace', file: File) => {
    const data = new FormData();
    data.append('batchId', String(batchId));
    data.append('taskId', taskId);
    data.append('file', file);
    return http.post<{ taskId: string; imported: number; boxes: number }>('/api/boxPiece/import', data, {
      silent: (e) => e.code === 'boxes.import_invalid',
      timeoutMs: 300_000,
    });
  },
  byBatch: (batchId: number) => http.get<BoxRow[]>('/api/boxPiece/queryByBatchId', { batchId }),
  byToken: (token: string) => http.get<BoxRow>('/api/boxPiece/queryByBoxId', { boxId: token }),
  progress: (batchId: number) =>
    http.get<{ rows: ProgressRow[]; fullyPacked: boolean }>('/api/boxPiece/packingProgress', { batchId }),
  pack: (body: { boxId?: number; box?: NewBox; items: { suppliesId: number; quantity: number }[] }) =>
    http.post<BoxRow>('/api/boxPieceDetail/createDetail', body),
  removeContents: (ids: number[]) => http.post('/api/boxPieceDetail/removeDetail', ids),
  submit: (batchId: number) =>
    http.post<Page<BoxRow>>(`/api/boxPiece/submitCustomer?batchId=${batchId}`, undefined),
  back: (batchId: number, partnetId: number, reason: string) =>
    http.post<Page<BoxRow>>('/api/boxPiece/back', { batchId, partnetId, reason }),
  timeline: (id: number) =>
    http.get<Page<TimelineEvent>>('/api/changeRecord/timeline', { entity: 'boxPiece', entityId: id }),
  labels: (q: { ids?: number[]; batchId?: number; format: LabelFormat; lang: DocLang }) =>
    http.get<Blob>(
      '/api/boxPiece/labels',
      { ...(q.ids ? { ids: q.ids.join(',') } : { batchId: q.batchId ?? 0 }), format: q.format, lang: q.lang },
      { responseType: 'blob' },
    ),
  packingList: (q: { batchId: number; format: 'pdf' | 'xlsx'; lang: DocLang }) =>
    http.get<Blob>('/api/boxPiece/packingList', q, { responseType: 'blob' }),
};
