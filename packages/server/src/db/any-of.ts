// The index-friendly `in (subquery)` the scopes of every module use: SQL with no domain in it, so it lives
// with the database rather than in the project module that first needed it.
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * `column = any(array(subquery))`: the same rows as `column in (subquery)`, but under an OR PostgreSQL can
 * serve it from an index (the subquery runs once, its ids probe the index) instead of testing every row
 * of the table against a hashed subplan (docs/BENCHMARKS.md).
 */
export const anyOf = (column: AnyPgColumn, rows: SQLWrapper): SQL => sql`${column} = any(array(${rows}))`;
