// The logistics provider's papers and money: trade documents and statements of charges.
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../resources/engine.ts';
import { registerCommands } from '../../workflow/kernel.ts';
import { extendFileVisibility, type FileVisibilityExtension } from '../files/routes.ts';
import { partnerGate } from '../project/access.ts';
import { documentFileIds } from './access.ts';
import { documentCommands, documentResource, documentRoutes } from './documents.ts';
import { generateRoutes } from './generate.ts';
import { reconciliationCommands, reconciliationResource, reconciliationRoutes } from './reconciliation.ts';
import { voucherCommands, voucherFileIds, voucherResource, voucherRoutes } from './vouchers.ts';

/** A document's files are downloadable by whoever may see the document (every party of its batch). */
const documentFiles: FileVisibilityExtension = documentFileIds;
/** A payment voucher's bank slips are downloadable by both sides of its statement. */
const voucherFiles: FileVisibilityExtension = voucherFileIds;

export async function papersModule(app: FastifyInstance) {
  extendFileVisibility(documentFiles);
  extendFileVisibility(voucherFiles);
  await app.register(async (scope) => {
    scope.addHook('preHandler', partnerGate(scope));
    registerResource(scope, documentResource);
    registerResource(scope, reconciliationResource);
    registerResource(scope, voucherResource);
    registerCommands(scope, [...documentCommands, ...reconciliationCommands, ...voucherCommands]);
    await documentRoutes(scope);
    await generateRoutes(scope);
    await reconciliationRoutes(scope);
    await voucherRoutes(scope);
  });
}
