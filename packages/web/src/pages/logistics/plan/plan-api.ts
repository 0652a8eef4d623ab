// Calls of the container load plan: propose containers for a batch, accept a proposal into
// a registered container (the stuff command with placements), read a stored plan, its loading sheet.
import type { proposalAnswer, proposedContainerAnswer, storedPlanAnswer } from '@tradelane/contract';
import type { z } from 'zod';
import { http } from '../../../api/request.ts';

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
  propose: (body: { batchId: number; typeCodes: string[]; boxPieceIds?: number[]; timeLimitMs?: number }) =>
    http.post<Proposal>('/api/container/plan', body, { timeoutMs: 60_000 }),
  accept: (containerId: number, p: ProposedContainer) =>
    http.post<unknown>('/api/containerBoxPiece', acceptBody(containerId, p)),
  createContainer: (body: { batchId: number; containerNumber: string; typeCode: string }) =>
    http.post<{ id: number; containerNumber: string }>('/api/container', body),
  stored: (id: number) => http.get<StoredPlan>('/api/container/plan', { id }),
  loadingSheet: (id: number) =>
    http.get<Blob>('/api/container/loadingSheet', { id }, { responseType: 'blob' }),
};
