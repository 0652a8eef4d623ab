// The clock a tenant reads times on: its company setting, shown in the workbooks and papers it downloads.
import { DEFAULT_TIME_ZONE } from '@tradelane/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { tenants } from '../db/schema.ts';

/** The reader's company zone (its tenant's setting; Asia/Shanghai for the platform and by default). */
export async function tenantZone(db: Db, tenantId: number | null | undefined): Promise<string> {
  if (!tenantId) return DEFAULT_TIME_ZONE;
  const [row] = await db.select({ zone: tenants.timeZone }).from(tenants).where(eq(tenants.id, tenantId));
  return row?.zone || DEFAULT_TIME_ZONE;
}
