// The declaration workbench's calls (issue 14): declarations, lines, elements, prices, tickets, review,
// the broker's file and clearance at destination.
import { http, request } from '../../api/request.ts';
import type { Page } from '../../api/types.ts';

export interface DeclareRow {
  id: number;
  batchId: number;
  batchNumber: string | null;
  brokerName: string | null;
  brokerTenantId: number | null;
  tenantId: number;
  direction: 'export' | 'import';
  status: number;
  reason: string | null;
  customsOffice: string | null;
  portOfExit: string | null;
  tradeMode: string;
  transportMode: string;
  vesselName: string | null;
  voyageNo: string | null;
  blNumber: string | null;
  contractNumber: string | null;
  tradingCountry: string | null;
  destinationCountry: string | null;
  portOfDestination: string | null;
  incoterm: string | null;
  currency: string;
  freight: string | null;
  insurance: string | null;
  otherCharges: string | null;
  packages: number | null;
  packageType: string | null;
  grossWeight: string | null;
  netWeight: string | null;
  remark: string | null;
  lines: number;
  undivided: number;
  tickets: number;
  actions: string[];
}

export interface LineRow {
  id: number;
  declareId: number;
  assortId: number | null;
  lineNo: number;
  hsCode: string | null;
  name: string;
  elements: string | null;
  quantity: string;
  confirmedQuantity: string;
  unit: string;
  unitPrice: string | null;
  totalPrice: string | null;
  currency: string | null;
  originCountry: string | null;
  destinationCountry: string | null;
  domesticSource: string | null;
  legalQuantity1: string | null;
  legalUnit1: string | null;
  legalQuantity2: string | null;
  legalUnit2: string | null;
  remark: string | null;
  tradeMode: string;
  contractNumber: string | null;
  elementsId: number | null;
  elementValues: Record<string, string>;
  elementTemplate: string[];
  tariffName: string | null;
  missingElements: string[];
  declaredPrice: string | null;
  declaredCurrency: string | null;
  suggestedHsCode: string | null;
}

export interface TicketRow {
  id: number;
  declareId: number;
  ticketNo: number;
  tradeMode: string | null;
  contractNumber: string | null;
  status: number;
  entryNumber: string | null;
  lines: number;
  totals: { currency: string; amount: string }[];
  actions: string[];
}

export interface PriceRow {
  id: number;
  lineId: number;
  totalPurchasePrice: string;
  purchaseCurrency: string;
  premiumRate: string;
  rateMonth: string;
  conversionFactor: string;
  declaredCurrency: string;
  declaredPrice: string;
}

export interface TimelineEvent {
  action: string;
  from: string | null;
  to: string | null;
  note: string | null;
  time: string;
  by: string;
  byName?: string | null;
  byTenantName?: string | null;
  place?: string | null;
}

export interface ClearanceRow {
  id: number;
  batchId: number;
  status: number;
  lodgedDate: string | null;
  inspectionDate: string | null;
  assessedDate: string | null;
  paidDate: string | null;
  releasedDate: string | null;
  dutiesAmount: string | null;
  dutiesCurrency: string | null;
  actions: string[];
  timeline: TimelineEvent[];
}

export interface ExamineRow {
  id: number;
  action: string;
  opinion: string | null;
  authorName: string | null;
  createBy: string | null;
  createTime: string;
}

export interface HsHit {
  code: string;
  name: string;
}

const all = { page: 0, size: 1000 };

export const customsApi = {
  /** The declaration worked on last (the workbench opens on its batch). */
  latest: () =>
    http
      .get<Page<DeclareRow>>('/api/projectDeclare', { page: 0, size: 1, sort: 'updateTime,desc' })
      .then((p) => p.content[0] ?? null),
  declares: (batchId: number) =>
    http.get<Page<DeclareRow>>('/api/projectDeclare', { batchId, ...all }).then((p) => p.content),
  createDeclare: (body: { batchId: number; direction: string }) =>
    http.post<DeclareRow>('/api/projectDeclare', body),
  updateDeclare: (body: Partial<DeclareRow> & { id: number }) =>
    http.put<DeclareRow>('/api/projectDeclare', body),
  lines: (declareId: number) =>
    http.get<Page<LineRow>>('/api/declareLine', { declareId, ...all }).then((p) => p.content),
  updateLine: (body: Record<string, unknown> & { id: number }) => http.put<LineRow>('/api/declareLine', body),
  build: (declareId: number) => http.post<DeclareRow>('/api/projectDeclare/buildLines', { declareId }),
  elements: (items: { lineId: number; values: Record<string, string> }[]) =>
    http.post<DeclareRow>('/api/declareElements/batchUpdate', { items }),
  prices: (declareId: number) =>
    http.get<Page<PriceRow>>('/api/declPrice', { declareId, ...all }).then((p) => p.content),
  createPrice: (body: {
    lineId: number;
    premiumRate: string;
    declaredCurrency: string;
    rateMonth?: string;
  }) => http.post<PriceRow>('/api/declPrice', body),
  updatePrice: (body: { id: number; premiumRate: string; declaredCurrency: string; rateMonth?: string }) =>
    http.put<PriceRow>('/api/declPrice', body),
  tickets: (declareId: number) =>
    http.get<Page<TicketRow>>('/api/assort', { declareId, ...all }).then((p) => p.content),
  divide: (declareId: number) => http.post<DeclareRow>('/api/assort/auto', { declareId }),
  undivide: (declareId: number) => http.post<DeclareRow>('/api/assort/undoAssort', { declareId }),
  newTicket: (declareId: number, lineIds: number[]) =>
    http.post<TicketRow>('/api/assort', { declareId, lineIds }),
  /** Into a ticket, or out of every ticket (`null`: back to the lines not divided). */
  moveLines: (assortId: number | null, lineIds: number[]) =>
    http.put<DeclareRow>('/api/assort/moveLines', { assortId, lineIds }),
  declareTicket: (id: number, entryNumber: string) =>
    http.post<TicketRow>('/api/assort/declare', { id, entryNumber }),
  declareFile: (id: number, format: 'xlsx' | 'pdf') =>
    request<Blob>('GET', '/api/assort/declareFile', { params: { id, format }, responseType: 'blob' }),
  command: (event: string, id: number, reason?: string) =>
    http.post<DeclareRow>(`/api/examine/${event === 'edit' ? 'reopen' : event}`, { id, reason }),
  reviews: (declareId: number) =>
    http.get<Page<ExamineRow>>('/api/examine', { declareId, ...all }).then((p) => p.content),
  clearance: (batchId: number) =>
    http
      .get<Page<ClearanceRow>>('/api/customsClearanceLive', { batchId, ...all })
      .then((p) => p.content[0] ?? null),
  clearanceStep: (body: {
    batchId: number;
    event: string;
    date: string;
    amount?: string;
    currency?: string;
    note?: string;
  }) => http.post<ClearanceRow>('/api/customsClearanceLive/declare', body),
  hsByCode: (code: string) =>
    http
      .get<{ content: { code: string; zhDescription: string; description: string }[]; national: HsHit[] }>(
        '/api/hs/thirdParty/queryByCodeNew',
        { code, size: 10 },
        { silent: true },
      )
      .then((r) => [
        ...r.national.map((n) => ({ code: n.code, name: n.name })),
        ...r.content
          .filter((c) => c.code.length >= 6)
          .map((c) => ({ code: c.code, name: c.zhDescription || c.description })),
      ]),
};
