// The shipping instruction and the vessel register (docs/shipping-instructions.md): the instruction sits with
// the batch's papers behind the partner gate; the register and the ship inquiry are open to every
// signed-in party (each row changed only by the provider that keeps it).
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../resources/engine.ts';
import { registerCommands } from '../../workflow/kernel.ts';
import { addHomeContributor } from '../home/routes.ts';
import { partnerGate } from '../project/access.ts';
import { deliveryEntrustResource, entrustCommands, entrustRoutes } from './entrust.ts';
import { entrustHome } from './home.ts';
import { vesselResource, vesselRoutes, vesselScheduleResource } from './vessels.ts';

export async function entrustModule(app: FastifyInstance) {
  addHomeContributor(entrustHome);
  await app.register(async (scope) => {
    scope.addHook('preHandler', partnerGate(scope));
    registerResource(scope, deliveryEntrustResource);
    registerCommands(scope, entrustCommands);
    await entrustRoutes(scope);
  });
  registerResource(app, vesselResource);
  registerResource(app, vesselScheduleResource);
  await vesselRoutes(app);
}
