// One SQL dialect everywhere: embedded PGlite by default, a PostgreSQL server via DATABASE_URL.
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Column, Name, Param, Placeholder, type Query, SQL, StringChunk, Table } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import { AUTH_CHANNEL, onStatement, sessionCache } from './session-cache.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** The connection pool (PostgreSQL), for the server monitor. */
  pool?: pg.Pool;
}

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

/**
 * Every statement passes here: one that changes sessions, users, roles or grants empties the session cache.
 * `statementTap` lets a benchmark see the statements (and their parameters) a request sends, to explain them.
 */
export const statementTap: { fn: ((query: string, params: unknown[]) => void) | null } = { fn: null };
const logger = {
  logQuery: (query: string, params: unknown[]) => {
    onStatement(query);
    statementTap.fn?.(query, params);
  },
};

/**
 * Changes committed by any node (or by hand) empty this node's session cache: the triggers of migration
 * 0020 notify `tradelane_auth`. While the listener is lost the cache is not used, and it is reopened.
 */
async function listenForAuthChanges(url: string): Promise<{ end(): Promise<void> }> {
  let ended = false;
  let current: pg.Client | null = null;
  const open = async () => {
    const listener = new pg.Client({ connectionString: url });
    listener.on('notification', () => sessionCache.clear());
    // Lost with an error or closed by the server without one: no change can reach this node until the
    // listener is back, so resolve every session from the database meanwhile.
    let lost = false;
    const lose = (why: string) => {
      if (lost || ended) return;
      lost = true;
      sessionCache.suspend();
      console.error(`auth listener lost: ${why}`);
      setTimeout(() => void reopen(), 1000).unref();
    };
    listener.on('error', (err) => lose(err.message));
    listener.on('end', () => lose('connection ended'));
    await listener.connect();
    await listener.query(`listen ${AUTH_CHANNEL}`);
    current = listener;
    sessionCache.resume();
  };
  const reopen = async () => {
    if (ended) return;
    try {
      await open();
    } catch {
      setTimeout(() => void reopen(), 1000).unref();
    }
  };
  await open();
  return {
    async end() {
      ended = true;
      await current?.end().catch(() => undefined);
    },
  };
}

/** The parts of drizzle's dialect a statement is compiled with. */
interface Dialect {
  casing: unknown;
  escapeName(name: string): string;
  escapeParam(num: number): string;
  escapeString(str: string): string;
  sqlToQuery(statement: SQL, invokeSource?: unknown): Query;
}
/** Columns and tables are written the same wherever they stand (their quoted, qualified names). */
const nameText = new WeakMap<Column | Table, string>();

/**
 * A statement's text and values exactly as drizzle's compiler writes them, the common pieces (text, nested
 * SQL, columns, values) checked directly: drizzle asks each piece in turn whether it is each of a dozen
 * kinds, walking its class chain every time, which was most of what compiling a list's statements cost.
 * Any other piece (a sub-select, an alias, an inlined value…) is compiled by drizzle itself, numbered on.
 */
/**
 * The text of a piece drizzle compiled that bound no values (a sub-select of a family's computed fields,
 * declared once): the same object always compiles to the same text, so it is compiled once.
 */
const fragmentText = new WeakMap<object, string>();

function compileStatement(dialect: Dialect, statement: SQL): Query {
  const params: unknown[] = [];
  let text = '';
  const config = {
    casing: dialect.casing,
    escapeName: dialect.escapeName,
    escapeParam: dialect.escapeParam,
    escapeString: dialect.escapeString,
  };
  const byDrizzle = (chunk: unknown) => {
    const known = fragmentText.get(chunk as object);
    if (known !== undefined) {
      text += known;
      return;
    }
    const query = new SQL([chunk as SQL]).toQuery({
      ...config,
      paramStartIndex: { value: params.length },
    } as unknown as Parameters<SQL['toQuery']>[0]);
    text += query.sql;
    for (const p of query.params) params.push(p);
    if (!query.params.length && typeof chunk === 'object' && chunk) fragmentText.set(chunk, query.sql);
  };
  const walk = (chunks: readonly unknown[]) => {
    for (const chunk of chunks) {
      if (chunk instanceof StringChunk) text += chunk.value.join('');
      else if (chunk instanceof SQL) {
        if ((chunk as unknown as { shouldInlineParams: boolean }).shouldInlineParams) byDrizzle(chunk);
        else walk(chunk.queryChunks);
      } else if (chunk instanceof Column || chunk instanceof Table) {
        let t = nameText.get(chunk);
        if (t === undefined) {
          const before = text;
          text = '';
          byDrizzle(chunk);
          t = text;
          text = before;
          nameText.set(chunk, t);
        }
        text += t;
      } else if (chunk instanceof Name) {
        text += dialect.escapeName(chunk.value);
      } else if (chunk instanceof Param && !(chunk.value instanceof Placeholder)) {
        const value = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
        if (value instanceof SQL) walk([value]);
        else {
          params.push(value);
          text += `$${params.length}`;
        }
      } else if (chunk === null || (typeof chunk !== 'object' && typeof chunk !== 'function')) {
        // A bare value in a template (`limit ${size}`): drizzle binds it as it is.
        if (chunk === undefined) continue;
        params.push(chunk);
        text += `$${params.length}`;
      } else byDrizzle(chunk);
    }
  };
  walk([statement]);
  return { sql: text, params };
}

