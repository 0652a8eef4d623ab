// What other modules ask of packed boxes (an invoice, a declaration): the material rows packed in them
// with the quantities packed, and the packages and weight each supplier packed. The boxes module owns the
// box tables; the rows' own fields are the supplies module's, joined here through its view.
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { boxPieceDetails, boxPieces } from '../../db/schema-boxes.ts';
import { materialRowView as m, materialWords } from '../supplies/for-packing.ts';

/** The material rows packed in these boxes, each once with the quantity packed, by supplier and line. */
export async function packedSupplies(db: Db, boxIds: number[]) {
  const packed = db
    .select({
      suppliesId: boxPieceDetails.suppliesId,
      // Named apart from the row's own `quantity`: outside, drizzle names the sum by its alias alone.
      packedQuantity: sql<string>`sum(${boxPieceDetails.quantity})`.as('packed_quantity'),
    })
    .from(boxPieceDetails)
    .where(inArray(boxPieceDetails.boxId, boxIds))
    .groupBy(boxPieceDetails.suppliesId)
    .as('packed');
  return db
    .select({
      suppliesId: m.id,
      supplierTenantId: m.supplierTenantId,
      contractId: m.contractId,
      ...materialWords,
      originCountry: m.originCountry,
      unitPrice: sql<string | null>`${m.unitPrice}::text`,
      currency: m.currency,
      quantity: sql<string>`${packed.packedQuantity}::text`,
    })
    .from(packed)
    .innerJoin(m, eq(m.id, packed.suppliesId))
    .orderBy(asc(m.supplierTenantId), asc(m.lineNo), asc(m.id));
}

/** Per supplier: how many of these boxes it packed and their gross weight (kg, as text). */
export async function packagesBySupplier(db: Db, boxIds: number[]) {
  return db
    .select({
      supplier: boxPieces.supplierTenantId,
      packages: sql<number>`count(*)::int`,
      gross: sql<string>`coalesce(sum(${boxPieces.grossWeight}), 0)::text`,
    })
    .from(boxPieces)
    .where(inArray(boxPieces.id, boxIds))
    .groupBy(boxPieces.supplierTenantId);
}

/**
 * The boxes holding these material rows: each content line (the row's quantity and net weight with it,
 * to share a box's weight by), and the boxes themselves by box number.
 */
export async function boxesHoldingSupplies(db: Db, suppliesIds: number[]) {
  if (!suppliesIds.length) return { details: [], boxes: [] };
  const details = await db
    .select({
      boxId: boxPieceDetails.boxId,
      suppliesId: boxPieceDetails.suppliesId,
      quantity: boxPieceDetails.quantity,
      rowQuantity: m.quantity,
      rowNet: m.netWeight,
    })
    .from(boxPieceDetails)
    .innerJoin(m, eq(m.id, boxPieceDetails.suppliesId))
    .where(inArray(boxPieceDetails.suppliesId, suppliesIds));
  const boxIds = [...new Set(details.map((d) => d.boxId))];
  const boxes = boxIds.length
    ? await db
        .select({
          id: boxPieces.id,
          boxNumber: boxPieces.boxNumber,
          grossWeight: boxPieces.grossWeight,
          netWeight: boxPieces.netWeight,
        })
        .from(boxPieces)
        .where(inArray(boxPieces.id, boxIds))
        .orderBy(boxPieces.boxNumber)
    : [];
  return { details, boxes };
}
