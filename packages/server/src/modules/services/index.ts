// The payment tool, the translation and weather services and their settings (issue 16).
import type { FastifyInstance } from 'fastify';
import { alipayRoutes } from './alipay.ts';
import { settingsRoutes } from './settings.ts';
import { translateRoutes } from './translate.ts';
import { weatherRoutes } from './weather.ts';

export async function servicesModule(app: FastifyInstance) {
  await alipayRoutes(app);
  await settingsRoutes(app);
  await translateRoutes(app);
  await weatherRoutes(app);
}
