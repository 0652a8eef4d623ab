// The warehouse tally of a batch's boxes (spec §7 `tallySheet`: PUT, POST batchUpdate, GET synchPacklist;
// `viewTallySheet` sorted by status and box number). One row per box handed over on a submitted packing
// list; a synchronisation adds the boxes new since the last one and never touches a tally result. The
// logistics provider tallies each box as matching, short, over or damaged (a command on the kernel: the
// change record is the tally's history); a mismatch raises an abnormal record through the logistics
// module, once per box and kind, and that module tells the shipper.

import {
  LogisticsStatus,
  TallyStatus,
  tallyAbnormalType,
  tallyEventOf,
  tallyMachine,
  tallyStatusLabels,
} from '@tradelane/contract';
import { families } from '@tradelane/contract/api/families';
import { papersOps } from '@tradelane/contract/api/papers';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tallySheets } from '../../db/schema-lading.ts';
import { langOf } from '../../http/errors.ts';
import { mount } from '../../http/mount.ts';
import { type Ctx, ctxOf, defineResource, type RowOf } from '../../resources/engine.ts';
import { recordChange } from '../../workflow/events.ts';
import { actionsFor, type CommandCtx, defineCommand, type Move } from '../../workflow/kernel.ts';
import { boxStates, handedOverBoxesPacked } from '../boxes/batch-boxes.ts';
import { raiseAbnormal } from '../logistics/resources.ts';
import { visibleBatch } from '../project/access.ts';
import { tenantNames } from '../project/names.ts';
import { tallyScope } from './access.ts';

async function decorateTally(ctx: Ctx, rows: RowOf<typeof tallySheets>[]) {
  const lang = langOf(ctx.request);
  const boxIds = rows.map((r) => r.boxId);
  const boxes = await boxStates(ctx.db, boxIds);
  const suppliers = await tenantNames(
    ctx.db,
    rows.map((r) => r.supplierTenantId),
  );
  return rows.map((r) => {
    const box = boxes.find((b) => b.id === r.boxId);
    return {
      ...r,
      statusLabel: tallyStatusLabels[r.status]?.[lang] ?? null,
      supplierName: suppliers.get(r.supplierTenantId)?.name ?? null,
      packageType: box?.packageType ?? null,
      logisticsStatus: box?.logisticsStatus ?? LogisticsStatus.notLoaded,
      actions: actionsFor(ctx, tallyMachine, r),
    };
  });
}

/** viewTallySheet: the tally of the batch's boxes, sorted by status and box number (spec §7). */
export const tallyResource = defineResource({
  family: families.viewTallySheet,
  table: tallySheets,
  create: z.object({ batchId: z.coerce.number().int().positive() }),
  filters: {
    id: 'equal',
    batchId: 'equal',
    projectId: 'equal',
    status: 'in',
    supplierTenantId: 'equal',
    boxNumber: 'like',
    blurry: { op: 'blurry', columns: ['boxNumber', 'note'] },
  },
  defaultSort: ['status,asc', 'boxNumber,asc'],
  permissions: { list: 'tallySheet:list' },
  scope: tallyScope,
  actions: ['list'],
  hooks: { decorate: decorateTally },
});

type TallyInput = { status: number; talliedQuantity?: string | null; note?: string | null };

const tallyCommand = {
  machine: tallyMachine,
  labels: tallyStatusLabels,
  table: tallySheets,
  statusColumn: 'status',
  entity: 'tallySheet',
  tags: ['tallySheet'],
  scope: (ctx: CommandCtx) => tallyScope(ctx),
  rowLabel: (row: RowOf<typeof tallySheets>) => row.boxNumber,
  record: (row: RowOf<typeof tallySheets>) => ({ partyTenantId: row.supplierTenantId }),
  answer: (ctx: CommandCtx, rows: RowOf<typeof tallySheets>[]) => decorateTally(ctx as Ctx, rows),
  event: (input: TallyInput) => tallyEventOf[input.status],
  note: (input: TallyInput) => input.note,
  guards: {
    // A short box holds fewer pieces than packed, an over box more (when the warehouse counted them).
    quantity: ({ input, row, event }: Move<TallyInput, RowOf<typeof tallySheets>>) => {
      if (input.talliedQuantity === undefined || input.talliedQuantity === null) return undefined;
      const counted = Number(input.talliedQuantity);
      const packed = Number(row.expectedQuantity);
      if (event === 'short' && !(counted < packed)) return 'tally.short_quantity';
      if (event === 'over' && !(counted > packed)) return 'tally.over_quantity';
      return undefined;
    },
  },
  set: ({ input, row, to, ctx }: Move<TallyInput, RowOf<typeof tallySheets>>) => {
    const kind = tallyAbnormalType[to];
    const raised = row.raised ?? [];
    return {
      talliedQuantity: input.talliedQuantity ?? (to === TallyStatus.matching ? row.expectedQuantity : null),
      note: input.note === undefined ? row.note : input.note,
      tallyBy: ctx.auth.username,
      tallyTime: new Date(),
      raised: kind && !raised.includes(kind) ? [...raised, kind] : raised,
    };
  },
  // A mismatch not raised for this box yet becomes an abnormal record (once per box and kind).
  effects: async ({ ctx, row, to, updated }: Move<TallyInput, RowOf<typeof tallySheets>>) => {
    const kind = tallyAbnormalType[to];
    if (!kind || (row.raised ?? []).includes(kind)) return;
    const counted = updated.talliedQuantity === null ? null : Number(updated.talliedQuantity);
    const packed = Number(row.expectedQuantity);
    await raiseAbnormal(ctx as Ctx, {
      boxPieceId: row.boxId,
      abnormalType: kind,
      quantity: counted === null || kind === 'damage' ? null : Math.abs(packed - counted),
      note: updated.note ?? null,
    });
  },
};

