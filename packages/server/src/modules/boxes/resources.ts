// Boxes, what they hold, and a supplier's saved box types, as declarations on the engine. A box changes
// only while its packing list is a draft (or returned), only by the supplier that packed it.

import { randomBytes } from 'node:crypto';
import {
  boxCreate,
  boxDetailCreate,
  boxDetailUpdate,
  boxMachine,
  boxUpdate,
  boxVolume,
  isOutOfGauge,
  logisticsMachine,
  userBoxTypeCreate,
} from '@tradelane/contract';
import { families } from '@tradelane/contract/api/families';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { boxPieceDetails, boxPieces, userBoxTypes } from '../../db/schema-boxes.ts';
import { AppError } from '../../http/errors.ts';
import {
  type Ctx,
  decorated,
  defineResource,
  outer,
  type Row,
  type RowOf,
  withComputed,
} from '../../resources/engine.ts';
import { refuseDuplicate } from '../../resources/unique.ts';
import { recordChange } from '../../workflow/events.ts';
import { actionsFor } from '../../workflow/kernel.ts';
import { boxPlaceFields } from '../logistics/places.ts';
import { batchNumberField, tenantNameField } from '../project/names.ts';
import { type SupplyField, supplyField } from '../supplies/rows.ts';
import { boxScope, confirmedListOf, contentScope, ownBox } from './access.ts';
import { type Content, contentsField, holdsDangerous } from './documents-data.ts';
import { assertBoxEditable, checkPackable, derivedBoxFields, lockOwnBox, packedField } from './packing.ts';

const newToken = () => randomBytes(16).toString('base64url');

async function assertNumberFree(ctx: Ctx, batchId: number, boxNumber: string, exceptId?: number) {
  const [taken] = await ctx.db
    .select({ id: boxPieces.id })
    .from(boxPieces)
    .where(and(eq(boxPieces.batchId, batchId), eq(boxPieces.boxNumber, boxNumber)));
  if (taken && taken.id !== exceptId) throw new AppError(409, 'boxes.number_taken', { boxNumber });
}

/** A new box of the caller (a supplier) on a batch where its material list is confirmed. */
/** What a new box says of itself before it is numbered and checked. */
type NewBox = { batchId: number; boxNumber?: string | null } & Row;

export async function prepareBox(ctx: Ctx, data: NewBox): Promise<Row> {
  // The list row is locked: boxes of one supplier on one batch are numbered one at a time.
  const { batch } = await confirmedListOf(ctx, data.batchId, true);
  const [{ seq }] = await ctx.db
    .select({ seq: sql<number>`coalesce(max(${boxPieces.seq}), 0)::int` })
    .from(boxPieces)
    .where(and(eq(boxPieces.batchId, batch.id), eq(boxPieces.supplierTenantId, ctx.auth.tenantId)));
  const next = Number(seq) + 1;
  const boxNumber =
    data.boxNumber ?? `${batch.batchNumber}-S${ctx.auth.tenantId}-${String(next).padStart(3, '0')}`;
  await assertNumberFree(ctx, batch.id, boxNumber);
  derivedBoxFields(data, {});
  const [l, w, h] = [data.length, data.width, data.height].map(Number);
  return {
    ...data,
    boxNumber,
    seq: next,
    token: newToken(),
    tenantId: batch.tenantId,
    projectId: batch.projectId,
    supplierTenantId: ctx.auth.tenantId,
    volume: boxVolume(l, w, h),
    outOfGauge: isOutOfGauge(l, w, h),
    status: 0,
  };
}

/** A new box made outside the engine's create (packing into a new box, an import): the same rules and record. */
export async function insertBox(ctx: Ctx, body: NewBox): Promise<RowOf<typeof boxPieces>> {
  const data = await prepareBox(ctx, { ...body });
  const [box] = await ctx.db
    .insert(boxPieces)
    .values({
      ...(data as typeof boxPieces.$inferInsert),
      createBy: ctx.auth.username,
      updateBy: ctx.auth.username,
    })
    .returning();
  await recordBoxCreated(ctx, box);
  return box;
}

