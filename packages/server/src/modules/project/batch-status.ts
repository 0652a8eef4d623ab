// A batch's status is derived, never set by hand: from its material lists that carry rows in step 1 (the
// supplies commands), from its boxes once some are handed over (the packing-list and logistics commands,
// once per command).
// Both write through one place, which keeps the change record.
import {
  BatchStatus,
  BoxStatus,
  batchLogisticsStatus,
  LogisticsStatus,
  MaterialListStatus,
} from '@tradelane/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectBatches } from '../../db/schema-project.ts';
import { type Actor, recordChange } from '../../workflow/events.ts';
import { boxStatusCounts } from '../boxes/batch-boxes.ts';
import { listStatusesWithRows } from '../supplies/batch-lists.ts';

type Batch = typeof projectBatches.$inferSelect;

/** Writes a derived status (and logistics status); a change of status is recorded on the batch. */
async function setBatchStatus(
  db: Db,
  who: Actor,
  batch: Batch,
  status: number,
  logisticsStatus = batch.logisticsStatus,
) {
  if (status === batch.status && logisticsStatus === batch.logisticsStatus) return;
  await db
    .update(projectBatches)
    .set({ status, logisticsStatus, updateTime: new Date(), updateBy: who.username })
    .where(eq(projectBatches.id, batch.id));
  if (status !== batch.status)
    await recordChange(db, who, {
      tenantId: batch.tenantId,
      entity: 'projectBatch',
      entityId: batch.id,
      action: 'status',
      from: batch.status,
      to: status,
      batchId: batch.id,
      projectId: batch.projectId,
    });
}

const allConfirmed = (lists: number[]) =>
  lists.length > 0 && lists.every((s) => s === MaterialListStatus.confirmed);

/**
 * Batch status in step 1 follows the material lists that carry rows: confirmed when every one of them
 * is, in progress while one is being worked on, planned before anything is on a list. A supplier's empty
 * draft list holds nothing back. From packing on, the boxes say (deriveBatchFromBoxes).
 */
export async function deriveBatchStatus(db: Db, who: Actor, batchId: number) {
  const [batch] = await db.select().from(projectBatches).where(eq(projectBatches.id, batchId)).for('update');
  if (!batch) return;
  const lists = await listStatusesWithRows(db, batchId);
  if (batch.status > BatchStatus.materialsConfirmed) {
    // A list with new rows after packing began keeps the batch from being delivered or closed.
    await deriveBatchFromBoxes(db, who, batchId);
    return;
  }
  let status: number = BatchStatus.planned;
  if (allConfirmed(lists)) status = BatchStatus.materialsConfirmed;
  else if (lists.length) status = BatchStatus.materials;
  await setBatchStatus(db, who, batch, status);
  // Boxes may already be on their way (handed over while another list was still open).
  if (status === BatchStatus.materialsConfirmed) await deriveBatchFromBoxes(db, who, batchId);
}

const S = LogisticsStatus;

/** The batch's status and logistics status follow its boxes (docs/decisions.md). */
export async function deriveBatchFromBoxes(db: Db, who: Actor, batchId: number) {
  const [batch] = await db.select().from(projectBatches).where(eq(projectBatches.id, batchId)).for('update');
  if (!batch) return;
  const lists = await listStatusesWithRows(db, batchId);
  const counts = await boxStatusCounts(db, batchId);
  // Boxes on a draft packing list are not handed over yet: they do not hold the batch back.
  const statuses = counts.filter((c) => Number(c.n) > 0 && c.packing === BoxStatus.submitted).map((c) => c.s);
  const logisticsStatus = batchLogisticsStatus(statuses);
  let status = batch.status;
  // Boxes handed over come from confirmed rows: once there are some, the boxes say where the batch is,
  // whatever another supplier's list still holds. Delivered and closed wait for every list with rows.
  if (batch.status >= BatchStatus.materialsConfirmed || statuses.length) {
    const live = statuses.filter((s) => s !== S.backToSupplier);
    const materialsDone = allConfirmed(lists);
    if (live.length && materialsDone && live.every((s) => s === S.signed)) status = BatchStatus.closed;
    else if (live.length && materialsDone && live.every((s) => s >= S.delivered))
      status = BatchStatus.delivered;
    else if (live.some((s) => s > S.notLoaded)) status = BatchStatus.shipping;
    else if (statuses.length) status = BatchStatus.packing;
    else status = Math.min(batch.status, BatchStatus.packing);
  }
  await setBatchStatus(db, who, batch, status, logisticsStatus);
}
