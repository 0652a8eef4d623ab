// Re-projection of a batch (docs/decisions.md): the milestones it has reached are read from the state the
// kernel's commands left (the batch's derived statuses, its boxes, its clearance) with their times from the
// change record; the rest are projected (projection.ts). It runs in the transaction of every batch command
// (the kernel's listener), when the shipper saves a plan, and from the scheduled job for batches whose
// planned date passed with no event. What changed is answered, for exceptions and events out.
import {
  BatchStatus,
  ClearanceStatus,
  type HealthValue,
  LANE_HISTORY_MIN,
  LogisticsStatus,
  type MilestoneCode,
  milestones,
  type ProjectionBasis,
} from '@tradelane/contract';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { changeRecords } from '../../db/schema.ts';
import { batchMilestones, batchPlans } from '../../db/schema-tower.ts';
import { handOverCounts } from '../boxes/batch-boxes.ts';
import { clearanceStatusOf } from '../customs/clearance.ts';
import { type Batch, batchesByIds } from '../project/batches.ts';
import { listCounts } from '../supplies/batch-lists.ts';
import { laneLegsOf, laneOf } from './lane-legs.ts';
import { dayOf, daysBetween, median, projectBatch } from './projection.ts';

type PlanRow = typeof batchPlans.$inferSelect;
type MilestoneRow = typeof batchMilestones.$inferSelect;

const L = LogisticsStatus;
/** The change-record events that reach each milestone: its actual is the last of them on the batch. */
const reachedBy: Record<MilestoneCode, { entity: string; actions: string[] }> = {
  exWorks: { entity: 'materialList', actions: ['confirm'] },
  packed: { entity: 'boxPiece', actions: ['submit'] },
  loaded: { entity: 'boxPiece', actions: ['load'] },
  shipped: { entity: 'boxPiece', actions: ['onBoard'] },
  arrived: { entity: 'boxPiece', actions: ['discharge'] },
  cleared: { entity: 'customsClearance', actions: ['release'] },
  delivered: { entity: 'boxPiece', actions: ['deliver'] },
  received: { entity: 'boxPiece', actions: ['receive', 'sign'] },
};

/** Which milestones the batch has reached now, from the state the commands left. */
async function reachedNow(db: Db, batch: Batch): Promise<Set<MilestoneCode>> {
  const out = new Set<MilestoneCode>();
  const lists = await listCounts(db, batch.id);
  if (batch.status >= BatchStatus.materialsConfirmed || (lists.n > 0 && lists.n === lists.confirmed))
    out.add('exWorks');
  const boxes = await handOverCounts(db, batch.id);
  const handedOver = boxes.n > 0 && boxes.n === boxes.submitted;
  if (handedOver) out.add('packed');
  const s = batch.logisticsStatus;
  if (handedOver || boxes.submitted > 0) {
    if (s >= L.loaded) out.add('loaded');
    if (s >= L.onBoard) out.add('shipped');
    if (s >= L.unloaded) out.add('arrived');
    if (s >= L.delivered) out.add('delivered');
    if (s >= L.received) out.add('received');
  }
  if ((await clearanceStatusOf(db, batch.id)) === ClearanceStatus.released) out.add('cleared');
  return out;
}

/** The time of the last event that reached a milestone (now when the record has none: a demo's seeded state). */
async function reachedAt(db: Db, batchId: number, code: MilestoneCode): Promise<Date> {
  const [row] = await db
    .select({ at: changeRecords.createTime })
    .from(changeRecords)
    .where(
      and(
        eq(changeRecords.batchId, batchId),
        eq(changeRecords.entity, reachedBy[code].entity),
        inArray(changeRecords.action, reachedBy[code].actions),
      ),
    )
    .orderBy(desc(changeRecords.createTime), desc(changeRecords.id))
    .limit(1);
  return row?.at ?? new Date();
}

/**
 * The lane's observed median of each leg (days from the milestone before), over the tenant's batches on the
 * lane that reached both ends; only legs with enough history count.
 */
async function laneMedians(db: Db, tenantId: number, lane: string | null, exceptBatch: number) {
  const out: Partial<Record<MilestoneCode, number>> = {};
  if (!lane) return out;
  const rows = await db
    .select({ batchId: batchMilestones.batchId, code: batchMilestones.code, actual: batchMilestones.actual })
    .from(batchMilestones)
    .innerJoin(batchPlans, eq(batchPlans.batchId, batchMilestones.batchId))
    .where(
      and(
        eq(batchPlans.tenantId, tenantId),
        eq(batchPlans.lane, lane),
        ne(batchPlans.batchId, exceptBatch),
        isNotNull(batchMilestones.actual),
      ),
    )
    .orderBy(desc(batchPlans.id))
    .limit(50 * milestones.length);
  const byBatch = new Map<number, Map<string, string>>();
  for (const r of rows) {
    const m = byBatch.get(r.batchId) ?? new Map<string, string>();
    m.set(r.code, dayOf(r.actual as Date));
    byBatch.set(r.batchId, m);
  }
  for (let i = 1; i < milestones.length; i++) {
    const [from, to] = [milestones[i - 1].code, milestones[i].code];
    const legs: number[] = [];
    for (const m of byBatch.values()) {
      const a = m.get(from);
      const b = m.get(to);
      if (a && b) legs.push(Math.max(0, daysBetween(a, b)));
    }
    if (legs.length >= LANE_HISTORY_MIN) out[to] = median(legs);
  }
  return out;
}

