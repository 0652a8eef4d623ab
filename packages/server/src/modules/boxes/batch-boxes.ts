// What a batch's boxes say, for the batch's derived status, the control tower's milestones and the bill of
// lading: the boxes module owns them.
import { BoxStatus, LogisticsStatus } from '@tradelane/contract';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { boxPieceDetails, boxPieces } from '../../db/schema-boxes.ts';
import { outer } from '../../resources/engine.ts';
import { handedOver } from './access.ts';

/** The batch's boxes counted by logistics status and packing status (one statement). */
export async function boxStatusCounts(db: Db, batchId: number) {
  return db
    .select({ s: boxPieces.logisticsStatus, packing: boxPieces.status, n: sql<number>`count(*)::int` })
    .from(boxPieces)
    .where(eq(boxPieces.batchId, batchId))
    .groupBy(boxPieces.logisticsStatus, boxPieces.status);
}

/** How many boxes the batch has (those sent back to the supplier aside), and how many are handed over. */
export async function handOverCounts(db: Db, batchId: number): Promise<{ n: number; submitted: number }> {
  const [boxes] = await db
    .select({
      n: sql<number>`count(*)::int`,
      submitted: sql<number>`count(*) filter (where ${boxPieces.status} = ${BoxStatus.submitted})::int`,
    })
    .from(boxPieces)
    .where(
      and(eq(boxPieces.batchId, batchId), ne(boxPieces.logisticsStatus, LogisticsStatus.backToSupplier)),
    );
  return boxes;
}

/** Packages, gross weight (kg) and measurement (m³) of a batch's handed-over boxes, exactly. */
export async function cargoOf(db: Db, batchIds: number[]) {
  if (!batchIds.length)
    return new Map<number, { packages: number; grossWeight: string; measurement: string }>();
  const rows = await db
    .select({
      batchId: boxPieces.batchId,
      packages: sql<number>`count(*)::int`,
      grossWeight: sql<string>`coalesce(sum(${boxPieces.grossWeight}), 0)::numeric(15,3)::text`,
      measurement: sql<string>`coalesce(sum(${boxPieces.volume}), 0)::numeric(15,3)::text`,
    })
    .from(boxPieces)
    .where(and(inArray(boxPieces.batchId, batchIds), handedOver))
    .groupBy(boxPieces.batchId);
  return new Map(rows.map((r) => [r.batchId, r]));
}

/** Weights, packages and the most common package type of all the batch's boxes (a declaration's defaults). */
export async function boxTotals(db: Db, batchId: number) {
  const [t] = await db
    .select({
      packages: sql<number>`count(*)::int`,
      gross: sql<string | null>`sum(${boxPieces.grossWeight})::numeric(16,3)::text`,
      net: sql<string | null>`sum(${boxPieces.netWeight})::numeric(16,3)::text`,
      packageType: sql<string | null>`mode() within group (order by ${boxPieces.packageType})`,
    })
    .from(boxPieces)
    .where(eq(boxPieces.batchId, batchId));
  return t;
}

/** The numbers of the batch's handed-over boxes, in order. */
export async function handedOverBoxNumbers(db: Db, batchId: number) {
  return db
    .select({ n: boxPieces.boxNumber })
    .from(boxPieces)
    .where(and(eq(boxPieces.batchId, batchId), handedOver))
    .orderBy(asc(boxPieces.boxNumber));
}

/**
 * A batch's handed-over boxes with the pieces packed in each (the sum of its contents, as text). The box's
 * id is named with its table (`outer`): a bare `id` inside the subquery would be the content line's own.
 */
export async function handedOverBoxesPacked(db: Db, batchId: number) {
  return db
    .select({
      id: boxPieces.id,
      boxNumber: boxPieces.boxNumber,
      supplierTenantId: boxPieces.supplierTenantId,
      packed: sql<string>`coalesce((select sum(d.quantity) from ${boxPieceDetails} d where d.box_id = ${outer(boxPieces.id)}), 0)::numeric(18,3)::text`,
    })
    .from(boxPieces)
    .where(and(eq(boxPieces.batchId, batchId), handedOver));
}

/** These boxes' package type and logistics status, by id. */
export async function boxStates(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: boxPieces.id,
      logisticsStatus: boxPieces.logisticsStatus,
      packageType: boxPieces.packageType,
    })
    .from(boxPieces)
    .where(inArray(boxPieces.id, ids));
}
