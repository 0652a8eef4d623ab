// Who sees which boxes: the shipper all boxes of its batches; a supplier only its own, on
// batches it takes part in; a logistics provider the submitted boxes of the batches it serves.
import { BoxStatus, MaterialListStatus } from '@tradelane/contract';
import { type AnyColumn, and, eq, inArray, type SQL } from 'drizzle-orm';
import { partyOf } from '../../access/party.ts';
import { anyOf } from '../../db/any-of.ts';
import { boxPieceDetails, boxPieces } from '../../db/schema-boxes.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx, Row } from '../../resources/engine.ts';
import { partnerBatchIds, visibleBatch } from '../project/access.ts';
import { listOfSupplier } from '../supplies/for-packing.ts';

/**
 * Boxes handed over on a submitted packing list. Only these travel: boxes still on a draft list neither
 * block shipping or signing nor count in a batch's progress, and the logistics provider sees only these.
 */
export const handedOverOf = (box: Pick<ScopedBoxColumns, 'status'>) => eq(box.status, BoxStatus.submitted);
export const handedOver = handedOverOf(boxPieces);

/** The columns a box's visibility reads: the table's own, or those of a view over it (`for-logistics.ts`). */
export type ScopedBoxColumns = Record<'tenantId' | 'batchId' | 'supplierTenantId' | 'status', AnyColumn>;

export const scopeOver = (box: ScopedBoxColumns, { db, auth }: Ctx): SQL | undefined => {
  if (auth.isPlatformAdmin) return undefined;
  const party = partyOf(auth);
  // A shipper's boxes are its company's own: the partner lookup is built only for the sides that need it.
  if (party !== 'supplier' && party !== 'logistics') return eq(box.tenantId, auth.tenantId);
  const onBatch = inArray(box.batchId, partnerBatchIds(db, auth.tenantId));
  if (party === 'supplier') return and(eq(box.supplierTenantId, auth.tenantId), onBatch);
  return and(handedOverOf(box), onBatch);
};

export const boxScope = (ctx: Ctx): SQL | undefined => scopeOver(boxPieces, ctx);

/**
 * Box contents follow their box's visibility. A content row carries its box's company, batch and
 * supplier (set from the box, never by the caller), so the shipper's and a supplier's scope read the
 * row's own indexed columns; only the logistics provider's needs the box itself (handed over or not).
 * Through the boxes alone, the shipper's 50,000 contents at 1M rows took 130–220 ms a page.
 */
export const contentScope = (ctx: Ctx): SQL | undefined => {
  const { db, auth } = ctx;
  if (auth.isPlatformAdmin) return undefined;
  const party = partyOf(auth);
  if (party !== 'supplier' && party !== 'logistics') return eq(boxPieceDetails.tenantId, auth.tenantId);
  const onBatch = anyOf(boxPieceDetails.batchId, partnerBatchIds(db, auth.tenantId));
  if (party === 'supplier') return and(eq(boxPieceDetails.supplierTenantId, auth.tenantId), onBatch);
  return and(
    onBatch,
    inArray(boxPieceDetails.boxId, db.select({ id: boxPieces.id }).from(boxPieces).where(boxScope(ctx))),
  );
};

/** Only the supplier that packed a box changes it (or what it holds). */
export const ownBox = (ctx: Ctx, row: Row) =>
  partyOf(ctx.auth) === 'supplier' && row.supplierTenantId === ctx.auth.tenantId;

/**
 * The caller on a batch it sees, with its material list there, which must be confirmed. The caller is a
 * supplier: every route that packs declares that party.
 */
export async function confirmedListOf(ctx: Ctx, batchId: number, lock = false) {
  const batch = await visibleBatch(ctx, batchId);
  const list = await listOfSupplier(ctx.db, batchId, ctx.auth.tenantId, lock);
  if (!list || list.status !== MaterialListStatus.confirmed)
    throw new AppError(400, 'boxes.list_not_confirmed');
  return { batch, list };
}