export interface Reprojected {
  batch: Batch;
  plan: PlanRow;
  before: { health: HealthValue | null; projectedDelivery: string | null; actual: Set<MilestoneCode> };
  after: { health: HealthValue | null; projectedDelivery: string | null; slackDays: number | null };
  /** Milestones reached by this re-projection (their events just happened). */
  reached: MilestoneCode[];
  milestones: MilestoneRow[];
  today: string;
}

/** The plan row and its milestones, creating the empty ones (every milestone has a row once a plan exists). */
export async function ensurePlan(db: Db, batch: Batch, by: string): Promise<PlanRow> {
  await db
    .insert(batchPlans)
    .values({
      tenantId: batch.tenantId,
      projectId: batch.projectId,
      batchId: batch.id,
      lane: laneOf(batch),
      createBy: by,
    })
    .onConflictDoNothing();
  await db
    .insert(batchMilestones)
    .values(milestones.map((m, i) => ({ tenantId: batch.tenantId, batchId: batch.id, seq: i, code: m.code })))
    .onConflictDoNothing();
  const [plan] = await db.select().from(batchPlans).where(eq(batchPlans.batchId, batch.id)).for('update');
  return plan;
}

/** Re-projects the batches that have a plan (others are left alone); answers what changed, per batch. */
export async function reproject(
  db: Db,
  batchIds: number[],
  today = dayOf(new Date()),
): Promise<Reprojected[]> {
  const ids = [...new Set(batchIds)].sort((a, b) => a - b);
  if (!ids.length) return [];
  // Locked in id order: two commands on the same batches re-project one after the other.
  const plans = await db
    .select()
    .from(batchPlans)
    .where(inArray(batchPlans.batchId, ids))
    .orderBy(asc(batchPlans.batchId))
    .for('update');
  if (!plans.length) return [];
  const batches = await batchesByIds(
    db,
    plans.map((p) => p.batchId),
  );
  const out: Reprojected[] = [];
  for (const plan of plans) {
    const batch = batches.find((b) => b.id === plan.batchId);
    if (batch) out.push(await reprojectOne(db, batch, plan, today));
  }
  return out;
}

async function reprojectOne(db: Db, batch: Batch, plan: PlanRow, today: string): Promise<Reprojected> {
  const rows = await db
    .select()
    .from(batchMilestones)
    .where(eq(batchMilestones.batchId, batch.id))
    .orderBy(asc(batchMilestones.seq));
  const reached = await reachedNow(db, batch);
  const before = {
    health: plan.health as HealthValue | null,
    projectedDelivery: plan.projectedDelivery,
    actual: new Set(rows.filter((r) => r.actual).map((r) => r.code as MilestoneCode)),
  };
  const newly: MilestoneCode[] = [];
  const actual = new Map<string, Date | null>();
  for (const r of rows) {
    const code = r.code as MilestoneCode;
    if (reached.has(code)) {
      const at = r.actual ?? (await reachedAt(db, batch.id, code));
      if (!r.actual) newly.push(code);
      actual.set(code, at);
    } else actual.set(code, null); // undone: an undo takes the batch back before it
  }
  const lane = laneOf(batch);
  const projection = projectBatch({
    milestones: rows.map((r) => {
      const at = actual.get(r.code);
      return { code: r.code as MilestoneCode, planned: r.planned, actual: at ? dayOf(at) : null };
    }),
    today,
    laneMedians: await laneMedians(db, batch.tenantId, lane, batch.id),
    // A leg the plan leaves undated rests on the lane's defaults (read only when some leg needs them).
    laneDefaults: rows.some((r) => !r.planned && !actual.get(r.code))
      ? ((await laneLegsOf(db, batch)) ?? undefined)
      : undefined,
    requiredOnSite: plan.requiredOnSite,
    marginDays: plan.marginDays,
  });
  const updated: MilestoneRow[] = [];
  for (const r of rows) {
    const p = projection.milestones.find((m) => m.code === r.code) as {
      projected: string | null;
      basis: ProjectionBasis;
    };
    const next = { actual: actual.get(r.code) ?? null, projected: p.projected, basis: p.basis };
    if (
      next.projected !== r.projected ||
      next.basis !== r.basis ||
      (next.actual?.getTime() ?? null) !== (r.actual?.getTime() ?? null)
    )
      await db.update(batchMilestones).set(next).where(eq(batchMilestones.id, r.id));
    updated.push({ ...r, ...next });
  }
  const [saved] = await db
    .update(batchPlans)
    .set({
      lane,
      projectedDelivery: projection.projectedDelivery,
      slackDays: projection.slackDays,
      health: projection.health,
      nextMilestone: projection.next,
      projectedAt: new Date(),
    })
    .where(eq(batchPlans.id, plan.id))
    .returning();
  return {
    batch,
    plan: saved,
    before,
    after: {
      health: projection.health,
      projectedDelivery: projection.projectedDelivery,
      slackDays: projection.slackDays,
    },
    reached: newly,
    milestones: updated,
    today,
  };
}

/** Batches with a milestone planned before today and no event yet (the job's work). */
export async function overdueBatchIds(db: Db, today = dayOf(new Date()), limit = 1000): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: batchMilestones.batchId })
    .from(batchMilestones)
    .innerJoin(batchPlans, eq(batchPlans.batchId, batchMilestones.batchId))
    .where(and(isNull(batchMilestones.actual), lt(batchMilestones.planned, today)))
    .limit(limit);
  return rows.map((r) => r.id);
}
