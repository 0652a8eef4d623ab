// Answers of the container load plan: a proposal of containers for a batch's boxes and a
// container's stored plan. The plan is the load planner's ContainerPlan (packages/loadplan types.ts),
// described here key by key so the conformance test holds the wire to it.
import { z } from 'zod';

const point = z.strictObject({ x: z.number(), y: z.number(), z: z.number() });

/** A container as the planner sees it (inner size; the door narrows the width). */
export const planContainerAnswer = z.strictObject({
  id: z.string().optional(),
  l: z.number(),
  w: z.number(),
  h: z.number(),
  /** Omitted: unlimited (a type without a payload in the source). */
  maxPayload: z.number().optional(),
  cost: z.number().optional(),
  available: z.number().optional(),
});

/** A box type and how many of it there are (the planner's BoxSpec). */
export const planBoxAnswer = z.strictObject({
  id: z.union([z.string(), z.number()]).optional(),
  l: z.number(),
  w: z.number(),
  h: z.number(),
  qty: z.number(),
  weight: z.number().optional(),
  vertical: z.tuple([z.boolean(), z.boolean(), z.boolean()]).readonly().optional(),
  stackable: z.boolean().optional(),
  maxLoadOnTop: z.number().optional(),
  group: z.number().optional(),
});

/** One placed box: `type` indexes the box list; x along the length, y across, z up. */
export const placementAnswer = z.strictObject({
  type: z.number(),
  x: z.number(),
  y: z.number(),
  z: z.number(),
  l: z.number(),
  w: z.number(),
  h: z.number(),
});

/** A container's plan: placements in loading order, fill, weight and centre of gravity. */
export const containerPlanAnswer = z.strictObject({
  container: planContainerAnswer,
  placements: z.array(placementAnswer),
  volumeUtilisation: z.number(),
  weightUtilisation: z.number(),
  totalWeight: z.number(),
  centreOfGravity: point.nullable(),
  cogOffset: z.strictObject({ x: z.number(), y: z.number() }).nullable(),
  leftover: z.array(z.number()),
  /** Search effort (a fresh plan only; a stored plan has none). */
  stats: z.strictObject({ blocks: z.number(), nodes: z.number(), beamWidth: z.number() }).optional(),
});

/** One proposed container of a proposal: its type, plan and the boxes in it. */
export const proposedContainerAnswer = z.strictObject({
  typeCode: z.string(),
  plan: containerPlanAnswer,
  boxPieceIds: z.array(z.number()),
  boxNumbers: z.array(z.string()),
});

/** POST /api/container/plan: the fewest containers of the chosen types, and what fits none. */
export const proposalAnswer = z.strictObject({
  batchId: z.number(),
  typeCodes: z.array(z.string()),
  boxes: z.array(planBoxAnswer),
  containers: z.array(proposedContainerAnswer),
  outOfGauge: z.array(
    z.strictObject({
      boxPieceId: z.number(),
      boxNumber: z.string(),
      length: z.number(),
      width: z.number(),
      height: z.number(),
      grossWeight: z.number(),
      reason: z.enum(['size', 'weight']),
    }),
  ),
  unplaced: z.array(z.strictObject({ boxPieceId: z.number(), boxNumber: z.string() })),
  boxCount: z.number(),
  volume: z.number(),
  weight: z.number(),
  lowerBounds: z.strictObject({ volume: z.number(), weight: z.number() }),
  cogShare: z.number(),
  ms: z.number(),
});

/** GET /api/container/plan: a container's stored plan (3D view) and its boxes in loading order. */
export const storedPlanAnswer = z.strictObject({
  containerId: z.number(),
  containerNumber: z.string(),
  typeCode: z.string(),
  sealNumber: z.string().nullable(),
  batchId: z.number(),
  /** False when boxes were stuffed by hand, without positions. */
  planned: z.boolean(),
  boxCount: z.number(),
  boxes: z.array(planBoxAnswer),
  plan: containerPlanAnswer,
  boxPieceIds: z.array(z.number()),
  items: z.array(
    z.strictObject({
      boxPieceId: z.number(),
      boxNumber: z.string(),
      seq: z.number(),
      length: z.number(),
      width: z.number(),
      height: z.number(),
      grossWeight: z.number(),
      stackable: z.boolean(),
      thisSideUp: z.boolean(),
      fragile: z.boolean(),
    }),
  ),
});
