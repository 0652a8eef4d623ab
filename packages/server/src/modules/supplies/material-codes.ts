// A supplier's remembered material codes, for other modules' suggestions: the supplies module owns them.
import { and, desc, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { materialCodes } from '../../db/schema-project.ts';

/**
 * The latest HS code these suppliers remembered for a name (one row; `name` may be an outer column),
 * through material_code_name_idx.
 */
export const rememberedCode = (db: Db, supplierIds: number[], name: SQL) =>
  db
    .select({ hs: materialCodes.hsCode })
    .from(materialCodes)
    .where(
      and(
        inArray(materialCodes.tenantId, supplierIds),
        eq(materialCodes.name, name),
        isNotNull(materialCodes.hsCode),
      ),
    )
    .orderBy(desc(materialCodes.updateTime))
    .limit(1);
