// A batch's plan (docs/decisions.md): planned dates per milestone, the required-on-site date and the at-risk
// margin (the shipper edits them), a baseline saved on demand, and what the projection made of them. The
// batch's suppliers and logistics providers read it.
import {
  healthLabels,
  type Lang,
  milestoneLabels,
  milestones,
  type PlanAnswer,
  type planPut,
} from '@tradelane/contract';
import { towerOps } from '@tradelane/contract/api/tower';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { batchMilestones, batchPlans } from '../../db/schema-tower.ts';
import { badRequest, forbidden, langOf } from '../../http/errors.ts';
import { mount } from '../../http/mount.ts';
import { type Ctx, ctxOf } from '../../resources/engine.ts';
import { recordChange } from '../../workflow/events.ts';
import { visibleBatch } from '../project/access.ts';
import type { Batch } from '../project/batches.ts';
import { towerAfterReprojection } from './consequences.ts';
import { laneOf } from './lane-legs.ts';
import { dayOf, daysBetween, projectBatch } from './projection.ts';
import { ensurePlan, reproject } from './reproject.ts';

const isOwner = (ctx: Ctx, batch: Batch) => ctx.auth.isPlatformAdmin || batch.tenantId === ctx.auth.tenantId;

/** The plan as the caller reads it, in the caller's language. */
export async function answerPlan(ctx: Ctx, batch: Batch, lang: Lang): Promise<PlanAnswer> {
  const [plan] = await ctx.db.select().from(batchPlans).where(eq(batchPlans.batchId, batch.id));
  const rows = plan
    ? await ctx.db
        .select()
        .from(batchMilestones)
        .where(eq(batchMilestones.batchId, batch.id))
        .orderBy(asc(batchMilestones.seq))
    : [];
  // No plan yet: nothing planned, nothing projected (actuals appear once the shipper saves a plan).
  const empty = projectBatch({
    milestones: milestones.map((m) => ({ code: m.code, planned: null, actual: null })),
    today: dayOf(new Date()),
    requiredOnSite: null,
    marginDays: plan?.marginDays ?? 7,
  });
  const health = plan?.health ?? null;
  return {
    batchId: batch.id,
    projectId: batch.projectId,
    batchNumber: batch.batchNumber,
    batchName: (lang === 'en' ? batch.enName : batch.name) ?? batch.name,
    lane: laneOf(batch),
    requiredOnSite: plan?.requiredOnSite ?? null,
    baselineRequiredOnSite: plan?.baselineRequiredOnSite ?? null,
    marginDays: plan?.marginDays ?? 7,
    baselineAt: plan?.baselineAt?.toISOString() ?? null,
    projectedDelivery: plan?.projectedDelivery ?? null,
    slackDays: plan?.slackDays ?? null,
    health,
    healthLabel: health === null ? null : (healthLabels[health]?.[lang] ?? null),
    projectedAt: plan?.projectedAt?.toISOString() ?? null,
    next: (plan ? plan.nextMilestone : empty.next) as PlanAnswer['next'],
    milestones: milestones.map((m, seq) => {
      const r = rows.find((x) => x.code === m.code);
      const actual = r?.actual ? dayOf(r.actual) : null;
      const projected = r?.projected ?? null;
      const planned = r?.planned ?? null;
      const against = actual ?? projected;
      return {
        code: m.code,
        label: milestoneLabels[m.code][lang],
        seq,
        planned,
        baseline: r?.baseline ?? null,
        actual,
        projected,
        basis: (r?.basis ?? 'none') as PlanAnswer['milestones'][number]['basis'],
        slipDays: planned && against ? daysBetween(planned, against) : null,
        owner: m.owner,
        dcsa: m.dcsa ? `${m.dcsa.eventType}:${m.dcsa.code}` : null,
      };
    }),
    canEdit: isOwner(ctx, batch),
  };
}

/** Planned dates follow the machine's order: a milestone is not planned before the one before it. */
function checkOrder(planned: Map<string, string | null>, lang: Lang) {
  let previous: { code: string; date: string } | null = null;
  for (const m of milestones) {
    const date = planned.get(m.code);
    if (!date) continue;
    if (previous && date < previous.date)
      throw badRequest('plan.order', {
        milestone: milestoneLabels[m.code][lang],
        previous: milestoneLabels[previous.code as keyof typeof milestoneLabels][lang],
        field: m.code,
      });
    previous = { code: m.code, date };
  }
}

