// What a batch's material lists say, for the batch's derived status and the control tower's milestones:
// the supplies module owns the lists and their rows.
import { MaterialListStatus } from '@tradelane/contract';
import { and, asc, eq, exists, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { materialLists, supplies } from '../../db/schema-project.ts';

/**
 * The statuses of the batch's material lists that carry rows: a list with nothing on it (a supplier planned
 * in with nothing to supply yet) holds the batch at no step.
 */
export async function listStatusesWithRows(db: Db, batchId: number): Promise<number[]> {
  const rows = await db
    .select({ status: materialLists.status })
    .from(materialLists)
    .where(
      and(
        eq(materialLists.batchId, batchId),
        exists(db.select({ one: sql`1` }).from(supplies).where(eq(supplies.listId, materialLists.id))),
      ),
    );
  return rows.map((r) => r.status);
}

/** How many material lists the batch has, and how many of them are confirmed (one statement). */
export async function listCounts(db: Db, batchId: number): Promise<{ n: number; confirmed: number }> {
  const [lists] = await db
    .select({
      n: sql<number>`count(*)::int`,
      confirmed: sql<number>`count(*) filter (where ${materialLists.status} = ${MaterialListStatus.confirmed})::int`,
    })
    .from(materialLists)
    .where(eq(materialLists.batchId, batchId));
  return lists;
}

/** The rows of the batch's confirmed material lists, by list and line; null when no list is confirmed. */
export async function confirmedRowsOfBatch(db: Db, batchId: number) {
  const lists = await db
    .select({ id: materialLists.id })
    .from(materialLists)
    .where(and(eq(materialLists.batchId, batchId), eq(materialLists.status, MaterialListStatus.confirmed)));
  if (!lists.length) return null;
  return db
    .select()
    .from(supplies)
    .where(
      inArray(
        supplies.listId,
        lists.map((l) => l.id),
      ),
    )
    .orderBy(asc(supplies.listId), asc(supplies.lineNo));
}

/** The net weights (kg; null where a row has none) of these material rows. */
export async function netWeightsOf(db: Db, ids: number[]) {
  if (!ids.length) return [];
  const rows = await db.select({ net: supplies.netWeight }).from(supplies).where(inArray(supplies.id, ids));
  return rows.map((r) => r.net);
}

/** The material lists of these batches: id, batch, supplier and status (a batch partner's row shows its list). */
export async function listsOfBatches(db: Db, batchIds: number[]) {
  if (!batchIds.length) return [];
  return db
    .select({
      id: materialLists.id,
      batchId: materialLists.batchId,
      supplierTenantId: materialLists.supplierTenantId,
      status: materialLists.status,
    })
    .from(materialLists)
    .where(inArray(materialLists.batchId, batchIds));
}

/**
 * Whether any of these batches has a material row (of one supplier, if named): a batch, or a supplier's
 * place on it, that holds rows is not removed.
 */
export async function batchesHaveRows(
  db: Db,
  batchIds: number[],
  supplierTenantId?: number,
): Promise<boolean> {
  if (!batchIds.length) return false;
  const [row] = await db
    .select({ id: supplies.id })
    .from(supplies)
    .where(
      and(
        inArray(supplies.batchId, batchIds),
        supplierTenantId === undefined ? undefined : eq(supplies.supplierTenantId, supplierTenantId),
      ),
    )
    .limit(1);
  return !!row;
}
