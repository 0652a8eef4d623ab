// A batch's material lists as the project's workbench and a batch's page show them: each list the caller
// may see with its supplier, row count, amounts per currency and gross weight.
import { and, inArray, sql } from 'drizzle-orm';
import { materialLists, supplies } from '../../db/schema-project.ts';
import type { Ctx } from '../../resources/engine.ts';
import { tenantNames } from '../project/names.ts';
import { materialListScope } from './access.ts';

/** Material-list progress of the given batches, as the caller may see it. */
export async function listSummaries(ctx: Ctx, batchIds: number[]) {
  if (!batchIds.length) return [];
  const lists = await ctx.db
    .select()
    .from(materialLists)
    .where(and(inArray(materialLists.batchId, batchIds), materialListScope(ctx)));
  if (!lists.length) return [];
  const totals = await ctx.db
    .select({
      listId: supplies.listId,
      currency: supplies.currency,
      rows: sql<number>`count(*)::int`,
      amount: sql<string>`coalesce(sum(${supplies.totalPrice}), 0)::text`,
      grossWeight: sql<string>`coalesce(sum(${supplies.grossWeight}), 0)::text`,
    })
    .from(supplies)
    .where(
      inArray(
        supplies.listId,
        lists.map((l) => l.id),
      ),
    )
    .groupBy(supplies.listId, supplies.currency);
  const names = await tenantNames(
    ctx.db,
    lists.map((l) => l.supplierTenantId),
  );
  return lists.map((l) => {
    const mine = totals.filter((t) => t.listId === l.id);
    return {
      ...l,
      supplierName: names.get(l.supplierTenantId)?.name ?? null,
      rows: mine.reduce((n, t) => n + Number(t.rows), 0),
      amounts: mine
        .filter((t) => t.currency)
        .map((t) => ({ currency: t.currency, amount: Number(t.amount) })),
      grossWeight: mine.reduce((n, t) => n + Number(t.grossWeight), 0),
    };
  });
}
