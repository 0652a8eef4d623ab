// The logistics life cycle (docs/decisions.md): vehicles, containers, the box
// logistics machine's commands, abnormal records, the in-transit views and timelines.

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { abnormalRecords } from '../../db/schema-logistics.ts';
import { registerResource } from '../../resources/engine.ts';
import { registerCommands } from '../../workflow/kernel.ts';
import { extendFileVisibility, type FileVisibilityExtension } from '../files/routes.ts';
import { partnerGate } from '../project/access.ts';
import { abnormalScope } from './access.ts';
import { logisticsCommands } from './commands.ts';
import { containerPlanRoutes } from './plan.ts';
import {
  abnormalResource,
  containerBoxResource,
  containerResource,
  resolveAbnormal,
  vehicleBoxResource,
  vehicleResource,
} from './resources.ts';
import { logisticsRoutes } from './routes.ts';

/** An abnormal record's photos are visible to whoever sees the record. */
const abnormalPhotos: FileVisibilityExtension = (who) =>
  who.db
    .select({ id: sql<number>`jsonb_array_elements_text(${abnormalRecords.photoIds})::bigint`.as('id') })
    .from(abnormalRecords)
    .where(abnormalScope(who));

export async function logisticsModule(app: FastifyInstance) {
  extendFileVisibility(abnormalPhotos);
  await app.register(async (scope) => {
    scope.addHook('preHandler', partnerGate(scope));
    for (const r of [
      vehicleResource,
      containerResource,
      vehicleBoxResource,
      containerBoxResource,
      abnormalResource,
    ])
      registerResource(scope, r);
    registerCommands(scope, [...logisticsCommands, resolveAbnormal]);
    await logisticsRoutes(scope);
    await containerPlanRoutes(scope);
  });
}
