// The box logistics machine on the workflow kernel: every command is a
// declaration over box_piece.logistics_status — load onto a vehicle, off-load, ship, domestic transit,
// stuff into a container, undo packing, on board, discharge, unpack, deliver, undo delivery, receive,
// undo receipt, back to supplier, sign. Bulk commands move a set of boxes, all or none; the batch's
// status and logistics status are derived once per command; each command tells the other sides once.
import {
  AbnormalStatus,
  BoxStatus,
  boxesReasonInput,
  type LogisticsEvent,
  LogisticsStatus,
  logisticsLabels,
  logisticsMachine,
} from '@tradelane/contract';
import { logisticsOps } from '@tradelane/contract/api/logistics';
import { and, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import { partyOf } from '../../access/party.ts';
import type { Db } from '../../db/client.ts';
import {
  abnormalRecords,
  containerBoxes,
  containers,
  vehicleBoxes,
  vehicles,
} from '../../db/schema-logistics.ts';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.ts';
import type { Ctx } from '../../resources/engine.ts';
import {
  type CommandBody,
  type CommandCtx,
  type CommandDeclaration,
  type CommandOperation,
  defineCommand,
  type Move,
} from '../../workflow/kernel.ts';
import type { Notice } from '../../workflow/notify.ts';
import {
  type BoxRecord,
  type BoxTable,
  boxRow,
  boxRowScope,
  boxSubject,
  handedOverRow,
} from '../boxes/for-logistics.ts';
import { decorateBoxes } from '../boxes/resources.ts';
import { visibleBatch } from '../project/access.ts';
import { deriveBatchFromBoxes } from '../project/batch-status.ts';

import { batchNumbers, logisticsProvidersOf, tenantNames } from '../project/names.ts';
import { abnormalScope, containerScope, movesBox, vehicleScope } from './access.ts';
import { checkContainerFits } from './capacity.ts';
import { checkAcceptedPlan } from './plan.ts';

const S = LogisticsStatus;
const tags = ['logistics'];
const link = (batchId: unknown) => `/logistics/index?batchId=${batchId}`;

type AnyInput = { reason?: string | null; note?: string | null; place?: string | null; port?: string | null };

/** A check made once per command (not once per box), remembered for the command's input object. */
function once<T>(compute: (move: Move<unknown, BoxRecord>) => Promise<T>) {
  const memo = new WeakMap<object, Promise<T>>();
  return (move: Move<unknown, BoxRecord>) => {
    const key = move.input as object;
    let p = memo.get(key);
    if (!p) {
      p = compute(move);
      memo.set(key, p);
    }
    return p;
  };
}

/** Boxes of a batch (in the caller's scope) still before a state, but not sent back to the supplier. */
async function countBefore(ctx: CommandCtx, batchId: number, status: number, supplier?: number) {
  const [{ n }] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(boxRow)
    .where(
      and(
        eq(boxRow.batchId, batchId),
        sql`${boxRow.logisticsStatus} < ${status}`,
        // Boxes still on a draft packing list are not handed over yet: they hold nothing up.
        handedOverRow,
        supplier ? eq(boxRow.supplierTenantId, supplier) : undefined,
        boxRowScope(ctx as Ctx),
      ),
    );
  return Number(n);
}

const notLoaded = once(async (move) => {
  const supplier = partyOf(move.ctx.auth) === 'supplier' ? move.ctx.auth.tenantId : undefined;
  const count = await countBefore(move.ctx, move.row.batchId, S.loaded, supplier);
  return count ? badRequest('boxes.not_loaded', { count, row: '' }) : undefined;
});
const notDelivered = once(async (move) => {
  // Every box of the batch (sent back ones apart) must have arrived; the shipper sees them all.
  const [{ n }] = await move.ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(boxRow)
    .where(
      and(
        eq(boxRow.batchId, move.row.batchId),
        handedOverRow,
        sql`${boxRow.logisticsStatus} < ${S.delivered}`,
      ),
    );
  const count = Number(n);
  return count ? badRequest('logistics.not_delivered', { count, row: '' }) : undefined;
});

async function names(db: Db, moves: Move<unknown, BoxRecord>[], actorTenantId: number) {
  const row = moves[0]?.row;
  return {
    batch: (await batchNumbers(db, [row.batchId])).get(row.batchId),
    company: (await tenantNames(db, [actorTenantId])).get(actorTenantId)?.name,
    count: moves.length,
  };
}

/** The parties whose step comes next once a box is in a state (the machine's transitions from it). */
function nextParties(state: number): Set<string> {
  return new Set(logisticsMachine.filter((t) => t.from === state).flatMap((t) => [...t.who]));
}

/**
 * Who hears of a command, once (the kernel merges per party): the shipper, who follows every step of
 * its batches; every party whose work the move starts — the suppliers of the boxes when the next step is
 * theirs (an undo back to loading, a box sent back), the batch's logistics providers when it is theirs;
 * and, when a batch is signed or a box sent back, the suppliers and providers whose goods they are.
 * Never the caller's own company.
 */
function tell(kind: 'moved' | 'undone' | 'back' | 'signed') {
  return async (moves: Move<unknown, BoxRecord>[]): Promise<Notice[]> => {
    if (!moves.length) return [];
    const { ctx } = moves[0];
    const first = moves[0]?.row;
    const state = moves[0]?.to;
    const next = nextParties(state);
    const suppliers = moves.map((m) => m.row.supplierTenantId);
    const done = kind === 'signed' || kind === 'back';
    const to = new Set<number>([first.tenantId]);
    if (next.has('supplier') || done) for (const s of suppliers) to.add(s);
    if (next.has('logistics') || kind === 'signed')
      for (const p of await logisticsProvidersOf(ctx.db, first.batchId)) to.add(p);
    to.delete(ctx.auth.tenantId);
    const label = logisticsLabels[state];
    const input = moves[0]?.input as AnyInput;
    const title = {
      moved: 'notice.boxes_moved',
      undone: 'notice.boxes_undone',
      back: 'notice.back_supplier',
      signed: 'notice.batch_signed',
    }[kind] as Notice['title'];
    return [
      {
        to: { tenants: [...to] },
        title,
        params: {
          ...(await names(ctx.db, moves, ctx.auth.tenantId)),
          statusZh: label?.zh,
          statusEn: label?.en,
          reason: input.reason ?? '',
        },
        link: link(first.batchId),
        type: 'business',
      },
    ];
  };
}

const boxCommand = {
  ...boxSubject,
  machine: logisticsMachine,
  labels: logisticsLabels,
  tags,
  many: true,
  who: { own: movesBox },
  note: (input: AnyInput) => input.reason ?? input.note ?? null,
  record: (row: BoxRecord, input: AnyInput) => ({
    partyTenantId: row.supplierTenantId,
    place: input.place ?? input.port ?? null,
  }),
  guards: {
    submitted: ({ row }: Move<unknown, BoxRecord>) =>
      row.status === BoxStatus.submitted
        ? undefined
        : badRequest('logistics.box_not_submitted', { boxNumber: row.boxNumber }),
    reason: ({ input }: Move<unknown, BoxRecord>) =>
      (input as AnyInput).reason?.trim() ? undefined : 'logistics.reason_required',
    allLoaded: notLoaded,
    breakBulk: async ({ ctx, row }: Move<unknown, BoxRecord>) => {
      const [inside] = await ctx.db
        .select({ id: containerBoxes.id })
        .from(containerBoxes)
        .where(eq(containerBoxes.boxId, row.id));
      return row.outOfGauge && !inside
        ? undefined
        : badRequest('logistics.not_break_bulk', { boxNumber: row.boxNumber });
    },
    allDelivered: notDelivered,
  },
  afterAll: async (ctx: CommandCtx, moves: Move<unknown, BoxRecord>[]) => {
    for (const batchId of new Set(moves.map((m) => m.row.batchId)))
      await deriveBatchFromBoxes(ctx.db, ctx.auth, batchId);
  },
  notifyAll: tell('moved'),
  answer: (ctx: CommandCtx, rows: BoxRecord[]) => decorateBoxes(ctx as Ctx, rows),
} satisfies Partial<CommandDeclaration<never, BoxTable>>;

type Decl<I> = Omit<CommandBody<I, BoxTable>, keyof typeof boxCommand | 'target'> & {
  /** The contract's operation: path, input and the permission that may fire it. */
  operation: CommandOperation<I>;
  target: CommandBody<I>['target'];
} & Partial<Pick<CommandBody<I, BoxTable>, 'afterAll' | 'notifyAll' | 'guards' | 'note'>>;

function boxCmd<I>(d: Decl<I>) {
  const { afterAll, ...rest } = d;
  return defineCommand<I, BoxTable>({
    ...boxCommand,
    ...rest,
    who: { ...boxCommand.who },
    afterAll: async (ctx, moves, input) => {
      await afterAll?.(ctx, moves, input);
      await boxCommand.afterAll(ctx, moves as Move<unknown, BoxRecord>[]);
    },
  } as CommandDeclaration<I, BoxTable>);
}

/** Boxes of a set in one state, in the caller's scope (the rest are refused by the kernel by state). */
const ids = (input: { ids: number[] }) => input.ids;

/** The boxes of a group (vehicle or container) in a state, in the caller's scope. */
async function boxesOf(
  ctx: CommandCtx,
  link: typeof vehicleBoxes | typeof containerBoxes,
  groupColumn: typeof vehicleBoxes.accessoryInfoId | typeof containerBoxes.containerId,
  groupIds: number[],
  status: number,
) {
  const rows = await ctx.db
    .select({ id: boxRow.id })
    .from(boxRow)
    .innerJoin(link, eq(link.boxId, boxRow.id))
    .where(and(inArray(groupColumn, groupIds), eq(boxRow.logisticsStatus, status), boxRowScope(ctx as Ctx)))
    .orderBy(boxRow.id);
  return rows.map((r) => r.id);
}

/** A vehicle or container the caller sees; with `mustOwn`, one its company registered. */
function ownGroup<R extends { ownerTenantId: number }>(
  ctx: CommandCtx,
  row: R | undefined,
  mustOwn: boolean,
): R {
  if (!row) throw notFound();
  if (mustOwn && !ctx.auth.isPlatformAdmin && row.ownerTenantId !== ctx.auth.tenantId) throw forbidden();
  return row;
}

async function visibleVehicle(ctx: CommandCtx, id: number, mustOwn: boolean) {
  const [row] = await ctx.db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.id, id), vehicleScope(ctx)));
  return ownGroup(ctx, row, mustOwn);
}

