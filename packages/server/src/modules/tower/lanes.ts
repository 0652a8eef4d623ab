// Lane defaults: the planned days of each leg of a batch's life on a port pair, kept by a shipper or a
// logistics provider. They fill a plan's dates after its first planned one (on demand), and they are the
// projection's basis for a leg the plan leaves undated while the lane has too little history.

import { laneDefaultCreate, laneDefaultUpdate, milestones, P } from '@tradelane/contract';
import { families } from '@tradelane/contract/api/families';
import { towerOps } from '@tradelane/contract/api/tower';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { batchMilestones, laneDefaults } from '../../db/schema-tower.ts';
import { badRequest, langOf } from '../../http/errors.ts';
import { mount } from '../../http/mount.ts';
import { ctxOf, defineResource } from '../../resources/engine.ts';
import { laneLegsOf, laneOf } from './lane-legs.ts';
import { changeOwnedPlan, savePlan } from './plan.ts';
import { fillFromLane } from './projection.ts';

export const laneDefaultResource = defineResource({
  family: families.laneDefaults,
  table: laneDefaults,
  create: laneDefaultCreate,
  update: laneDefaultUpdate,
  permissions: {
    list: P.laneDefault.list,
    create: P.laneDefault.add,
    update: P.laneDefault.edit,
    delete: P.laneDefault.del,
  },
  scope: 'tenant',
  filters: { portOfLoading: 'equal', portOfDischarge: 'equal' },
  defaultSort: ['portOfLoading,asc', 'portOfDischarge,asc'],
});

export async function laneRoutes(app: FastifyInstance) {
  mount(
    app,
    towerOps.fromLane,
    async (request) => {
      const { batchId } = request.body;
      return changeOwnedPlan(app, ctxOf(app, request), batchId, langOf(request), async (tctx, batch) => {
        const db = tctx.db;
        const lane = laneOf(batch);
        if (!lane) throw badRequest('plan.no_lane');
        const legs = await laneLegsOf(db, batch);
        if (!legs || !Object.keys(legs).length) throw badRequest('plan.no_lane_default', { lane });
        const rows = await db.select().from(batchMilestones).where(eq(batchMilestones.batchId, batch.id));
        const planned = milestones.map((m) => rows.find((r) => r.code === m.code)?.planned ?? null);
        if (!planned.some(Boolean)) throw badRequest('plan.no_start');
        const filled = fillFromLane(planned, legs);
        await savePlan(db, tctx, batch, {
          batchId,
          milestones: milestones.flatMap((m, i) =>
            filled[i] !== planned[i] ? [{ code: m.code, planned: filled[i] }] : [],
          ),
        });
      });
    },
    { config: { describe: "fill a batch's plan from its lane's defaults" } },
  );
}
