// Material-list commands: submitCustomer (supplier), confirm and back (shipper) — each one transaction:
// state check against the contract's machine, the change, the change record, the notification.
// Row edits by command: tag, sendHsCode, upateSourceLand.
import {
  backQuery,
  listRefBody,
  type MaterialListEvent,
  MaterialListStatus,
  materialListMachine,
  materialListStatusLabels,
  materialTagCodes,
  type Party,
  step,
  upateSourceLandBody,
  zHsCode,
} from '@tradelane/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { batchPartners, materialLists, supplies } from '../../db/schema-project.ts';
import { AppError, badRequest, forbidden, langOf, notFound } from '../../http/errors.ts';
import { type Ctx, ctxOf, type Row, toWire, visibleRows } from '../../resources/engine.ts';
import { materialListScope, partyOf } from '../project/access.ts';
import { moveBatchPartner } from '../project/batch-routes.ts';
import { notifyParty, recordChange } from '../project/events.ts';
import { batchNumbers, tenantNames } from '../project/names.ts';
import {
  assertEditable,
  listById,
  type MaterialList,
  refreshBatchStatus,
  rememberMaterials,
  touchList,
} from './lists.ts';
import { checkHsCode, materialListResource, suppliesResource } from './resources.ts';

const tags = ['supplies'];

async function resolveList(ctx: Ctx, ref: z.infer<typeof listRefBody> | { listId: number }): Promise<number> {
  if (ref.listId) return ref.listId;
  const r = ref as z.infer<typeof listRefBody>;
  const supplier = r.supplierTenantId ?? (partyOf(ctx.auth) === 'supplier' ? ctx.auth.tenantId : undefined);
  if (!supplier) throw badRequest('validation', { field: 'supplierTenantId', reason: '' });
  const [list] = await ctx.db
    .select({ id: materialLists.id })
    .from(materialLists)
    .where(
      and(
        eq(materialLists.batchId, r.batchId ?? 0),
        eq(materialLists.supplierTenantId, supplier),
        materialListScope(ctx),
      ),
    );
  if (!list) throw notFound();
  return list.id;
}

const bpEvent = { submit: 'submit', confirm: 'confirm', back: 'back' } as const;

export async function transition(
  ctx: Ctx,
  listId: number,
  event: Exclude<MaterialListEvent, 'edit'>,
  reason?: string,
) {
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const tctx = { ...ctx, db };
    const [visible] = await db
      .select({ id: materialLists.id })
      .from(materialLists)
      .where(and(eq(materialLists.id, listId), materialListScope(tctx)));
    const list = visible ? await listById(db, listId, true) : undefined;
    if (!list) throw notFound();
    const party: Party = partyOf(ctx.auth);
    // Each side acts only on its own lists: the supplier on its list, the shipper on its project's.
    const own =
      party === 'supplier'
        ? list.supplierTenantId === ctx.auth.tenantId
        : list.tenantId === ctx.auth.tenantId;
    const lang = langOf(ctx.request);
    const next = step(materialListMachine, list.status, event, party);
    if (!next.ok) {
      if (next.reason === 'party' || !own) throw new AppError(403, 'state.wrong_party');
      throw badRequest('state.not_allowed', {
        from: materialListStatusLabels[list.status]?.[lang] ?? list.status,
        event,
      });
    }
    if (!own) throw new AppError(403, 'state.wrong_party');
    if (next.guard === 'hasRows') {
      const [row] = await db
        .select({ id: supplies.id })
        .from(supplies)
        .where(eq(supplies.listId, list.id))
        .limit(1);
      if (!row) throw badRequest('supplies.no_material');
    }
    const now = new Date();
    const [updated] = await db
      .update(materialLists)
      .set({
        status: next.to,
        reason: event === 'back' ? (reason ?? null) : event === 'submit' ? null : list.reason,
        ...(event === 'submit' ? { submitTime: now } : {}),
        ...(event === 'confirm' ? { confirmTime: now } : {}),
        updateTime: now,
        updateBy: ctx.auth.username,
      })
      .where(eq(materialLists.id, list.id))
      .returning();
    const [bp] = await db
      .select()
      .from(batchPartners)
      .where(
        and(
          eq(batchPartners.batchId, list.batchId),
          eq(batchPartners.partnerTenantId, list.supplierTenantId),
        ),
      );
    if (bp) await moveBatchPartner(db, ctx.auth, bp, bpEvent[event], 'system');
    await refreshBatchStatus(db, ctx.auth, list.batchId);
    await recordChange(db, ctx.auth, {
      tenantId: list.tenantId,
      entity: 'materialList',
      entityId: list.id,
      action: event,
      from: list.status,
      to: next.to,
      note: reason ?? null,
      batchId: list.batchId,
      projectId: list.projectId,
      partyTenantId: list.supplierTenantId,
    });
    await notifyFor(db, ctx, list, event, reason);
    const [decorated] = (await materialListResource.hooks?.decorate?.(tctx, [updated as Row])) ?? [updated];
    return toWire({}, decorated as Row);
  });
}

async function notifyFor(db: Db, ctx: Ctx, list: MaterialList, event: string, reason?: string) {
  const batch = (await batchNumbers(db, [list.batchId])).get(list.batchId);
  const supplier = (await tenantNames(db, [list.supplierTenantId])).get(list.supplierTenantId)?.name;
  const link = `/supplies/index?batchId=${list.batchId}`;
  if (event === 'submit')
    await notifyParty(
      db,
      [list.tenantId],
      'notice.list_submitted',
      { supplier, batch },
      link,
      ctx.auth.username,
    );
  if (event === 'confirm')
    await notifyParty(
      db,
      [list.supplierTenantId],
      'notice.list_confirmed',
      { batch },
      link,
      ctx.auth.username,
    );
  if (event === 'back')
    await notifyParty(
      db,
      [list.supplierTenantId],
      'notice.list_returned',
      { batch, reason },
      link,
      ctx.auth.username,
    );
}

