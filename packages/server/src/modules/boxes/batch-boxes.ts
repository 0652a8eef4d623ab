// What a batch's boxes say, for the batch's derived status and the control tower's milestones: the boxes
// module owns them.
import { BoxStatus, LogisticsStatus } from '@tradelane/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { boxPieces } from '../../db/schema-boxes.ts';

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
