// The project domain: projects, partners, contracts, batches and their partners.
import type { FastifyInstance } from 'fastify';
import { projectContractFiles, projectContracts } from '../../db/schema-project.ts';
import { registerResource } from '../../resources/engine.ts';
import { extendFileVisibility, type FileVisibilityExtension } from '../files/routes.ts';
import { addHomeContributor } from '../home/routes.ts';
import { referenceRoutes } from '../reference/routes.ts';
import { anyOf, contractScopeFor, partnerGate } from './access.ts';
import { batchResources } from './batch-resources.ts';
import { batchRoutes } from './batch-routes.ts';
import { contractResources, contractRoutes } from './contracts.ts';
import { projectHome } from './home.ts';
import { partnerResource, partnerRoutes, partnershipResource } from './partners.ts';
import { projectRoutes } from './project-routes.ts';
import { projectResources } from './resources.ts';
import { projectViewRoutes } from './views.ts';

/** Contract files may be downloaded by whoever may see the contract (its counterparty included). */
const contractFiles: FileVisibilityExtension = ({ db, auth }) =>
  db
    .select({ id: projectContractFiles.fileId })
    .from(projectContractFiles)
    .where(
      anyOf(
        projectContractFiles.contractId,
        db.select({ id: projectContracts.id }).from(projectContracts).where(contractScopeFor(db, auth)),
      ),
    );

export async function projectModule(app: FastifyInstance) {
  // The home page counts the projects and batches the user's company sees.
  addHomeContributor(projectHome);
  extendFileVisibility(contractFiles);
  await referenceRoutes(app);
  // Invitations must stay reachable before a partner has accepted one.
  await partnerRoutes(app);
  registerResource(app, partnerResource);
  registerResource(app, partnershipResource);
  await app.register(async (scope) => {
    scope.addHook('preHandler', partnerGate(scope));
    for (const r of [...projectResources, ...batchResources, ...contractResources])
      registerResource(scope, r);
    await projectRoutes(scope);
    await batchRoutes(scope);
    await contractRoutes(scope);
    await projectViewRoutes(scope);
  });
}