async function visibleContainer(ctx: CommandCtx, id: number, mustOwn: boolean) {
  const [row] = await ctx.db
    .select()
    .from(containers)
    .where(and(eq(containers.id, id), containerScope(ctx)));
  return ownGroup(ctx, row, mustOwn);
}

function visibleGroup(
  ctx: CommandCtx,
  table: typeof vehicles | typeof containers,
  id: number,
  mustOwn: boolean,
) {
  return table === vehicles ? visibleVehicle(ctx, id, mustOwn) : visibleContainer(ctx, id, mustOwn);
}

type Group = { batchId: number };

/** A box must be on the batch of the vehicle or container it goes onto. */
function sameBatch(group: Group | undefined) {
  // The command's target found the group before any move is guarded.
  if (!group) throw new AppError(500, 'internal');
  return ({ row }: Move<unknown, BoxRecord>) =>
    row.batchId === group.batchId
      ? undefined
      : badRequest('logistics.other_batch', { boxNumber: row.boxNumber });
}

// ————— onto a vehicle and off it —————

const groupOf = new WeakMap<object, Group>();

export const loadBoxes = boxCmd({
  name: 'boxPiece.load',
  operation: logisticsOps.load,
  event: 'load',
  target: async (ctx, input) => {
    groupOf.set(input, await visibleVehicle(ctx, input.accessoryInfoId, true));
    return input.boxPieceIds;
  },
  guards: {
    ...boxCommand.guards,
    always: (move) => sameBatch(groupOf.get(move.input))(move),
  },
  effects: async ({ ctx, row, input }) => {
    await ctx.db.insert(vehicleBoxes).values({
      tenantId: row.tenantId,
      batchId: row.batchId,
      accessoryInfoId: input.accessoryInfoId,
      boxId: row.id,
      createBy: ctx.auth.username,
    });
  },
});

