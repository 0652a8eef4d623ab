// Server calls of the 3D loading tool (packages/server/src/modules/loadplan/routes.ts).
import { loadplanOps } from '@tradelane/contract/api/loadplan';
import type { ShipmentRequest } from '@tradelane/loadplan';
import { call } from '../../../api/client.ts';

export const loadPlanApi = {
  plan: (body: ShipmentRequest) =>
    call(loadplanOps.plan, body, {
      timeoutMs: (body.timeLimitMs ?? 2000) + 60_000,
    }),
};
