// Opens the database, migrates, seeds, builds the app: shared by main.ts and the browser-test runner.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import type { AppConfig } from './config.ts';
import { type Database, migrateDatabase, openDatabase } from './db/client.ts';
import { runSeeds } from './db/seed/index.ts';

export const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

export async function openConfiguredDatabase(config: AppConfig): Promise<Database> {
  if (config.databaseUrl) return openDatabase({ kind: 'postgres', url: config.databaseUrl });
  const dir = resolve(config.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  return openDatabase({ kind: 'pglite', dataDir: dir });
}

export async function startServer(config: AppConfig) {
  const database = await openConfiguredDatabase(config);
  await migrateDatabase(database);
  const seeded = await runSeeds(database.db, { demo: config.seedDemo });
  const app = await buildApp({ ...config, webDist: config.webDist ?? defaultWebDist }, database);
  if (seeded.applied.length) app.log.info({ applied: seeded.applied }, 'seed steps applied');
  app.addHook('onClose', async () => database.close());
  await app.listen({ port: config.port, host: config.host });
  return app;
}
