// Load plans for a batch's real boxes: propose the fewest
// containers of the chosen types for the boxes waiting in domestic transit, check a plan a provider
// accepts (the stuff command stores it), read a stored plan for the 3D view and print its loading sheet.
import {
  COG_SHARE,
  type ContainerPlanRequest,
  type LoadPlanRequest,
  LogisticsStatus,
  type PlacementInput,
} from '@tradelane/contract';
import { logisticsReadOps as ops } from '@tradelane/contract/api/logistics';
import {
  type BoxSpec,
  type ContainerPlan,
  type ContainerSpec,
  type ContainerType,
  checkPlan,
  cogOffset,
  type Placement,
  STANDARD_CONTAINERS,
} from '@tradelane/loadplan';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { containerBoxes, containers } from '../../db/schema-logistics.ts';
import { AppError, badRequest, langOf, notFound } from '../../http/errors.ts';
import { mount } from '../../http/mount.ts';
import { type Ctx, ctxOf, type RowOf } from '../../resources/engine.ts';
import { sendAttachment } from '../../resources/sheet-import.ts';
import { boxRow } from '../boxes/for-logistics.ts';
import { runPlan } from '../loadplan/routes.ts';
import { batchById } from '../project/batches.ts';
import { containerScope, servesBatch } from './access.ts';
import { loadingSheetPdf } from './loading-sheet.ts';

const _tags = ['logistics'];
const S = LogisticsStatus;

/** What the planner needs of a box. */
export type PlanBox = {
  id: number;
  boxNumber: string;
  length: number;
  width: number;
  height: number;
  grossWeight: number;
  stackable: boolean;
  thisSideUp: boolean;
  fragile: boolean;
};

const boxColumns = {
  id: boxRow.id,
  boxNumber: boxRow.boxNumber,
  length: boxRow.length,
  width: boxRow.width,
  height: boxRow.height,
  grossWeight: boxRow.grossWeight,
  stackable: boxRow.stackable,
  thisSideUp: boxRow.thisSideUp,
  fragile: boxRow.fragile,
};
/** A box's place in its container as stored: loading order, corner and the sizes it stands in. */
const placementColumns = {
  seq: containerBoxes.seq,
  x: containerBoxes.x,
  y: containerBoxes.y,
  z: containerBoxes.z,
  l: containerBoxes.l,
  w: containerBoxes.w,
  h: containerBoxes.h,
};
const asPlanBox = (b: Omit<PlanBox, 'grossWeight'> & { grossWeight: string | number }): PlanBox => ({
  ...b,
  grossWeight: Number(b.grossWeight),
});

/** What a plan's check reads of a container: its number and registered inner sizes. */
export type PlannedContainer = Pick<
  RowOf<typeof containers>,
  'id' | 'containerNumber' | 'typeCode' | 'innerLength' | 'innerWidth' | 'innerHeight' | 'maxPayload'
>;

/** Which of a box's (l, w, h) may stand vertical: "this side up" fixes it; every one must pass the door. */
function verticalOf(b: PlanBox, doorH: number): [boolean, boolean, boolean] {
  const d = [b.length, b.width, b.height];
  return [0, 1, 2].map((k) => (!b.thisSideUp || k === 2) && d[k] <= doorH) as [boolean, boolean, boolean];
}

/**
 * Box types for the planner: boxes alike in size, weight and handling are one type (block building
 * works on types). Fragile boxes carry nothing, like non-stackable ones: they end up on top.
 */
export function groupBoxes(boxes: readonly PlanBox[], doorH = Number.POSITIVE_INFINITY) {
  // The request shape of the planner's worker (a BoxSpec with a mutable vertical tuple).
  const types: LoadPlanRequest['boxes'] = [];
  const members: number[][] = [];
  const byKey = new Map<string, number>();
  for (const b of boxes) {
    const vertical = verticalOf(b, doorH);
    const stackable = b.stackable && !b.fragile;
    const key = [b.length, b.width, b.height, b.grossWeight, vertical.join(), stackable].join('|');
    let t = byKey.get(key);
    if (t === undefined) {
      t = types.length;
      byKey.set(key, t);
      types.push({
        id: key,
        l: b.length,
        w: b.width,
        h: b.height,
        qty: 0,
        weight: b.grossWeight,
        vertical,
        stackable,
      });
      members.push([]);
    }
    types[t]!.qty++;
    members[t]!.push(b.id);
  }
  return { types, members };
}

