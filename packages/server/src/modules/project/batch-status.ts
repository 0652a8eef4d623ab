// A batch's status and logistics status derived from its boxes (DESIGN §5 step 3): the packing-list
// commands and every logistics command call this once per command, in their transaction.
import { BatchStatus, BoxStatus, batchLogisticsStatus, LogisticsStatus } from '@tradelane/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { boxPieces } from '../../db/schema-boxes.ts';
import { projectBatches } from '../../db/schema-project.ts';
import { type Actor, recordChange } from '../../workflow/events.ts';

const S = LogisticsStatus;

/** The batch's status and logistics status follow its boxes (DESIGN §5 step 3). */
export async function deriveBatchFromBoxes(db: Db, who: Actor, batchId: number) {
  const [batch] = await db.select().from(projectBatches).where(eq(projectBatches.id, batchId)).for('update');
  if (!batch) return;
  const counts = await db
    .select({ s: boxPieces.logisticsStatus, packing: boxPieces.status, n: sql<number>`count(*)::int` })
    .from(boxPieces)
    .where(eq(boxPieces.batchId, batchId))
    .groupBy(boxPieces.logisticsStatus, boxPieces.status);
  // Boxes on a draft packing list are not handed over yet: they do not hold the batch back.
  const statuses = counts.filter((c) => Number(c.n) > 0 && c.packing === BoxStatus.submitted).map((c) => c.s);
  const logisticsStatus = batchLogisticsStatus(statuses);
  let status = batch.status;
  if (batch.status >= BatchStatus.materialsConfirmed) {
    const live = statuses.filter((s) => s !== S.backToSupplier);
    const submitted = counts.some((c) => c.packing === BoxStatus.submitted);
    if (live.length && live.every((s) => s === S.signed)) status = BatchStatus.closed;
    else if (live.length && live.every((s) => s >= S.delivered)) status = BatchStatus.delivered;
    else if (live.some((s) => s > S.notLoaded)) status = BatchStatus.shipping;
    else if (submitted) status = BatchStatus.packing;
    else status = Math.min(batch.status, BatchStatus.packing);
  }
  if (status === batch.status && logisticsStatus === batch.logisticsStatus) return;
  await db
    .update(projectBatches)
    .set({ status, logisticsStatus, updateTime: new Date(), updateBy: who.username })
    .where(eq(projectBatches.id, batchId));
  if (status !== batch.status)
    await recordChange(db, who, {
      tenantId: batch.tenantId,
      entity: 'projectBatch',
      entityId: batchId,
      action: 'status',
      from: batch.status,
      to: status,
      batchId,
      projectId: batch.projectId,
    });
}
