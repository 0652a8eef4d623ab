// What a batch's boxes say, for the batch's derived status, the control tower's milestones and the bill of
// lading: the boxes module owns them.
import { BoxStatus, LogisticsStatus } from '@tradelane/contract';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { boxPieces } from '../../db/schema-boxes.ts';
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

/** The numbers of the batch's handed-over boxes, in order. */
export async function handedOverBoxNumbers(db: Db, batchId: number) {
  return db
    .select({ n: boxPieces.boxNumber })
    .from(boxPieces)
    .where(and(eq(boxPieces.batchId, batchId), handedOver))
    .orderBy(asc(boxPieces.boxNumber));
}
