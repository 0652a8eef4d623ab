// The declaration workbench's calls: declarations, lines, elements, prices, tickets, review,
// the broker's file and clearance at destination.
import type {
  clearanceAnswer,
  declareAnswer,
  declareLineAnswer,
  declPriceAnswer,
  examineAnswer,
  hsPageAnswer,
  ticketAnswer,
  timelineEventAnswer,
} from '@tradelane/contract';
import type { z } from 'zod';
import { http, request } from '../../api/request.ts';
import type { Page } from '../../api/types.ts';

export type DeclareRow = z.infer<typeof declareAnswer>;
export type LineRow = z.infer<typeof declareLineAnswer>;
export type TicketRow = z.infer<typeof ticketAnswer>;
export type PriceRow = z.infer<typeof declPriceAnswer>;
export type TimelineEvent = z.infer<typeof timelineEventAnswer>;
export type ClearanceRow = z.infer<typeof clearanceAnswer>;
export type ExamineRow = z.infer<typeof examineAnswer>;

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
      .get<z.infer<typeof hsPageAnswer>>(
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