export const tallyBox = defineCommand({
  ...tallyCommand,
  name: 'tallySheet.tally',
  operation: papersOps.tallyBox,
  who: {},
  target: async (_ctx, input) => input.id,
});

export const tallyBoxes = defineCommand({
  ...tallyCommand,
  name: 'tallySheet.batchUpdate',
  operation: papersOps.tallyBoxes,
  who: {},
  target: async (_ctx, input) => input.ids,
  many: true,
});

export const tallyCommands = [tallyBox, tallyBoxes];

/**
 * Adds the batch's boxes handed over since the last synchronisation and refreshes box numbers and packed
 * quantities; a tally result (status, counted quantity, note) is never touched. Its callers are a
 * logistics provider or the platform: the operation's declared parties.
 */
export async function syncTally(ctx: Ctx, batchId: number) {
  const batch = await visibleBatch(ctx, batchId);
  return ctx.db.transaction(async (db) => {
    // One synchronisation of a batch at a time (two at once would add the same boxes twice).
    await db.execute(sql`select pg_advisory_xact_lock(${7301}, ${batchId}::int)`);
    const boxes = (await handedOverBoxesPacked(db, batchId)).map(({ packed, ...b }) => ({
      ...b,
      expected: packed,
    }));
    const held = await db
      .select({
        id: tallySheets.id,
        boxId: tallySheets.boxId,
        boxNumber: tallySheets.boxNumber,
        expected: tallySheets.expectedQuantity,
      })
      .from(tallySheets)
      .where(eq(tallySheets.batchId, batchId));
    const byBox = new Map(held.map((h) => [h.boxId, h]));
    const fresh = boxes.filter((b) => !byBox.has(b.id));
    if (fresh.length)
      await db.insert(tallySheets).values(
        fresh.map((b) => ({
          tenantId: batch.tenantId,
          projectId: batch.projectId,
          batchId,
          boxId: b.id,
          supplierTenantId: b.supplierTenantId,
          boxNumber: b.boxNumber,
          expectedQuantity: b.expected,
          status: TallyStatus.pending,
          createBy: ctx.auth.username,
          updateBy: ctx.auth.username,
        })),
      );
    let refreshed = 0;
    for (const b of boxes) {
      const h = byBox.get(b.id);
      if (!h || (h.boxNumber === b.boxNumber && Number(h.expected) === Number(b.expected))) continue;
      await db
        .update(tallySheets)
        .set({ boxNumber: b.boxNumber, expectedQuantity: b.expected, updateTime: new Date() })
        .where(eq(tallySheets.id, h.id));
      refreshed++;
    }
    if (fresh.length || refreshed)
      await recordChange(db, ctx.auth, {
        tenantId: batch.tenantId,
        projectId: batch.projectId,
        batchId,
        entity: 'tallySheet',
        entityId: batchId,
        action: 'sync',
        note: `+${fresh.length}`,
        detail: { added: fresh.length, refreshed },
      });
    return { added: fresh.length, refreshed, totalElements: held.length + fresh.length };
  });
}

export async function tallyRoutes(app: FastifyInstance) {
  mount(
    app,
    papersOps.syncTally,
    async (request) => {
      const { batchId } = request.query;
      return syncTally(ctxOf(app, request), batchId);
    },
    { config: { describe: 'Synchronise the tally from the packing list' } },
  );
}
