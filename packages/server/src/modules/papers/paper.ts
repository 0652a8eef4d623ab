// What documents and statements of charges share: a paper is drawn up by a party (partyTenantId) on a
// shipper's batch (tenantId); lists name both, and each command tells the other side.
import type { MessageCode, StateLabels, StateMachine } from '@tradelane/contract';
import { and, eq, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Ctx, Row, RowOf } from '../../resources/engine.ts';
import type { CommandCtx, CommandOperation, Move } from '../../workflow/kernel.ts';
import type { Notice } from '../../workflow/notify.ts';
import { anyOf, partnerBatchIds, visibleBatch } from '../project/access.ts';
import { batchNumbers, tenantNames } from '../project/names.ts';

/**
 * Who sees a paper: the batch's shipper (`tenantId`), and the party that drew it up (`partyTenantId`) for
 * as long as it still serves the batch; platform administrators see all.
 */
export const paperScope =
  (table: { tenantId: AnyPgColumn; partyTenantId: AnyPgColumn; batchId: AnyPgColumn }) =>
  ({ db, auth }: Pick<Ctx, 'db' | 'auth'>): SQL | undefined =>
    auth.isPlatformAdmin
      ? undefined
      : or(
          eq(table.tenantId, auth.tenantId),
          and(
            eq(table.partyTenantId, auth.tenantId),
            anyOf(table.batchId, partnerBatchIds(db, auth.tenantId)),
          ),
        );

/** The columns every paper has: its batch, the batch's shipper and the party that drew it up. */
export type PaperRow = { tenantId: number; partyTenantId: number; batchId: number } & Row;

/** A new paper of the caller on a batch it takes part in: the batch's shipper and project, and who drew it up. */
export async function newPaper<D extends { batchId: number } & Row>(ctx: Ctx, data: D, status: number) {
  const batch = await visibleBatch(ctx, data.batchId);
  return {
    ...data,
    tenantId: batch.tenantId,
    projectId: batch.projectId,
    partyTenantId: ctx.auth.tenantId,
    status,
  };
}

/** Papers as lists show them: their batch number, who drew them up, and whether the caller did. */
/** A name by a row's id column (none when the row has no such id: a row the engine's create answered). */
const byId = <V>(names: Map<number, V>, id: unknown) => (typeof id === 'number' ? names.get(id) : undefined);

export async function withParties<T extends Row>(ctx: Ctx, rows: T[]) {
  const batches = await batchNumbers(
    ctx.db,
    rows.map((r) => r.batchId),
  );
  const parties = await tenantNames(
    ctx.db,
    rows.map((r) => r.partyTenantId),
  );
  return rows.map((r) => ({
    ...r,
    batchNumber: byId(batches, r.batchId) ?? null,
    partyName: byId(parties, r.partyTenantId)?.name ?? null,
    mine: r.partyTenantId === ctx.auth.tenantId,
  }));
}

/** How a family's notices name a paper and link to it. */
export interface PaperNotices {
  link: (batchId: unknown) => string;
  params: (row: Row) => Record<string, unknown>;
}

/**
 * A command's notice to one side of a paper (`tenantId`: the shipper; `partyTenantId`: who drew it up),
 * naming its batch and the paper (and the reason given, if any); none when the shipper drew it up itself.
 */
export const tellSide =
  (family: PaperNotices, to: 'tenantId' | 'partyTenantId', title: Notice['title']) =>
  async (move: Move<unknown, PaperRow>): Promise<Notice[]> => {
    const { row } = move;
    if (row.tenantId === row.partyTenantId) return [];
    const reason = (move.input as { reason?: string }).reason;
    return [
      {
        to: { tenants: [row[to]] },
        title,
        params: {
          batch: (await batchNumbers(move.ctx.db, [row.batchId])).get(row.batchId),
          ...family.params(row),
          ...(reason ? { reason } : {}),
        },
        link: family.link(row.batchId),
        type: 'business',
      },
    ];
  };

/** The `tell` of one paper family: its notice to one side, by the family's own naming and link. */
export const teller = (family: PaperNotices) => (to: 'tenantId' | 'partyTenantId', title: Notice['title']) =>
  tellSide(family, to, title);

/** A paper's shipper side: the batch's shipper (`tenantId`), for commands only the shipper fires. */
export const shipperOwns = (ctx: CommandCtx, row: Row) => row.tenantId === ctx.auth.tenantId;

/** A paper command's change record names the party that drew the paper up. */
export const paperRecord = (row: PaperRow) => ({ partyTenantId: row.partyTenantId });

/**
 * What every command of one paper family shares: its machine, table and scope, its change records
 * naming the party, the paper's id as the target, and the answer as the family's list shows it.
 */
export function paperCommand<T extends PgTable>(family: {
  machine: StateMachine<number, string>;
  labels: StateLabels;
  table: T;
  entity: string;
  scope: (ctx: CommandCtx) => SQL | undefined | Promise<SQL | undefined>;
  decorate: (ctx: Ctx, rows: RowOf<T>[]) => Promise<Row[]>;
}) {
  return {
    machine: family.machine,
    labels: family.labels,
    table: family.table,
    statusColumn: 'status',
    entity: family.entity,
    tags: [family.entity],
    scope: family.scope,
    record: paperRecord,
    answer: (ctx: CommandCtx, rows: RowOf<T>[]) => family.decorate(ctx as Ctx, rows),
    target: async (_ctx: CommandCtx, input: { id: number }) => input.id,
  };
}

/** A step back that needs a reason (`required` when it is blank); the reason is the move's note. */
export function withReason(required: MessageCode) {
  return {
    guards: {
      reason: ({ input }: Move<{ reason: string }>) => (input.reason.trim() ? undefined : required),
    },
    note: (input: { reason: string }) => input.reason,
  };
}

/**
 * The shipper's review of a paper another party drew up: confirm, or reject with a reason. Both tell the
 * party that drew it up; a confirmation clears the last rejection's reason. Each is spread into the
 * family's `defineCommand` after its `paperCommand` base.
 */
export function shipperReview(review: {
  /** The commands' name prefix (the family's entity). */
  name: string;
  confirm: CommandOperation<{ id: number }>;
  reject: CommandOperation<{ id: number; reason: string }>;
  reasonRequired: MessageCode;
  tell: ReturnType<typeof teller>;
  confirmed: Notice['title'];
  rejected: Notice['title'];
}) {
  return {
    confirm: {
      name: `${review.name}.confirm`,
      operation: review.confirm,
      event: 'confirm',
      who: { own: shipperOwns },
      set: () => ({ confirmTime: new Date(), reason: null }),
      notify: review.tell('partyTenantId', review.confirmed),
    },
    reject: {
      name: `${review.name}.reject`,
      operation: review.reject,
      event: 'reject',
      who: { own: shipperOwns },
      ...withReason(review.reasonRequired),
      set: (move: Move<{ reason: string }>) => ({ reason: move.input.reason }),
      notify: review.tell('partyTenantId', review.rejected),
    },
  };
}
