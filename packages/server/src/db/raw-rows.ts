// What a raw statement (`db.execute`) answers, read with a check: the app's database is typed over an
// abstract driver (pg or PGlite), so its raw results carry no type, while both drivers answer an object
// with the statement's `rows` (and how many it changed).
import { z } from 'zod';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The rows of a raw statement's result, each a record of its columns. */
export function rawRows(result: unknown): Record<string, unknown>[] {
  if (!isRecord(result) || !Array.isArray(result.rows)) throw new Error('a raw statement answered no rows');
  return result.rows.filter(isRecord);
}

/** The rows of a raw statement's result, parsed by a schema of one row. */
export function parsedRows<S extends z.ZodType>(row: S, result: unknown): z.output<S>[] {
  return z.array(row).parse(rawRows(result));
}

/** How many rows a raw statement changed (pg says `rowCount`, PGlite `affectedRows`). */
export function rawRowCount(result: unknown): number {
  if (!isRecord(result)) return 0;
  return Number(result.rowCount ?? result.affectedRows ?? 0);
}
