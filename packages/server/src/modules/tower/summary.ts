// The control-tower home (docs/decisions.md): how many of the batches a party works on are late, at risk or
// on track, and which — the worst first — so that the card's counts filter a list the caller may open.
import { type HealthValue, healthLabels, type MilestoneCode, milestones } from '@tradelane/contract';
import { towerOps } from '@tradelane/contract/api/tower';
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { batchMilestones, batchPlans } from '../../db/schema-tower.ts';
import { langOf } from '../../http/errors.ts';
import { mount } from '../../http/mount.ts';
import { ctxOf } from '../../resources/engine.ts';
import { visibleBatches } from '../project/batches.ts';
import { dayOf } from './projection.ts';

/** The batches listed under the counts (the worst first); the counts cover them all. */
const LIST_LIMIT = 200;

export async function summaryRoutes(app: FastifyInstance) {
  mount(
    app,
    towerOps.summary,
    async (request) => {
      const ctx = ctxOf(app, request);
      const lang = langOf(request);
      const { projectId } = request.query;
      const batch = visibleBatches(ctx);
      const where = and(isNotNull(batchPlans.health), projectId ? eq(batch.projectId, projectId) : undefined);
      const counts = await ctx.db
        .select({ health: batchPlans.health, n: sql<number>`count(*)::int` })
        .from(batchPlans)
        .innerJoin(batch, eq(batch.id, batchPlans.batchId))
        .where(where)
        .groupBy(batchPlans.health);
      const count = (h: number) => Number(counts.find((c) => c.health === h)?.n ?? 0);
      const rows = await ctx.db
        .select({
          batchId: batch.id,
          projectId: batch.projectId,
          batchNumber: batch.batchNumber,
          name: batch.name,
          enName: batch.enName,
          health: batchPlans.health,
          slackDays: batchPlans.slackDays,
          projectedDelivery: batchPlans.projectedDelivery,
          requiredOnSite: batchPlans.requiredOnSite,
          nextMilestone: batchPlans.nextMilestone,
        })
        .from(batchPlans)
        .innerJoin(batch, eq(batch.id, batchPlans.batchId))
        .where(where)
        .orderBy(desc(batchPlans.health), asc(batchPlans.slackDays), asc(batch.id))
        .limit(LIST_LIMIT);
      return {
        late: count(2),
        atRisk: count(1),
        onTrack: count(0),
        batches: rows.map(({ name, enName, ...r }) => ({
          ...r,
          // Only batches with a health are read (the where above).
          health: r.health as HealthValue,
          batchName: (lang === 'en' ? enName : name) ?? name,
          healthLabel: healthLabels[r.health as HealthValue]?.[lang] ?? null,
        })),
      };
    },
    { config: { describe: 'late, at-risk and on-track batches' } },
  );

  mount(
    app,
    towerOps.timeline,
    async (request) => {
      const ctx = ctxOf(app, request);
      const lang = langOf(request);
      const { projectId } = request.query;
      const batch = visibleBatches(ctx);
      const rows = await ctx.db
        .select({
          batchId: batch.id,
          batchNumber: batch.batchNumber,
          name: batch.name,
          enName: batch.enName,
          health: batchPlans.health,
          requiredOnSite: batchPlans.requiredOnSite,
          projectedDelivery: batchPlans.projectedDelivery,
          slackDays: batchPlans.slackDays,
        })
        .from(batch)
        .leftJoin(batchPlans, eq(batchPlans.batchId, batch.id))
        .where(eq(batch.projectId, projectId))
        .orderBy(asc(batch.batchNumber), asc(batch.id))
        .limit(LIST_LIMIT);
      const ms = rows.length
        ? await ctx.db
            .select()
            .from(batchMilestones)
            .where(
              inArray(
                batchMilestones.batchId,
                rows.map((r) => r.batchId),
              ),
            )
        : [];
      const byKey = new Map(ms.map((m) => [`${m.batchId}:${m.code}`, m]));
      return {
        projectId,
        batches: rows.map(({ name, enName, ...r }) => ({
          ...r,
          batchName: (lang === 'en' ? enName : name) ?? name,
          healthLabel: r.health === null ? null : (healthLabels[r.health as HealthValue]?.[lang] ?? null),
          milestones: milestones.map((m) => {
            const x = byKey.get(`${r.batchId}:${m.code}`);
            return {
              code: m.code as MilestoneCode,
              planned: x?.planned ?? null,
              baseline: x?.baseline ?? null,
              actual: x?.actual ? dayOf(x.actual) : null,
              projected: x?.projected ?? null,
            };
          }),
        })),
      };
    },
    { config: { describe: "a project's batches on a timeline" } },
  );
}
