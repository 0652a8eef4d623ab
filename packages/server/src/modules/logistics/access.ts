// Who sees and moves what in the logistics life cycle: the shipper everything on its
// batches; a supplier the vehicles it registered and its own boxes; a logistics provider the vehicles
// and containers of the batches it serves. A box is moved by the side it belongs to: its supplier (or
// the batch's logistics provider) until it reaches the destination, the shipper's people at receipt.
import { TenantEnd } from '@tradelane/contract';
import { and, eq, type SQL } from 'drizzle-orm';
import { partyOf } from '../../access/party.ts';
import { anyOf } from '../../db/any-of.ts';
import { abnormalRecords, containers, vehicles } from '../../db/schema-logistics.ts';
import { AppError, forbidden } from '../../http/errors.ts';
import type { Ctx, Row } from '../../resources/engine.ts';
import { partnerBatchIds, visibleBatch } from '../project/access.ts';
import { takesPart } from '../project/batches.ts';

type Who = Pick<Ctx, 'db' | 'auth'>;

export const vehicleScope = ({ db, auth }: Who): SQL | undefined => {
  if (auth.isPlatformAdmin) return undefined;
  const party = partyOf(auth);
  if (party === 'supplier')
    return and(
      eq(vehicles.ownerTenantId, auth.tenantId),
      anyOf(vehicles.batchId, partnerBatchIds(db, auth.tenantId)),
    );
  if (party === 'logistics') return anyOf(vehicles.batchId, partnerBatchIds(db, auth.tenantId));
  return eq(vehicles.tenantId, auth.tenantId);
};

/** Containers: the shipper's, and those of the batches a provider serves. Suppliers do not see them. */
export const containerScope = ({ db, auth }: Who): SQL | undefined => {
  if (auth.isPlatformAdmin) return undefined;
  const party = partyOf(auth);
  if (party === 'logistics') return anyOf(containers.batchId, partnerBatchIds(db, auth.tenantId));
  if (party === 'supplier') return eq(containers.id, -1);
  return eq(containers.tenantId, auth.tenantId);
};

export const abnormalScope = ({ db, auth }: Who): SQL | undefined => {
  if (auth.isPlatformAdmin) return undefined;
  const party = partyOf(auth);
  if (party === 'supplier')
    return and(
      eq(abnormalRecords.supplierTenantId, auth.tenantId),
      anyOf(abnormalRecords.batchId, partnerBatchIds(db, auth.tenantId)),
    );
  if (party === 'logistics') return anyOf(abnormalRecords.batchId, partnerBatchIds(db, auth.tenantId));
  return eq(abnormalRecords.tenantId, auth.tenantId);
};

/** Is the caller a logistics provider on this batch (the one that registers containers)? */
export async function servesBatch(ctx: Ctx, batchId: number): Promise<boolean> {
  return takesPart(ctx.db, batchId, ctx.auth.tenantId, TenantEnd.logistics);
}

/** A new vehicle or container on a visible batch, registered by the caller's company. */
export async function newOnBatch<D extends { batchId: number }>(
  ctx: Ctx,
  data: D,
  who: readonly ('supplier' | 'logistics')[],
) {
  const party = partyOf(ctx.auth);
  if (!ctx.auth.isPlatformAdmin && !who.includes(party as 'supplier'))
    throw new AppError(403, 'state.wrong_party');
  const batch = await visibleBatch(ctx, data.batchId);
  return { ...data, tenantId: batch.tenantId, projectId: batch.projectId, ownerTenantId: ctx.auth.tenantId };
}

/** Only the company that registered a vehicle or container changes it. */
export function ownerOfGroup(ctx: Ctx, row: { ownerTenantId: number }) {
  if (ctx.auth.isPlatformAdmin) return true;
  if (row.ownerTenantId !== ctx.auth.tenantId) throw forbidden();
  return true;
}

/**
 * Whose a box is to move: the supplier's own boxes; every submitted box of a batch the provider serves
 * (the scope says which); the shipper's own batches.
 */
export const movesBox = (ctx: Pick<Ctx, 'auth'>, row: Row) => {
  const party = partyOf(ctx.auth);
  if (party === 'supplier') return row.supplierTenantId === ctx.auth.tenantId;
  if (party === 'logistics') return true;
  return row.tenantId === ctx.auth.tenantId;
};