/** The planner's view of a container type: the door narrows what passes in across and up. */
function specOf(c: Pick<ContainerType, 'id' | 'l' | 'w' | 'h' | 'maxPayload' | 'doorW'>): ContainerSpec {
  return { id: c.id, l: c.l, w: Math.min(c.w, c.doorW ?? c.w), h: c.h, maxPayload: c.maxPayload };
}

/** Why a box fits none of the types: 'size' (inner size or door) or 'weight' (over every payload). */
function outOfGauge(b: PlanBox, types: readonly ContainerType[]): 'size' | 'weight' | undefined {
  let bySize = false;
  for (const c of types) {
    const spec = specOf(c);
    const d = [b.length, b.width, b.height];
    const vertical = verticalOf(b, Math.min(c.h, c.doorH ?? c.h));
    const fits = [0, 1, 2].some((k) => {
      if (!vertical[k]) return false;
      const [a, e] = d.filter((_, i) => i !== k) as [number, number];
      return (a <= spec.l && e <= spec.w) || (e <= spec.l && a <= spec.w);
    });
    if (!fits) continue;
    bySize = true;
    if (b.grossWeight <= (c.maxPayload ?? Number.POSITIVE_INFINITY)) return undefined;
  }
  return bySize ? 'weight' : 'size';
}

function typesOf(codes: readonly string[]): ContainerType[] {
  return [...new Set(codes)].map((code) => {
    const t = STANDARD_CONTAINERS.find((c) => c.id === code);
    if (!t) throw badRequest('container.type_unknown', { typeCode: code });
    return t;
  });
}

/** The provider of the batch plans and stuffs; to anyone else the batch is not there. */
async function servedBatch(ctx: Ctx, batchId: number) {
  if (!ctx.auth.isPlatformAdmin && !(await servesBatch(ctx, batchId))) throw notFound();
  const batch = await batchById(ctx.db, batchId);
  if (!batch) throw notFound();
  return batch;
}

/** The batch's boxes in domestic transit that are in no container yet (optionally a selection of them). */
async function waitingBoxes(ctx: Ctx, batchId: number, ids?: number[]): Promise<PlanBox[]> {
  const rows = await ctx.db
    .select(boxColumns)
    .from(boxRow)
    .leftJoin(containerBoxes, eq(containerBoxes.boxId, boxRow.id))
    .where(
      and(
        eq(boxRow.batchId, batchId),
        eq(boxRow.logisticsStatus, S.inTransit),
        isNull(containerBoxes.id),
        ids?.length ? inArray(boxRow.id, ids) : undefined,
      ),
    )
    .orderBy(asc(boxRow.boxNumber));
  return rows.map(asPlanBox);
}

