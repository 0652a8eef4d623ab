// The control tower's demo: every demo batch gets a plan and a baseline, dated from the day the
// demo is seeded so that it tells the same story whenever it is installed — one batch late (JKT2-B007), one
// at risk (CTG4-B002), the rest on track — and open exceptions wait for each party.
import { DEFAULT_MARGIN_DAYS, milestones } from '@tradelane/contract';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { projectBatches, projects } from '../db/schema-project.ts';
import { batchMilestones, batchPlans, laneDefaults, towerExceptions } from '../db/schema-tower.ts';
import { batchParties } from '../modules/tower/audience.ts';
import { towerAfterReprojection } from '../modules/tower/consequences.ts';
import { assignExceptionCommand, openExceptionCommand } from '../modules/tower/exceptions.ts';
import { addDays, dayOf } from '../modules/tower/projection.ts';
import { ensurePlan, reproject } from '../modules/tower/reproject.ts';
import { callerOf } from '../workflow/in-process.ts';
import { seedCommand } from './commands.ts';

const DEMO_PROJECTS = ['JKT-PP2', 'CTG-SS4'];
export const DEMO_LATE = 'JKT2-B007';
export const DEMO_AT_RISK = 'CTG4-B002';
/** Days between the projected delivery and the required-on-site date, by batch (others: on track). */
const slackOf = (n: string) => (n === DEMO_LATE ? -9 : n === DEMO_AT_RISK ? 3 : 30);
/** The planned day of each milestone, from the day of seeding (the legs of a sea lot of about two months). */
const offsets = [-40, -30, -25, -20, 10, 14, 18, 20];

/** Plans, baselines and exceptions for the demo batches (none when the demo has no batches). */
export async function seedTowerDemo(db: Db, today = dayOf(new Date())) {
  // Only the demo's two projects: an installation's own batches are never planned by a seed.
  const batches = (
    await db
      .select({ b: projectBatches })
      .from(projectBatches)
      .innerJoin(projects, eq(projects.id, projectBatches.projectId))
      .where(inArray(projects.code, DEMO_PROJECTS))
      .orderBy(asc(projectBatches.id))
  ).map((r) => r.b);
  if (!batches.length) return;
  const [planned] = await db
    .select({ id: batchPlans.id })
    .from(batchPlans)
    .where(
      inArray(
        batchPlans.batchId,
        batches.map((b) => b.id),
      ),
    )
    .limit(1);
  if (planned) return;
  for (const b of batches) {
    const plan = await ensurePlan(db, b, 'system');
    for (const [i, m] of milestones.entries())
      await db
        .update(batchMilestones)
        .set({ planned: addDays(today, offsets[i]), baseline: addDays(today, offsets[i]) })
        .where(and(eq(batchMilestones.batchId, b.id), eq(batchMilestones.code, m.code)));
    await db
      .update(batchPlans)
      .set({ marginDays: DEFAULT_MARGIN_DAYS, baselineAt: new Date() })
      .where(eq(batchPlans.id, plan.id));
  }
  // What has happened moves the projection: the required-on-site date is set from it. A first pass records
  // every batch's actuals, so that the lane history the second one reads no longer changes.
  const ids = batches.map((b) => b.id);
  await reproject(db, ids, today);
  // A batch on track was planned as it goes: its plan is what happened and what is projected, so that no
  // milestone of it is overdue. The late batch keeps the earlier plan: its slip shows against the baseline.
  for (const b of batches) {
    if (b.batchNumber === DEMO_LATE) continue;
    for (const m of await db.select().from(batchMilestones).where(eq(batchMilestones.batchId, b.id))) {
      const day = m.actual ? dayOf(m.actual) : m.projected;
      if (day)
        await db
          .update(batchMilestones)
          .set({ planned: day, baseline: day })
          .where(eq(batchMilestones.id, m.id));
    }
  }
  await reproject(db, ids, today);
  const first = await reproject(
    db,
    batches.map((b) => b.id),
    today,
  );
  for (const r of first) {
    const delivery = r.plan.projectedDelivery ?? addDays(today, offsets[6]);
    const ros = addDays(delivery, slackOf(r.batch.batchNumber));
    // The late batch's site date was kept in the baseline; the slip is the transport's, not the schedule's.
    await db
      .update(batchPlans)
      .set({ requiredOnSite: ros, baselineRequiredOnSite: ros })
      .where(eq(batchPlans.batchId, r.batch.id));
  }
  await towerAfterReprojection(
    db,
    await reproject(
      db,
      batches.map((b) => b.id),
      today,
    ),
    'system',
  );
  // A party's own questions, raised by users: one waits for each side.
  const parties = await batchParties(
    db,
    batches.map((b) => b.id),
  );
  const asks: { batch: string; party: 'shipper' | 'supplier' | 'logistics'; title: string; due: number }[] = [
    {
      batch: 'JKT2-B004',
      party: 'supplier',
      title: '补充第 3 箱的装箱照片 / Add the packing photos of box 3',
      due: 3,
    },
    {
      batch: DEMO_LATE,
      party: 'logistics',
      title: '确认改配船期 / Confirm the new sailing after the roll-over',
      due: 2,
    },
    {
      batch: DEMO_AT_RISK,
      party: 'shipper',
      title: '现场是否接受分批到货 / Will the site accept a split delivery',
      due: 5,
    },
  ];
  // Each raised by a user of the other side through the server's own commands: the shipper's by its logistics
  // provider (open), the partners' by the shipper, who then assigns them (assigned).
  const userOf = async (tenantId: number) => {
    const [u] = await db
      .select({ username: users.username })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.enabled, true)))
      .orderBy(asc(users.id))
      .limit(1);
    return u ? callerOf(db, u.username) : null;
  };
  for (const a of asks) {
    const b = batches.find((x) => x.batchNumber === a.batch);
    const p = b && parties.get(b.id);
    if (!b || !p) continue;
    const owner =
      a.party === 'shipper' ? p.tenantId : a.party === 'supplier' ? p.suppliers[0] : p.logistics[0];
    const opener = await userOf(a.party === 'shipper' ? (p.logistics[0] ?? p.tenantId) : p.tenantId);
    if (!owner || !opener) continue;
    const dueDate = addDays(today, a.due);
    const [mark] = await db
      .select({ last: sql<number>`coalesce(max(${towerExceptions.id}), 0)::int` })
      .from(towerExceptions);
    await seedCommand(db, openExceptionCommand, opener, {
      batchId: b.id,
      title: a.title,
      ownerTenantId: owner,
      dueDate,
    });
    if (a.party === 'shipper') continue;
    const [raised] = await db
      .select({ id: towerExceptions.id })
      .from(towerExceptions)
      .where(gt(towerExceptions.id, Number(mark?.last)));
    await seedCommand(db, assignExceptionCommand, opener, { id: raised.id, ownerTenantId: owner, dueDate });
  }
}

