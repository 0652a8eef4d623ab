// Who a batch's control-tower events concern: its shipper and the partners that accepted to work on it
// (suppliers and logistics providers), with the names a payload or a notice shows.
import { PartnershipStatus, TenantEnd } from '@tradelane/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { partnerships } from '../../db/schema.ts';
import { batchPartners, projectBatches, projects } from '../../db/schema-project.ts';

export interface BatchParties {
  id: number;
  tenantId: number;
  projectId: number;
  batchNumber: string;
  projectName: string | null;
  portOfLoading: string | null;
  portOfDischarge: string | null;
  suppliers: number[];
  logistics: number[];
}

/** The batches with their shipper and accepted partners, by id (one query each, whatever the count). */
export async function batchParties(db: Db, ids: number[]): Promise<Map<number, BatchParties>> {
  const out = new Map<number, BatchParties>();
  if (!ids.length) return out;
  const rows = await db
    .select({
      id: projectBatches.id,
      tenantId: projectBatches.tenantId,
      projectId: projectBatches.projectId,
      batchNumber: projectBatches.batchNumber,
      projectName: projects.name,
      portOfLoading: projectBatches.portOfLoading,
      portOfDischarge: projectBatches.portOfDischarge,
    })
    .from(projectBatches)
    .innerJoin(projects, eq(projects.id, projectBatches.projectId))
    .where(inArray(projectBatches.id, ids));
  for (const r of rows) out.set(r.id, { ...r, suppliers: [], logistics: [] });
  const partners = await db
    .select({
      batchId: batchPartners.batchId,
      tenant: batchPartners.partnerTenantId,
      end: batchPartners.partnerEnd,
    })
    .from(batchPartners)
    .innerJoin(
      partnerships,
      and(
        eq(partnerships.tenantId, batchPartners.tenantId),
        eq(partnerships.partnerTenantId, batchPartners.partnerTenantId),
        eq(partnerships.status, PartnershipStatus.accepted),
      ),
    )
    .where(inArray(batchPartners.batchId, ids))
    .orderBy(batchPartners.id);
  for (const p of partners) {
    const b = out.get(p.batchId);
    if (!b) continue;
    if (p.end === TenantEnd.logistics) b.logistics.push(p.tenant);
    else if (p.end === TenantEnd.supplier) b.suppliers.push(p.tenant);
  }
  return out;
}

export const everyone = (b: BatchParties) => [...new Set([b.tenantId, ...b.suppliers, ...b.logistics])];

/** The batch as an event payload names it. */
export const batchRef = (b: BatchParties) => ({
  id: b.id,
  batchNumber: b.batchNumber,
  projectId: b.projectId,
  projectName: b.projectName,
});