export async function proposePlan(ctx: Ctx, req: ContainerPlanRequest, memoryMb?: number) {
  await servedBatch(ctx, req.batchId);
  const types = typesOf(req.typeCodes);
  const boxes = await waitingBoxes(ctx, req.batchId, req.boxPieceIds);
  if (!boxes.length) throw badRequest('container.nothing_to_plan');
  const oog = boxes.map((b) => ({ b, reason: outOfGauge(b, types) }));
  const inGauge = oog.filter((o) => !o.reason).map((o) => o.b);
  const doorH = Math.min(...types.map((c) => c.doorH ?? c.h));
  const { types: boxTypes, members } = groupBoxes(inGauge, doorH);
  const specs = types.map(specOf);
  const started = Date.now();
  const result = inGauge.length
    ? await runPlan(
        { containers: specs, boxes: boxTypes, mode: 'fewest', timeLimitMs: req.timeLimitMs },
        { tenantId: ctx.auth.tenantId, memoryMb, since: started },
      )
    : { plan: { containers: [], leftover: [], totalCost: 0 }, problems: [] };
  if (result.problems.length) {
    ctx.request?.log.error({ problems: result.problems }, 'container plan failed its check');
    throw new AppError(500, 'internal');
  }
  // Placements of a type take that type's boxes in box-number order.
  const queue = members.map((m) => [...m]);
  const byId = new Map(boxes.map((b) => [b.id, b]));
  const proposed = result.plan.containers.map((planned: ContainerPlan) => {
    // Planned within the door's width; stands centred in the real inner width.
    const inner = types.find((c) => c.id === planned.container.id) as ContainerType;
    const dy = Math.floor((inner.w - planned.container.w) / 2);
    const placements = planned.placements.map((p) => ({ ...p, y: p.y + dy }));
    const container = { ...planned.container, w: inner.w };
    const cp: ContainerPlan = {
      ...planned,
      container,
      placements,
      volumeUtilisation: (planned.volumeUtilisation * planned.container.w) / inner.w,
      centreOfGravity: planned.centreOfGravity && {
        ...planned.centreOfGravity,
        y: planned.centreOfGravity.y + dy,
      },
      cogOffset: cogOffset(container, placements, (p) => boxTypes[p.type]?.weight ?? 0),
    };
    const boxPieceIds = cp.placements.map((p) => {
      const id = queue[p.type]?.shift();
      // The planner's checked plan places no more boxes of a type than it was given.
      if (id === undefined) throw new AppError(500, 'internal');
      return id;
    });
    return {
      typeCode: String(cp.container.id),
      plan: cp,
      boxPieceIds,
      boxNumbers: boxPieceIds.map((id) => byId.get(id)?.boxNumber ?? ''),
    };
  });
  const volume = inGauge.reduce((s, b) => s + b.length * b.width * b.height, 0);
  const weight = inGauge.reduce((s, b) => s + b.grossWeight, 0);
  const maxVolume = Math.max(...types.map((c) => c.l * c.w * c.h));
  const maxPayload = Math.max(...types.map((c) => c.maxPayload ?? Number.POSITIVE_INFINITY));
  return {
    batchId: req.batchId,
    typeCodes: types.map((c) => c.id),
    boxes: boxTypes,
    containers: proposed,
    outOfGauge: oog.flatMap(({ b, reason }) =>
      reason
        ? [
            {
              boxPieceId: b.id,
              boxNumber: b.boxNumber,
              length: b.length,
              width: b.width,
              height: b.height,
              grossWeight: b.grossWeight,
              reason,
            },
          ]
        : [],
    ),
    unplaced: queue.flat().map((id) => ({ boxPieceId: id, boxNumber: byId.get(id)?.boxNumber ?? '' })),
    boxCount: inGauge.length,
    volume,
    weight,
    lowerBounds: {
      volume: inGauge.length ? Math.ceil(volume / maxVolume) : 0,
      weight: inGauge.length && Number.isFinite(maxPayload) ? Math.ceil(weight / maxPayload) : 0,
    },
    cogShare: COG_SHARE,
    ms: Date.now() - started,
  };
}

const innerOf = (c: PlannedContainer): ContainerSpec => ({
  id: String(c.typeCode),
  l: Number(c.innerLength),
  w: Number(c.innerWidth),
  h: Number(c.innerHeight),
  maxPayload: Number(c.maxPayload),
});

/**
 * An accepted plan, checked before it is stored: one placement per stuffed box, into an empty
 * container, and the planner's own checker on the container's registered sizes (bounds, overlaps,
 * orientation, full support, nothing on a box that carries nothing, payload, centre of gravity).
 */
export async function checkAcceptedPlan(
  ctx: Pick<Ctx, 'db'>,
  container: PlannedContainer,
  boxPieceIds: readonly number[],
  placements: readonly PlacementInput[],
) {
  const ids = new Set(boxPieceIds);
  const placed = new Set(placements.map((p) => p.boxPieceId));
  if (placed.size !== placements.length || placed.size !== ids.size || [...placed].some((id) => !ids.has(id)))
    throw badRequest('validation', { field: 'placements', reason: '' });
  const [held] = await ctx.db
    .select({ id: containerBoxes.id })
    .from(containerBoxes)
    .where(eq(containerBoxes.containerId, container.id))
    .limit(1);
  if (held) throw badRequest('validation', { field: 'placements', reason: '' });
  await checkPlacements(ctx, container, placements);
}

