import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * The two-character pieces of some text columns, lower-cased (SQL function `tl_bigrams`, migration
 * 0031), for a GIN index: a row whose column holds a keyword holds every piece of the keyword, so
 * `textGrams(cols) @> tl_bigrams(keyword)` narrows a search by the index before LIKE checks the rows.
 * pg_trgm cannot do this for Chinese: it needs three characters of a keyword and, in a database of the
 * C locale, does not count Chinese characters as letters at all; two characters (电缆) is the usual
 * Chinese keyword. One expression for the index (schema) and the query, so the planner matches them.
 */
export const textGrams = (cols: readonly AnyPgColumn[]) =>
  sql`tl_bigrams(${sql.join(
    cols.map((c) => sql`${c}`),
    sql`, `,
  )})`;
