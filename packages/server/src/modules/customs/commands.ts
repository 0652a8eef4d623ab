// Every status change of a declaration is a command on the kernel: the review machine
// (submit, back with a reason, approve, archive), the broker's changes to a draft (build lines, divide,
// cancel division, edit — each also reopens a returned declaration), declaring a ticket with its customs
// entry number, and clearance progress at destination.
import {
  ClearanceStatus,
  clearanceMachine,
  clearanceStatusLabels,
  DeclareStatus,
  type DivisibleLine,
  declareMachine,
  declareStatusLabels,
  divideLines,
  MAX_LINES_PER_TICKET,
  type Party,
  step,
  TicketStatus,
  ticketMachine,
  ticketProblem,
  ticketStatusLabels,
} from '@tradelane/contract';
import { customsOps } from '@tradelane/contract/api/customs';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { partyOf } from '../../access/party.ts';
import {
  assorts,
  customsClearances,
  declareElements,
  declareLines,
  examines,
  projectDeclares,
} from '../../db/schema-customs.ts';
import { AppError, badRequest, langOf, notFound } from '../../http/errors.ts';
import type { Ctx, Row, RowOf } from '../../resources/engine.ts';
import {
  applyMove,
  type CommandCtx,
  type CommandDeclaration,
  defineCommand,
  type Move,
  notAllowed,
} from '../../workflow/kernel.ts';
import type { Notice } from '../../workflow/notify.ts';
import { visibleBatch } from '../project/access.ts';
import { batchNumbers } from '../project/names.ts';
import { type Declare, declareFor, declareScope, isBroker, partiesScope, readOnly } from './access.ts';
import { decorateClearances, decorateDeclares } from './decorate.ts';
import { buildLines, checkReady, templatesOf } from './lines.ts';

const tags = ['examine'];
const _id = z.coerce.number().int().positive();

const byId = async (_ctx: CommandCtx, input: { id: number }) => input.id;
const byDeclareId = async (_ctx: CommandCtx, input: { declareId: number }) => input.declareId;

/** What every declaration command shares. */
const declareCommand = {
  machine: declareMachine,
  labels: declareStatusLabels,
  table: projectDeclares,
  statusColumn: 'status',
  entity: 'projectDeclare',
  tags,
  scope: (ctx: CommandCtx) => declareScope(ctx as Ctx),
  record: (row: RowOf<typeof projectDeclares>) => ({ partyTenantId: row.brokerTenantId }),
  answer: async (ctx: CommandCtx, rows: RowOf<typeof projectDeclares>[]) =>
    decorateDeclares(ctx as Ctx, rows),
} satisfies Partial<CommandDeclaration<never>>;

/** The broker's own rows (logistics side) or the owning shipper's (shipper side). */
const own = (ctx: CommandCtx, row: Row) =>
  partyOf(ctx.auth) === 'logistics' ? isBroker(ctx, row) : row.tenantId === ctx.auth.tenantId;

/** Keeps the review step as an examine record (who, what, the reason) in the same transaction. */
async function keepReview(move: Move<unknown, RowOf<typeof projectDeclares>>) {
  const input = move.input as { reason?: string };
  await move.ctx.db.insert(examines).values({
    tenantId: move.row.tenantId,
    batchId: move.row.batchId,
    declareId: move.row.id,
    action: move.event,
    opinion: input.reason ?? null,
    authorTenantId: move.ctx.auth.tenantId,
    createBy: move.ctx.auth.username,
    updateBy: move.ctx.auth.username,
  });
}

async function tell(
  move: Move<unknown, RowOf<typeof projectDeclares>>,
  to: number | null,
  title: Notice['title'],
): Promise<Notice[]> {
  const batch = (await batchNumbers(move.ctx.db, [move.row.batchId])).get(move.row.batchId);
  return to
    ? [
        {
          to: { tenants: [to] },
          title,
          params: { batch, reason: (move.input as { reason?: string }).reason },
          link: `/customs/index?batchId=${move.row.batchId}`,
          type: 'business',
        },
      ]
    : [];
}

// ------------------------------------------------------------------------------------------------
// The broker's changes to a draft

const editWho = {
  own: (ctx: CommandCtx, row: Row) => isBroker(ctx, row),
};

