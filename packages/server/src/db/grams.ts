import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, text } from 'drizzle-orm/pg-core';

/**
 * The two-character pieces of some text columns, lower-cased (SQL function `tl_bigrams`, migration
 * 0031), for a GIN index: a row whose column holds a keyword holds every piece of the keyword, so
 * `textGrams(cols) @> tl_bigrams(keyword)` narrows a search by the index before LIKE checks the rows.
 * pg_trgm cannot do this for Chinese: it needs three characters of a keyword and, in a database of the
 * C locale, does not count Chinese characters as letters at all; two characters (电缆) is the usual
 * Chinese keyword.
 */
export const textGrams = (cols: readonly AnyPgColumn[]) =>
  sql`tl_bigrams(${sql.join(
    cols.map((c) => sql`${c}`),
    sql`, `,
  )})`;

/** The stored pieces' column, and its key in a row read by drizzle (never sent, never written). */
export const GRAMS_COLUMN = 'search_grams';
export const GRAMS_KEY = 'searchGrams';

/**
 * The pieces kept in the row (`search_grams`, a stored generated column) and indexed by GIN there.
 * Kept, not computed in the index's expression: when the planner reaches a list's rows by another index
 * (one list of 15,528 rows), the pieces' condition is still tested on every row the keyword matches, and
 * computed again for each it cost 58 µs a row (247 ms for 4,270 rows); read from the row it costs
 * nothing. The column never leaves the server (the resource engine leaves it out of rows and answers).
 */
export const gramsColumn = (columnNames: readonly string[]) =>
  text(GRAMS_COLUMN)
    .array()
    .generatedAlwaysAs(sql.raw(`tl_bigrams(${columnNames.map((n) => `"${n}"`).join(', ')})`) as SQL);