async function recordBoxCreated(ctx: Ctx, row: RowOf<typeof boxPieces>) {
  await recordChange(ctx.db, ctx.auth, {
    tenantId: row.tenantId,
    projectId: row.projectId,
    batchId: row.batchId,
    partyTenantId: row.supplierTenantId,
    entity: 'boxPiece',
    entityId: row.id,
    action: 'create',
    to: 0,
  });
}

/**
 * What a box's list row reads besides its own columns: supplier, batch, what it holds and where it is.
 * Computed in the page's own statement (a probe or two per row of the page), so a list of boxes is one
 * statement, not one per kind of name (five round trips, 5.3 ms of Node CPU per request at 1M boxes).
 */
let boxFieldsOnce: Record<string, SQL> | undefined;
function boxFields(): Record<string, SQL> {
  // Built once: the same expressions every time, so their text is compiled once (db/client.ts).
  boxFieldsOnce ??= {
    supplierName: tenantNameField(outer(boxPieces.supplierTenantId)),
    batchNumber: batchNumberField(outer(boxPieces.batchId)),
    contents: contentsField(outer(boxPieces.id)),
    ...boxPlaceFields(outer(boxPieces.id)),
  };
  return boxFieldsOnce;
}

/** Boxes as lists show them: supplier, batch, what they hold, and the commands the caller may give. */
export async function decorateBoxes(ctx: Ctx, rows: RowOf<typeof boxPieces>[]) {
  const full = await withComputed(ctx, boxPieces.id, boxFields(), rows);
  return full.map((r) => {
    const contents = (r.contents ?? []) as Content[];
    return decorated(r as RowOf<typeof boxPieces> & Row, {
      supplierName: (r.supplierName as string | null) ?? null,
      batchNumber: (r.batchNumber as string | null) ?? null,
      contentCount: contents.length,
      contents,
      dangerous: holdsDangerous(contents),
      actions: actionsFor(ctx, boxMachine, r),
      logisticsActions: actionsFor(ctx, logisticsMachine, r),
      accessoryInfoId: (r.accessoryInfoId as number | null) ?? null,
      plateNumber: (r.plateNumber as string | null) ?? null,
      containerId: (r.containerId as number | null) ?? null,
      containerNumber: (r.containerNumber as string | null) ?? null,
    });
  });
}

export const boxPieceResource = defineResource({
  family: families.boxPiece,
  table: boxPieces,
  create: boxCreate,
  update: boxUpdate,
  filters: {
    id: 'equal',
    batchId: 'equal',
    projectId: 'equal',
    supplierTenantId: 'equal',
    status: 'in',
    logisticsStatus: 'in',
    packageType: 'in',
    outOfGauge: 'equal',
    boxNumber: 'like',
    createTime: 'between',
    blurry: { op: 'blurry', columns: ['boxNumber', 'remark', 'sscc'] },
  },
  textIndex: ['boxNumber', 'remark', 'sscc'],
  large: true,
  // Each sort walks an index over a company's boxes (tenant, column, id); the boxes screen offers number
  // and weight. Not time: through the time alone a company's few draft boxes took 412 ms at 1M (id is the
  // order they were made in).
  sortable: ['batchId', 'boxNumber', 'grossWeight', 'id'],
  defaultSort: ['batchId,desc', 'boxNumber,asc'],
  permissions: {
    list: 'boxPiece:list',
    create: 'boxPiece:add',
    update: 'boxPiece:edit',
    delete: 'boxPiece:del',
  },
  scope: boxScope,
  computed: boxFields,
  serverOwned: [
    'tenantId',
    'projectId',
    'supplierTenantId',
    'seq',
    'token',
    'volume',
    'outOfGauge',
    'status',
    'logisticsStatus',
    'reason',
    'submitTime',
  ],
  references: { userBoxTypeId: { to: () => userBoxTypeResource } },
  canWrite: ownBox,
  hooks: {
    beforeCreate: prepareBox,
    afterCreate: recordBoxCreated,
    beforeUpdate: async (ctx, existing, data) => {
      assertBoxEditable(existing);
      if (data.boxNumber && data.boxNumber !== existing.boxNumber)
        await assertNumberFree(ctx, existing.batchId, data.boxNumber, existing.id);
      return { ...data, ...derivedBoxFields({ ...existing, ...data }, data) };
    },
    beforeDelete: async (ctx, rows) => {
      for (const r of rows) assertBoxEditable(r);
      // Deleting a box frees what it held.
      await ctx.db.delete(boxPieceDetails).where(
        inArray(
          boxPieceDetails.boxId,
          rows.map((r) => r.id),
        ),
      );
    },
    decorate: decorateBoxes,
  },
});

