// The lane of a batch (its port pair) and the default legs kept for it: the shipper's own, else one of the
// batch's logistics providers'. Read by the projection and by "fill from lane".
import { laneDefaultDays, laneLegKeys, type MilestoneCode } from '@tradelane/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { laneDefaults } from '../../db/schema-tower.ts';
import type { Batch } from '../project/batches.ts';
import { batchParties } from './audience.ts';

export type LaneLegs = Partial<Record<MilestoneCode, number>>;

export const laneOf = (b: Pick<Batch, 'portOfLoading' | 'portOfDischarge'>) =>
  b.portOfLoading && b.portOfDischarge ? `${b.portOfLoading}-${b.portOfDischarge}` : null;

/**
 * The default legs of a batch's lane: the shipper's own for the port pair, else those of one of the batch's
 * logistics providers (the first that keeps the lane). Null when the batch has no lane or nobody keeps it.
 */
export async function laneLegsOf(db: Db, batch: Batch): Promise<LaneLegs | null> {
  if (!batch.portOfLoading || !batch.portOfDischarge) return null;
  const providers = (await batchParties(db, [batch.id])).get(batch.id)?.logistics ?? [];
  const keepers = [batch.tenantId, ...providers];
  const rows = await db
    .select()
    .from(laneDefaults)
    .where(
      and(
        inArray(laneDefaults.tenantId, keepers),
        eq(laneDefaults.portOfLoading, batch.portOfLoading),
        eq(laneDefaults.portOfDischarge, batch.portOfDischarge),
      ),
    )
    .orderBy(sql`${laneDefaults.tenantId} = ${batch.tenantId} desc`, laneDefaults.id);
  const row = rows[0];
  if (!row) return null;
  const legs: LaneLegs = {};
  for (const code of laneLegKeys) {
    const days = row[laneDefaultDays[code]];
    if (days !== null && days !== undefined) legs[code] = days;
  }
  return legs;
}
