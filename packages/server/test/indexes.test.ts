// Indexes are part of a declaration: for every family the engine knows, its list query as a tenant
// user — scope, default sort, then each declared filter — is judged by the work its statements do, not
// by the words of their plans. No family is exempt.
// - The tables get 20k generated rows and then VACUUM ANALYZE (test/big-tables.ts): statistics and a
//   visibility map, as autovacuum keeps them in production. Every 20th row lands beside one of the demo's
//   rows (same company, list, batch…), so the caller's visible set grows with the table.
// - Each statement is run with EXPLAIN ANALYZE and the rows it read of the family's table (what its scans
//   produced plus what their filters threw away) are held to READ_PER_ROW per row the list answers. A
//   family declared `large` gets nothing more; any other may also read its caller's visible set once.
// - Infix searches (`blurry`, `like`) are served by trigram (pg_trgm) GIN indexes, or, for the large
//   families, by an index of two-character pieces (`textIndex`, src/db/grams.ts) that also serves
//   two-character Chinese keywords.
// - A list with no condition at all (a platform-wide family unfiltered) cannot be counted through any
//   index: the count would read every row of the table or of an index. Past LIST_EXACT_COUNT rows
//   (10,000 by default) the engine gives such a list the planner's estimate as its total
//   (`totalExact: false`, engine.setExactCountLimit) and `after=` pages on without counting; under it,
//   it counts exactly.
// PostgreSQL only: PGlite's planner has other statistics and costs, so its plans prove nothing about a
// server.
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import { resolveSession } from '../src/http/auth.ts';
import {
  type Ctx,
  declaredResources,
  listRows,
  type Resource,
  setExactCountLimit,
} from '../src/resources/engine.ts';
import { fillTables } from './big-tables.ts';
import { login, useTestApp } from './helpers.ts';
import { useRealPostgres } from './template.ts';

const ROWS = 20_000;
/** Every 20th generated row lands beside one of the demo's rows (test/big-tables.ts), in the caller's sight or not. */
const IN_SCOPE = 20;
/**
 * Work per row: one statement of a list may read at most this many rows of its table per row the list
 * answers (the rows it counts, or returns), plus a floor. A family whose rows grow with the business
 * (`large`) is held to it everywhere: a filter applied after reading the caller's whole visible set
 * (the material rows' `hsCode` filter before its index: every row the shipper sees for the few of
 * one code) fails, though its plan says "Index Scan". Any other family's visible set is one company's
 * own records (its roles, projects, vessels…), which a statement may read once more.
 */
const READ_PER_ROW = 10;
const READ_FLOOR = 200;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** Rows of `table` a plan read: what its scans of the table produced plus what their filters threw away. */
function rowsRead(node: PlanNode, table: string): number {
  const loops = node['Actual Loops'] ?? 1;
  const own =
    node['Relation Name'] === table
      ? ((node['Actual Rows'] ?? 0) +
          (node['Rows Removed by Filter'] ?? 0) +
          (node['Rows Removed by Index Recheck'] ?? 0)) *
        loops
      : 0;
  return own + (node.Plans ?? []).reduce((n, p) => n + rowsRead(p, table), 0);
}

/** A filter value that fits the filter's column (custom filters get 'true'). */
function filterValue(resource: Resource, name: string, spec: unknown): string {
  const s = typeof spec === 'string' ? { op: spec } : (spec as { op: string; column?: string });
  if (s.op === 'custom') return 'true';
  if (s.op === 'blurry' || s.op === 'like') return 'g17';
  const column = resource.columns[s.column ?? name];
  const one = (() => {
    switch (column?.dataType) {
      case 'number':
        return column.name === 'tenant_id' || column.name.endsWith('_id') ? '100017' : '3';
      case 'boolean':
        return 'true';
      case 'date':
        return '2020-01-05T00:00:00Z';
      default:
        return column?.columnType === 'PgDateString' ? '2020-01-05' : 'g17';
    }
  })();
  if (s.op === 'between') return column?.dataType === 'date' ? '2020-01-05,2020-01-06' : `${one},${one}`;
  if (s.op === 'in') return one;
  return one;
}

