// A supplier's remembered material codes, for other modules' suggestions: the supplies module owns them.
import { and, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { materialCodes } from '../../db/schema-project.ts';

/**
 * The newest code one of `suppliers` (a sub-select of company ids) remembers for a name, as a sub-select
 * of another statement: one probe of material_code_name_idx per supplier.
 */
export const rememberedCodeOf = (suppliers: SQL, name: SQL) =>
  sql`select mc.hs_code from ${materialCodes} mc where mc.tenant_id in (${suppliers}) and mc.name = ${name}
    and mc.hs_code is not null order by mc.update_time desc limit 1`;

/** The HS code a company remembered for one of its material codes (none when it has not classified it). */
export async function hsCodeOfMaterialCode(db: Db, tenantId: number, code: string): Promise<string | null> {
  const [m] = await db
    .select({ hs: materialCodes.hsCode })
    .from(materialCodes)
    .where(
      and(
        eq(materialCodes.code, code),
        eq(materialCodes.tenantId, tenantId),
        isNotNull(materialCodes.hsCode),
      ),
    );
  return m?.hs ?? null;
}

/**
 * A company's material code named so, with both its names: by the Chinese name as written, or by the
 * English name lower-cased (`enLower`); codes without an English name are left out.
 */
export async function bilingualMaterialCode(
  db: Db,
  tenantId: number,
  by: { name: string } | { enLower: string },
): Promise<{ zh: string; en: string | null } | undefined> {
  const [hit] = await db
    .select({ zh: materialCodes.name, en: materialCodes.enName })
    .from(materialCodes)
    .where(
      and(
        eq(materialCodes.tenantId, tenantId),
        isNotNull(materialCodes.enName),
        'name' in by ? eq(materialCodes.name, by.name) : sql`lower(${materialCodes.enName}) = ${by.enLower}`,
      ),
    )
    .limit(1);
  return hit;
}
