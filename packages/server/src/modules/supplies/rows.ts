// Material rows as other modules read them (what a box holds, a classified row of a name). The supplies
// module owns the material rows.
import { and, desc, eq, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { supplies } from '../../db/schema-project.ts';
import type { Ctx } from '../../resources/engine.ts';
import { suppliesScope } from './access.ts';

/** What a row holding a material row shows of it, as a field of another statement (`id` is its id there). */
export type SupplyField = {
  name: string;
  enName: string | null;
  spec: string | null;
  unit: string;
  hsCode: string | null;
  quantity: number;
};
export const supplyField = (id: SQL) =>
  sql<SupplyField | null>`(select json_build_object('name', s.name, 'enName', s.en_name, 'spec', s.spec, 'unit', s.unit,
    'hsCode', s.hs_code, 'quantity', s.quantity) from ${supplies} s where s.id = ${id})`;
/**
 * A classified material row of this Chinese name with its English name, of the company as the supplier
 * or as the owner (supplies_hs_by_name_idx).
 */
export async function classifiedRowNamed(
  db: Db,
  tenantId: number,
  name: string,
): Promise<{ zh: string; en: string | null } | undefined> {
  const [row] = await db
    .select({ zh: supplies.name, en: supplies.enName })
    .from(supplies)
    .where(
      and(
        or(eq(supplies.supplierTenantId, tenantId), eq(supplies.tenantId, tenantId)),
        eq(supplies.name, name),
        isNotNull(supplies.enName),
        isNotNull(supplies.hsCode),
      ),
    )
    .limit(1);
  return row;
}

/** The HS code of the latest classified material row of this name the caller sees (none if there is none). */
export async function lastHsCodeNamed(ctx: Ctx, name: string): Promise<string | null> {
  const [row] = await ctx.db
    .select({ hsCode: supplies.hsCode })
    .from(supplies)
    .where(and(eq(supplies.name, name), isNotNull(supplies.hsCode), await suppliesScope(ctx)))
    .orderBy(desc(supplies.updateTime))
    .limit(1);
  return row?.hsCode ?? null;
}