const offVehicle = async ({ ctx, row }: Move<unknown, BoxRecord>) => {
  await ctx.db.delete(vehicleBoxes).where(eq(vehicleBoxes.boxId, row.id));
};

export const offLoadBox = boxCmd({
  name: 'boxPiece.offLoad',
  operation: logisticsOps.offLoad,
  event: 'offLoad',
  target: async (ctx, input) => {
    const [box] = await ctx.db
      .select({ id: boxRow.id })
      .from(boxRow)
      .where(
        and(eq(boxRow.id, input.boxPieceId), eq(boxRow.batchId, input.batchId), boxRowScope(ctx as Ctx)),
      );
    if (!box) throw notFound();
    return [box.id];
  },
  effects: offVehicle,
  notifyAll: tell('undone'),
});

/**
 * What an undo of a group moves: the selected boxes, or every box of the caller's vehicle (container) still
 * in the step the undo takes back.
 */
function undoTarget(
  table: typeof vehicles | typeof containers,
  link: typeof vehicleBoxes | typeof containerBoxes,
  column: typeof vehicleBoxes.accessoryInfoId | typeof containerBoxes.containerId,
  status: number,
) {
  return async (ctx: CommandCtx, input: { id?: number; boxPieceIds?: number[] }) => {
    if (input.boxPieceIds?.length) return input.boxPieceIds;
    // The input's schema asks for one or the other.
    if (input.id === undefined) throw badRequest('validation', { field: 'id', reason: '' });
    await visibleGroup(ctx, table, input.id, true);
    const found = await boxesOf(ctx, link, column, [input.id], status);
    if (!found.length) throw badRequest('logistics.group_empty');
    return found;
  };
}

