// Packing-list commands on the workflow kernel: the supplier submits its boxes of a batch to the shipper
// (submitCustomer?batchId&partnetId, or a selection by ids), the shipper returns them with a reason.
// The kernel owns the transaction, the FOR UPDATE read, the state check, the record and the outbox.
import { BoxStatus, boxMachine, boxStatusLabels, editableStates } from '@tradelane/contract';
import { boxesOps } from '@tradelane/contract/api/boxes';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { partyOf } from '../../access/party.ts';
import { boxPieceDetails, boxPieces } from '../../db/schema-boxes.ts';
import { badRequest } from '../../http/errors.ts';
import { type Ctx, outer, type RowOf } from '../../resources/engine.ts';
import { type CommandCtx, type CommandDeclaration, defineCommand, type Move } from '../../workflow/kernel.ts';
import type { Notice } from '../../workflow/notify.ts';
import { ownSide } from '../project/access.ts';
import { followMaterialList } from '../project/batch-routes.ts';
import { deriveBatchFromBoxes } from '../project/batch-status.ts';
import { batchNumbers, logisticsProvidersOf, tenantNames } from '../project/names.ts';
import { boxScope } from './access.ts';
import { decorateBoxes } from './resources.ts';

const tags = ['boxPiece'];
const link = (batchId: unknown) => `/boxes/index?batchId=${batchId}`;

/** A box number of the set that holds nothing, if any: named in the refusal. */
async function emptyBox(ctx: CommandCtx, ids: number[]) {
  if (!ids.length) return undefined;
  const [empty] = await ctx.db
    .select({ boxNumber: boxPieces.boxNumber })
    .from(boxPieces)
    .where(
      and(
        inArray(boxPieces.id, ids),
        sql`not exists (select 1 from ${boxPieceDetails} d where d.box_id = ${outer(boxPieces.id)})`,
      ),
    )
    .orderBy(boxPieces.boxNumber)
    .limit(1);
  return empty?.boxNumber;
}

async function names(move: Move<unknown, RowOf<typeof boxPieces>>) {
  const { db } = move.ctx;
  const row = move.row;
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(boxPieces)
    .where(and(eq(boxPieces.batchId, row.batchId), eq(boxPieces.supplierTenantId, row.supplierTenantId)));
  return {
    batch: (await batchNumbers(db, [row.batchId])).get(row.batchId),
    supplier: (await tenantNames(db, [row.supplierTenantId])).get(row.supplierTenantId)?.name,
    count: Number(n),
  };
}

const boxCommand = {
  machine: boxMachine,
  labels: boxStatusLabels,
  table: boxPieces,
  statusColumn: 'status',
  entity: 'boxPiece',
  tags,
  many: true,
  scope: (ctx: CommandCtx) => boxScope(ctx as Ctx),
  who: { own: ownSide },
  record: (row: RowOf<typeof boxPieces>) => ({ partyTenantId: row.supplierTenantId }),
  guards: {
    hasContents: async ({ ctx, row }: Move<unknown, RowOf<typeof boxPieces>>) =>
      (await emptyBox(ctx, [row.id])) === undefined ? undefined : ('boxes.no_contents' as const),
  },
  answer: async (ctx: CommandCtx, rows: RowOf<typeof boxPieces>[]) => decorateBoxes(ctx as Ctx, rows),
  // Submitting or returning a packing list moves the batch into (or out of) packing.
  afterAll: async (ctx: CommandCtx, moves: Move<unknown, RowOf<typeof boxPieces>>[]) => {
    for (const batchId of new Set(moves.map((m) => m.row.batchId)))
      await deriveBatchFromBoxes(ctx.db, ctx.auth, batchId);
  },
} satisfies Partial<CommandDeclaration<never, typeof boxPieces>>;

/** The boxes of a packing list (a supplier's boxes on a batch) in the given states, in the caller's scope. */
async function listBoxes(ctx: CommandCtx, batchId: number, supplier: number, statuses: readonly number[]) {
  const rows = await ctx.db
    .select({ id: boxPieces.id })
    .from(boxPieces)
    .where(
      and(
        eq(boxPieces.batchId, batchId),
        eq(boxPieces.supplierTenantId, supplier),
        inArray(boxPieces.status, [...statuses]),
        boxScope(ctx as Ctx),
      ),
    );
  return rows.map((r) => r.id);
}