/** POST /api/examine/reopen: the broker takes a returned declaration back to draft (any change does too). */
export const editDeclare = defineCommand({
  ...declareCommand,
  name: 'projectDeclare.edit',
  operation: customsOps.reopen,
  event: 'edit',
  who: editWho,
  target: byId,
});

/**
 * Inside an engine write (a line, its elements, its price, a ticket's remark): the declaration is locked,
 * the caller must be its broker, and the machine must allow an edit — a returned one is reopened.
 */
export async function touchDeclare(ctx: Ctx, declareId: number): Promise<Declare> {
  const row = await declareFor(ctx, declareId, true);
  if (!isBroker(ctx, row)) throw new AppError(403, 'customs.not_broker');
  if (!step(declareMachine, row.status, 'edit', 'logistics').ok) throw readOnly(ctx, row.status);
  if (row.status === DeclareStatus.draft) return row;
  return ((await applyMove(editDeclare, ctx, row, { id: row.id }, { party: 'logistics' })) as Declare) ?? row;
}

/** POST /api/projectDeclare/buildLines: (re)builds the lines from the batch's confirmed material lists. */
export const buildDeclareLines = defineCommand({
  ...declareCommand,
  name: 'projectDeclare.build',
  operation: customsOps.buildLines,
  event: 'build',
  who: editWho,
  target: byDeclareId,
  effects: async ({ ctx, row }) => {
    await buildLines(ctx.db, row as Declare, ctx.auth.username);
  },
});

async function ticketsOf(ctx: CommandCtx, declareId: number) {
  return ctx.db.select().from(assorts).where(eq(assorts.declareId, declareId)).orderBy(asc(assorts.ticketNo));
}

/** Sets a ticket's trade mode and contract from its lines; deletes tickets left empty. */
export async function settleTickets(ctx: CommandCtx, declareId: number) {
  for (const t of await ticketsOf(ctx, declareId)) {
    const lines = await ctx.db
      .select({
        id: declareLines.id,
        tradeMode: declareLines.tradeMode,
        contractNumber: declareLines.contractNumber,
      })
      .from(declareLines)
      .where(eq(declareLines.assortId, t.id));
    if (!lines.length) {
      await ctx.db.delete(assorts).where(eq(assorts.id, t.id));
      continue;
    }
    const problem = ticketProblem(lines);
    if (problem) throw badRequest(problem);
    await ctx.db
      .update(assorts)
      .set({ tradeMode: lines[0].tradeMode, contractNumber: lines[0].contractNumber })
      .where(eq(assorts.id, t.id));
  }
}

/** POST /api/assort/auto: divides every line automatically (≤ 50 a ticket, one trade mode and contract). */
export const divideDeclare = defineCommand({
  ...declareCommand,
  name: 'projectDeclare.divide',
  operation: customsOps.divide,
  event: 'divide',
  who: editWho,
  target: byDeclareId,
  effects: async ({ ctx, row }) => {
    const declareId = row.id;
    await ctx.db.update(declareLines).set({ assortId: null }).where(eq(declareLines.declareId, declareId));
    await ctx.db.delete(assorts).where(eq(assorts.declareId, declareId));
    const lines = await ctx.db
      .select({
        id: declareLines.id,
        tradeMode: declareLines.tradeMode,
        contractNumber: declareLines.contractNumber,
      })
      .from(declareLines)
      .where(eq(declareLines.declareId, declareId))
      .orderBy(asc(declareLines.lineNo));
    if (!lines.length) throw badRequest('customs.no_lines');
    for (const [i, ticket] of divideLines(lines).entries()) {
      const [t] = await ctx.db
        .insert(assorts)
        .values({
          tenantId: row.tenantId,
          batchId: row.batchId,
          declareId,
          ticketNo: i + 1,
          tradeMode: ticket[0].tradeMode,
          contractNumber: ticket[0].contractNumber,
          createBy: ctx.auth.username,
          updateBy: ctx.auth.username,
        })
        .returning();
      await ctx.db
        .update(declareLines)
        .set({ assortId: t.id })
        .where(
          inArray(
            declareLines.id,
            ticket.map((l) => l.id),
          ),
        );
    }
  },
});

