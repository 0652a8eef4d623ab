// The imported customs tariff (China's national 10-digit lines: names, units, declaration elements) as
// other modules read it. The HS module owns the tariff table and its import.
import { asc, inArray, like, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customsCodes } from '../../db/schema-project.ts';

export type TariffLine = typeof customsCodes.$inferSelect;

/** The tariff's lines of these exact codes. */
export async function tariffLines(db: Db, codes: string[]): Promise<TariffLine[]> {
  if (!codes.length) return [];
  return db.select().from(customsCodes).where(inArray(customsCodes.code, codes));
}

/** The tariff's lines under a shorter code, in code order (at most `limit`). */
export async function tariffLinesUnder(db: Db, prefix: string, limit: number): Promise<TariffLine[]> {
  return db
    .select()
    .from(customsCodes)
    .where(like(customsCodes.code, `${prefix}%`))
    .orderBy(asc(customsCodes.code))
    .limit(limit);
}

/** A code's tariff line (its name and element template's text) as a field of another statement, or null. */
export const tariffLineField = (code: SQL) =>
  sql<{
    name: string;
    elements: string | null;
  } | null>`(select json_build_object('name', c.name, 'elements', c.elements)
    from ${customsCodes} c where c.code = ${code} limit 1)`;
/** Every imported tariff line's code, HS 2022 subheading and Chinese name, by code (for the glossary). */
export async function tariffLineNames(db: Db) {
  return db
    .select({ code: customsCodes.code, hs6: customsCodes.hs6, name: customsCodes.name })
    .from(customsCodes)
    .orderBy(asc(customsCodes.code));
}