describe.skipIf(!useRealPostgres())(
  'indexes back every list (PostgreSQL only: PGlite plans with other statistics)',
  () => {
    const api = useTestApp();

    it('no family list scans its table, unfiltered or with any declared filter', {
      timeout: 120_000,
    }, async () => {
      const pool = (api.db as unknown as { $client: pg.Pool }).$client;
      const families = declaredResources();
      const tables = new Map<string, Resource>();
      for (const r of families) tables.set(tableName(r), r);
      await fillTables(pool, [...tables.keys()], ROWS, { inScope: IN_SCOPE });

      const token = await login(api.app, 'shipper');
      const auth = await resolveSession(api.db, api.app.config, token.replace(/^Bearer /, ''));
      if (!auth) throw new Error('no session');
      const logged: { sql: string; params: unknown[] }[] = [];
      const db = drizzle(pool, {
        schema,
        logger: { logQuery: (sql, params) => void logged.push({ sql, params }) },
      }) as unknown as Db;
      const ctx = { db, auth, request: { headers: {}, query: {} } } as unknown as Ctx;
      const unlogged = drizzle(pool, { schema }) as unknown as Db;

      const work: Record<string, string> = {};
      const estimated: string[] = [];
      for (const resource of families) {
        const table = tableName(resource);
        const cases: [string, Record<string, unknown>][] = [['-', {}]];
        for (const [name, spec] of Object.entries(resource.filters ?? {}))
          cases.push([name, { [name]: filterValue(resource, name, spec) }]);
        // Newest first, the whole visible list: a sort may read the caller's visible set once (a
        // large family included), never walk the table past everyone else's rows. A large family is
        // walked in each sort it declares, both ways.
        for (const field of resource.large ? (resource.sortable ?? []) : ['id'])
          for (const dir of resource.large ? ['asc', 'desc'] : ['desc'])
            cases.push([`sort:${field},${dir}`, { sort: `${field},${dir}` }]);
        let visible = 0;
        for (const [name, query] of cases) {
          logged.length = 0;
          let answered = 0;
          try {
            const page = await listRows(resource, ctx, { page: 0, size: 10, ...query });
            answered = Math.max(page.totalElements ?? 0, page.content.length);
            if (name === '-') visible = answered;
            // An estimated total is that of a list with no condition or of more matches than are counted
            // exactly, and close to the truth either way.
            if (page.totalExact === false) {
              setExactCountLimit(Number.MAX_SAFE_INTEGER);
              const truth = await listRows(resource, { ...ctx, db: unlogged }, { page: 0, size: 1, ...query })
                .then((p) => p.totalElements as number)
                .finally(() => setExactCountLimit(api.app.config.listExactCount ?? 10_000));
              expect(truth).toBeGreaterThan(api.app.config.listExactCount ?? 10_000);
              estimated.push(resource.name);
              expect([resource.name, name, page.totalElements! / truth]).toEqual([
                resource.name,
                name,
                expect.closeTo(1, 1),
              ]);
            }
          } catch (err) {
            if ((err as { statusCode?: number }).statusCode === 400) continue; // a value this filter refuses
            throw err;
          }
          const allowed =
            READ_PER_ROW * answered +
            READ_FLOOR +
            (resource.large && !name.startsWith('sort:') ? 0 : visible);
          const plans: string[] = [];
          let heaviest = 0;
          for (const q of logged) {
            if (!/^\s*select/i.test(q.sql)) continue;
            const analyzed = await pool.query(`explain (analyze, format json) ${q.sql}`, q.params);
            const n = rowsRead(analyzed.rows[0]['QUERY PLAN'][0].Plan as PlanNode, table);
            heaviest = Math.max(heaviest, n);
            const text =
              n > allowed
                ? (await pool.query(`explain ${q.sql}`, q.params)).rows.map((r) => r['QUERY PLAN']).join('\n')
                : '';
            plans.push(`${q.sql}\n(${n} rows of ${table} read)\n${text}`);
          }
          if (heaviest > allowed)
            work[`${resource.name}:${name}`] =
              `a statement read ${heaviest} rows for ${answered} (allowed ${allowed})\n${plans.join('\n')}`;
        }
      }
      // A two-character Chinese keyword (pg_trgm finds no trigram in it) is answered by the family's
      // index of two-character pieces.
      const pieces: string[] = [];
      for (const resource of families.filter((r) => r.textIndex)) {
        const table = tableName(resource);
        const [param] = Object.entries(resource.filters ?? {}).find(
          ([, f]) => typeof f === 'object' && 'op' in f && f.op === 'blurry',
        )!;
        logged.length = 0;
        await listRows(resource, ctx, { page: 0, size: 10, [param]: '电缆' });
        const plans = await Promise.all(
          logged
            .filter((q) => q.sql.includes(`from "${table}"`))
            .map(async (q) =>
              (await pool.query(`explain ${q.sql}`, q.params)).rows.map((r) => r['QUERY PLAN']).join('\n'),
            ),
        );
        pieces.push(`${resource.name}: ${plans.some((p) => p.includes(`${table}_grams_idx`))}`);
      }
      expect(pieces.sort()).toEqual(['boxPiece: true', 'declareLine: true', 'supplies: true']);
      // The platform-wide families past LIST_EXACT_COUNT rows (menus among them) were estimated.
      expect(estimated).toContain('menus');
      const heavy = Object.keys(work).sort();
      expect(heavy, heavy.map((k) => `${k}: ${work[k]}`).join('\n\n')).toEqual([]);
    });
  },
);

function tableName(resource: Resource): string {
  return (resource.table as unknown as Record<symbol, string>)[Symbol.for('drizzle:Name')];
}
