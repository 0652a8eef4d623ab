// The control tower's reads (spec §7): boxes with their vehicle and container (viewBoxPieceContainer,
// groupByContainer, viewBoxAccessoryContainer), boxes with abnormalities (viewBoxPieceAbnormal), the
// in-transit timelines (batchIntransitLive, boxPieceIntransitLive) read from the event store, the count
// of boxes per logistics state per batch, and an abnormal record's photo.
import {
  boxStatusLabels,
  boxTimelineLabels,
  type Lang,
  logisticsEventLabels,
  logisticsLabels,
} from '@tradelane/contract';
import { logisticsReadOps as ops } from '@tradelane/contract/api/logistics';
import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { partyOf } from '../../access/party.ts';
import { changeRecords } from '../../db/schema.ts';
import {
  abnormalRecords,
  containerBoxes,
  containers,
  vehicleBoxes,
  vehicles,
} from '../../db/schema-logistics.ts';
import { langOf, notFound } from '../../http/errors.ts';
import { type AnswerOf, mount, type OperationRequest } from '../../http/mount.ts';
import { type Ctx, ctxOf } from '../../resources/engine.ts';
import { describe } from '../../workflow/events.ts';
import { boxRow, boxRowScope, handedOverRow } from '../boxes/for-logistics.ts';
import { sendStored } from '../files/routes.ts';
import { fileRow } from '../files/service.ts';
import { visibleBatch } from '../project/access.ts';
import { visibleBatchIds } from '../project/batches.ts';
import { abnormalScope } from './access.ts';
import { signCheck } from './commands.ts';

/** Labels of a timeline event in the reader's language. */
export function eventLabels(
  action: string,
  entity: string,
  from: string | null,
  to: string | null,
  lang: Lang,
) {
  const logistic = entity === 'boxPiece' && action in logisticsEventLabels;
  const boxEvent =
    entity === 'boxPiece' ? boxTimelineLabels[action as keyof typeof boxTimelineLabels] : undefined;
  const states = logistic ? logisticsLabels : entity === 'boxPiece' ? boxStatusLabels : undefined;
  const state = (s: string | null) => (s == null ? null : (states?.[Number(s)]?.[lang] ?? s));
  return {
    actionLabel: boxEvent?.[lang] ?? action,
    fromLabel: state(from),
    toLabel: state(to),
  };
}

/**
 * Which events of a batch a reader sees: the shipper all; a logistics provider the boxes' moves and
 * the batch's own; a supplier those of its own boxes and the batch's.
 */
function timelineVisibility(ctx: Ctx): SQL | undefined {
  if (ctx.auth.isPlatformAdmin) return undefined;
  const party = partyOf(ctx.auth);
  if (party === 'shipper') return undefined;
  const boxOrBatch = inArray(changeRecords.entity, ['boxPiece', 'projectBatch']);
  if (party === 'logistics') return boxOrBatch;
  return and(
    boxOrBatch,
    or(sql`${changeRecords.partyTenantId} is null`, eq(changeRecords.partyTenantId, ctx.auth.tenantId)),
  );
}

async function boxesWithGroups(ctx: Ctx, where: SQL | undefined) {
  return ctx.db
    .select({
      id: boxRow.id,
      boxNumber: boxRow.boxNumber,
      batchId: boxRow.batchId,
      supplierTenantId: boxRow.supplierTenantId,
      packageType: boxRow.packageType,
      length: boxRow.length,
      width: boxRow.width,
      height: boxRow.height,
      grossWeight: boxRow.grossWeight,
      volume: boxRow.volume,
      status: boxRow.status,
      logisticsStatus: boxRow.logisticsStatus,
      accessoryInfoId: vehicleBoxes.accessoryInfoId,
      plateNumber: vehicles.plateNumber,
      containerId: containerBoxes.containerId,
      containerNumber: containers.containerNumber,
      seq: containerBoxes.seq,
    })
    .from(boxRow)
    .leftJoin(vehicleBoxes, eq(vehicleBoxes.boxId, boxRow.id))
    .leftJoin(vehicles, eq(vehicles.id, vehicleBoxes.accessoryInfoId))
    .leftJoin(containerBoxes, eq(containerBoxes.boxId, boxRow.id))
    .leftJoin(containers, eq(containers.id, containerBoxes.containerId))
    .where(and(where, boxRowScope(ctx)))
    .orderBy(asc(boxRow.boxNumber));
}

