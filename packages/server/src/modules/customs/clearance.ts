// Where a batch's customs clearance stands, for the control tower's milestones: the customs module owns
// the clearances.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customsClearances } from '../../db/schema-customs.ts';

/** The status of the batch's clearance (none before one is opened). */
export async function clearanceStatusOf(db: Db, batchId: number): Promise<number | undefined> {
  const [clearance] = await db
    .select({ status: customsClearances.status })
    .from(customsClearances)
    .where(eq(customsClearances.batchId, batchId));
  return clearance?.status;
}