/** POST /api/assort/undoAssort: cancel division — every line goes back, the tickets go. */
export const undivideDeclare = defineCommand({
  ...declareCommand,
  name: 'projectDeclare.undivide',
  operation: customsOps.undivide,
  event: 'undivide',
  who: editWho,
  target: byDeclareId,
  effects: async ({ ctx, row }) => {
    await ctx.db.update(declareLines).set({ assortId: null }).where(eq(declareLines.declareId, row.id));
    await ctx.db.delete(assorts).where(eq(assorts.declareId, row.id));
  },
});

/**
 * Why `moving` cannot join the ticket, checked before anything changes: the ticket would pass 50 lines, or
 * a moving line's trade mode or contract differs from the ticket's. The refusal names the ticket and line.
 */
export function moveProblem(
  ticket: { ticketNo: number },
  holding: readonly (DivisibleLine & { lineNo: number })[],
  moving: readonly (DivisibleLine & { lineNo: number })[],
) {
  const staying = holding.filter((l) => !moving.some((m) => m.id === l.id));
  if (staying.length + moving.length > MAX_LINES_PER_TICKET)
    return badRequest('customs.move_full', {
      ticketNo: ticket.ticketNo,
      lines: holding.length,
      moving: moving.length - (holding.length - staying.length),
    });
  const first = staying[0] ?? moving[0];
  const odd = moving.find(
    (l) => l.tradeMode !== first.tradeMode || (l.contractNumber ?? '') !== (first.contractNumber ?? ''),
  );
  if (odd)
    return badRequest('customs.move_mixed', {
      lineNo: odd.lineNo,
      mode: odd.tradeMode,
      contract: odd.contractNumber ?? '—',
      ticketNo: ticket.ticketNo,
      ticketMode: first.tradeMode,
      ticketContract: first.contractNumber ?? '—',
    });
  return undefined;
}

const lineKeys = {
  id: declareLines.id,
  lineNo: declareLines.lineNo,
  tradeMode: declareLines.tradeMode,
  contractNumber: declareLines.contractNumber,
};

/**
 * PUT /api/assort/moveLines: moves lines by hand into a ticket (dragged onto it, or "move to ticket…"), or
 * out of their tickets (`assortId: null`). A ticket left empty goes; the rules hold or nothing changes.
 */
export const moveLines = defineCommand({
  ...declareCommand,
  name: 'projectDeclare.moveLines',
  operation: customsOps.moveLines,
  event: 'edit',
  who: editWho,
  target: async (ctx, input) => {
    const [t] =
      input.assortId === null
        ? await ctx.db
            .selectDistinct({ declareId: declareLines.declareId })
            .from(declareLines)
            .where(and(inArray(declareLines.id, input.lineIds), partiesScope(declareLines)(ctx as Ctx)))
            .limit(2)
        : await ctx.db
            .select({ declareId: assorts.declareId })
            .from(assorts)
            .where(and(eq(assorts.id, input.assortId), partiesScope(assorts)(ctx as Ctx)));
    if (!t) throw notFound();
    return t.declareId;
  },
  effects: async ({ ctx, row, input }) => {
    const lineIds = [...new Set(input.lineIds)];
    const moving = await ctx.db
      .select(lineKeys)
      .from(declareLines)
      .where(and(inArray(declareLines.id, lineIds), eq(declareLines.declareId, row.id)))
      .orderBy(asc(declareLines.lineNo));
    if (moving.length !== lineIds.length) throw badRequest('customs.line_elsewhere');
    if (input.assortId !== null) {
      const [ticket] = await ctx.db.select().from(assorts).where(eq(assorts.id, input.assortId));
      const holding = await ctx.db
        .select(lineKeys)
        .from(declareLines)
        .where(eq(declareLines.assortId, ticket.id));
      const problem = moveProblem(ticket, holding, moving);
      if (problem) throw problem;
    }
    await ctx.db
      .update(declareLines)
      .set({ assortId: input.assortId })
      .where(inArray(declareLines.id, lineIds));
    await settleTickets(ctx, row.id);
  },
});