/** Placements of boxes in a container obey the planner's hard rules (inside, no overlap, support, balance). */
async function checkPlacements(
  ctx: Pick<Ctx, 'db'>,
  container: PlannedContainer,
  placements: readonly PlacementInput[],
  moved?: number,
) {
  const rows = (
    await ctx.db
      .select(boxColumns)
      .from(boxRow)
      .where(
        inArray(
          boxRow.id,
          placements.map((p) => p.boxPieceId),
        ),
      )
  ).map(asPlanBox);
  const index = new Map(rows.map((b, i) => [b.id, i]));
  const specs: BoxSpec[] = rows.map((b) => ({
    l: b.length,
    w: b.width,
    h: b.height,
    qty: 1,
    weight: b.grossWeight,
    vertical: verticalOf(b, Number.POSITIVE_INFINITY),
    stackable: b.stackable && !b.fragile,
  }));
  const ordered = [...placements].sort((a, b) => a.seq - b.seq);
  const ps: Placement[] = ordered.map((p) => {
    const type = index.get(p.boxPieceId);
    // A placement of a box that is not there is no plan to check.
    if (type === undefined)
      throw badRequest('validation', { field: 'placements', reason: String(p.boxPieceId) });
    return { ...p, type };
  });
  const spec = innerOf(container);
  const { violations } = checkPlan(spec, specs, ps, { cogShare: COG_SHARE });
  const named = violations.find((v) => v.index >= 0 && v.kind in RULE_CODES);
  const nameIt = () => {
    if (named) {
      // Two boxes overlap: the one moved by hand is the one to name.
      const at =
        named.kind === 'overlap' && moved ? ordered.findIndex((p) => p.boxPieceId === moved) : named.index;
      const box = rows[ps[at]?.type];
      throw badRequest(RULE_CODES[named.kind as keyof typeof RULE_CODES], {
        boxNumber: box?.boxNumber ?? '',
        containerNumber: container.containerNumber,
      });
    }
  };
  // A box moved by hand: what the move broke comes before the balance it shifted.
  if (moved) nameIt();
  const off = violations.find((v) => v.kind === 'balance');
  if (off) {
    const m = rows.reduce((s, b) => s + b.grossWeight, 0);
    const cx = ps.reduce((s, p) => s + (specs[p.type]!.weight ?? 0) * (p.x + p.l / 2), 0) / m;
    const cy = ps.reduce((s, p) => s + (specs[p.type]!.weight ?? 0) * (p.y + p.w / 2), 0) / m;
    throw badRequest('container.plan_off_centre', {
      containerNumber: container.containerNumber,
      dx: Math.round((Math.abs(cx - spec.l / 2) / spec.l) * 1000) / 10,
      dy: Math.round((Math.abs(cy - spec.w / 2) / spec.w) * 1000) / 10,
      limit: COG_SHARE * 100,
    });
  }
  nameIt();
  if (violations.length)
    throw badRequest('validation', { field: 'placements', reason: violations[0]?.message ?? '' });
}

const RULE_CODES = {
  bounds: 'logistics.placement_bounds',
  overlap: 'logistics.placement_overlap',
  orientation: 'logistics.placement_orientation',
  support: 'logistics.placement_support',
  stacking: 'logistics.placement_support',
  load: 'logistics.placement_support',
} as const;

/**
 * A box's place changed by hand (PUT containerBoxPiece): the container's placed boxes, this one at its
 * new place, still obey the planner's rules, and no two share a loading order.
 */
export async function checkChangedPlacement(
  ctx: Pick<Ctx, 'db'>,
  container: PlannedContainer,
  changed: PlacementInput,
) {
  const held = await ctx.db
    .select({
      boxPieceId: containerBoxes.boxId,
      boxNumber: boxRow.boxNumber,
      ...placementColumns,
    })
    .from(containerBoxes)
    .innerJoin(boxRow, eq(boxRow.id, containerBoxes.boxId))
    .where(eq(containerBoxes.containerId, container.id));
  const others = held.filter((p) => p.boxPieceId !== changed.boxPieceId);
  const taken = others.find((p) => p.seq === changed.seq);
  if (taken) throw badRequest('logistics.seq_taken', { seq: changed.seq, boxNumber: taken.boxNumber });
  const placed = others.filter((p): p is typeof p & PlacementInput =>
    [p.seq, p.x, p.y, p.z, p.l, p.w, p.h].every((v) => v !== null && v !== undefined),
  );
  await checkPlacements(ctx, container, [...placed, changed], changed.boxPieceId);
}

