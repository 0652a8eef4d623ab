// Every domain module registers itself here, in one list.
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../resources/engine.ts';
import { authRoutes } from './auth/routes.ts';
import { configRoutes } from './system/config-routes.ts';
import { dictRoutes } from './system/dict-routes.ts';
import { menuRoutes } from './system/menu-routes.ts';
import { systemResources } from './system/resources.ts';
import { testHookRoutes } from './test-hooks.ts';

export const modules: ((app: FastifyInstance) => Promise<void>)[] = [
  authRoutes,
  configRoutes,
  menuRoutes,
  dictRoutes,
  async (app) => {
    for (const r of systemResources) registerResource(app, r);
  },
  testHookRoutes,
];