/** A batch the caller sees and owns (its shipper, or the platform): 404 unseen, 403 a partner. */
export async function ownedBatch(ctx: Ctx, batchId: number) {
  const batch = await visibleBatch(ctx, batchId);
  if (!isOwner(ctx, batch)) throw forbidden();
  return batch;
}

/**
 * A change to the plan of a batch the caller owns, in one transaction; answered, after what it queued is
 * delivered, with the plan as it now stands.
 */
export async function changeOwnedPlan(
  app: FastifyInstance,
  ctx: Ctx,
  batchId: number,
  lang: Lang,
  change: (tctx: Ctx, batch: Batch) => Promise<void>,
): Promise<PlanAnswer> {
  await app.db.transaction(async (db) => {
    const tctx = { ...ctx, db };
    await change(tctx, await ownedBatch(tctx, batchId));
  });
  await app.outbox.flush();
  return answerPlan(ctx, await visibleBatch(ctx, batchId), lang);
}

/** Saves the plan's changes and re-projects; one transaction. */
export async function savePlan(db: Db, ctx: Ctx, batch: Batch, input: ReturnType<typeof planPut.parse>) {
  const plan = await ensurePlan(db, batch, ctx.auth.username);
  const rows = await db.select().from(batchMilestones).where(eq(batchMilestones.batchId, batch.id));
  const planned = new Map(rows.map((r) => [r.code, r.planned]));
  for (const m of input.milestones ?? []) planned.set(m.code, m.planned);
  checkOrder(planned, langOf(ctx.request));
  for (const m of input.milestones ?? []) {
    const row = rows.find((r) => r.code === m.code);
    if (row && row.planned !== m.planned)
      await db.update(batchMilestones).set({ planned: m.planned }).where(eq(batchMilestones.id, row.id));
  }
  const set: Partial<typeof batchPlans.$inferInsert> = {
    updateTime: new Date(),
    updateBy: ctx.auth.username,
  };
  if (input.requiredOnSite !== undefined) set.requiredOnSite = input.requiredOnSite;
  if (input.marginDays !== undefined) set.marginDays = input.marginDays;
  await db.update(batchPlans).set(set).where(eq(batchPlans.id, plan.id));
  await recordChange(db, ctx.auth, {
    tenantId: batch.tenantId,
    projectId: batch.projectId,
    batchId: batch.id,
    entity: 'batchPlan',
    entityId: plan.id,
    action: 'plan',
    detail: {
      requiredOnSite: input.requiredOnSite,
      marginDays: input.marginDays,
      milestones: input.milestones,
    },
  });
  await towerAfterReprojection(db, await reproject(db, [batch.id]), ctx.auth.username);
}

export async function planRoutes(app: FastifyInstance) {
  mount(
    app,
    towerOps.plan,
    async (request) => {
      const ctx = ctxOf(app, request);
      const { batchId } = request.query;
      return answerPlan(ctx, await visibleBatch(ctx, batchId), langOf(request));
    },
    { config: { describe: "a batch's plan and projection" } },
  );

  mount(
    app,
    towerOps.savePlan,
    async (request) => {
      const input = request.body;
      return changeOwnedPlan(app, ctxOf(app, request), input.batchId, langOf(request), (tctx, batch) =>
        savePlan(tctx.db, tctx, batch, input),
      );
    },
    { config: { describe: "save a batch's planned dates" } },
  );

  mount(
    app,
    towerOps.baseline,
    async (request) => {
      const ctx = ctxOf(app, request);
      return changeOwnedPlan(app, ctx, request.body.batchId, langOf(request), async ({ db }, batch) => {
        const [plan] = await db
          .select()
          .from(batchPlans)
          .where(eq(batchPlans.batchId, batch.id))
          .for('update');
        const rows = plan
          ? await db.select().from(batchMilestones).where(eq(batchMilestones.batchId, batch.id))
          : [];
        if (!plan || !rows.some((r) => r.planned)) throw badRequest('plan.no_planned_dates');
        for (const r of rows)
          await db.update(batchMilestones).set({ baseline: r.planned }).where(eq(batchMilestones.id, r.id));
        await db
          .update(batchPlans)
          .set({
            baselineRequiredOnSite: plan.requiredOnSite,
            baselineAt: new Date(),
            updateTime: new Date(),
            updateBy: ctx.auth.username,
          })
          .where(eq(batchPlans.id, plan.id));
        await recordChange(db, ctx.auth, {
          tenantId: batch.tenantId,
          projectId: batch.projectId,
          batchId: batch.id,
          entity: 'batchPlan',
          entityId: plan.id,
          action: 'baseline',
        });
      });
    },
    { config: { describe: "save a batch's plan as its baseline" } },
  );
}