/**
 * Every statement of the database, from the query builder or by hand, compiled by `compileStatement`.
 * Under test each is compiled by drizzle too and must come out the same.
 */
function compileFast(db: Db) {
  const dialect = (db as unknown as { dialect: Dialect }).dialect;
  const drizzleCompile = dialect.sqlToQuery.bind(dialect);
  const check = !!process.env.VITEST;
  dialect.sqlToQuery = (statement, invokeSource) => {
    if (invokeSource) return drizzleCompile(statement, invokeSource);
    const query = compileStatement(dialect, statement);
    if (check) {
      const d = drizzleCompile(statement);
      const same = (a: unknown, b: unknown) => a === b || String(a) === String(b);
      if (
        d.sql !== query.sql ||
        d.params.length !== query.params.length ||
        d.params.some((p, i) => !same(p, query.params[i]))
      )
        throw new Error(`a statement compiled otherwise than by drizzle:\n${d.sql}\n${query.sql}`);
    }
    return query;
  };
}

/**
 * The planner's settings for the server's sessions. `random_page_cost` 1.1 instead of PostgreSQL's 4:
 * the default prices a random page four times a sequential one, as on a spinning disk; on SSD or a
 * cached table (any cloud volume) they cost about the same. With 4, a deep page of a company's boxes
 * (`boxNumber=x&sort=id,desc&page=500`) walked the primary key past 365,192 other rows (17,064 buffers,
 * 0.7–1.5 s) instead of the company's (tenant, id) index (562 buffers, 5 ms): the planner priced the
 * company index's heap reads as random disk reads. docs/BENCHMARKS.md compares 240 list shapes.
 */
export const PLANNER_SETTINGS = { random_page_cost: '1.1' } as const;

/** The settings as a connection's startup options; an `options` of the URL comes after, so it wins. */
function startupOptions(url: string): string {
  const own = Object.entries(PLANNER_SETTINGS).map(([k, v]) => `-c ${k}=${v}`);
  let theirs: string | null = null;
  try {
    theirs = new URL(url).searchParams.get('options');
  } catch {
    // Not a URL (a libpq key=value string): its options, if any, are pg's to read.
  }
  return [...own, ...(theirs ? [theirs] : [])].join(' ');
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      options: startupOptions(options.url),
    });
    // A connection the server ends (restart, failover, DROP DATABASE … FORCE) must not take the
    // process with it: an idle one is dropped by the pool, a busy one fails its own query.
    const lost = (err: Error) => console.error(`postgres connection lost: ${err.message}`);
    pool.on('error', lost);
    pool.on('connect', (client) => client.on('error', lost));
    // Fail fast with a clear error when the server is not reachable.
    const client = await pool.connect();
    client.release();
    const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
    compileFast(db);
    const listener = await listenForAuthChanges(options.url);
    sessionCache.clear();
    return {
      db,
      kind: 'postgres',
      close: async () => {
        await listener.end();
        await pool.end();
      },
      pool,
    };
  }
  const client = new PGlite({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    // Trigram indexes back the infix searches (migration 0019), as on PostgreSQL.
    extensions: { pg_trgm },
  });
  await client.waitReady;
  for (const [k, v] of Object.entries(PLANNER_SETTINGS)) await client.exec(`set ${k} = ${v}`);
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  compileFast(db);
  await client.listen(AUTH_CHANNEL, () => sessionCache.clear());
  sessionCache.clear();
  return { db, kind: 'pglite', close: () => client.close(), client } as Database;
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    await migratePg(database.db as unknown as Parameters<typeof migratePg>[0], { migrationsFolder });
  } else {
    await migratePglite(database.db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder });
  }
}