/** POST /api/declareElements/batchUpdate: fills the elements of many lines at once, all or none. */
export const batchElements = defineCommand({
  ...declareCommand,
  name: 'projectDeclare.elements',
  operation: customsOps.batchElements,
  event: 'edit',
  who: editWho,
  target: async (ctx, input) => {
    const rows = await ctx.db
      .selectDistinct({ declareId: declareLines.declareId })
      .from(declareLines)
      .where(
        and(
          inArray(
            declareLines.id,
            input.items.map((i) => i.lineId),
          ),
          partiesScope(declareLines)(ctx as Ctx),
        ),
      );
    if (rows.length !== 1) throw rows.length ? badRequest('customs.line_elsewhere') : notFound();
    return rows[0].declareId;
  },
  effects: async ({ ctx, row, input }) => {
    const lines = await ctx.db
      .select()
      .from(declareLines)
      .where(
        inArray(
          declareLines.id,
          input.items.map((i) => i.lineId),
        ),
      );
    if (lines.length !== new Set(input.items.map((i) => i.lineId)).size) throw notFound();
    const templates = await templatesOf(
      ctx.db,
      lines.map((l) => l.hsCode),
    );
    for (const item of input.items) {
      const line = lines.find((l) => l.id === item.lineId);
      if (!line) throw notFound();
      checkElementNames(templates.get(line.hsCode ?? '')?.template, item.values);
      await ctx.db
        .insert(declareElements)
        .values({
          tenantId: row.tenantId,
          batchId: row.batchId,
          declareId: row.id,
          lineId: line.id,
          hsCode: line.hsCode,
          values: item.values,
          createBy: ctx.auth.username,
          updateBy: ctx.auth.username,
        })
        .onConflictDoUpdate({
          target: declareElements.lineId,
          set: {
            values: item.values,
            hsCode: line.hsCode,
            updateTime: new Date(),
            updateBy: ctx.auth.username,
          },
        });
    }
  },
});

/** Element values name elements of the line's template (when the tariff gives one). */
export function checkElementNames(template: readonly string[] | undefined, values: Record<string, string>) {
  if (!template?.length) return;
  const unknown = Object.keys(values).find((k) => !template.includes(k));
  if (unknown) throw badRequest('validation', { field: 'values', reason: unknown });
}

// ------------------------------------------------------------------------------------------------
// Review

/** The guard `ready`: everything filing needs is there, or every missing thing is named (lines.ts). */
const ready =
  (action: 'submit' | 'approve') =>
  async ({ ctx, row }: { ctx: CommandCtx; row: Row }) =>
    checkReady(ctx.db, row as Declare, langOf(ctx.request), action);

export const submitDeclare = defineCommand({
  ...declareCommand,
  name: 'projectDeclare.submit',
  operation: customsOps.submit,
  event: 'submit',
  who: editWho,
  target: byId,
  guards: { ready: ready('submit') },
  set: () => ({ reason: null, submitTime: new Date() }),
  effects: keepReview,
  notify: (move) => tell(move, move.row.tenantId, 'notice.declare_submitted'),
});

/** What the shipper's review steps share: the reviewer's permission, the record kept, the broker told. */
const reviewCommand = {
  ...declareCommand,
  who: {
    own: (ctx: CommandCtx, row: Row) => row.tenantId === ctx.auth.tenantId,
  },
  target: byId,
  effects: keepReview,
} as const;

export const returnDeclare = defineCommand({
  ...reviewCommand,
  name: 'projectDeclare.back',
  operation: customsOps.back,
  event: 'back',
  note: (input) => input.reason,
  set: (move) => ({ reason: move.input.reason }),
  notify: (move) => tell(move, move.row.brokerTenantId, 'notice.declare_returned'),
});

export const approveDeclare = defineCommand({
  ...reviewCommand,
  name: 'projectDeclare.approve',
  operation: customsOps.approve,
  event: 'approve',
  guards: { ready: ready('approve') },
  set: () => ({ approveTime: new Date() }),
  notify: (move) => tell(move, move.row.brokerTenantId, 'notice.declare_approved'),
});

export const archiveDeclare = defineCommand({
  ...declareCommand,
  name: 'projectDeclare.archive',
  operation: customsOps.archive,
  event: 'archive',
  who: { own },
  target: byId,
  guards: {
    allDeclared: async ({ ctx, row }) => {
      const tickets = await ticketsOf(ctx, row.id);
      return tickets.length && tickets.every((t) => t.status === TicketStatus.declared)
        ? undefined
        : 'customs.not_all_declared';
    },
  },
  effects: keepReview,
});

