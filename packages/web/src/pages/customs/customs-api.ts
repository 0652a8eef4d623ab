// The declaration workbench's calls: declarations, lines, elements, prices, tickets, review,
// the broker's file and clearance at destination.
import type {
  clearanceAnswer,
  declareAnswer,
  declareLineAnswer,
  declPriceAnswer,
  declPriceCreate,
  declPriceUpdate,
  examineAnswer,
  InputOf,
  ticketAnswer,
  timelineEventAnswer,
} from '@tradelane/contract';
import { customsOps } from '@tradelane/contract/api/customs';
import { families } from '@tradelane/contract/api/families';
import { hsOps } from '@tradelane/contract/api/hs';
import type { z } from 'zod';
import { call, callCommand } from '../../api/client.ts';

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

/** The review bar's events: `edit` reopens a returned declaration; `back` takes a reason. */
const reviewSteps = {
  edit: customsOps.reopen,
  submit: customsOps.submit,
  back: customsOps.back,
  approve: customsOps.approve,
  archive: customsOps.archive,
} as const;

export const customsApi = {
  /** The declaration worked on last (the workbench opens on its batch). */
  latest: () =>
    call(families.projectDeclare.list, { page: 0, size: 1, sort: 'updateTime,desc' }).then(
      (p) => p.content[0] ?? null,
    ),
  declares: (batchId: number) =>
    call(families.projectDeclare.list, { batchId, ...all }).then((p) => p.content),
  createDeclare: (body: InputOf<typeof families.projectDeclare.create>) =>
    call(families.projectDeclare.create, body),
  updateDeclare: (body: InputOf<typeof families.projectDeclare.update>) =>
    call(families.projectDeclare.update, body),
  lines: (declareId: number) => call(families.declareLine.list, { declareId, ...all }).then((p) => p.content),
  updateLine: (body: InputOf<typeof families.declareLine.update>) => call(families.declareLine.update, body),
  build: (declareId: number) => call(customsOps.buildLines, { declareId }),
  elements: (items: InputOf<typeof customsOps.batchElements>['items']) =>
    call(customsOps.batchElements, { items }),
  prices: (declareId: number) => call(families.declPrice.list, { declareId, ...all }).then((p) => p.content),
  createPrice: (body: z.input<typeof declPriceCreate>) => call(families.declPrice.create, body),
  updatePrice: (body: z.input<typeof declPriceUpdate> & { id: number }) =>
    call(families.declPrice.update, body),
  tickets: (declareId: number) => call(families.assort.list, { declareId, ...all }).then((p) => p.content),
  divide: (declareId: number) => call(customsOps.divide, { declareId }),
  undivide: (declareId: number) => call(customsOps.undivide, { declareId }),
  newTicket: (declareId: number, lineIds: number[]) => call(families.assort.create, { declareId, lineIds }),
  /** Into a ticket, or out of every ticket (`null`: back to the lines not divided). */
  moveLines: (assortId: number | null, lineIds: number[]) =>
    call(customsOps.moveLines, { assortId, lineIds }),
  declareTicket: (id: number, entryNumber: string) => call(customsOps.declareTicket, { id, entryNumber }),
  declareFile: (id: number, format: 'xlsx' | 'pdf') => call(customsOps.declareFile, { id, format }),
  command: (event: string, id: number, reason?: string) => callCommand(reviewSteps, event, id, reason),
  reviews: (declareId: number) => call(families.examine.list, { declareId, ...all }).then((p) => p.content),
  clearance: (batchId: number) =>
    call(families.customsClearanceLive.list, { batchId, ...all }).then((p) => p.content[0] ?? null),
  clearanceStep: (body: InputOf<typeof customsOps.clearanceStep>) => call(customsOps.clearanceStep, body),
  hsByCode: (code: string) =>
    call(hsOps.byCode, { code, size: 10 }, { silent: true }).then((r) => [
      ...r.national.map((n) => ({ code: n.code, name: n.name })),
      ...r.content
        .filter((c) => c.code.length >= 6)
        .map((c) => ({ code: c.code, name: c.zhDescription || c.description })),
    ]),
};
