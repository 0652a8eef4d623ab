// A box as the other modules may read and move it. A vehicle, a container, a stowage plan, a receipt
// and the bill of lading read boxes through `boxRow`, a sub-select of the columns they need that
// PostgreSQL folds into their statements (an index scan of box_piece, as if the table were named), and
// the caller's visibility over it (`boxRowScope`). The logistics machine's commands move a box's
// `logistics_status` through the kernel on `boxSubject`: the table, its status column and who sees it.
import type { SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { boxPieces } from '../../db/schema-boxes.ts';
import type { Ctx, RowOf } from '../../resources/engine.ts';
import type { CommandCtx } from '../../workflow/kernel.ts';
import { boxScope, handedOverOf, scopeOver } from './access.ts';

/** A box's row, as a command's guard, effect or notice sees it. */
export type BoxRecord = RowOf<typeof boxPieces>;
/** The boxes' table as a command's declaration types it (not to be read: read `boxRow`). */
export type BoxTable = typeof boxPieces;

/**
 * The box columns other modules read. In raw SQL it is written `${boxRow}` and its columns
 * `box_row.<column>`.
 */
export const boxRow = new QueryBuilder()
  .select({
    id: boxPieces.id,
    tenantId: boxPieces.tenantId,
    projectId: boxPieces.projectId,
    batchId: boxPieces.batchId,
    supplierTenantId: boxPieces.supplierTenantId,
    boxNumber: boxPieces.boxNumber,
    packageType: boxPieces.packageType,
    length: boxPieces.length,
    width: boxPieces.width,
    height: boxPieces.height,
    grossWeight: boxPieces.grossWeight,
    volume: boxPieces.volume,
    outOfGauge: boxPieces.outOfGauge,
    stackable: boxPieces.stackable,
    thisSideUp: boxPieces.thisSideUp,
    fragile: boxPieces.fragile,
    status: boxPieces.status,
    logisticsStatus: boxPieces.logisticsStatus,
  })
  .from(boxPieces)
  .as('box_row');

/** The boxes of `boxRow` the caller sees (the boxes list's own visibility). */
export const boxRowScope = (ctx: Ctx): SQL | undefined => scopeOver(boxRow, ctx);

/** Boxes handed over on a submitted packing list (see `handedOver`), over `boxRow`. */
export const handedOverRow = handedOverOf(boxRow);

/** The box as the subject of the logistics machine's commands. */
export const boxSubject = {
  table: boxPieces,
  statusColumn: 'logisticsStatus',
  entity: 'boxPiece',
  rowLabel: (row: BoxRecord) => String(row.boxNumber),
  scope: (ctx: CommandCtx) => boxScope(ctx as Ctx),
} as const;
