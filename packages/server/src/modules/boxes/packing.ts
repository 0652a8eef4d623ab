// Packing: what a box holds, and the rule that a material row's packed quantity over all boxes never
// exceeds its quantity. The row is read FOR UPDATE, so two packers of the same row queue on it.
import {
  boxMachine,
  boxRuleErrors,
  boxVolume,
  editable,
  isOutOfGauge,
  MaterialListStatus,
  packingProgressOf,
} from '@tradelane/contract';
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { boxPieceDetails, boxPieces } from '../../db/schema-boxes.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import type { Ctx, Row, RowOf } from '../../resources/engine.ts';
import { rowForPacking, visibleRowsOfBatch } from '../supplies/for-packing.ts';
import { boxScope, ownBox } from './access.ts';

/** A box the caller may pack into, locked: visible, its own, still editable. */
export async function lockOwnBox(ctx: Ctx, boxId: number) {
  const [box] = await ctx.db
    .select()
    .from(boxPieces)
    .where(and(eq(boxPieces.id, boxId), boxScope(ctx)))
    .for('update');
  if (!box) throw notFound();
  if (!ownBox(ctx, box)) throw new AppError(403, 'forbidden');
  assertBoxEditable(box);
  return box;
}

export function assertBoxEditable(box: { status: number }) {
  if (!editable(boxMachine, box.status)) throw badRequest('boxes.locked');
}

/**
 * Checks that `quantity` of a material row fits in `box` (besides what the detail `exceptDetail`
 * holds now): the row is the caller's, of a confirmed list, of the box's batch, and not over-packed.
 */
export async function checkPackable(
  ctx: Ctx,
  box: Row,
  suppliesId: number,
  quantity: number,
  exceptDetail?: number,
) {
  const held = await rowForPacking(ctx, suppliesId);
  if (!held) throw new AppError(400, 'resource.bad_reference', { field: 'suppliesId', value: suppliesId });
  const { row, listStatus } = held;
  if (row.supplierTenantId !== ctx.auth.tenantId || listStatus !== MaterialListStatus.confirmed)
    throw badRequest('boxes.list_not_confirmed');
  if (row.batchId !== box.batchId) throw badRequest('boxes.row_other_batch');
  const [{ packed }] = await ctx.db
    .select({ packed: sql<string>`coalesce(sum(${boxPieceDetails.quantity}), 0)::text` })
    .from(boxPieceDetails)
    .where(
      and(
        eq(boxPieceDetails.suppliesId, suppliesId),
        exceptDetail ? ne(boxPieceDetails.id, exceptDetail) : undefined,
      ),
    );
  const left = Number(row.quantity) - Number(packed);
  if (quantity > left + 1e-9)
    throw badRequest('boxes.over_quantity', { name: row.name, left: round3(left), quantity });
  return row;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** Packs `quantity` of a row into a box: adds to the row's detail in that box, or creates it. */
export async function packInto(ctx: Ctx, box: RowOf<typeof boxPieces>, suppliesId: number, quantity: number) {
  const [existing] = await ctx.db
    .select()
    .from(boxPieceDetails)
    .where(and(eq(boxPieceDetails.boxId, box.id), eq(boxPieceDetails.suppliesId, suppliesId)));
  await checkPackable(ctx, box, suppliesId, quantity);
  const by = { updateTime: new Date(), updateBy: ctx.auth.username };
  if (existing) {
    const [row] = await ctx.db
      .update(boxPieceDetails)
      .set({ quantity: round3(Number(existing.quantity) + quantity), ...by })
      .where(eq(boxPieceDetails.id, existing.id))
      .returning();
    return row;
  }
  const [row] = await ctx.db
    .insert(boxPieceDetails)
    .values({
      tenantId: box.tenantId,
      batchId: box.batchId,
      supplierTenantId: box.supplierTenantId,
      boxId: box.id,
      suppliesId,
      quantity,
      createBy: ctx.auth.username,
      ...by,
    })
    .returning();
  return row;
}

/** Volume and gauge follow the size; net ≤ gross on the merged row. */
export function derivedBoxFields(merged: Row, patch: Row): Row {
  for (const code of boxRuleErrors(merged as never)) throw badRequest(code as 'boxes.net_over_gross');
  if (!('length' in patch || 'width' in patch || 'height' in patch)) return {};
  const [l, w, h] = [merged.length, merged.width, merged.height].map(Number);
  return { volume: boxVolume(l, w, h), outOfGauge: isOutOfGauge(l, w, h) };
}

/** Packed quantity per material row. */
/** What is packed of a material row, as a field of another statement (`supply` is its id there). */
export const packedField = (supply: SQL) =>
  sql<
    string | null
  >`(select sum(d2.quantity)::text from ${boxPieceDetails} d2 where d2.supplies_id = ${supply})`;

export async function packedBySupplies(ctx: Pick<Ctx, 'db'>, ids: number[]) {
  if (!ids.length) return new Map<number, number>();
  const rows = await ctx.db
    .select({ id: boxPieceDetails.suppliesId, packed: sql<string>`sum(${boxPieceDetails.quantity})::text` })
    .from(boxPieceDetails)
    .where(inArray(boxPieceDetails.suppliesId, ids))
    .groupBy(boxPieceDetails.suppliesId);
  return new Map(rows.map((r) => [r.id, Number(r.packed)]));
}

/** Each material row of a batch the caller sees, with what is packed and what is left. */
export async function packingProgress(ctx: Ctx, batchId: number, supplierTenantId?: number) {
  const rows = await visibleRowsOfBatch(ctx, batchId, supplierTenantId);
  const packed = await packedBySupplies(
    ctx,
    rows.map((r) => r.id),
  );
  const out = rows.map((r) => {
    const p = packed.get(r.id) ?? 0;
    return {
      suppliesId: r.id,
      listId: r.listId,
      supplierTenantId: r.supplierTenantId,
      lineNo: r.lineNo,
      materialCode: r.materialCode,
      name: r.name,
      enName: r.enName,
      spec: r.spec,
      hsCode: r.hsCode,
      unit: r.unit,
      tags: r.tags,
      quantity: Number(r.quantity),
      packed: round3(p),
      left: round3(Number(r.quantity) - p),
      progress: packingProgressOf(Number(r.quantity), p),
    };
  });
  return { rows: out, fullyPacked: out.length > 0 && out.every((r) => r.progress === 2) };
}
