// What packing reads of material lists and rows (the boxes module packs them, the supplies module owns
// them): a supplier's list on a batch, a list's rows, a batch's rows as the caller sees them, one row
// held for packing, and the row as a view other modules join. The boxes module reaches the rows through
// these, never the tables.
import { and, eq } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { materialLists, supplies } from '../../db/schema-project.ts';
import type { Ctx } from '../../resources/engine.ts';
import { suppliesScope } from './access.ts';

export type MaterialRow = typeof supplies.$inferSelect;

/** A supplier's material list on a batch (`lock`: held FOR UPDATE), if it has one. */
export async function listOfSupplier(db: Db, batchId: number, supplierTenantId: number, lock = false) {
  const q = db
    .select()
    .from(materialLists)
    .where(and(eq(materialLists.batchId, batchId), eq(materialLists.supplierTenantId, supplierTenantId)));
  const [list] = lock ? await q.for('update') : await q;
  return list;
}

/** Every row of a material list. */
export function rowsOfList(db: Db, listId: number): Promise<MaterialRow[]> {
  return db.select().from(supplies).where(eq(supplies.listId, listId));
}

/** The rows of a batch the caller sees (one supplier's, if named), by supplier and line. */
export async function visibleRowsOfBatch(ctx: Ctx, batchId: number, supplierTenantId?: number) {
  return ctx.db
    .select()
    .from(supplies)
    .where(
      and(
        eq(supplies.batchId, batchId),
        supplierTenantId ? eq(supplies.supplierTenantId, supplierTenantId) : undefined,
        await suppliesScope(ctx),
      ),
    )
    .orderBy(supplies.supplierTenantId, supplies.lineNo);
}

/**
 * A row the caller sees, held FOR UPDATE while something is packed of it, with its list's status;
 * undefined when the caller does not see it.
 */
export async function rowForPacking(ctx: Ctx, suppliesId: number) {
  const [row] = await ctx.db
    .select()
    .from(supplies)
    .where(and(eq(supplies.id, suppliesId), await suppliesScope(ctx)))
    .for('update');
  if (!row) return undefined;
  const [list] = await ctx.db
    .select({ status: materialLists.status })
    .from(materialLists)
    .where(eq(materialLists.id, row.listId));
  return { row, listStatus: list?.status };
}

/**
 * A material row as other modules join it (a box's contents, what boxes pack, a declaration's weights):
 * its words, quantity, weight and price, not its list's bookkeeping or its text index. A plain sub-select,
 * which PostgreSQL folds into the statement that joins it (the plan is the table's, by its indexes).
 * In raw SQL it is written `${materialRowView}` and its columns `material_row.<column>`.
 */
export const materialRowView = new QueryBuilder()
  .select({
    id: supplies.id,
    listId: supplies.listId,
    batchId: supplies.batchId,
    supplierTenantId: supplies.supplierTenantId,
    contractId: supplies.contractId,
    lineNo: supplies.lineNo,
    materialCode: supplies.materialCode,
    name: supplies.name,
    enName: supplies.enName,
    spec: supplies.spec,
    hsCode: supplies.hsCode,
    unit: supplies.unit,
    tags: supplies.tags,
    quantity: supplies.quantity,
    netWeight: supplies.netWeight,
    originCountry: supplies.originCountry,
    unitPrice: supplies.unitPrice,
    currency: supplies.currency,
  })
  .from(supplies)
  .as('material_row');

/** What a box's contents and a paper print of a material row: its line and words. */
export const materialWords = {
  lineNo: materialRowView.lineNo,
  materialCode: materialRowView.materialCode,
  name: materialRowView.name,
  enName: materialRowView.enName,
  spec: materialRowView.spec,
  hsCode: materialRowView.hsCode,
  unit: materialRowView.unit,
};