/** The boxes of a batch with their groups: the request of both views and of groupByContainer. */
type BatchBoxesRequest = OperationRequest<typeof ops.boxesWithContainer | typeof ops.boxesWithVehicle>;

/** An answer whose timestamps are Dates here and ISO strings on the wire (the JSON the caller reads). */
const sent = <O extends (typeof ops)[keyof typeof ops]>(_op: O, answer: unknown) => answer as AnswerOf<O>;

export async function logisticsRoutes(app: FastifyInstance) {
  /** The boxes of a visible batch with their vehicle and container, optionally those of one group. */
  const boxesOfBatch = async (request: BatchBoxesRequest) => {
    const ctx = ctxOf(app, request);
    const q = request.query;
    await visibleBatch(ctx, q.batchId);
    return boxesWithGroups(
      ctx,
      and(
        eq(boxRow.batchId, q.batchId),
        q.containerId ? eq(containerBoxes.containerId, q.containerId) : undefined,
        q.accessoryInfoId ? eq(vehicleBoxes.accessoryInfoId, q.accessoryInfoId) : undefined,
      ),
    );
  };
  const page = async (request: BatchBoxesRequest) => {
    const rows = await boxesOfBatch(request);
    return { content: rows, totalElements: rows.length };
  };

  mount(app, ops.signCheck, async (request) => {
    const ctx = ctxOf(app, request);
    const { batchId } = request.query;
    await visibleBatch(ctx, batchId);
    return signCheck(ctx, batchId);
  });

  mount(app, ops.boxesWithContainer, page);
  mount(app, ops.boxesWithVehicle, page);

  mount(app, ops.byContainer, async (request) => {
    const rows = await boxesOfBatch(request);
    const groups = new Map<
      number | null,
      { containerId: number | null; containerNumber: string | null; boxes: typeof rows }
    >();
    for (const r of rows) {
      const key = r.containerId ?? null;
      const g = groups.get(key) ?? {
        containerId: key,
        containerNumber: r.containerNumber ?? null,
        boxes: [],
      };
      g.boxes.push(r);
      groups.set(key, g);
    }
    return [...groups.values()].map((g) => ({
      ...g,
      boxCount: g.boxes.length,
      weight: Math.round(g.boxes.reduce((s, b) => s + Number(b.grossWeight), 0) * 10) / 10,
      volume: Math.round(g.boxes.reduce((s, b) => s + Number(b.volume), 0) * 1000) / 1000,
    }));
  });

  mount(app, ops.abnormalBoxes, async (request) => {
    const ctx = ctxOf(app, request);
    const q = request.query;
    await visibleBatch(ctx, q.batchId);
    const rows = await ctx.db
      .select({
        boxId: abnormalRecords.boxId,
        boxNumber: boxRow.boxNumber,
        logisticsStatus: boxRow.logisticsStatus,
        records: sql<number>`count(*)::int`,
        open: sql<number>`count(*) filter (where ${abnormalRecords.status} = 0)::int`,
        types: sql<string[]>`array_agg(distinct ${abnormalRecords.abnormalType})`,
        last: sql<Date>`max(${abnormalRecords.createTime})`,
      })
      .from(abnormalRecords)
      .innerJoin(boxRow, eq(boxRow.id, abnormalRecords.boxId))
      .where(and(eq(abnormalRecords.batchId, q.batchId), abnormalScope(ctx)))
      .groupBy(abnormalRecords.boxId, boxRow.boxNumber, boxRow.logisticsStatus)
      .orderBy(asc(boxRow.boxNumber));
    return sent(ops.abnormalBoxes, { content: rows, totalElements: rows.length });
  });

  mount(app, ops.batchTimeline, async (request) => {
    const ctx = ctxOf(app, request);
    const q = request.query;
    await visibleBatch(ctx, q.batchId);
    // The moves of one command share their transaction's time, who, action and note: one line.
    const grouped = await ctx.db
      .select({
        id: sql<number>`min(${changeRecords.id})`.mapWith(Number),
        createTime: changeRecords.createTime,
        createBy: changeRecords.createBy,
        entity: changeRecords.entity,
        action: changeRecords.action,
        fromStatus: changeRecords.fromStatus,
        toStatus: changeRecords.toStatus,
        place: changeRecords.place,
        note: changeRecords.note,
        count: sql<number>`count(*)::int`,
        entityId: sql<number>`min(${changeRecords.entityId})`.mapWith(Number),
      })
      .from(changeRecords)
      .where(and(eq(changeRecords.batchId, q.batchId), timelineVisibility(ctx)))
      .groupBy(
        changeRecords.createTime,
        changeRecords.createBy,
        changeRecords.entity,
        changeRecords.action,
        changeRecords.fromStatus,
        changeRecords.toStatus,
        changeRecords.place,
        changeRecords.note,
      )
      .orderBy(desc(changeRecords.createTime), desc(sql`min(${changeRecords.id})`))
      .limit(q.size);
    const described = await describe(
      ctx.db,
      grouped.map((g) => ({ ...g, tenantId: null, projectId: null, batchId: q.batchId }) as never),
    );
    const lang = langOf(request);
    return sent(
      ops.batchTimeline,
      described.map((d, i) => ({
        ...d,
        count: grouped[i]?.count ?? 1,
        ...eventLabels(d.action, d.entity, d.fromStatus, d.toStatus, lang),
      })),
    );
  });

  mount(app, ops.boxTimeline, async (request) => {
    const ctx = ctxOf(app, request);
    const q = request.query;
    const [box] = await ctx.db
      .select({ id: boxRow.id })
      .from(boxRow)
      .where(and(eq(boxRow.id, q.boxPieceId), boxRowScope(ctx)));
    if (!box) throw notFound();
    const rows = await ctx.db
      .select()
      .from(changeRecords)
      .where(and(eq(changeRecords.entity, 'boxPiece'), eq(changeRecords.entityId, box.id)))
      .orderBy(desc(changeRecords.createTime), desc(changeRecords.id))
      .limit(500);
    const lang = langOf(request);
    return sent(
      ops.boxTimeline,
      (await describe(ctx.db, rows, lang)).map((d) => ({
        ...d,
        ...eventLabels(d.action, d.entity, d.fromStatus, d.toStatus, lang),
      })),
    );
  });

  mount(app, ops.counts, async (request) => {
    const ctx = ctxOf(app, request);
    const q = request.query;
    const batches = await visibleBatchIds(ctx, q, 1000);
    if (!batches.length) return [];
    const rows = await ctx.db
      .select({
        batchId: boxRow.batchId,
        logisticsStatus: boxRow.logisticsStatus,
        count: sql<number>`count(*)::int`,
      })
      .from(boxRow)
      .where(
        and(
          inArray(boxRow.batchId, batches),
          // Boxes on a draft packing list are not handed over yet: not in the logistics life cycle.
          handedOverRow,
          boxRowScope(ctx),
        ),
      )
      .groupBy(boxRow.batchId, boxRow.logisticsStatus);
    const out = new Map<number, Record<string, number>>();
    for (const r of rows) {
      const m = out.get(r.batchId) ?? {};
      m[r.logisticsStatus] = r.count;
      out.set(r.batchId, m);
    }
    return [...out.entries()].map(([batchId, counts]) => ({
      batchId,
      counts,
      total: Object.values(counts).reduce((a, b) => a + b, 0),
    }));
  });

  mount(app, ops.abnormalPhoto, async (request, reply) => {
    const ctx = ctxOf(app, request);
    const q = request.query;
    const [rec] = await ctx.db
      .select({ photoIds: abnormalRecords.photoIds })
      .from(abnormalRecords)
      .where(and(eq(abnormalRecords.id, q.id), abnormalScope(ctx)));
    if (!rec || !(rec.photoIds ?? []).includes(q.fileId)) throw notFound();
    const file = await fileRow(ctx.db, q.fileId);
    if (!file) throw notFound();
    return sendStored(app, reply, file);
  });
}
