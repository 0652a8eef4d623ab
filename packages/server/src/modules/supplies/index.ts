// The supplies domain: material rows and lists, their life cycle, Excel import/export.
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../resources/engine.ts';
import { addHomeContributor } from '../home/routes.ts';
import { partnerGate } from '../project/access.ts';
import { followBatches } from '../project/events.ts';
import { suppliesCommandRoutes } from './commands.ts';
import { exportRoutes } from './export.ts';
import { materialListsHome } from './home.ts';
import { importRoutes } from './import.ts';
import { materialListsFollowBatches } from './lists.ts';
import { suppliesResources } from './resources.ts';

export async function suppliesModule(app: FastifyInstance) {
  // Material lists open and close with their batch's suppliers (the project module owns the batch).
  followBatches(materialListsFollowBatches);
  // The home page shows the material lists waiting for the user.
  addHomeContributor(materialListsHome);
  await app.register(async (scope) => {
    scope.addHook('preHandler', partnerGate(scope));
    for (const r of suppliesResources) registerResource(scope, r);
    await suppliesCommandRoutes(scope);
    await importRoutes(scope);
    await exportRoutes(scope);
  });
}
