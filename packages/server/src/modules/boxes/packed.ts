// What other modules ask of packed boxes (an invoice, a declaration): the material rows packed in them
// with the quantities packed, and the packages and weight each supplier packed. The boxes module owns the
// box tables; the rows' own fields are the supplies module's, read here in the same query.
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { boxPieceDetails, boxPieces } from '../../db/schema-boxes.ts';
import { supplies } from '../../db/schema-project.ts';

/** The material rows packed in these boxes, each once with the quantity packed, by supplier and line. */
export async function packedSupplies(db: Db, boxIds: number[]) {
  return db
    .select({
      suppliesId: supplies.id,
      supplierTenantId: supplies.supplierTenantId,
      contractId: supplies.contractId,
      lineNo: supplies.lineNo,
      materialCode: supplies.materialCode,
      name: supplies.name,
      enName: supplies.enName,
      spec: supplies.spec,
      hsCode: supplies.hsCode,
      unit: supplies.unit,
      originCountry: supplies.originCountry,
      unitPrice: sql<string | null>`${supplies.unitPrice}::text`,
      currency: supplies.currency,
      quantity: sql<string>`sum(${boxPieceDetails.quantity})::text`,
    })
    .from(boxPieceDetails)
    .innerJoin(supplies, eq(supplies.id, boxPieceDetails.suppliesId))
    .where(inArray(boxPieceDetails.boxId, boxIds))
    .groupBy(supplies.id)
    .orderBy(asc(supplies.supplierTenantId), asc(supplies.lineNo), asc(supplies.id));
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
      rowQuantity: supplies.quantity,
      rowNet: supplies.netWeight,
    })
    .from(boxPieceDetails)
    .innerJoin(supplies, eq(supplies.id, boxPieceDetails.suppliesId))
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
