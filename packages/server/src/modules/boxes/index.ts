// The boxes domain: boxes, their contents, saved box types, the packing-list
// commands, labels and packing lists.
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../resources/engine.ts';
import { registerCommands } from '../../workflow/kernel.ts';
import { partnerGate } from '../project/access.ts';
import { boxCommands } from './commands.ts';
import { documentRoutes } from './documents.ts';
import { boxImportRoutes } from './import.ts';
import { boxResources } from './resources.ts';
import { boxRoutes } from './routes.ts';

export async function boxesModule(app: FastifyInstance) {
  await app.register(async (scope) => {
    scope.addHook('preHandler', partnerGate(scope));
    for (const r of boxResources) registerResource(scope, r);
    registerCommands(scope, boxCommands);
    await boxRoutes(scope);
    await documentRoutes(scope);
    await boxImportRoutes(scope);
  });
}