async function submitTargets(ctx: CommandCtx, ids: number[]) {
  if (ids.length && partyOf(ctx.auth) === 'supplier') {
    const boxNumber = await emptyBox(ctx, ids);
    if (boxNumber) throw badRequest('boxes.no_contents', { boxNumber });
  }
  return ids;
}

/**
 * The notice of a packing-list move: to the shipper, or back to the supplier. The kernel makes the notices
 * of a command's boxes one message per party (mergeNotices), so each box's move may say it.
 */
const tellOnce =
  (to: 'tenantId' | 'supplierTenantId', title: Notice['title']) =>
  async (move: Move<unknown, RowOf<typeof boxPieces>>): Promise<Notice[]> => {
    const reason = (move.input as { reason?: string }).reason;
    return [
      {
        to: { tenants: [move.row[to]] },
        title,
        params: { ...(await names(move)), ...(reason ? { reason } : {}) },
        link: link(move.row.batchId),
        type: 'business',
      },
    ];
  };

/** A handed-over packing list is told to the shipper, and to the batch's logistics providers: their work starts. */
const tellSubmitted = async (move: Move<unknown, RowOf<typeof boxPieces>>): Promise<Notice[]> => {
  const providers = await logisticsProvidersOf(move.ctx.db, move.row.batchId);
  return [
    ...(await tellOnce('tenantId', 'notice.packing_submitted')(move)),
    ...(providers.length
      ? [
          {
            to: { tenants: providers },
            title: 'notice.packing_submitted_logistics' as const,
            params: await names(move),
            link: `/logistics/index?batchId=${move.row.batchId}`,
            type: 'business',
          },
        ]
      : []),
  ];
};

export const submitPackingList = defineCommand({
  ...boxCommand,
  name: 'boxPiece.submit',
  operation: boxesOps.submit,
  event: 'submit',
  who: { ...boxCommand.who },
  target: async (ctx, input) => {
    const supplier = input.partnetId ?? (partyOf(ctx.auth) === 'supplier' ? ctx.auth.tenantId : undefined);
    if (!supplier) return [];
    const ids = await listBoxes(ctx, input.batchId, supplier, editableStates(boxMachine));
    if (!ids.length && partyOf(ctx.auth) === 'supplier' && supplier === ctx.auth.tenantId)
      throw badRequest('boxes.nothing_to_submit');
    return submitTargets(ctx, ids);
  },
  set: () => ({ reason: null, submitTime: new Date() }),
  // The supplier's part on the batch is complete once its packing list is handed over.
  effects: (move) => followMaterialList(move.ctx, move.row.batchId, move.row.supplierTenantId, 'complete'),
  notify: tellSubmitted,
});

/** batchUpdateBySubmit [ids]: submits the selected boxes (all or none). */
export const submitBoxes = defineCommand({
  ...boxCommand,
  name: 'boxPiece.submitMany',
  operation: boxesOps.submitMany,
  event: 'submit',
  who: { ...boxCommand.who },
  target: async (ctx, input) => submitTargets(ctx, input.ids),
  set: () => ({ reason: null, submitTime: new Date() }),
  notify: tellSubmitted,
});

export const returnPackingList = defineCommand({
  ...boxCommand,
  name: 'boxPiece.back',
  operation: boxesOps.back,
  event: 'back',
  who: { ...boxCommand.who },
  target: (ctx, input) => listBoxes(ctx, input.batchId, input.partnetId, [BoxStatus.submitted]),
  note: (input) => input.reason,
  set: (move) => ({ reason: move.input.reason }),
  effects: (move) => followMaterialList(move.ctx, move.row.batchId, move.row.supplierTenantId, 'reopen'),
  notify: tellOnce('supplierTenantId', 'notice.packing_returned'),
});

export const boxCommands = [submitPackingList, submitBoxes, returnPackingList];
