// Bulk inserts through one JSON parameter: `insert … select … from json_to_recordset($1)`. Postgres
// parses the JSON in C, so 10,000 material rows go in one statement instead of 250,000 bind
// parameters (about 3× faster on PGlite; the same SQL on a PostgreSQL server).
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';

const DEFAULTED = new Set(['id', 'createTime', 'updateTime']);

export async function bulkInsert(db: Db, table: PgTable, rows: Record<string, unknown>[], onConflict?: SQL) {
  if (!rows.length) return;
  const columns = Object.entries(getTableColumns(table) as Record<string, AnyPgColumn>).filter(
    ([key]) => !DEFAULTED.has(key),
  );
  const names = columns.map(([, c]) => `"${c.name}"`).join(', ');
  const defs = columns.map(([, c]) => `"${c.name}" ${c.getSQLType()}`).join(', ');
  const json = JSON.stringify(
    rows.map((r) => Object.fromEntries(columns.map(([key, c]) => [c.name, r[key] ?? null]))),
  );
  await db.execute(
    sql`insert into ${table} (${sql.raw(names)}) select ${sql.raw(names)} from json_to_recordset(${json}::json) as x(${sql.raw(defs)}) ${onConflict ?? sql``}`,
  );
}
