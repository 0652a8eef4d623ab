// Material-list commands as declarations run by the workflow kernel: submitCustomer (supplier), confirm
// and back (shipper). The kernel owns the transaction, the state check, the change record and the outbox;
// this file says which list, who, which guards, what else moves and who hears of it.
// Row edits by command: tag, sendHsCode, upateSourceLand.
import {
  MaterialListStatus,
  materialListMachine,
  materialListStatusLabels,
  materialTagCodes,
} from '@tradelane/contract';
import { suppliesOps } from '@tradelane/contract/api/supplies';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { partyOf } from '../../access/party.ts';
import { materialLists, supplies } from '../../db/schema-project.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { mount } from '../../http/mount.ts';
import { type Ctx, ctxOf, type Row, type RowOf, toWire, visibleRows } from '../../resources/engine.ts';
import {
  type CommandCtx,
  type CommandDeclaration,
  defineCommand,
  type Move,
  registerCommands,
} from '../../workflow/kernel.ts';
import type { Notice } from '../../workflow/notify.ts';
import { ownSide } from '../project/access.ts';
import { followMaterialList } from '../project/batch-routes.ts';
import { batchNumbers, logisticsProvidersOf, tenantNames } from '../project/names.ts';
import { asAnswer } from '../project/wire.ts';
import { materialListScope } from './access.ts';
import {
  assertEditable,
  listById,
  refreshBatchStatus,
  rememberMaterials,
  reopenMaterialList,
  touchList,
} from './lists.ts';
import { checkHsCode, materialListResource, suppliesResource } from './resources.ts';

/** The list a command names: by id, or by batch and supplier (the caller's own by default). */
async function resolveList(
  ctx: CommandCtx,
  ref: { listId?: number; batchId?: number; supplierTenantId?: number },
) {
  if (ref.listId) return ref.listId;
  const supplier = ref.supplierTenantId ?? (partyOf(ctx.auth) === 'supplier' ? ctx.auth.tenantId : undefined);
  if (!supplier) throw badRequest('validation', { field: 'supplierTenantId', reason: '' });
  const [list] = await ctx.db
    .select({ id: materialLists.id })
    .from(materialLists)
    .where(
      and(
        eq(materialLists.batchId, ref.batchId ?? 0),
        eq(materialLists.supplierTenantId, supplier),
        materialListScope(ctx as Ctx),
      ),
    );
  if (!list) throw notFound();
  return list.id;
}

const link = (batchId: unknown) => `/supplies/index?batchId=${batchId}`;

async function names(move: Move<unknown, RowOf<typeof materialLists>>) {
  const { db } = move.ctx;
  const row = move.row;
  return {
    batch: (await batchNumbers(db, [row.batchId])).get(row.batchId),
    supplier: (await tenantNames(db, [row.supplierTenantId])).get(row.supplierTenantId)?.name,
  };
}

/** Who hears of a list's move: the other side, told in the catalogue's words. */
const tell =
  (
    title: 'notice.list_submitted' | 'notice.list_confirmed' | 'notice.list_returned',
    side: 'shipper' | 'supplier',
    more?: (move: Move<unknown, RowOf<typeof materialLists>>) => Record<string, unknown>,
  ) =>
  async (move: Move<unknown, RowOf<typeof materialLists>>): Promise<Notice[]> => [
    {
      to: { tenants: [side === 'shipper' ? move.row.tenantId : move.row.supplierTenantId] },
      title,
      params: { ...(await names(move)), ...(more?.(move) ?? {}) },
      link: link(move.row.batchId),
      type: 'business',
    },
  ];

/**
 * A confirmed list starts the logistics provider's work on the batch (booking, declaring): it hears of
 * it, with the page where it reads the confirmed lists.
 */
async function tellProviders(...moves: Move<unknown, RowOf<typeof materialLists>>[]): Promise<Notice[]> {
  const first = moves[0];
  if (!first) return [];
  const providers = await logisticsProvidersOf(first.ctx.db, first.row.batchId);
  if (!providers.length) return [];
  const suppliers = [];
  for (const m of moves) suppliers.push((await names(m)).supplier);
  return [
    {
      to: { tenants: providers },
      title: 'notice.list_confirmed_logistics',
      params: { ...(await names(first)), supplier: [...new Set(suppliers)].join('、') },
      link: link(first.row.batchId),
      type: 'business',
    },
  ];
}

