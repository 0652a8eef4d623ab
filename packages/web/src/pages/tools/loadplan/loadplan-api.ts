// Server calls of the 3D loading tool (packages/server/src/modules/loadplan/routes.ts).
import type { ShipmentPlan, ShipmentRequest } from '@tradelane/loadplan';
import { http } from '../../../api/request.ts';

export const loadPlanApi = {
  plan: (body: ShipmentRequest) =>
    http.post<ShipmentPlan & { ms: number }>('/api/loadPlan', body, {
      timeoutMs: (body.timeLimitMs ?? 2000) + 60_000,
    }),
};