/** A stored plan: the container, its boxes in loading order with positions, and the plan's figures. */
export async function storedPlan(ctx: Ctx, id: number) {
  const [c] = await ctx.db
    .select()
    .from(containers)
    .where(and(eq(containers.id, id), containerScope(ctx)));
  if (!c) throw notFound();
  const rows = await ctx.db
    .select({
      ...boxColumns,
      ...placementColumns,
    })
    .from(containerBoxes)
    .innerJoin(boxRow, eq(boxRow.id, containerBoxes.boxId))
    .where(eq(containerBoxes.containerId, id))
    .orderBy(asc(containerBoxes.seq), asc(boxRow.boxNumber));
  const placedRows = rows.filter(
    (r): r is typeof r & Omit<PlacementInput, 'boxPieceId'> =>
      r.seq !== null &&
      r.x !== null &&
      r.y !== null &&
      r.z !== null &&
      r.l !== null &&
      r.w !== null &&
      r.h !== null,
  );
  const boxes = placedRows.map(asPlanBox);
  const { types, members } = groupBoxes(boxes);
  const typeOf = new Map(members.flatMap((m, t) => m.map((boxId) => [boxId, t] as const)));
  const placements: Placement[] = placedRows.map((r) => {
    const type = typeOf.get(r.id);
    // Every placed box was grouped into a type just above.
    if (type === undefined) throw new AppError(500, 'internal');
    return { type, x: r.x, y: r.y, z: r.z, l: r.l, w: r.w, h: r.h };
  });
  const spec = innerOf(c);
  const weights = placedRows.map((r) => Number(r.grossWeight));
  const weight = weights.reduce((s, w) => s + w, 0);
  const at = (f: (p: Placement) => number) =>
    placements.reduce((s, p, i) => s + weights[i] * f(p), 0) / weight;
  const plan: ContainerPlan = {
    container: spec,
    placements,
    volumeUtilisation: placements.reduce((s, p) => s + p.l * p.w * p.h, 0) / (spec.l * spec.w * spec.h),
    weightUtilisation: spec.maxPayload ? weight / spec.maxPayload : 0,
    totalWeight: weight,
    centreOfGravity:
      weight > 0
        ? { x: at((p) => p.x + p.l / 2), y: at((p) => p.y + p.w / 2), z: at((p) => p.z + p.h / 2) }
        : null,
    cogOffset: cogOffset(spec, placements, (p) => types[p.type]?.weight ?? 0),
    leftover: types.map(() => 0),
  };
  return {
    containerId: id,
    containerNumber: String(c.containerNumber),
    typeCode: String(c.typeCode),
    sealNumber: c.sealNumber,
    batchId: c.batchId,
    /** False when boxes were stuffed by hand, without positions. */
    planned: c.plan != null && placedRows.length > 0 && placedRows.length === rows.length,
    boxCount: rows.length,
    boxes: types,
    plan,
    boxPieceIds: placedRows.map((r) => r.id),
    items: placedRows.map((r) => ({
      boxPieceId: r.id,
      boxNumber: r.boxNumber,
      seq: r.seq,
      length: r.length,
      width: r.width,
      height: r.height,
      grossWeight: Number(r.grossWeight),
      stackable: r.stackable,
      thisSideUp: r.thisSideUp,
      fragile: r.fragile,
    })),
  };
}
export type StoredPlan = Awaited<ReturnType<typeof storedPlan>>;

/** Every box in a container, placed or not, in loading order (the loading sheet lists them all). */
export async function stuffedBoxes(ctx: Ctx, containerId: number) {
  const rows = await ctx.db
    .select({ ...boxColumns, seq: containerBoxes.seq, x: containerBoxes.x })
    .from(containerBoxes)
    .innerJoin(boxRow, eq(boxRow.id, containerBoxes.boxId))
    .where(eq(containerBoxes.containerId, containerId))
    .orderBy(asc(containerBoxes.seq), asc(boxRow.boxNumber));
  return rows.map((r) => ({ ...asPlanBox(r), placed: r.x != null && r.seq != null }));
}
export type StuffedBox = Awaited<ReturnType<typeof stuffedBoxes>>[number];

export async function containerPlanRoutes(app: FastifyInstance) {
  mount(
    app,
    ops.proposePlan,
    async (request) => proposePlan(ctxOf(app, request), request.body, app.config.loadPlanMemoryMb),
    { config: { describe: 'propose containers for a batch' } },
  );
  mount(app, ops.storedPlan, async (request) => storedPlan(ctxOf(app, request), request.query.id));
  mount(app, ops.loadingSheet, async (request, reply) => {
    const ctx = ctxOf(app, request);
    const stored = await storedPlan(ctx, request.query.id);
    const batch = await batchById(ctx.db, stored.batchId);
    const lang = langOf(request);
    return sendAttachment(
      reply,
      'application/pdf',
      `loading-sheet-${stored.containerNumber}.pdf`,
      loadingSheetPdf(stored, await stuffedBoxes(ctx, stored.containerId), batch?.batchNumber ?? '', lang),
    );
  });
}
