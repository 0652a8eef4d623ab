// The boxes screens' calls: boxes and their contents, packing, documents, the packing-list commands.
import type {
  boxAnswer,
  boxContentAnswer,
  DocLang,
  InputOf,
  LabelFormat,
  packingProgressRowAnswer,
  timelineEventAnswer,
} from '@tradelane/contract';
import { boxesOps } from '@tradelane/contract/api/boxes';
import { platformOps } from '@tradelane/contract/api/platform';
import type { z } from 'zod';
import { call } from '../../api/client.ts';
import { noAnswer } from '../../api/request.ts';

export type BoxContent = z.infer<typeof boxContentAnswer>;
export type BoxRow = z.infer<typeof boxAnswer>;
export type ProgressRow = z.infer<typeof packingProgressRowAnswer>;
export type TimelineEvent = z.infer<typeof timelineEventAnswer>;

/** A box made while packing (the rest of its fields take their defaults). */
export type NewBox = Pick<
  BoxRow,
  'batchId' | 'packageType' | 'length' | 'width' | 'height' | 'grossWeight' | 'netWeight'
> & { boxNumber?: string };

export const boxesApi = {
  template: () => call(boxesOps.importTemplate),
  importFile: (batchId: number, taskId: string, _mode: 'append' | 'replace', file: File) => {
    const data = new FormData();
    data.append('batchId', String(batchId));
    data.append('taskId', taskId);
    data.append('file', file);
    return call(boxesOps.import, data, {
      // Row errors and a lost answer are the import dialog's to show.
      silent: (e) => e.code === 'boxes.import_invalid' || noAnswer(e),
      timeoutMs: 300_000,
    });
  },
  byBatch: (batchId: number) => call(boxesOps.byBatch, { batchId }),
  byToken: (token: string) => call(boxesOps.byToken, { boxId: token }),
  progress: (batchId: number) => call(boxesOps.packingProgress, { batchId }),
  pack: (body: InputOf<typeof boxesOps.pack>) => call(boxesOps.pack, body),
  removeContents: (ids: number[]) => call(boxesOps.removeDetails, ids),
  submit: (batchId: number) => call(boxesOps.submit, { batchId }),
  back: (batchId: number, partnetId: number, reason: string) =>
    call(boxesOps.back, { batchId, partnetId, reason }),
  timeline: (id: number) => call(platformOps.timeline, { entity: 'boxPiece', entityId: id }),
  labels: (q: {
    ids?: number[];
    batchId?: number;
    format: LabelFormat;
    lang: DocLang;
    /** A GS1 company prefix: print an SSCC per box (a box without one is given the prefix's next). */
    ssccPrefix?: string;
  }) =>
    call(boxesOps.labels, {
      ...(q.ids ? { ids: q.ids.join(',') } : { batchId: q.batchId ?? 0 }),
      format: q.format,
      lang: q.lang,
      ...(q.ssccPrefix ? { ssccPrefix: q.ssccPrefix } : {}),
    }),
  packingList: (q: { batchId: number; format: 'pdf' | 'xlsx'; lang: DocLang }) =>
    call(boxesOps.packingList, q),
};
