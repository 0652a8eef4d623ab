// The logistics provider's papers and money (issue 15): trade documents and statements of charges.
import type { FastifyInstance } from 'fastify';
import { files } from '../../db/schema.ts';
import { registerResource } from '../../resources/engine.ts';
import { registerCommands } from '../../workflow/kernel.ts';
import { fileVisibilityExtensions } from '../files/routes.ts';
import { anyOf, partnerGate } from '../project/access.ts';
import { documentFileIds } from './access.ts';
import { documentCommands, documentResource, documentRoutes } from './documents.ts';
import { reconciliationCommands, reconciliationResource, reconciliationRoutes } from './reconciliation.ts';

// A document's files are downloadable by whoever may see the document (every party of its batch).
fileVisibilityExtensions.push((who) => anyOf(files.id, documentFileIds(who)));

export async function papersModule(app: FastifyInstance) {
  await app.register(async (scope) => {
    scope.addHook('preHandler', partnerGate(scope));
    registerResource(scope, documentResource);
    registerResource(scope, reconciliationResource);
    registerCommands(scope, [...documentCommands, ...reconciliationCommands]);
    await documentRoutes(scope);
    await reconciliationRoutes(scope);
  });
}
