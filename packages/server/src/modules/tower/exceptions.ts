// Exceptions with an owner (docs/decisions.md): opened by a user on a batch it sees, or by the product when a
// batch turns late or at risk or a milestone passes with no event (consequences.ts); assigned by the shipper
// to a party of the batch, resolved by the owner or the shipper — kernel commands on one machine. Each side
// sees its own (owned, opened, its shipper's) and the schedule exceptions of the batches it works on.

import {
  type ExceptionKind,
  ExceptionStatus,
  type exceptionAssignInput,
  type exceptionCloseInput,
  exceptionCreate,
  exceptionKindCodes,
  exceptionKinds,
  exceptionMachine,
  type exceptionReopenInput,
  type exceptionResolveInput,
  exceptionStatusLabels,
  isMessageCode,
  type Lang,
  type MessageCode,
  type OwnerParty,
  scheduleKinds,
  translate,
} from '@tradelane/contract';
import { families } from '@tradelane/contract/api/families';
import { towerOps } from '@tradelane/contract/api/tower';
import { and, eq, gte, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { anyOf } from '../../db/any-of.ts';
import type { Db } from '../../db/client.ts';
import { towerExceptions } from '../../db/schema-tower.ts';
import { AppError, badRequest, langOf } from '../../http/errors.ts';
import { type Ctx, defineResource, type Row } from '../../resources/engine.ts';
import {
  actionsFor,
  type CommandCtx,
  defineCommand,
  type Move,
  registerCommands,
} from '../../workflow/kernel.ts';
import { type Notice, notify } from '../../workflow/notify.ts';
import { partnerBatchIds, visibleBatch } from '../project/access.ts';
import { batchMarks } from '../project/batches.ts';
import { nameIn, tenantNames } from '../project/names.ts';
import { type BatchParties, batchParties } from './audience.ts';
import { dayOf } from './projection.ts';

const tags = ['controlTower'];
type Exception = typeof towerExceptions.$inferSelect;

export function exceptionScope({ db, auth }: Pick<Ctx, 'db' | 'auth'>): SQL | undefined {
  if (auth.isPlatformAdmin) return undefined;
  const me = auth.tenantId;
  return or(
    eq(towerExceptions.tenantId, me),
    eq(towerExceptions.ownerTenantId, me),
    eq(towerExceptions.openedByTenantId, me),
    and(
      inArray(towerExceptions.kind, scheduleKinds),
      anyOf(towerExceptions.batchId, partnerBatchIds(db, me)),
    ),
  );
}

/** The party a company is on a batch (null: none). */
export function partyOn(b: BatchParties, tenantId: number): OwnerParty | null {
  if (b.tenantId === tenantId) return 'shipper';
  if (b.logistics.includes(tenantId)) return 'logistics';
  if (b.suppliers.includes(tenantId)) return 'supplier';
  return null;
}

/**
 * The title in a language: a user's words, or the product's catalogue code with its parameters (a code
 * the catalogue no longer holds shows as written rather than failing the whole list).
 */
export const titleOf = (e: Pick<Exception, 'title' | 'titleCode' | 'params'>, lang: Lang) =>
  e.titleCode && isMessageCode(e.titleCode)
    ? translate(e.titleCode, lang, e.params ?? {})
    : (e.title ?? e.titleCode ?? '');

/** The owner hears of an exception opened or assigned to it, in the catalogue's words. */
export function ownerNotice(e: Exception, kind: 'opened' | 'assigned' | 'reopened'): Notice[] {
  if (!e.ownerTenantId) return [];
  const title: MessageCode =
    kind === 'reopened'
      ? 'notice.exception_reopened'
      : e.titleCode
        ? (e.titleCode as MessageCode)
        : kind === 'opened'
          ? 'notice.exception_opened'
          : 'notice.exception_assigned';
  return [
    {
      to: { tenants: [e.ownerTenantId] },
      title,
      params:
        kind === 'reopened'
          ? { title: { zh: titleOf(e, 'zh'), en: titleOf(e, 'en') } }
          : e.titleCode
            ? (e.params ?? {})
            : { title: e.title },
      link: `/tower/exceptions?id=${e.id}`,
      type: 'business',
    },
  ];
}

async function partiesOf(db: Db, batchId: number) {
  const b = (await batchParties(db, [batchId])).get(batchId);
  if (!b) throw new AppError(404, 'not_found');
  return b;
}

const base = {
  machine: exceptionMachine,
  labels: exceptionStatusLabels,
  table: towerExceptions,
  statusColumn: 'status',
  entity: 'exception',
  tags,
  scope: (ctx: CommandCtx) => exceptionScope(ctx),
  // The owner reads the exception's history too (the record's party): the new owner of an assignment.
  record: (row: Pick<Exception, 'ownerTenantId'>, input: unknown) => ({
    partyTenantId: ((input as { ownerTenantId?: number | null }).ownerTenantId ?? row.ownerTenantId) || null,
  }),
};

type CreateInput = z.infer<typeof exceptionCreate>;
export const openExceptionCommand = defineCommand<CreateInput>({
  ...base,
  name: 'exception.open',
  operation: towerOps.openException,
  event: 'open',
  who: {},
  target: async () => null,
  create: {
    who: ['shipper', 'supplier', 'logistics', 'platform'],
    insert: async (ctx, input) => {
      const batch = await visibleBatch(ctx, input.batchId);
      const b = await partiesOf(ctx.db, batch.id);
      const owner = input.ownerTenantId ?? b.tenantId;
      const ownerParty = partyOn(b, owner);
      if (!ownerParty) throw badRequest('exception.owner_not_party');
      const [row] = await ctx.db
        .insert(towerExceptions)
        .values({
          tenantId: batch.tenantId,
          projectId: batch.projectId,
          batchId: batch.id,
          kind: 'manual',
          status: ExceptionStatus.open,
          ownerTenantId: owner,
          ownerParty,
          openedByTenantId: ctx.auth.tenantId,
          source: 'user',
          title: input.title,
          description: input.description ?? null,
          dueDate: input.dueDate ?? null,
          createBy: ctx.auth.username,
        })
        .returning();
      return row as Row;
    },
  },
  notify: (move) => ownerNotice(move.updated as Exception, 'opened'),
});

type AssignInput = z.infer<typeof exceptionAssignInput>;
/** The new owner's party, found by the guard (which reads the batch) for the update that follows it. */
const assignedParty = new WeakMap<AssignInput, OwnerParty>();
export const assignExceptionCommand = defineCommand<AssignInput>({
  ...base,
  name: 'exception.assign',
  operation: towerOps.assignException,
  event: 'assign',
  who: { own: (ctx, row) => row.tenantId === ctx.auth.tenantId },
  target: async (_ctx, input) => input.id,
  guards: {
    owner: async ({ ctx, row, input }: Move<AssignInput, Exception>) => {
      const party = partyOn(await partiesOf(ctx.db, row.batchId), input.ownerTenantId);
      if (!party) return 'exception.owner_not_party';
      assignedParty.set(input, party);
      return undefined;
    },
  },
  set: (move) => ({
    ownerTenantId: move.input.ownerTenantId,
    ownerParty: assignedParty.get(move.input) ?? null,
    dueDate: move.input.dueDate ?? move.row.dueDate,
  }),
  note: (input) => input.note,
  notify: (move) => ownerNotice(move.updated as Exception, 'assigned'),
});

type ResolveInput = z.infer<typeof exceptionResolveInput>;
export const resolveExceptionCommand = defineCommand<ResolveInput>({
  ...base,
  name: 'exception.resolve',
  operation: towerOps.resolveException,
  event: 'resolve',
  who: {
    own: (ctx, row) => row.ownerTenantId === ctx.auth.tenantId || row.tenantId === ctx.auth.tenantId,
  },
  target: async (_ctx, input) => input.id,
  guards: {
    resolution: ({ input }) => (input.resolution ? undefined : 'exception.resolution_required'),
  },
  set: (move) => ({
    resolution: move.input.resolution,
    resolvedAt: new Date(),
    resolvedBy: move.ctx.auth.username,
    closedAt: new Date(),
  }),
  note: (input) => input.resolution,
  notify: (move) => {
    const e = move.updated as Exception;
    const to = [e.tenantId, e.openedByTenantId].filter(
      (t): t is number => typeof t === 'number' && t !== move.ctx.auth.tenantId,
    );
    return to.length
      ? [
          {
            to: { tenants: [...new Set(to)] },
            title: 'notice.exception_resolved',
            params: { title: titleOf(e, 'zh') },
            link: `/tower/exceptions?id=${e.id}`,
            type: 'business',
          },
        ]
      : [];
  },
});

/** The shipper's word over its batches' exceptions: close one that no longer holds, reopen a resolution. */
const shipperOwn = (ctx: CommandCtx, row: Row) => row.tenantId === ctx.auth.tenantId;

type CloseInput = z.infer<typeof exceptionCloseInput>;
export const closeExceptionCommand = defineCommand<CloseInput>({
  ...base,
  name: 'exception.close',
  operation: towerOps.closeException,
  event: 'close',
  who: { own: shipperOwn },
  target: async (_ctx, input) => input.id,
  set: (move) => ({ closedAt: new Date(), resolution: move.input.note ?? null }),
  note: (input) => input.note,
});

type ReopenInput = z.infer<typeof exceptionReopenInput>;
export const reopenExceptionCommand = defineCommand<ReopenInput>({
  ...base,
  name: 'exception.reopen',
  operation: towerOps.reopenException,
  event: 'reopen',
  who: { own: shipperOwn },
  target: async (_ctx, input) => input.id,
  guards: {
    reason: ({ input }) => (input.reason ? undefined : 'exception.reason_required'),
  },
  set: () => ({ resolvedAt: null, resolvedBy: null, closedAt: null }),
  note: (input) => input.reason,
  // The owner hears that its resolution was not accepted.
  notify: (move) => ownerNotice(move.updated as Exception, 'reopened'),
});

const openFilter = (values: string[]) => {
  const v = values[0];
  if (v === 'true') return lt(towerExceptions.status, ExceptionStatus.resolved);
  if (v === 'false') return gte(towerExceptions.status, ExceptionStatus.resolved);
  throw badRequest('validation', { field: 'open', reason: String(v).slice(0, 20) });
};
/** `late`: open past its due date. */
const lateFilter = (values: string[]) => {
  const v = values[0];
  if (v !== 'true' && v !== 'false')
    throw badRequest('validation', { field: 'late', reason: String(v).slice(0, 20) });
  const late = and(
    lt(towerExceptions.status, ExceptionStatus.resolved),
    lt(towerExceptions.dueDate, dayOf(new Date())),
  );
  return v === 'true'
    ? late
    : or(
        gte(towerExceptions.status, ExceptionStatus.resolved),
        gte(towerExceptions.dueDate, dayOf(new Date())),
      );
};

/** The batch number, project and owner company the inbox shows (two reads for a page, whatever its size). */
async function rowNames(db: Db, rows: Exception[], lang: Lang) {
  const batchIds = [...new Set(rows.map((r) => r.batchId))];
  const batches = (await batchMarks(db, batchIds)).map((b) => ({
    id: b.id,
    batchNumber: b.batchNumber,
    name: b.projectName,
    enName: b.projectEnName,
  }));
  const companies = await tenantNames(
    db,
    rows.map((r) => r.ownerTenantId),
  );
  return (e: Exception) => {
    const b = batches.find((x) => x.id === e.batchId);
    const o = e.ownerTenantId ? companies.get(e.ownerTenantId) : undefined;
    return {
      batchNumber: b?.batchNumber ?? null,
      projectName: nameIn(b, lang),
      ownerName: nameIn(o, lang),
    };
  };
}

/** GET /api/exceptions: the inbox, oldest first; the title and labels in the caller's language. */
export const exceptionResource = defineResource({
  family: families.exceptions,
  table: towerExceptions,
  create: exceptionCreate,
  actions: ['list'],
  permissions: { list: 'exception:list' },
  // The inbox is both a list and the tower's events: either scope reads it.
  tokenScopes: ['lists', 'events'],
  scope: (ctx) => exceptionScope(ctx),
  filters: {
    id: 'equal',
    projectId: 'equal',
    batchId: 'equal',
    ownerTenantId: 'equal',
    ownerParty: 'equal',
    kind: 'in',
    status: 'in',
    open: { op: 'custom', build: openFilter },
    late: { op: 'custom', build: lateFilter },
  },
  defaultSort: ['createTime,asc', 'id,asc'],
  hidden: ['dedupeKey', 'titleCode', 'params'],
  hooks: {
    decorate: async (ctx, rows) => {
      const lang = langOf(ctx.request);
      const names = await rowNames(ctx.db, rows, lang);
      return rows.map((r) => {
        return {
          ...r,
          ...names(r),
          title: titleOf(r, lang),
          // The product closes with a catalogue code (back on track, reached, escalated).
          resolution:
            r.source === 'product' && r.resolution && isMessageCode(r.resolution)
              ? translate(r.resolution, lang)
              : r.resolution,
          kindLabel: exceptionKinds.find((k) => k.code === r.kind)?.[lang] ?? r.kind,
          statusLabel: exceptionStatusLabels[r.status]?.[lang] ?? String(r.status),
          // What the caller may do on the row now (the inbox's buttons).
          actions: actionsFor(ctx, exceptionMachine, r),
        };
      });
    },
  },
});

export const exceptionCommands = [
  openExceptionCommand,
  assignExceptionCommand,
  resolveExceptionCommand,
  closeExceptionCommand,
  reopenExceptionCommand,
];
export const isExceptionKind = (k: string): k is ExceptionKind => exceptionKindCodes.some((c) => c === k);

export async function exceptionRoutes(app: FastifyInstance) {
  registerCommands(app, exceptionCommands);
}

/** Tells owners of exceptions the product opened (in the transaction that opened them). */
export async function tellOwners(db: Db, opened: Exception[]) {
  for (const e of opened) await notify(db, ownerNotice(e, 'opened'));
}