// ------------------------------------------------------------------------------------------------
// Declaring a ticket

/** POST /api/assort/declare: the broker marks an approved declaration's ticket declared with its entry number. */
export const declareTicket = defineCommand({
  name: 'assort.declare',
  operation: customsOps.declareTicket,
  machine: ticketMachine,
  labels: ticketStatusLabels,
  table: assorts,
  statusColumn: 'status',
  entity: 'assort',
  event: 'declare',
  who: {},
  scope: (ctx) => partiesScope(assorts)(ctx as Ctx),
  target: byId,
  guards: {
    approved: async ({ ctx, row }) => {
      const declare = await declareFor(ctx as Ctx, row.declareId);
      if (!isBroker(ctx, declare)) throw new AppError(403, 'customs.not_broker');
      if (declare.status !== DeclareStatus.approved) return 'customs.not_approved';
      // No ticket is filed short of what filing needs, whatever was approved before the rules held.
      return checkReady(ctx.db, declare, langOf(ctx.request), 'declare');
    },
  },
  note: (input) => input.entryNumber,
  set: (move) => ({ entryNumber: move.input.entryNumber, declaredTime: new Date() }),
});

// ------------------------------------------------------------------------------------------------
// Clearance at destination

const clearanceDates = {
  lodge: 'lodgedDate',
  inspect: 'inspectionDate',
  assess: 'assessedDate',
  pay: 'paidDate',
  release: 'releasedDate',
} as const;

/** POST /api/customsClearanceLive/declare: one step of clearance at destination, with its date (and amount). */
export const clearanceStep = defineCommand({
  name: 'customsClearance.declare',
  operation: customsOps.clearanceStep,
  machine: clearanceMachine,
  labels: clearanceStatusLabels,
  table: customsClearances,
  statusColumn: 'status',
  entity: 'customsClearance',
  event: (input) => input.event,
  who: { own },
  scope: (ctx) => partiesScope(customsClearances)(ctx as Ctx),
  target: async (ctx, input) => {
    const [row] = await ctx.db
      .select({ id: customsClearances.id })
      .from(customsClearances)
      .where(and(eq(customsClearances.batchId, input.batchId), partiesScope(customsClearances)(ctx as Ctx)));
    return row?.id ?? null;
  },
  // The first step (documents lodged) opens the batch's clearance, by its broker.
  create: {
    who: ['logistics'] as readonly Party[],
    event: 'lodge',
    insert: async (ctx, input) => {
      const batch = await visibleBatch(ctx as Ctx, input.batchId);
      if (input.event !== 'lodge')
        throw notAllowed(clearanceStatusLabels, ClearanceStatus.none, input.event, langOf(ctx.request));
      const [row] = await ctx.db
        .insert(customsClearances)
        .values({
          tenantId: batch.tenantId,
          projectId: batch.projectId,
          batchId: batch.id,
          brokerTenantId: ctx.auth.tenantId,
          status: ClearanceStatus.lodged,
          lodgedDate: input.date,
          place: input.place ?? null,
          remark: input.note ?? null,
          createBy: ctx.auth.username,
          updateBy: ctx.auth.username,
        })
        .returning();
      return row as Row;
    },
  },
  guards: {
    amount: ({ input }) => (input.amount && input.currency ? undefined : 'customs.amount_required'),
  },
  note: (input) => input.note,
  record: (row) => ({ partyTenantId: row.brokerTenantId }),
  // The step answers the clearance as the list shows it (batch number and timeline with it).
  answer: async (ctx, rows) => decorateClearances(ctx as Ctx, rows),
  set: ({ input }) => ({
    [clearanceDates[input.event]]: input.date,
    ...(input.event === 'assess' ? { dutiesAmount: input.amount, dutiesCurrency: input.currency } : {}),
    ...(input.place ? { place: input.place } : {}),
  }),
});

export const customsCommands = [
  editDeclare,
  buildDeclareLines,
  divideDeclare,
  undivideDeclare,
  moveLines,
  batchElements,
  submitDeclare,
  returnDeclare,
  approveDeclare,
  archiveDeclare,
  declareTicket,
  clearanceStep,
];
