// The boxes screens' calls: boxes and their contents, packing, documents, the packing-list commands.
import type {
  boxAnswer,
  boxContentAnswer,
  DocLang,
  LabelFormat,
  packingProgressAnswer,
  packingProgressRowAnswer,
  timelineEventAnswer,
} from '@tradelane/contract';
import type { z } from 'zod';
import { http, noAnswer } from '../../api/request.ts';
import type { Page } from '../../api/types.ts';

export type BoxContent = z.infer<typeof boxContentAnswer>;
export type BoxRow = z.infer<typeof boxAnswer>;
export type ProgressRow = z.infer<typeof packingProgressRowAnswer>;
export type TimelineEvent = z.infer<typeof timelineEventAnswer>;
type Progress = z.infer<typeof packingProgressAnswer>;

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
      // Row errors and a lost answer are the import dialog's to show.
      silent: (e) => e.code === 'boxes.import_invalid' || noAnswer(e),
      timeoutMs: 300_000,
    });
  },
  byBatch: (batchId: number) => http.get<BoxRow[]>('/api/boxPiece/queryByBatchId', { batchId }),
  byToken: (token: string) => http.get<BoxRow>('/api/boxPiece/queryByBoxId', { boxId: token }),
  progress: (batchId: number) => http.get<Progress>('/api/boxPiece/packingProgress', { batchId }),
  pack: (body: { boxId?: number; box?: NewBox; items: { suppliesId: number; quantity: number }[] }) =>
    http.post<BoxRow>('/api/boxPieceDetail/createDetail', body),
  removeContents: (ids: number[]) => http.post('/api/boxPieceDetail/removeDetail', ids),
  submit: (batchId: number) =>
    http.post<Page<BoxRow>>(`/api/boxPiece/submitCustomer?batchId=${batchId}`, undefined),
  back: (batchId: number, partnetId: number, reason: string) =>
    http.post<Page<BoxRow>>('/api/boxPiece/back', { batchId, partnetId, reason }),
  timeline: (id: number) =>
    http.get<Page<TimelineEvent>>('/api/changeRecord/timeline', { entity: 'boxPiece', entityId: id }),
  labels: (q: {
    ids?: number[];
    batchId?: number;
    format: LabelFormat;
    lang: DocLang;
    /** A GS1 company prefix: print an SSCC per box (a box without one is given the prefix's next). */
    ssccPrefix?: string;
  }) =>
    http.get<Blob>(
      '/api/boxPiece/labels',
      {
        ...(q.ids ? { ids: q.ids.join(',') } : { batchId: q.batchId ?? 0 }),
        format: q.format,
        lang: q.lang,
        ...(q.ssccPrefix ? { ssccPrefix: q.ssccPrefix } : {}),
      },
      { responseType: 'blob' },
    ),
  packingList: (q: { batchId: number; format: 'pdf' | 'xlsx'; lang: DocLang }) =>
    http.get<Blob>('/api/boxPiece/packingList', q, { responseType: 'blob' }),
};
