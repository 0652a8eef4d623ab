// The customs declaration: declarations, lines, elements, prices, exchange rates, tickets,
// review and clearance at destination. Partners reach it only once a shipper's invitation is accepted.
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../resources/engine.ts';
import { registerCommands } from '../../workflow/kernel.ts';
import { partnerGate } from '../project/access.ts';
import { customsCodeDictResource, customsCodeRoutes } from './codes.ts';
import { customsCommands } from './commands.ts';
import { customsResources, exchangeRateResource } from './resources.ts';
import { customsRoutes } from './routes.ts';

export async function customsModule(app: FastifyInstance) {
  // The exchange-rate table is reference data: every logged-in user reads it.
  registerResource(app, exchangeRateResource);
  // So are the customs code tables a header picks from.
  registerResource(app, customsCodeDictResource);
  await customsCodeRoutes(app);
  await app.register(async (scope) => {
    scope.addHook('preHandler', partnerGate(scope));
    for (const r of customsResources) if (r !== exchangeRateResource) registerResource(scope, r);
    registerCommands(scope, customsCommands);
    await customsRoutes(scope);
  });
}
