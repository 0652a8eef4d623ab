// Wire shapes and calls of issue 5 (docs/api.md "Projects, partners, batches, contracts and material lists").
import type { MaterialListEvent } from '@tradelane/contract';
import { http } from '../../api/request.ts';
import type { Page, UploadAnswer } from '../../api/types.ts';

export interface ProjectRow {
  id: number;
  name: string;
  enName?: string | null;
  code: string;
  country?: string | null;
  site?: string | null;
  description?: string | null;
  startDate?: string | null;
  endDate?: string | null;
  status: number;
  tenantName?: string;
  createTime?: string;
}

export interface BatchRow {
  id: number;
  projectId: number;
  batchNumber: string;
  name?: string | null;
  enName?: string | null;
  plannedShipDate?: string | null;
  portOfLoading?: string | null;
  portOfDischarge?: string | null;
  portOfLoadingName?: string | null;
  portOfDischargeName?: string | null;
  destinationSite?: string | null;
  status: number;
  logisticsStatus: number;
  remark?: string | null;
  projectName?: string;
  createTime?: string;
}

export interface BatchPartnerRow {
  id: number;
  batchId: number;
  partnerTenantId: number;
  partnerEnd: number;
  bpStatus: number;
  contractId?: number | null;
  remark?: string | null;
  partnerName?: string;
}

export interface Amount {
  currency: string;
  amount: number;
}

export interface MaterialListRow {
  id: number;
  batchId: number;
  supplierTenantId: number;
  status: number;
  reason?: string | null;
  submitTime?: string | null;
  confirmTime?: string | null;
  supplierName?: string;
  batchNumber?: string;
  rows: number;
  amounts?: Amount[];
  grossWeight?: number | null;
  /** The commands the caller may fire on the list now (the kernel's answer, own side only). */
  actions: MaterialListEvent[];
  events?: string[];
}

export interface WaitingItem {
  tenantId: number;
  party: string;
  action: string;
  listId?: number;
}

export interface TimelineEvent {
  id?: number;
  time: string;
  by: string;
  /** The person's name and company (older servers answer only `by`). */
  byName?: string | null;
  byTenantName?: string | null;
  entity: string;
  entityId: number;
  action: string;
  fromStatus?: string | null;
  toStatus?: string | null;
  note?: string | null;
}

export interface BatchWorkbench extends BatchRow {
  project: ProjectRow;
  partners: BatchPartnerRow[];
  materialLists: MaterialListRow[];
  waiting: WaitingItem[];
  timeline: TimelineEvent[];
}

export interface ProjectWorkbench {
  project: ProjectRow;
  batches: (BatchRow & {
    partners: BatchPartnerRow[];
    materialLists: MaterialListRow[];
    progress: { suppliers: number; listsSubmitted: number; listsConfirmed: number; rows: number };
    waiting: WaitingItem[];
  })[];
}

export interface PartnershipRow {
  id: number;
  tenantId: number;
  partnerTenantId: number;
  partnerEnd: number;
  status: number;
  remark?: string | null;
  direction: 'invited' | 'invitedBy';
  shipperName: string;
  partnerName: string;
  otherName: string;
  createTime?: string;
}

export interface CustomerRow {
  id: number;
  corporateName: string;
  corporateCode?: string | null;
  end: number;
  partnershipStatus?: number | null;
}

export interface ContractFile {
  id: number;
  fileId: number;
  name: string;
  url: string;
}

export interface ContractRow {
  id: number;
  projectId: number;
  contractNumber: string;
  name?: string | null;
  supplierTenantId: number;
  amount: number;
  currency: string;
  signDate?: string | null;
  incoterm?: string | null;
  incotermPlace?: string | null;
  status: number;
  remark?: string | null;
  supplierName?: string;
  projectName?: string;
  files?: ContractFile[];
}

export interface PersonnelRow {
  id: number;
  projectId: number;
  userId: number;
  role: string;
  remark?: string | null;
  username?: string;
  nickName?: string;
  phone?: string;
  projectName?: string;
}

export interface Currency {
  code: string;
  en: string;
  zh: string;
}
export interface Country {
  code: string;
  en: string;
  zh: string;
}
export interface Port {
  locode: string;
  country: string;
  name: string;
  subdivision?: string | null;
  aliases?: string[];
}

export interface SuppliesRow {
  id: number;
  batchId: number;
  listId: number;
  supplierTenantId: number;
  contractId?: number | null;
  lineNo?: number | null;
  materialCode?: string | null;
  name: string;
  enName?: string | null;
  spec?: string | null;
  brand?: string | null;
  hsCode?: string | null;
  quantity: number;
  unit: string;
  unitPrice?: number | null;
  currency?: string | null;
  totalPrice?: number | null;
  originCountry?: string | null;
  netWeight?: number | null;
  grossWeight?: number | null;
  remark?: string | null;
  tags?: string[];
  supplierName?: string;
  suggestedHsCode?: string | null;
}

export interface ImportError {
  row: number;
  column: string;
  field: string;
  message: string;
}

export interface ImportProgress {
  taskId: string;
  status: 'reading' | 'saving' | 'done' | 'failed';
  total: number;
  processed: number;
  imported: number;
  errorCount: number;
  percent: number;
  errors?: ImportError[];
}

export interface HsItem {
  code: string;
  formatted: string;
  level: number;
  parent: string | null;
  description: string;
  zhDescription?: string | null;
  chapter?: { code: string; en: string; zh: string } | null;
  section?: { code: string; en: string; zh: string } | null;
}
export interface HsPage extends Page<HsItem> {
  national?: { code: string; name: string; elements?: string | null }[];
}
export interface HsSection {
  code: string;
  en: string;
  zh: string;
}

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
    http.get<{ content: CustomerRow[] }>('/api/enterpriseInfo/getCustomer', params),
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
  countries: () => http.get<{ content: Country[] }>('/api/reference/countries'),
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
    return http.post<{ taskId: string; imported: number; listId: number }>(
      '/api/supplies/suppliesListImport',
      data,
      { silent: (e) => e.code === 'supplies.import_invalid', timeoutMs: 300_000 },
    );
  },
  progress: (taskId: string) =>
    http.get<ImportProgress>('/api/supplies/getImportProgress', { taskId }, silent),
};

export const hsApi = {
  byName: (name: string, page: number, size: number) =>
    http.get<HsPage>('/api/hs/thirdParty/searcByName', { name, page, size }),
  byCode: (code: string, page: number, size: number) =>
    http.get<HsPage>('/api/hs/thirdParty/queryByCodeNew', { code, page, size }),
  sections: () => http.get<HsSection[]>('/api/hs/sections'),
  chapters: (section?: string) =>
    http.get<(HsSection & { section: string })[]>('/api/hs/chapters', section ? { section } : undefined),
};
