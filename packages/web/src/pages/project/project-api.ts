// Wire shapes and calls of projects, partners, batches, contracts and material lists (see docs/api.md).
import type {
  batchAnswer,
  batchPartnerAnswer,
  batchWorkbenchAnswer,
  contractAnswer,
  contractFileAnswer,
  countryAnswer,
  currencyAnswer,
  customerAnswer,
  hsChapterAnswer,
  hsItemAnswer,
  hsPageAnswer,
  hsSectionAnswer,
  InputOf,
  importErrorAnswer,
  importProgressAnswer,
  listSummaryAnswer,
  materialListAnswer,
  partnershipAnswer,
  personnelAnswer,
  portAnswer,
  projectAnswer,
  projectWorkbenchAnswer,
  suppliesAnswer,
  timelineEventAnswer,
  waitingAnswer,
} from '@tradelane/contract';
import { fileOps, referenceOps } from '@tradelane/contract/api/account';
import { families } from '@tradelane/contract/api/families';
import { hsOps } from '@tradelane/contract/api/hs';
import { projectOps } from '@tradelane/contract/api/project';
import { suppliesOps } from '@tradelane/contract/api/supplies';
import type { z } from 'zod';
import { call } from '../../api/client.ts';
import { http, noAnswer } from '../../api/request.ts';

export type ProjectRow = z.infer<typeof projectAnswer>;
export type BatchRow = z.infer<typeof batchAnswer>;
export type BatchPartnerRow = z.infer<typeof batchPartnerAnswer>;
export type Amount = z.infer<typeof listSummaryAnswer>['amounts'][number];
export type MaterialListRow = z.infer<typeof materialListAnswer>;
/** A material list as the workbenches sum it up (amounts, weight; no commands). */
export type ListSummary = z.infer<typeof listSummaryAnswer>;
export type WaitingItem = z.infer<typeof waitingAnswer>;
export type TimelineEvent = z.infer<typeof timelineEventAnswer>;
export type BatchWorkbench = z.infer<typeof batchWorkbenchAnswer>;
export type ProjectWorkbench = z.infer<typeof projectWorkbenchAnswer>;
export type PartnershipRow = z.infer<typeof partnershipAnswer>;
export type CustomerRow = z.infer<typeof customerAnswer>;
export type ContractFile = z.infer<typeof contractFileAnswer>;
export type ContractRow = z.infer<typeof contractAnswer>;
export type PersonnelRow = z.infer<typeof personnelAnswer>;
export type Currency = z.infer<typeof currencyAnswer>;
export type Country = z.infer<typeof countryAnswer>;
export type Port = z.infer<typeof portAnswer>;
export type SuppliesRow = z.infer<typeof suppliesAnswer>;

export type ImportError = z.infer<typeof importErrorAnswer>;
export type ImportProgressAnswer = z.infer<typeof importProgressAnswer>;
/** What the import dialog shows: the answer's counts (it starts at zero before the first answer). */
export type ImportProgress = Pick<
  ImportProgressAnswer,
  'taskId' | 'status' | 'total' | 'processed' | 'imported' | 'errorCount' | 'percent'
> &
  Partial<Pick<ImportProgressAnswer, 'errors' | 'reason' | 'message' | 'fileName'>>;
/** The kinds of sheet import (import_task.kind). */
export type ImportTaskKind = 'supplies' | 'boxPiece' | 'plan';

export type HsItem = z.infer<typeof hsItemAnswer>;
export type HsPage = z.infer<typeof hsPageAnswer>;
export type HsSection = z.infer<typeof hsSectionAnswer>;
export type HsChapter = z.infer<typeof hsChapterAnswer>;

type Params = Record<string, string | number | boolean | undefined | null>;

const silent = { silent: true };

export const projectApi = {
  projects: (params: Params = { size: 200 }) => call(families.project.list, params),
  projectWorkbench: (id: number) => call(projectOps.workbench, { id }),
  batches: (params: Params) => call(families.projectBatch.list, params),
  batchWorkbench: (id: number) => call(projectOps.batchWorkbench, { id }),
  addBatchPartner: (body: InputOf<typeof families.batchPartner.create>) =>
    call(families.batchPartner.create, body),
  removeBatchPartner: (ids: number[]) => call(families.batchPartner.remove, ids),
  partnerStatus: (id: number, event: string) =>
    call(projectOps.batchPartnerStatus, {
      id,
      event: event as InputOf<typeof projectOps.batchPartnerStatus>['event'],
    }),
  partners: () => call(families.partner.list, { page: 0, size: 500 }),
  customers: (params: InputOf<typeof projectOps.customers>) => call(projectOps.customers, params),
  invite: (body: InputOf<typeof projectOps.invite>) => call(projectOps.invite, body),
  removePartners: (ids: number[]) => call(projectOps.endPartnerships, ids),
  accept: (id: number) => call(projectOps.accept, { id }),
  decline: (id: number) => call(projectOps.decline, { id }),
  contracts: (params: Params) => call(families.viewProjectContract.list, params),
  attachFiles: (contractId: number, fileIds: number[]) =>
    call(projectOps.attachContractFiles, { contractId, fileIds }),
  upload: (file: File) => {
    const data = new FormData();
    data.append('kind', 'document');
    data.append('file', file);
    return call(fileOps.uploadFile, data);
  },
  personnel: (params: Params) => call(families.viewProjectPersonnel.list, params),
  currencies: () => call(referenceOps.currencies),
  countries: () => call(referenceOps.countries),
  ports: (q: string) => call(referenceOps.ports, { q, size: 20 }, silent),
  download: (url: string) => http.get<Blob>(url, undefined, { responseType: 'blob' }),
};

export const suppliesApi = {
  lists: (batchId: number) => call(families.materialList.list, { batchId }),
  rows: (params: Params) => call(families.supplies.list, params),
  submit: (batchId: number) => call(suppliesOps.submit, { batchId }),
  confirm: (listId: number) => call(suppliesOps.confirm, { listId }),
  back: (listId: number, reason: string) => call(suppliesOps.back, { id: listId, reason }),
  tag: (id: number, tags: string[]) => call(suppliesOps.tag, { id, tags: tags.join(',') }),
  template: () => call(suppliesOps.template, { templateType: 'supplies' }),
  exportList: (params: InputOf<typeof suppliesOps.export>) => call(suppliesOps.export, params),
  importFile: (batchId: number, taskId: string, mode: 'append' | 'replace', file: File) => {
    const data = new FormData();
    data.append('batchId', String(batchId));
    data.append('taskId', taskId);
    data.append('mode', mode);
    data.append('file', file);
    return call(suppliesOps.import, data, {
      // Row errors and a lost answer are the import dialog's to show.
      silent: (e) => e.code === 'supplies.import_invalid' || noAnswer(e),
      timeoutMs: 300_000,
    });
  },
  progress: (taskId: string) => call(suppliesOps.importProgress, { taskId }, silent),
  /** The caller's latest import of this kind (into this batch when given; 404 when there is none). */
  latestImport: (batchId: number | undefined, kind: ImportTaskKind) =>
    call(suppliesOps.importProgress, { batchId, kind }, silent),
};

export const hsApi = {
  byName: (name: string, page: number, size: number) => call(hsOps.byName, { name, page, size }),
  byCode: (code: string, page: number, size: number) => call(hsOps.byCode, { code, page, size }),
  sections: () => call(hsOps.sections),
  chapters: (section?: string) => call(hsOps.chapters, section ? { section } : {}),
};
