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
  suppliesImportAnswer,
  timelineEventAnswer,
  waitingAnswer,
} from '@tradelane/contract';
import type { z } from 'zod';
import { http, noAnswer } from '../../api/request.ts';
import type { Page, UploadAnswer } from '../../api/types.ts';

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
  projects: (params: Params = { size: 200 }) => http.get<Page<ProjectRow>>('/api/project', params),
  projectWorkbench: (id: number) => http.get<ProjectWorkbench>('/api/project/workbench', { id }),
  batches: (params: Params) => http.get<Page<BatchRow>>('/api/projectBatch', params),
  batchWorkbench: (id: number) => http.get<BatchWorkbench>('/api/projectBatch/workbench', { id }),
  addBatchPartner: (body: { batchId: number; partnerTenantId: number; contractId?: number | null }) =>
    http.post<BatchPartnerRow>('/api/batchPartner', body),
  removeBatchPartner: (ids: number[]) => http.del('/api/batchPartner', { data: ids }),
  partnerStatus: (id: number, event: string) =>
    http.post<BatchPartnerRow>('/api/batchPartner/updateStatus', { id, event }),
  partners: () => http.get<Page<PartnershipRow>>('/api/partner', { page: 0, size: 500 }),
  customers: (params: Params) =>
    http.get<{ content: CustomerRow[]; totalElements: number }>('/api/enterpriseInfo/getCustomer', params),
  invite: (body: {
    partnerTenantId?: number;
    corporateName?: string;
    corporateCode?: string;
    phone?: string;
    remark?: string;
  }) => http.post<PartnershipRow>('/api/partnership/invite', body),
  removePartners: (ids: number[]) => http.del('/api/partner', { data: ids }),
  accept: (id: number) => http.post<PartnershipRow>('/api/enterpriseInfo/acceptInvite', { id }),
  decline: (id: number) => http.post<PartnershipRow>('/api/partnership/decline', { id }),
  contracts: (params: Params) => http.get<Page<ContractRow>>('/api/viewProjectContract', params),
  attachFiles: (contractId: number, fileIds: number[]) =>
    http.post('/api/projectContractFile/createBatch', { contractId, fileIds }),
  upload: (file: File) => {
    const data = new FormData();
    data.append('kind', 'document');
    data.append('file', file);
    return http.post<UploadAnswer>('/api/file/upload', data);
  },
  personnel: (params: Params) => http.get<Page<PersonnelRow>>('/api/viewProjectPersonnel', params),
  currencies: () => http.get<Page<Currency>>('/api/reference/currencies'),
  countries: () => http.get<Page<Country>>('/api/reference/countries'),
  ports: (q: string) => http.get<Page<Port>>('/api/reference/ports', { q, size: 20 }, silent),
  download: (url: string) => http.get<Blob>(url, undefined, { responseType: 'blob' }),
};

export const suppliesApi = {
  lists: (batchId: number) => http.get<Page<MaterialListRow>>('/api/materialList', { batchId }),
  rows: (params: Params) => http.get<Page<SuppliesRow>>('/api/supplies', params),
  submit: (batchId: number) => http.post<MaterialListRow>('/api/supplies/submitCustomer', { batchId }),
  confirm: (listId: number) => http.post<MaterialListRow>('/api/supplies/confirm', { listId }),
  back: (listId: number, reason: string) =>
    http.get<MaterialListRow>(`/api/supplies/back/${listId}`, { reason }),
  tag: (id: number, tags: string[]) => http.get(`/api/supplies/tag/${id}`, { tags: tags.join(',') }),
  template: () =>
    http.get<Blob>(
      '/api/importTemplate/getByTemplateType',
      { templateType: 'supplies' },
      { responseType: 'blob' },
    ),
  exportList: (params: Params) => http.get<Blob>('/api/supplies/export', params, { responseType: 'blob' }),
  importFile: (batchId: number, taskId: string, mode: 'append' | 'replace', file: File) => {
    const data = new FormData();
    data.append('batchId', String(batchId));
    data.append('taskId', taskId);
    data.append('mode', mode);
    data.append('file', file);
    return http.post<z.infer<typeof suppliesImportAnswer>>('/api/supplies/suppliesListImport', data, {
      // Row errors and a lost answer are the import dialog's to show.
      silent: (e) => e.code === 'supplies.import_invalid' || noAnswer(e),
      timeoutMs: 300_000,
    });
  },
  progress: (taskId: string) =>
    http.get<ImportProgressAnswer>('/api/supplies/getImportProgress', { taskId }, silent),
  /** The caller's latest import of this kind (into this batch when given; 404 when there is none). */
  latestImport: (batchId: number | undefined, kind: ImportTaskKind) =>
    http.get<ImportProgressAnswer>('/api/supplies/getImportProgress', { batchId, kind }, silent),
};

export const hsApi = {
  byName: (name: string, page: number, size: number) =>
    http.get<HsPage>('/api/hs/thirdParty/searcByName', { name, page, size }),
  byCode: (code: string, page: number, size: number) =>
    http.get<HsPage>('/api/hs/thirdParty/queryByCodeNew', { code, page, size }),
  sections: () => http.get<HsSection[]>('/api/hs/sections'),
  chapters: (section?: string) =>
    http.get<HsChapter[]>('/api/hs/chapters', section ? { section } : undefined),
};