/** What a content row shows of its material row and how much of that row is packed, in the page's statement. */
let contentFieldsOnce: Record<string, SQL> | undefined;
function contentFields(): Record<string, SQL> {
  const supply = outer(boxPieceDetails.suppliesId);
  contentFieldsOnce ??= { materialOf: supplyField(supply), packedOf: packedField(supply) };
  return contentFieldsOnce;
}
type ContentFields = { materialOf: SupplyField | null; packedOf: string | null };

/** What a box holds: a material row and a quantity; the row's total packed never exceeds its quantity. */
export const boxPieceDetailResource = defineResource({
  family: families.boxPieceDetail,
  table: boxPieceDetails,
  create: boxDetailCreate,
  update: boxDetailUpdate,
  filters: { id: 'equal', boxId: 'equal', suppliesId: 'equal', batchId: 'equal' },
  large: true,
  sortable: ['boxId', 'id'],
  defaultSort: ['boxId,asc', 'id,asc'],
  permissions: {
    list: 'boxPiece:list',
    create: 'boxPiece:edit',
    update: 'boxPiece:edit',
    delete: 'boxPiece:edit',
  },
  scope: contentScope,
  computed: contentFields,
  serverOwned: ['tenantId', 'batchId', 'supplierTenantId'],
  canWrite: ownBox,
  hooks: {
    beforeCreate: async (ctx, data) => {
      const box = await lockOwnBox(ctx, data.boxId);
      await refuseDuplicate(
        ctx.db,
        boxPieceDetails.id,
        and(eq(boxPieceDetails.boxId, box.id), eq(boxPieceDetails.suppliesId, data.suppliesId)),
        'suppliesId',
      );
      await checkPackable(ctx, box, data.suppliesId, Number(data.quantity));
      return {
        ...data,
        tenantId: box.tenantId,
        batchId: box.batchId,
        supplierTenantId: box.supplierTenantId,
      };
    },
    beforeUpdate: async (ctx, existing, data) => {
      const box = await lockOwnBox(ctx, existing.boxId);
      if (data.quantity !== undefined)
        await checkPackable(ctx, box, existing.suppliesId, Number(data.quantity), existing.id);
      return data;
    },
    beforeDelete: async (ctx, rows) => {
      for (const boxId of new Set(rows.map((r) => r.boxId))) await lockOwnBox(ctx, boxId);
    },
    decorate: async (ctx, rows) => {
      const full = await withComputed(ctx, boxPieceDetails.id, contentFields(), rows);
      return full.map((row) => {
        const { materialOf: s, packedOf } = row as typeof row & ContentFields;
        const p = Number(packedOf ?? 0);
        return decorated(
          row as typeof row & ContentFields,
          {
            name: s?.name ?? null,
            enName: s?.enName ?? null,
            spec: s?.spec ?? null,
            unit: s?.unit ?? null,
            hsCode: s?.hsCode ?? null,
            rowQuantity: s ? Number(s.quantity) : null,
            left: s ? Math.round((Number(s.quantity) - p) * 1000) / 1000 : null,
          },
          ['materialOf', 'packedOf'],
        );
      });
    },
  },
});

export const userBoxTypeResource = defineResource({
  family: families.userboxtype,
  table: userBoxTypes,
  create: userBoxTypeCreate,
  filters: { id: 'equal', name: 'like', packageType: 'equal' },
  defaultSort: ['name,asc'],
  permissions: {
    list: 'boxPiece:list',
    create: 'boxPiece:add',
    update: 'boxPiece:add',
    delete: 'boxPiece:add',
  },
  scope: 'tenant',
});

export const boxResources = [boxPieceResource, boxPieceDetailResource, userBoxTypeResource];
