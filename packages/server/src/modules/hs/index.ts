// The HS tool: HS 2022 codes and their Chinese customs names, searched by code or words, and the
// customs code family. It serves every signed-in user, invited to a project or not.
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../resources/engine.ts';
import { customsCodeResource, hsRoutes } from './routes.ts';

export async function hsModule(app: FastifyInstance) {
  await hsRoutes(app);
  registerResource(app, customsCodeResource);
}
