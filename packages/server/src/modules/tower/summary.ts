// The control-tower home (DESIGN §9): how many of the batches a party works on are late, at risk or on track,
// and which — the worst first — so that the card's counts filter a list the caller may open.
import { type HealthValue, healthLabels, towerSummaryQuery } from '@tradelane/contract';
import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { projectBatches } from '../../db/schema-project.ts';
import { batchPlans } from '../../db/schema-tower.ts';
import { langOf } from '../../http/errors.ts';
import { ctxOf } from '../../resources/engine.ts';
import { batchScope } from '../project/access.ts';

/** The batches listed under the counts (the worst first); the counts cover them all. */
const LIST_LIMIT = 200;

export async function summaryRoutes(app: FastifyInstance) {
  app.get(
    '/api/tower/summary',
    {
      config: {
        permission: 'plan:list',
        describe: 'late, at-risk and on-track batches',
        tokenScope: 'events',
      },
      schema: {
        tags: ['controlTower'],
        summary:
          'How many of the batches the caller works on are late, at risk or on track (optionally in one project), and the batches with a plan, the worst first',
      },
    },
    async (request) => {
      const ctx = ctxOf(app, request);
      const lang = langOf(request);
      const { projectId } = towerSummaryQuery.parse(request.query);
      const where = and(
        batchScope(ctx),
        isNotNull(batchPlans.health),
        projectId ? eq(projectBatches.projectId, projectId) : undefined,
      );
      const counts = await ctx.db
        .select({ health: batchPlans.health, n: sql<number>`count(*)::int` })
        .from(batchPlans)
        .innerJoin(projectBatches, eq(projectBatches.id, batchPlans.batchId))
        .where(where)
        .groupBy(batchPlans.health);
      const count = (h: number) => Number(counts.find((c) => c.health === h)?.n ?? 0);
      const rows = await ctx.db
        .select({
          batchId: projectBatches.id,
          projectId: projectBatches.projectId,
          batchNumber: projectBatches.batchNumber,
          name: projectBatches.name,
          enName: projectBatches.enName,
          health: batchPlans.health,
          slackDays: batchPlans.slackDays,
          projectedDelivery: batchPlans.projectedDelivery,
          requiredOnSite: batchPlans.requiredOnSite,
          nextMilestone: batchPlans.nextMilestone,
        })
        .from(batchPlans)
        .innerJoin(projectBatches, eq(projectBatches.id, batchPlans.batchId))
        .where(where)
        .orderBy(desc(batchPlans.health), asc(batchPlans.slackDays), asc(projectBatches.id))
        .limit(LIST_LIMIT);
      return {
        late: count(2),
        atRisk: count(1),
        onTrack: count(0),
        batches: rows.map(({ name, enName, ...r }) => ({
          ...r,
          batchName: (lang === 'en' ? enName : name) ?? name,
          healthLabel: healthLabels[r.health as HealthValue]?.[lang] ?? null,
        })),
      };
    },
  );
}