/**
 * Edits rows by command. The supplier edits its own rows while the list is a draft (or returned);
 * the shipper may classify and tag rows of its projects until the list is confirmed. Never after.
 */
async function editRows(ctx: Ctx, ids: number[], patch: (row: Row) => Row, shipperMay: boolean) {
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const tctx = { ...ctx, db };
    const unique = [...new Set(ids)];
    const rows = await visibleRows(suppliesResource, tctx, unique);
    if (rows.length !== unique.length) throw notFound();
    const party = partyOf(ctx.auth);
    for (const listId of new Set(rows.map((r) => r.listId as number))) {
      const list = await listById(db, listId, true);
      if (!list) throw notFound();
      if (list.status === MaterialListStatus.confirmed) throw badRequest('supplies.locked');
      if (party === 'supplier' && list.supplierTenantId === ctx.auth.tenantId) {
        assertEditable(list);
        await touchList(db, ctx.auth, list);
      } else if (!(shipperMay && party === 'shipper' && list.tenantId === ctx.auth.tenantId))
        throw forbidden();
    }
    const out: Row[] = [];
    for (const r of rows) {
      const [row] = await db
        .update(supplies)
        .set({ ...patch(r), updateTime: new Date(), updateBy: ctx.auth.username })
        .where(eq(supplies.id, r.id as number))
        .returning();
      out.push(row as Row);
    }
    return out;
  });
}

export async function suppliesCommandRoutes(app: FastifyInstance) {
  app.post(
    '/api/supplies/submitCustomer',
    {
      config: { permission: 'supplies:submit' },
      schema: { tags, summary: 'Submit the material list to the shipper' },
    },
    async (request) => {
      const ctx = ctxOf(app, request);
      return transition(ctx, await resolveList(ctx, listRefBody.parse(request.body ?? {})), 'submit');
    },
  );
  app.post(
    '/api/supplies/confirm',
    {
      config: { permission: 'supplies:confirm' },
      schema: { tags, summary: 'Confirm a submitted material list' },
    },
    async (request) => {
      const ctx = ctxOf(app, request);
      return transition(ctx, await resolveList(ctx, listRefBody.parse(request.body ?? {})), 'confirm');
    },
  );
  app.get(
    '/api/supplies/back/:id',
    {
      config: { permission: 'supplies:confirm', writes: true },
      schema: { tags, summary: 'Return a submitted material list (reason)' },
    },
    async (request) => {
      const ctx = ctxOf(app, request);
      const { id } = z.object({ id: z.coerce.number().int().positive() }).parse(request.params);
      const { reason } = backQuery.parse(request.query ?? {});
      return transition(ctx, id, 'back', reason);
    },
  );

  const rowId = z.object({ id: z.coerce.number().int().positive() });
  app.get(
    '/api/supplies/tag/:id',
    {
      config: { permission: ['supplies:edit', 'supplies:confirm'], writes: true },
      schema: { tags, summary: 'Set a row’s tags' },
    },
    async (request) => {
      const { id } = rowId.parse(request.params);
      const q = z.object({ tags: z.string().max(200).default('') }).parse(request.query ?? {});
      const list = [
        ...new Set(
          q.tags
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ];
      const tagList = z.array(z.enum(materialTagCodes)).parse(list);
      const [row] = await editRows(ctxOf(app, request), [id], () => ({ tags: tagList }), true);
      return toWire({}, row);
    },
  );
  app.get(
    '/api/supplies/sendHsCode/:id',
    {
      config: { permission: ['supplies:edit', 'supplies:confirm'], writes: true },
      schema: { tags, summary: 'Set a row’s HS code' },
    },
    async (request) => {
      const ctx = ctxOf(app, request);
      const { id } = rowId.parse(request.params);
      const { hsCode } = z.object({ hsCode: zHsCode }).parse(request.query ?? {});
      checkHsCode(hsCode);
      const [row] = await editRows(ctx, [id], () => ({ hsCode }), true);
      // Remember the classification for the next time this material appears.
      await rememberMaterials(app.db, row.supplierTenantId as number, [row as never], ctx.auth.username);
      return toWire({}, row);
    },
  );
  app.post(
    '/api/supplies/upateSourceLand',
    {
      config: { permission: 'supplies:edit' },
      schema: { tags, summary: 'Set the country of origin of rows' },
    },
    async (request) => {
      const body = upateSourceLandBody.parse(request.body ?? {});
      const rows = await editRows(
        ctxOf(app, request),
        body.ids,
        () => ({ originCountry: body.originCountry }),
        false,
      );
      return { updated: rows.length };
    },
  );
  app.get(
    '/api/supplies/summary',
    { config: { permission: 'supplies:list' }, schema: { tags } },
    async (request) => {
      const ctx = ctxOf(app, request);
      const { batchId } = z.object({ batchId: z.coerce.number().int().positive() }).parse(request.query);
      return app.db
        .select({
          listId: supplies.listId,
          currency: supplies.currency,
          rows: sql<number>`count(*)::int`,
          amount: sql<string>`sum(${supplies.totalPrice})::text`,
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
    },
  );
}