/** What every material-list command shares: the table, the machine, who owns which side. */
const listCommand = {
  machine: materialListMachine,
  labels: materialListStatusLabels,
  table: materialLists,
  statusColumn: 'status',
  entity: 'materialList',
  scope: (ctx: CommandCtx) => materialListScope(ctx as Ctx),
  // Each side acts only on its own lists: the supplier on its list, the shipper on its project's.
  who: { own: ownSide },
  record: (row: RowOf<typeof materialLists>) => ({ partyTenantId: row.supplierTenantId }),
  guards: {
    hasRows: async ({ ctx, row }: Move<unknown, RowOf<typeof materialLists>>) => {
      const [one] = await ctx.db
        .select({ id: supplies.id })
        .from(supplies)
        .where(eq(supplies.listId, row.id))
        .limit(1);
      return one ? undefined : ('supplies.no_material' as const);
    },
  },
  // The supplier's progress on the batch follows the list; the batch status follows all its lists.
  effects: async (move: Move<unknown, RowOf<typeof materialLists>>) =>
    followMaterialList(
      move.ctx,
      move.row.batchId,
      move.row.supplierTenantId,
      move.event as 'submit' | 'confirm' | 'back',
    ),
  derive: async ({ ctx, row }: Move<unknown, RowOf<typeof materialLists>>) =>
    refreshBatchStatus(ctx.db, ctx.auth, row.batchId),
  answer: async (ctx: CommandCtx, rows: RowOf<typeof materialLists>[]) =>
    ((await materialListResource.hooks?.decorate?.(ctx as Ctx, rows)) ?? rows).map((r) => toWire({}, r)),
} satisfies Partial<CommandDeclaration<never, typeof materialLists>>;

export const submitMaterialList = defineCommand({
  ...listCommand,
  operation: suppliesOps.submit,
  name: 'materialList.submit',
  event: 'submit',
  target: resolveList,
  set: () => ({ reason: null, submitTime: new Date() }),
  notify: tell('notice.list_submitted', 'shipper'),
});

export const confirmMaterialList = defineCommand({
  ...listCommand,
  operation: suppliesOps.confirm,
  name: 'materialList.confirm',
  event: 'confirm',
  target: resolveList,
  set: () => ({ confirmTime: new Date() }),
  notify: async (move) => [
    ...(await tell('notice.list_confirmed', 'supplier')(move)),
    ...(await tellProviders(move)),
  ],
});

export const returnMaterialList = defineCommand({
  ...listCommand,
  operation: suppliesOps.back,
  name: 'materialList.back',
  event: 'back',
  target: async (_ctx, input) => input.id,
  note: (input) => input.reason,
  set: (move) => ({ reason: move.input.reason }),
  // The reason is in the title: the notice has no body repeating it.
  notify: tell('notice.list_returned', 'supplier', (move) => ({
    reason: (move.input as { reason: string }).reason,
  })),
});

/** POST /api/materialList/confirm [ids]: the shipper confirms several submitted lists, all or none. */
export const confirmMaterialLists = defineCommand({
  ...listCommand,
  operation: suppliesOps.confirmMany,
  name: 'materialList.confirmMany',
  event: 'confirm',
  many: true,
  target: async (_ctx, input) => input.ids,
  set: () => ({ confirmTime: new Date() }),
  // One notice per supplier, naming all of its batches confirmed at once.
  notifyAll: async (moves) => {
    const bySupplier = new Map<number, Move<{ ids: number[] }>[]>();
    for (const m of moves) {
      const key = m.row.supplierTenantId;
      bySupplier.set(key, [...(bySupplier.get(key) ?? []), m]);
    }
    const notices: Notice[] = [];
    for (const [supplier, list] of bySupplier) {
      const batches = [];
      for (const m of list)
        batches.push((await names(m as Move<unknown, RowOf<typeof materialLists>>)).batch);
      notices.push({
        to: { tenants: [supplier] },
        title: 'notice.list_confirmed',
        params: { batch: batches.join(', ') },
        link: link(list[0].row.batchId),
        type: 'business',
      });
    }
    const byBatch = new Map<number, Move<unknown, RowOf<typeof materialLists>>[]>();
    for (const m of moves) {
      const key = m.row.batchId;
      byBatch.set(key, [...(byBatch.get(key) ?? []), m as Move<unknown, RowOf<typeof materialLists>>]);
    }
    for (const list of byBatch.values()) notices.push(...(await tellProviders(...list)));
    return notices;
  },
});