export const undoLoading = boxCmd({
  name: 'accessoryInfo.undoLoading',
  operation: logisticsOps.undoLoading,
  event: 'offLoad',
  target: undoTarget(vehicles, vehicleBoxes, vehicleBoxes.accessoryInfoId, S.loaded),
  effects: offVehicle,
  notifyAll: tell('undone'),
});

export const shipBatch = boxCmd({
  name: 'boxPiece.ship',
  operation: logisticsOps.ship,
  event: 'ship',
  target: async (ctx, input) => {
    // A batch the caller does not serve is not there (not 'nothing to ship').
    await visibleBatch(ctx as Ctx, input.batchId);
    const supplier = partyOf(ctx.auth) === 'supplier' ? ctx.auth.tenantId : (input.partnetId ?? undefined);
    const rows = await ctx.db
      .select({ id: boxRow.id })
      .from(boxRow)
      .where(
        and(
          eq(boxRow.batchId, input.batchId),
          eq(boxRow.logisticsStatus, S.loaded),
          supplier ? eq(boxRow.supplierTenantId, supplier) : undefined,
          boxRowScope(ctx as Ctx),
        ),
      )
      .orderBy(boxRow.id);
    if (!rows.length) {
      const blocked = await countBefore(ctx, input.batchId, S.loaded, supplier);
      throw blocked
        ? badRequest('boxes.not_loaded', { count: blocked })
        : badRequest('logistics.nothing_to_ship');
    }
    return rows.map((r) => r.id);
  },
});

export const transitBoxes = boxCmd({
  name: 'boxPiece.transit',
  operation: logisticsOps.transit,
  event: 'transit',
  target: async (_ctx, input) => ids(input),
});

// ————— into a container and out —————

