// Calls of the container load plan: propose containers for a batch, accept a proposal into
// a registered container (the stuff command with placements), read a stored plan, its loading sheet.
import type { InputOf, proposalAnswer, proposedContainerAnswer, storedPlanAnswer } from '@tradelane/contract';
import { families } from '@tradelane/contract/api/families';
import { logisticsOps, logisticsReadOps } from '@tradelane/contract/api/logistics';
import type { z } from 'zod';
import { call } from '../../../api/client.ts';

export type ProposedContainer = z.infer<typeof proposedContainerAnswer>;
export type Proposal = z.infer<typeof proposalAnswer>;
export type StoredPlan = z.infer<typeof storedPlanAnswer>;

/** The stuff command's placements and the plan's figures, from a proposed container. */
export function acceptBody(containerId: number, p: ProposedContainer) {
  return {
    containerId,
    boxPieceIds: p.boxPieceIds,
    placements: p.plan.placements.map((pl, i) => ({
      boxPieceId: p.boxPieceIds[i],
      seq: i + 1,
      x: pl.x,
      y: pl.y,
      z: pl.z,
      l: pl.l,
      w: pl.w,
      h: pl.h,
    })),
    plan: {
      typeCode: p.typeCode,
      volumeUtilisation: p.plan.volumeUtilisation,
      weightUtilisation: p.plan.weightUtilisation,
      totalWeight: p.plan.totalWeight,
      centreOfGravity: p.plan.centreOfGravity,
      cogOffset: p.plan.cogOffset,
    },
  };
}

export const planApi = {
  propose: (body: InputOf<typeof logisticsReadOps.proposePlan>) =>
    call(logisticsReadOps.proposePlan, body, { timeoutMs: 60_000 }),
  accept: (containerId: number, p: ProposedContainer) => call(logisticsOps.stuff, acceptBody(containerId, p)),
  createContainer: (body: InputOf<typeof families.container.create>) => call(families.container.create, body),
  stored: (id: number) => call(logisticsReadOps.storedPlan, { id }),
  loadingSheet: (id: number) => call(logisticsReadOps.loadingSheet, { id }),
};
