// Test databases are cloned from a template (migrated + seeded once): opening PGlite from scratch takes ~5 s.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { loadConfig } from '../src/config.ts';
import { type Database, migrateDatabase, openDatabase } from '../src/db/client.ts';
import { storageFromConfig } from '../src/lib/storage.ts';
import { runSeeds } from '../src/seed/index.ts';

const tmpDir = fileURLToPath(new URL('../.tmp/', import.meta.url));
export const templateTar = `${tmpDir}pglite-template.tar`;

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
  mkdirSync(tmpDir, { recursive: true });
  const client = new PGlite();
  await client.waitReady;
  await client.close();
  const database = await openDatabase({ kind: 'pglite' });
  await migrateDatabase(database);
  await runSeeds(database.db, { demo: true, storage: demoStorage() });
  const raw = (database as Database & { client?: PGlite }).client;
  if (!raw) throw new Error('pglite client missing');
  const dump = await raw.dumpDataDir('none');
  writeFileSync(templateTar, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  return templateTar;
}

export async function dropTemplate(name: string, postgres: boolean) {
  if (!postgres) return;
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
  if (!existsSync(template)) throw new Error(`no template at ${template}`);
  const blob = new Blob([readFileSync(template)]);
  const database = await openDatabase({ kind: 'pglite', loadDataDir: blob });
  return { database, drop: () => database.close() };
}
