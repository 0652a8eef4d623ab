// The payment tool, the translation and weather services and their settings
// (docs/payment-translation-weather.md).
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
