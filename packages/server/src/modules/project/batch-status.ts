// A batch's status is derived, never set by hand: from its material lists in step 1 (the supplies
// commands), from its boxes from packing on (the packing-list and logistics commands, once per command).
// Both write through one place, which keeps the change record.
import {
  BatchStatus,
  BoxStatus,
  batchLogisticsStatus,
  LogisticsStatus,
  TenantEnd,
} from '@tradelane/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { boxPieces } from '../../db/schema-boxes.ts';
import { batchPartners, projectBatches } from '../../db/schema-project.ts';
import { type Actor, recordChange } from '../../workflow/events.ts';

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

/** What the batch's material lists say, as the supplies module reports it. */
export interface MaterialProgress {
  listStatuses: number[];
  anyRow: boolean;
  allConfirmed: boolean;
}

/** Batch status in step 1 is derived from its material lists; later steps (packing on) are left alone. */
export async function deriveBatchStatus(db: Db, who: Actor, batchId: number, m: MaterialProgress) {
  const [batch] = await db.select().from(projectBatches).where(eq(projectBatches.id, batchId)).for('update');
  if (!batch || batch.status > BatchStatus.materialsConfirmed) return;
  const suppliers = await db
    .select({ id: batchPartners.id })
    .from(batchPartners)
    .where(and(eq(batchPartners.batchId, batchId), eq(batchPartners.partnerEnd, TenantEnd.supplier)));
  let status: number = BatchStatus.planned;
  if (suppliers.length && m.listStatuses.length >= suppliers.length && m.allConfirmed)
    status = BatchStatus.materialsConfirmed;
  else if (m.anyRow || m.listStatuses.some((s) => s !== 0)) status = BatchStatus.materials;
  await setBatchStatus(db, who, batch, status);
}

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
    if (live.length && live.every((s) => s === S.signed)) status = BatchStatus.closed;
    else if (live.length && live.every((s) => s >= S.delivered)) status = BatchStatus.delivered;
    else if (live.some((s) => s > S.notLoaded)) status = BatchStatus.shipping;
    else if (statuses.length) status = BatchStatus.packing;
    else status = Math.min(batch.status, BatchStatus.packing);
  }
  await setBatchStatus(db, who, batch, status, logisticsStatus);
}
