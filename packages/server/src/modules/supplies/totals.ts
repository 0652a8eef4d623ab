// What a supplier's goods on a batch are worth, for the papers and applications other modules build on
// them: the supplies module owns the material rows and lists.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { materialLists, supplies } from '../../db/schema-project.ts';

/** The totals, by currency (2 decimals, as text), of a supplier's rows on confirmed lists of the batch. */
export async function confirmedTotals(db: Db, batchId: number, supplierTenantId: number) {
  return db
    .select({ currency: supplies.currency, total: sql<string>`sum(${supplies.totalPrice})::text` })
    .from(supplies)
    .innerJoin(materialLists, eq(materialLists.id, supplies.listId))
    .where(
      and(
        eq(supplies.batchId, batchId),
        eq(supplies.supplierTenantId, supplierTenantId),
        eq(materialLists.status, 2),
      ),
    )
    .groupBy(supplies.currency);
}
