// Who a batch's control-tower events concern: its shipper and the partners that accepted to work on it
// (suppliers and logistics providers), with the names a payload or a notice shows.
import { TenantEnd } from '@tradelane/contract';
import type { Db } from '../../db/client.ts';
import { acceptedPartnersOf, batchesWithProjectName } from '../project/batches.ts';

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
  const rows = await batchesWithProjectName(db, ids);
  for (const r of rows) out.set(r.id, { ...r, suppliers: [], logistics: [] });
  const partners = await acceptedPartnersOf(db, ids);
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