export const stuffBoxes = boxCmd({
  name: 'boxPiece.stuff',
  operation: logisticsOps.stuff,
  event: 'stuff',
  target: async (ctx, input) => {
    const container = await visibleContainer(ctx, input.containerId, true);
    groupOf.set(input, container);
    await checkContainerFits(ctx, container, input.boxPieceIds);
    if (input.placements) await checkAcceptedPlan(ctx, container, input.boxPieceIds, input.placements);
    return input.boxPieceIds;
  },
  guards: {
    ...boxCommand.guards,
    always: (move) => sameBatch(groupOf.get(move.input))(move),
  },
  effects: async ({ ctx, row, input }) => {
    const at = input.placements?.find((p) => p.boxPieceId === row.id);
    await ctx.db.insert(containerBoxes).values({
      tenantId: row.tenantId,
      batchId: row.batchId,
      containerId: input.containerId,
      boxId: row.id,
      ...(at && { seq: at.seq, x: at.x, y: at.y, z: at.z, l: at.l, w: at.w, h: at.h }),
      createBy: ctx.auth.username,
    });
  },
  // An accepted plan is kept with the container; a box added by hand makes a stored plan stale.
  afterAll: async (ctx, _moves, input) => {
    const plan = input.placements ? { ...input.plan, boxCount: input.placements.length } : null;
    await ctx.db.update(containers).set({ plan }).where(eq(containers.id, input.containerId));
  },
});

export const undoPacking = boxCmd({
  name: 'container.undoPacking',
  operation: logisticsOps.undoPacking,
  event: 'undoPacking',
  target: undoTarget(containers, containerBoxes, containerBoxes.containerId, S.boxed),
  effects: async ({ ctx, row }) => {
    // The box leaves its container; the container's stored plan no longer holds.
    const [gone] = await ctx.db
      .delete(containerBoxes)
      .where(eq(containerBoxes.boxId, row.id))
      .returning({ containerId: containerBoxes.containerId });
    if (gone) await ctx.db.update(containers).set({ plan: null }).where(eq(containers.id, gone.containerId));
  },
  notifyAll: tell('undone'),
});

/**
 * DELETE /api/containerBoxPiece and /api/accessoryInfoBoxPiece (the spec's delete-by-ids of a family):
 * the boxes of those links go one step back — undo packing, off-load — with the reason the machine asks
 * for, by the company that registered the container or vehicle. The link row goes with the move.
 */
function unlinkTarget(
  table: typeof vehicles | typeof containers,
  link: typeof vehicleBoxes | typeof containerBoxes,
  column: typeof vehicleBoxes.accessoryInfoId | typeof containerBoxes.containerId,
) {
  return async (ctx: CommandCtx, input: { ids: number[] }) => {
    const wanted = [...new Set(input.ids)];
    const rows = await ctx.db
      .select({ id: link.id, boxId: link.boxId, group: column })
      .from(link)
      .innerJoin(boxRow, eq(boxRow.id, link.boxId))
      .where(and(inArray(link.id, wanted), boxRowScope(ctx as Ctx)));
    // All or nothing: a link the caller cannot see is not there.
    const missing = wanted.find((id) => !rows.some((r) => r.id === id));
    if (missing !== undefined) throw new AppError(404, 'not_found', { id: missing });
    for (const group of new Set(rows.map((r) => r.group))) await visibleGroup(ctx, table, group, true);
    return rows.map((r) => r.boxId);
  };
}

export const unstuffLinks = boxCmd({
  name: 'containerBoxPiece.delete',
  operation: logisticsOps.unstuffLinks,
  event: 'undoPacking',
  target: unlinkTarget(containers, containerBoxes, containerBoxes.containerId),
  effects: undoPacking.effects,
  notifyAll: tell('undone'),
});

export const unloadLinks = boxCmd({
  name: 'accessoryInfoBoxPiece.delete',
  operation: logisticsOps.unloadLinks,
  event: 'offLoad',
  target: unlinkTarget(vehicles, vehicleBoxes, vehicleBoxes.accessoryInfoId),
  effects: offVehicle,
  notifyAll: tell('undone'),
});