export const materialListCommands = [
  reopenMaterialList,
  submitMaterialList,
  confirmMaterialList,
  returnMaterialList,
  confirmMaterialLists,
];

/**
 * Edits rows by command. The supplier edits its own rows while the list is a draft (or returned);
 * the shipper may classify and tag rows of its projects until the list is confirmed. Never after.
 */
async function editRows(
  ctx: Ctx,
  ids: number[],
  patch: (row: RowOf<typeof supplies>) => Row,
  shipperMay: boolean,
) {
  return ctx.db.transaction(async (db) => {
    const tctx = { ...ctx, db };
    const unique = [...new Set(ids)];
    const rows = await visibleRows(suppliesResource, tctx, unique);
    if (rows.length !== unique.length) throw notFound();
    const party = partyOf(ctx.auth);
    for (const listId of new Set(rows.map((r) => r.listId))) {
      const list = await listById(db, listId, true);
      if (!list) throw notFound();
      if (list.status === MaterialListStatus.confirmed) throw badRequest('supplies.locked');
      if (party === 'supplier' && list.supplierTenantId === ctx.auth.tenantId) {
        assertEditable(list);
        await touchList({ ...ctx, db }, list);
      } else if (!(shipperMay && party === 'shipper' && list.tenantId === ctx.auth.tenantId))
        throw forbidden();
    }
    const out: (typeof supplies.$inferSelect)[] = [];
    for (const r of rows) {
      const [row] = await db
        .update(supplies)
        .set({ ...patch(r), updateTime: new Date(), updateBy: ctx.auth.username })
        .where(eq(supplies.id, r.id))
        .returning();
      out.push(row);
    }
    return out;
  });
}

export async function suppliesCommandRoutes(app: FastifyInstance) {
  registerCommands(app, materialListCommands);

  mount(app, suppliesOps.tag, async (request) => {
    const { id, tags: text } = request.query;
    const list = [
      ...new Set(
        text
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ];
    const tagList = z.array(z.enum(materialTagCodes)).parse(list);
    const [row] = await editRows(ctxOf(app, request), [id], () => ({ tags: tagList }), true);
    // The row as the family shows it: never its search grams.
    return asAnswer(suppliesOps.tag, toWire(suppliesResource, row));
  });
  mount(app, suppliesOps.sendHsCode, async (request) => {
    const ctx = ctxOf(app, request);
    const { id, hsCode } = request.query;
    checkHsCode(hsCode, ctx);
    const [row] = await editRows(ctx, [id], () => ({ hsCode }), true);
    // Remember the classification for the next time this material appears.
    await rememberMaterials(app.db, row.supplierTenantId, [row], ctx.auth.username);
    return asAnswer(suppliesOps.sendHsCode, toWire(suppliesResource, row));
  });
  mount(app, suppliesOps.sourceLand, async (request) => {
    const body = request.body;
    const rows = await editRows(
      ctxOf(app, request),
      body.ids,
      () => ({ originCountry: body.originCountry }),
      false,
    );
    return { updated: rows.length };
  });
  mount(app, suppliesOps.summary, async (request) => {
    const ctx = ctxOf(app, request);
    const { batchId } = request.query;
    return app.db
      .select({
        listId: supplies.listId,
        currency: supplies.currency,
        rows: sql<number>`count(*)::int`,
        amount: sql<string | null>`sum(${supplies.totalPrice})::text`,
      })
      .from(supplies)
      .where(
        and(
          eq(supplies.batchId, batchId),
          inArray(
            supplies.listId,
            app.db.select({ id: materialLists.id }).from(materialLists).where(materialListScope(ctx)),
          ),
        ),
      )
      .groupBy(supplies.listId, supplies.currency);
  });
}
