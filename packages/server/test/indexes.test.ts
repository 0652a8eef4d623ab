// Indexes are part of a declaration (issue 17): for every family the engine knows, its list query as a
// tenant user — scope, default sort, then each declared filter — must not scan the family's table once
// the table is large enough for the planner to prefer an index. No family is exempt.
// - The tables get 20k generated rows and then VACUUM ANALYZE (test/big-tables.ts): statistics and a
//   visibility map, as autovacuum keeps them in production, so a count over many rows may be an
//   index-only scan of a narrow index (`active` of the tenants) rather than a visit to every row.
// - Infix searches (`blurry`, `like`) are served by trigram (pg_trgm) GIN indexes.
// - A list with no condition at all (a platform-wide family unfiltered) cannot be counted through any
//   index: the count would read every row of the table or of an index. Past LIST_EXACT_COUNT rows
//   (10,000 by default) the engine gives such a list the planner's estimate as its total
//   (`totalExact: false`, engine.setExactCountLimit) and `after=` pages on without counting; under it,
//   it counts exactly. The tables here are past it, so their unfiltered lists are held to the rule too.
// PostgreSQL only: PGlite's planner has other statistics and costs, so its plans prove nothing about a
// server.
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import { resolveSession } from '../src/http/auth.ts';
import { type Ctx, declaredResources, listRows, type Resource } from '../src/resources/engine.ts';
import { fillTables } from './big-tables.ts';
import { login, useTestApp } from './helpers.ts';
import { useRealPostgres } from './template.ts';

const ROWS = 20_000;

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
      await fillTables(pool, [...tables.keys()], ROWS);

      const token = await login(api.app, 'shipper');
      const auth = await resolveSession(api.db, api.app.config, token.replace(/^Bearer /, ''));
      if (!auth) throw new Error('no session');
      const logged: { sql: string; params: unknown[] }[] = [];
      const db = drizzle(pool, {
        schema,
        logger: { logQuery: (sql, params) => void logged.push({ sql, params }) },
      }) as unknown as Db;
      const ctx = { db, auth, request: { headers: {}, query: {} } } as unknown as Ctx;

      const scans: Record<string, string> = {};
      const estimated: string[] = [];
      for (const resource of families) {
        const table = tableName(resource);
        const cases: [string, Record<string, unknown>][] = [['-', {}]];
        for (const [name, spec] of Object.entries(resource.filters ?? {}))
          cases.push([name, { [name]: filterValue(resource, name, spec) }]);
        for (const [name, query] of cases) {
          logged.length = 0;
          try {
            const page = await listRows(resource, ctx, { page: 0, size: 10, ...query });
            // An estimated total is only ever that of a list with no condition, and close to the truth.
            if (page.totalExact === false) {
              const truth = (await pool.query(`select count(*)::int as n from "${table}"`)).rows[0].n;
              const pageSql = logged.find((q) => q.sql.includes(`from "${table}"`))?.sql ?? '';
              estimated.push(resource.name);
              expect([resource.name, name, / where /i.test(pageSql), page.totalElements! / truth]).toEqual([
                resource.name,
                name,
                false,
                expect.closeTo(1, 1),
              ]);
            }
          } catch (err) {
            if ((err as { statusCode?: number }).statusCode === 400) continue; // a value this filter refuses
            throw err;
          }
          for (const q of logged) {
            if (!/^\s*select/i.test(q.sql)) continue;
            const plan = await pool.query(`explain ${q.sql}`, q.params);
            const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
            if (new RegExp(`Seq Scan on ${table}\\b`).test(text)) {
              const vm = await pool.query(
                `select relallvisible || '/' || relpages as pages from pg_class where relname = $1`,
                [table],
              );
              scans[`${resource.name}:${name}`] =
                `${q.sql}\n${text}\n(all-visible pages ${vm.rows[0]?.pages})`;
              break;
            }
          }
        }
      }
      // The platform-wide families past LIST_EXACT_COUNT rows (menus among them) were estimated.
      expect(estimated).toContain('menus');
      const found = Object.keys(scans).sort();
      const report = found.map((k) => `${k}\n${scans[k]}`).join('\n\n');
      expect(found, report).toEqual([]);
    });
  },
);

function tableName(resource: Resource): string {
  return (resource.table as unknown as Record<symbol, string>)[Symbol.for('drizzle:Name')];
}