/** The demo lanes' default legs (days): sea lots from Shanghai and Ningbo to Jakarta and Chittagong. */
const demoLanes = [
  {
    portOfLoading: 'CNSHA',
    portOfDischarge: 'IDJKT',
    legs: [10, 5, 4, 9, 4, 3, 1],
    remark: '上海—雅加达，直航',
  },
  { portOfLoading: 'CNNGB', portOfDischarge: 'IDJKT', legs: [10, 5, 4, 10, 4, 3, 1], remark: '宁波—雅加达' },
  {
    portOfLoading: 'CNSHA',
    portOfDischarge: 'BDCGP',
    legs: [10, 5, 5, 21, 6, 4, 1],
    remark: '上海—吉大港，经新加坡中转',
  },
];

/**
 * Seed step 52: lane defaults for the demo — the shipper's on each lane of its projects, and its logistics
 * provider's on the Chittagong lane (a little slower at sea), so that "fill from lane" has something to fill
 * from. Nothing when the demo has no projects or its shipper already keeps lanes.
 */
export async function seedLaneDemo(db: Db) {
  const batches = await db
    .select({
      id: projectBatches.id,
      tenantId: projectBatches.tenantId,
      lane: projectBatches.portOfDischarge,
    })
    .from(projectBatches)
    .innerJoin(projects, eq(projects.id, projectBatches.projectId))
    .where(inArray(projects.code, DEMO_PROJECTS))
    .orderBy(asc(projectBatches.id));
  if (!batches.length) return;
  const shipper = batches[0].tenantId;
  const [kept] = await db
    .select({ id: laneDefaults.id })
    .from(laneDefaults)
    .where(eq(laneDefaults.tenantId, shipper));
  if (kept) return;
  const chittagong = batches.find((b) => b.lane === 'BDCGP');
  const provider = chittagong
    ? (await batchParties(db, [chittagong.id])).get(chittagong.id)?.logistics[0]
    : undefined;
  const row = (tenantId: number, lane: (typeof demoLanes)[number], extraSea = 0) => ({
    tenantId,
    portOfLoading: lane.portOfLoading,
    portOfDischarge: lane.portOfDischarge,
    packedDays: lane.legs[0],
    loadedDays: lane.legs[1],
    shippedDays: lane.legs[2],
    arrivedDays: lane.legs[3] + extraSea,
    clearedDays: lane.legs[4],
    deliveredDays: lane.legs[5],
    receivedDays: lane.legs[6],
    remark: lane.remark,
    createBy: 'system',
  });
  await db.insert(laneDefaults).values(demoLanes.map((l) => row(shipper, l)));
  if (provider) await db.insert(laneDefaults).values(row(provider, demoLanes[2], 3));
}