/**
 * Container commands: the boxes of the containers (ids) in the step before, or boxes carried as break
 * bulk (boxPieceIds); the containers' own fields (vessel, port…) set once.
 */
function containerCmd<I extends { ids?: number[]; boxPieceIds?: number[] }>(
  d: Omit<Decl<I>, 'target'> & {
    from: number;
    fields?: (input: I) => Partial<typeof containers.$inferInsert>;
    /** Fields that differ per container (a seal each). */
    each?: (input: I) => { id: number; set: Partial<typeof containers.$inferInsert> }[];
    /** What the containers must carry before they move (refused as a whole, nothing changed). */
    check?: (ctx: CommandCtx, input: I, ids: number[]) => Promise<void>;
  },
) {
  const { from, fields, each, check, ...rest } = d;
  return boxCmd<I>({
    ...rest,
    target: async (ctx, input) => {
      const groups = input.ids ?? [];
      for (const id of groups) await visibleContainer(ctx, id, false);
      if (groups.length) await check?.(ctx, input, groups);
      const found = groups.length
        ? await boxesOf(ctx, containerBoxes, containerBoxes.containerId, groups, from)
        : [];
      if (!found.length && !input.boxPieceIds?.length) throw badRequest('logistics.group_empty');
      return [...new Set([...found, ...(input.boxPieceIds ?? [])])];
    },
    afterAll: async (ctx, _moves, input) => {
      const set = fields?.(input);
      if (set && Object.keys(set).length && input.ids?.length)
        await ctx.db
          .update(containers)
          .set({ ...set, updateTime: new Date(), updateBy: ctx.auth.username })
          .where(inArray(containers.id, input.ids));
      for (const one of each?.(input) ?? []) {
        if (!input.ids?.includes(one.id)) continue;
        await ctx.db
          .update(containers)
          .set({ ...one.set, updateTime: new Date(), updateBy: ctx.auth.username })
          .where(eq(containers.id, one.id));
      }
    },
  });
}

export const onBoard = containerCmd({
  name: 'container.onBoard',
  operation: logisticsOps.onBoard,
  event: 'onBoard',
  from: S.boxed,
  note: (input) => [input.vessel, input.voyage, input.blNumber].filter(Boolean).join(' / '),
  fields: (i) => ({ vessel: i.vessel, voyage: i.voyage, etd: i.etd ?? null, blNumber: i.blNumber ?? null }),
  // Each container's seal, given as it is sealed for the voyage (only containers going on board now).
  each: (i) => (i.seals ?? []).map((s) => ({ id: s.containerId, set: { sealNumber: s.sealNumber } })),
  // No container sails unsealed: each has its seal on record or given now (the bill of lading prints it).
  check: async (ctx, input, ids) => {
    const given = new Set((input.seals ?? []).map((s) => s.containerId));
    const open = ids.filter((id) => !given.has(id));
    if (!open.length) return;
    const unsealed = await ctx.db
      .select({ number: containers.containerNumber })
      .from(containers)
      .where(
        and(inArray(containers.id, open), or(isNull(containers.sealNumber), eq(containers.sealNumber, ''))),
      )
      .orderBy(containers.containerNumber);
    if (unsealed.length)
      throw badRequest('logistics.seal_missing', { containers: unsealed.map((c) => c.number).join(', ') });
  },
});

export const discharge = containerCmd({
  name: 'container.discharge',
  operation: logisticsOps.discharge,
  event: 'discharge',
  from: S.onBoard,
  fields: (i) => ({ port: i.port, eta: i.eta ?? null, ata: i.ata ?? new Date() }),
});

export const unpack = containerCmd({
  name: 'container.unpack',
  operation: logisticsOps.unpack,
  event: 'unpack',
  from: S.unloaded,
});

// ————— at the destination —————

const simple = (
  event: LogisticsEvent,
  operation: CommandOperation<{ ids: number[]; reason?: string | null }>,
  notifyAll = tell(operation.body === boxesReasonInput ? 'undone' : 'moved'),
) =>
  boxCmd({
    name: `boxPiece.${event}`,
    operation,
    event,
    target: async (_ctx, input) => ids(input),
    notifyAll,
  });

