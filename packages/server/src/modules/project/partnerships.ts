// What other modules ask of a company's partnerships (the home page's counts): the project module owns
// the partnerships between shippers and their suppliers and logistics providers.
import { PartnershipStatus } from '@tradelane/contract';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { partnerships } from '../../db/schema.ts';

/** How many partnerships a company has, whatever their status: as the shipper, or as the partner. */
export async function partnershipCount(db: Db, tenantId: number, asShipper: boolean): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(partnerships)
    .where(eq(asShipper ? partnerships.tenantId : partnerships.partnerTenantId, tenantId));
  return Number(row?.n ?? 0);
}

/** How many invitations wait for this partner's answer. */
export async function pendingInvitationCount(db: Db, tenantId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(partnerships)
    .where(
      and(eq(partnerships.partnerTenantId, tenantId), eq(partnerships.status, PartnershipStatus.invited)),
    );
  return Number(row?.n ?? 0);
}
