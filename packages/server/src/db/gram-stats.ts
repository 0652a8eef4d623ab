import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from './client.ts';
import { GRAMS_COLUMN } from './grams.ts';
import { parsedRows } from './raw-rows.ts';

/**
 * How often each common two-character piece occurs in a family's rows: PostgreSQL's own statistics of
 * the stored pieces (`pg_stats.most_common_elems`, kept by ANALYZE), read at most once a minute per
 * table and database handle. A piece the statistics do not list is rarer than every listed one.
 */
export interface GramStats {
  /** The table's rows as the statistics count them. */
  rows: number;
  /** A listed piece's share of the rows (0–1). */
  share: Map<string, number>;
}

const FRESH_MS = 60_000;
const caches = new WeakMap<Db, Map<string, { at: number; stats: Promise<GramStats | null> }>>();

/** Tests: statistics read anew (after an ANALYZE of the test's own rows). */
export function forgetGramStats(db: Db): void {
  caches.delete(db);
}

export function gramStats(db: Db, table: string): Promise<GramStats | null> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const hit = cache.get(table);
  if (hit && Date.now() - hit.at < FRESH_MS) return hit.stats;
  const stats = readStats(db, table).catch(() => null);
  cache.set(table, { at: Date.now(), stats });
  return stats;
}

/** One row of the pieces' statistics (PGlite and pg answer numbers, or numbers as text). */
const statsRow = z.object({
  rows: z.coerce.number().nullable(),
  elems: z.array(z.string()).nullable(),
  freqs: z.array(z.coerce.number()).nullable(),
});

async function readStats(db: Db, table: string): Promise<GramStats | null> {
  const [row] = parsedRows(
    statsRow,
    await db.execute(sql`
      select (select c.reltuples from pg_class c where c.oid = to_regclass(${`"${table}"`}))::float8 as rows,
        s.most_common_elems::text::text[] as elems, s.most_common_elem_freqs::float8[] as freqs
      from pg_stats s
      where s.schemaname = current_schema() and s.tablename = ${table} and s.attname = ${GRAMS_COLUMN}`),
  );
  const rows = row?.rows ?? 0;
  if (!row?.elems || !row.freqs || !(rows > 0)) return null;
  // The frequencies list one share per piece, then the least, the greatest and the share of NULLs.
  const share = new Map<string, number>();
  for (const [i, e] of row.elems.entries()) share.set(e, row.freqs[i]);
  return { rows, share };
}

/** The pieces `tl_bigrams` makes of a keyword (lower-cased, two characters each, once each). */
export function bigramsOf(keyword: string): string[] {
  const chars = Array.from(keyword.toLowerCase());
  const out = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) out.add(chars[i] + chars[i + 1]);
  return [...out];
}

/**
 * How a keyword's search uses the index of pieces:
 * - `all`: every piece of the keyword (`@> tl_bigrams(keyword)`), where one of them is rare — the
 *   statistics do not list it, or no statistics were kept yet (a new table);
 * - `none`: no piece, where even the rarest is so common that walking the caller's rows in the list's
 *   order meets the first thousand matches sooner than the index reads its candidates (电缆 is in 27%
 *   of a million material rows: 275,008 candidates, 62 ms, where the shipper's walk met 1,001 matches
 *   in 3,635 rows, 4.6 ms);
 * - one piece, the rarest, for a keyword of Chinese (no letter case, no printable ASCII): its pieces come
 *   together (变压 and 压器 in each 变压器), so the planner, which multiplies their shares, expected 173
 *   candidates for 12,510; asked for one piece it knows how many, and joins it with the company's rows
 *   (212 ms → the company's 634 matches).
 *
 * Walking meets 1,000 matches after about 1,000 / share rows; the index reads share × rows entries, at
 * about a quarter of a row's cost each, so past share² × rows ≈ 4,000 walking is the cheaper — for
 * the first count. A list whose matches then stay under the count's cap is walked to its end, the
 * company's every row (螺栓, 7% of the rows: 3,752 of the shipper's 50,034, 108 ms walked, 70 ms by the
 * index), so the index is left only where the piece is in about one row in seven at a million rows
 * (share² × rows ≥ 20,000), where the matches run past the cap and are estimated after the first count.
 */
export type GramChoice = 'all' | 'none' | { piece: string };
const WALK_BEATS_INDEX = 20_000;
let walkBeatsIndex = WALK_BEATS_INDEX;
/** Tests: the threshold for a smaller table (no argument: back to 20,000). */
export function setWalkThreshold(value = WALK_BEATS_INDEX) {
  walkBeatsIndex = value;
}

export function gramChoice(keyword: string, stats: GramStats | null): GramChoice {
  if (!stats) return 'all';
  const pieces = bigramsOf(keyword);
  let rarest: string | undefined;
  let least = 1;
  for (const p of pieces) {
    const s = stats.share.get(p);
    if (s === undefined) return 'all';
    if (s < least || rarest === undefined) {
      least = s;
      rarest = p;
    }
  }
  if (!rarest) return 'all';
  if (least * least * stats.rows >= walkBeatsIndex) return 'none';
  // Chinese and other scripts without case: lower() leaves the piece as written, here and in SQL.
  const caseless = keyword === keyword.toLowerCase() && keyword === keyword.toUpperCase();
  return caseless && pieces.length > 1 && !/[ -~]/.test(keyword) ? { piece: rarest } : 'all';
}