export const deliver = simple('deliver', logisticsOps.deliver);
export const undoDelivery = simple('undoDelivery', logisticsOps.undoDelivery);
export const receive = simple('receive', logisticsOps.receive);
export const undoReceive = simple('undoReceive', logisticsOps.undoReceive);
export const backSupplier = simple('backSupplier', logisticsOps.backSupplier, tell('back'));

/**
 * What signing a batch would leave behind: boxes not yet delivered (these block it, spec §5), boxes
 * delivered but never received on site, and abnormal records still open (these need a reason).
 */
export async function signCheck(ctx: Pick<CommandCtx, 'db' | 'auth'>, batchId: number) {
  const [{ n }] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(boxRow)
    .where(and(eq(boxRow.batchId, batchId), handedOverRow, sql`${boxRow.logisticsStatus} < ${S.delivered}`));
  const notReceived = await ctx.db
    .select({ id: boxRow.id, boxNumber: boxRow.boxNumber })
    .from(boxRow)
    .where(
      and(
        eq(boxRow.batchId, batchId),
        handedOverRow,
        eq(boxRow.logisticsStatus, S.delivered),
        boxRowScope(ctx as Ctx),
      ),
    )
    .orderBy(boxRow.boxNumber);
  const openAbnormal = await ctx.db
    .select({
      id: abnormalRecords.id,
      boxNumber: boxRow.boxNumber,
      abnormalType: abnormalRecords.abnormalType,
      note: abnormalRecords.note,
    })
    .from(abnormalRecords)
    .innerJoin(boxRow, eq(boxRow.id, abnormalRecords.boxId))
    .where(
      and(
        eq(abnormalRecords.batchId, batchId),
        eq(abnormalRecords.status, AbnormalStatus.open),
        abnormalScope(ctx as Ctx),
      ),
    )
    .orderBy(abnormalRecords.id);
  return {
    notDelivered: Number(n),
    notReceived,
    openAbnormal,
    needsReason: notReceived.length + openAbnormal.length > 0,
  };
}

export const signBatch = boxCmd({
  name: 'projectBatch.sign',
  operation: logisticsOps.sign,
  event: 'sign',
  target: async (ctx, input) => {
    await visibleBatch(ctx as Ctx, input.batchId);
    const rows = await ctx.db
      .select({ id: boxRow.id })
      .from(boxRow)
      .where(
        and(
          eq(boxRow.batchId, input.batchId),
          inArray(boxRow.logisticsStatus, [S.delivered, S.received]),
          boxRowScope(ctx as Ctx),
        ),
      )
      .orderBy(boxRow.id);
    if (!rows.length) {
      const [{ n }] = await ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(boxRow)
        .where(
          and(
            eq(boxRow.batchId, input.batchId),
            handedOverRow,
            notInArray(boxRow.logisticsStatus, [S.signed, S.backToSupplier]),
            boxRowScope(ctx as Ctx),
          ),
        );
      throw Number(n)
        ? badRequest('logistics.not_delivered', { count: Number(n) })
        : badRequest('logistics.nothing_to_sign');
    }
    // Undelivered boxes are refused by the machine's guard; what was delivered but never received, or
    // is still open, is signed only with the reason the signer gives.
    const check = await signCheck(ctx, input.batchId);
    if (!check.notDelivered && check.needsReason && !input.reason?.trim())
      throw badRequest('logistics.sign_needs_reason', {
        notReceived: check.notReceived.length,
        open: check.openAbnormal.length,
      });
    return rows.map((r) => r.id);
  },
  notifyAll: tell('signed'),
});

export const logisticsCommands = [
  loadBoxes,
  offLoadBox,
  unloadLinks,
  unstuffLinks,
  undoLoading,
  shipBatch,
  transitBoxes,
  stuffBoxes,
  undoPacking,
  onBoard,
  discharge,
  unpack,
  deliver,
  undoDelivery,
  receive,
  undoReceive,
  backSupplier,
  signBatch,
];
