// Test databases are cloned from a template (migrated + seeded once): opening PGlite from scratch takes ~5 s.
// On PGlite the template is a data directory, as `npm start` keeps one (DATA_DIR/pglite), in shared memory
// where the machine has it: a test file's database is a copy of the directory (about 0.1 s), opened in
// about 0.4 s. Loaded from a dump into PGlite's in-memory file system instead, it took 1.2–1.5 s a file.
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../src/config.ts';
import { type Database, migrateDatabase, openDatabase } from '../src/db/client.ts';
import { storageFromConfig } from '../src/lib/storage.ts';
import { runSeeds } from '../src/seed/index.ts';

/** Where a run's PGlite directories live: shared memory if the machine has it, else the temp directory. */
function scratchRoot(): string {
  try {
    if (existsSync('/dev/shm')) return mkdtempSync('/dev/shm/tradelane-test-');
  } catch {
    /* not writable: the temp directory */
  }
  return mkdtempSync(join(tmpdir(), 'tradelane-test-'));
}

export const useRealPostgres = () => process.env.TEST_DB === 'postgres';

export function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (postgres://user@host:port/postgres)');
  return url;
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export const TEMPLATE_DB = `tl_template_${process.pid}_${Date.now().toString(36)}`;

/** The demo's files (a photo) go where a test app stores them by default (its DATA_DIR left unset). */
const demoStorage = () => storageFromConfig(loadConfig({}));

export async function makeTemplate(postgres: boolean): Promise<string> {
  if (postgres) {
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    await admin.query(`drop database if exists ${TEMPLATE_DB}`);
    await admin.query(`create database ${TEMPLATE_DB}`);
    await admin.end();
    const database = await openDatabase({
      kind: 'postgres',
      url: withDatabase(adminUrl(), TEMPLATE_DB),
      poolSize: 2,
    });
    await migrateDatabase(database);
    await runSeeds(database.db, { demo: true, storage: demoStorage() });
    await database.close();
    return TEMPLATE_DB;
  }
  // The run's directory holds the template and every file's copy; dropping the template removes it all.
  const template = join(scratchRoot(), 'template');
  const database = await openDatabase({ kind: 'pglite', dataDir: template });
  await migrateDatabase(database);
  await runSeeds(database.db, { demo: true, storage: demoStorage() });
  await database.close();
  return template;
}

export async function dropTemplate(name: string, postgres: boolean) {
  if (!postgres) {
    rmSync(join(name, '..'), { recursive: true, force: true });
    return;
  }
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

let counter = 0;

/** A fresh database for one test file, cloned from the template. */
export async function cloneDatabase(
  template: string,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (useRealPostgres()) {
    const name = `tl_t_${process.pid}_${Date.now().toString(36)}_${counter++}`;
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const database = await openDatabase({
      kind: 'postgres',
      url: withDatabase(adminUrl(), name),
      poolSize: 4,
    });
    return {
      database,
      drop: async () => {
        await database.close();
        const a = new pg.Client({ connectionString: adminUrl() });
        await a.connect();
        await a.query(`drop database if exists ${name} with (force)`);
        await a.end();
      },
    };
  }
  const dataDir = copyTemplate(template, join(template, '..'));
  const database = await openDatabase({ kind: 'pglite', dataDir });
  return {
    database,
    drop: async () => {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A copy of the PGlite template directory in a new directory under `parent`; returns its path. */
function copyTemplate(template: string, parent: string): string {
  if (!existsSync(join(template, 'PG_VERSION'))) throw new Error(`no PGlite template at ${template}`);
  mkdirSync(parent, { recursive: true });
  const dataDir = mkdtempSync(join(parent, 'db-'));
  cpSync(template, dataDir, { recursive: true });
  return dataDir;
}
