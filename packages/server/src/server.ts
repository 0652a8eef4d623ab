// Opens the database, migrates, seeds, builds the app: shared by main.ts and the browser-test runner.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from './app.ts';
import type { AppConfig } from './config.ts';
import { type Database, migrateDatabase, openDatabase } from './db/client.ts';
import { terminalLogStream } from './lib/pretty-log.ts';
import { storageFromConfig } from './lib/storage.ts';
import { startScheduler } from './modules/admin/jobs.ts';
import { realtime } from './realtime/hub.ts';
import { runSeeds } from './seed/index.ts';
import { OUTBOX_CHANNEL } from './workflow/outbox.ts';

export const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

export async function openConfiguredDatabase(config: AppConfig): Promise<Database> {
  if (config.databaseUrl) return openDatabase({ kind: 'postgres', url: config.databaseUrl });
  const dir = resolve(config.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  return openDatabase({ kind: 'pglite', dataDir: dir });
}

/**
 * Several API nodes on one PostgreSQL: websocket events cross nodes through LISTEN/NOTIFY, and a
 * committed outbox entry wakes every node's dispatcher (one of them claims it).
 */
async function listenForEvents(url: string, app: Awaited<ReturnType<typeof buildApp>>) {
  const channel = 'tradelane_events';
  const listener = new pg.Client({ connectionString: url });
  // A lost listener is logged (the dispatcher's slow sweep still delivers); it never ends the process.
  listener.on('error', (err) => app.log.error({ err }, 'LISTEN connection lost'));
  await listener.connect();
  await listener.query(`listen ${channel}`);
  await listener.query(`listen ${OUTBOX_CHANNEL}`);
  listener.on('notification', (msg) => {
    if (msg.channel === OUTBOX_CHANNEL) app.outbox.wake();
    else if (msg.payload) realtime.onRemote(msg.payload);
  });
  const publisher = new pg.Pool({ connectionString: url, max: 2 });
  publisher.on('error', (err) => app.log.error({ err }, 'NOTIFY connection lost'));
  realtime.setRemote(async (payload) => {
    await publisher.query('select pg_notify($1, $2)', [channel, payload]);
  });
  app.addHook('onClose', async () => {
    realtime.setRemote(null);
    await listener.end();
    await publisher.end();
  });
}

/** Opens the configured database, migrates it and runs the seed steps not run yet (the demo on an empty one). */
export async function prepareDatabase(config: AppConfig) {
  const database = await openConfiguredDatabase(config);
  await migrateDatabase(database);
  const seeded = await runSeeds(database.db, { demo: config.seedDemo, storage: storageFromConfig(config) });
  return { database, seeded };
}

export async function startServer(config: AppConfig) {
  const { database, seeded } = await prepareDatabase(config);
  const app = await buildApp({ ...config, webDist: config.webDist ?? defaultWebDist }, database, {
    logStream: terminalLogStream(),
  });
  if (seeded.applied.length) app.log.info({ applied: seeded.applied }, 'seed steps applied');
  if (!config.publicUrl)
    app.log.warn(
      "PUBLIC_URL is not set: box labels print without their scan QR code and mails carry no links (a link is never built from a request's Host). Set PUBLIC_URL to the address people open the product at.",
    );
  if (config.databaseUrl) await listenForEvents(config.databaseUrl, app);
  // Housekeeping, trial reminders and notification retries run as scheduled jobs (admin → 定时任务).
  const stopScheduler = startScheduler(app, config.schedulerTickMs);
  app.addHook('onClose', async () => {
    stopScheduler();
    await database.close();
  });
  await app.listen({ port: config.port, host: config.host });
  return app;
}
