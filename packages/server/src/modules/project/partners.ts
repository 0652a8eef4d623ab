// Partners: a shipper invites a supplier or logistics provider (by id, company name/code or a user's
// phone); the partner accepts or declines; both sides are notified and the change is recorded.
import {
  acceptInviteBody,
  inviteBody,
  PartnershipStatus,
  partnershipCreate,
  partnershipMachine,
  step,
  TenantEnd,
} from '@tradelane/contract';
import { and, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { partnerships, tenants, users } from '../../db/schema.ts';
import { batchPartners } from '../../db/schema-project.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { type Ctx, ctxOf, defineResource, idsBody, type Row } from '../../resources/engine.ts';
import { partyOf } from './access.ts';
import { notifyParty, recordChange } from './events.ts';
import { tenantNames } from './names.ts';

const partnerEnds = [TenantEnd.supplier, TenantEnd.logistics];

function requireShipper(ctx: Ctx) {
  if (partyOf(ctx.auth) !== 'shipper') throw new AppError(403, 'partner.shipper_only');
}

/** Candidate partner companies: exact code, a user's exact phone, or a name (contains, 2+ characters). */
async function findCandidates(
  db: Db,
  q: { keyword?: string; corporateName?: string; corporateCode?: string; phone?: string },
) {
  const conds = [];
  const code = q.corporateCode ?? q.keyword;
  const phone = q.phone ?? q.keyword;
  const name = q.corporateName ?? q.keyword;
  if (code) conds.push(eq(tenants.corporateCode, code));
  if (phone)
    conds.push(
      inArray(tenants.id, db.select({ id: users.tenantId }).from(users).where(eq(users.phone, phone))),
    );
  if (name && name.length >= 2)
    conds.push(ilike(tenants.corporateName, `%${name.replace(/[\\%_]/g, '\\$&')}%`));
  if (!conds.length) return [];
  return db
    .select({
      id: tenants.id,
      corporateName: tenants.corporateName,
      corporateCode: tenants.corporateCode,
      end: tenants.end,
    })
    .from(tenants)
    .where(and(or(...conds), inArray(tenants.end, partnerEnds), eq(tenants.active, true)))
    .orderBy(tenants.corporateName)
    .limit(20);
}

async function withStatus(db: Db, shipperId: number, rows: { id: number }[]) {
  if (!rows.length) return [];
  const links = await db
    .select()
    .from(partnerships)
    .where(
      and(
        eq(partnerships.tenantId, shipperId),
        inArray(
          partnerships.partnerTenantId,
          rows.map((r) => r.id),
        ),
      ),
    );
  return rows.map((r) => ({
    ...r,
    partnershipStatus: links.find((l) => l.partnerTenantId === r.id)?.status ?? null,
  }));
}

/** GET /api/partner: partnerships seen from the caller's side, with the other company's name. */
export const partnerResource = defineResource({
  name: 'partner',
  table: partnerships,
  create: partnershipCreate,
  filters: {
    createTime: 'between',
    status: 'in',
    partnerEnd: 'equal',
    partnerTenantId: 'equal',
    tenantId: 'equal',
  },
  permissions: { list: 'partner:list' },
  scope: (ctx) =>
    ctx.auth.isPlatformAdmin
      ? undefined
      : or(eq(partnerships.tenantId, ctx.auth.tenantId), eq(partnerships.partnerTenantId, ctx.auth.tenantId)),
  actions: ['list'],
  hooks: {
    decorate: async (ctx, rows) => {
      const names = await tenantNames(
        ctx.db,
        rows.flatMap((r) => [r.tenantId, r.partnerTenantId]),
      );
      return rows.map((r: Row) => {
        const mine = r.tenantId === ctx.auth.tenantId;
        const other = (mine ? r.partnerTenantId : r.tenantId) as number;
        return {
          ...r,
          direction: mine ? 'invited' : 'invitedBy',
          shipperName: names.get(r.tenantId as number)?.name ?? null,
          partnerName: names.get(r.partnerTenantId as number)?.name ?? null,
          otherTenantId: other,
          otherName: names.get(other)?.name ?? null,
        };
      });
    },
  },
});

async function invite(ctx: Ctx, body: z.infer<typeof inviteBody>) {
  requireShipper(ctx);
  let targetId = body.partnerTenantId;
  if (!targetId) {
    const found = await findCandidates(ctx.db, body);
    // An invitation must name one company: an exact code, phone or name, or a single match.
    const exact = found.filter(
      (t) =>
        (body.corporateCode && t.corporateCode === body.corporateCode) ||
        t.corporateName === body.corporateName,
    );
    const pick = exact.length === 1 ? exact[0] : found.length === 1 ? found[0] : undefined;
    targetId = pick?.id;
  }
  const [target] = targetId
    ? await ctx.db
        .select()
        .from(tenants)
        .where(and(eq(tenants.id, targetId), eq(tenants.active, true)))
    : [];
  if (!target) throw new AppError(404, 'partner.not_found');
  if (!(partnerEnds as number[]).includes(target.end)) throw badRequest('partner.bad_end');
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const [existing] = await db
      .select()
      .from(partnerships)
      .where(and(eq(partnerships.tenantId, ctx.auth.tenantId), eq(partnerships.partnerTenantId, target.id)));
    let row: typeof partnerships.$inferSelect;
    if (existing) {
      const next = step(partnershipMachine, existing.status, 'reinvite', 'shipper');
      if (!next.ok) throw new AppError(409, 'partner.already');
      [row] = await db
        .update(partnerships)
        .set({
          status: next.to,
          remark: body.remark ?? existing.remark,
          updateTime: new Date(),
          updateBy: ctx.auth.username,
        })
        .where(eq(partnerships.id, existing.id))
        .returning();
    } else {
      [row] = await db
        .insert(partnerships)
        .values({
          tenantId: ctx.auth.tenantId,
          partnerTenantId: target.id,
          partnerEnd: target.end,
          status: PartnershipStatus.invited,
          remark: body.remark ?? null,
          createBy: ctx.auth.username,
          updateBy: ctx.auth.username,
        })
        .returning();
    }
    await recordChange(db, ctx.auth, {
      tenantId: ctx.auth.tenantId,
      entity: 'partnership',
      entityId: row.id,
      action: 'invite',
      from: existing?.status,
      to: row.status,
      partyTenantId: target.id,
    });
    const shipper = (await tenantNames(db, [ctx.auth.tenantId])).get(ctx.auth.tenantId)?.name;
    await notifyParty(db, [target.id], 'notice.partner_invited', { shipper }, '/partner', ctx.auth.username);
    return row;
  });
}

async function answer(ctx: Ctx, body: z.infer<typeof acceptInviteBody>, event: 'accept' | 'decline') {
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const [link] = await db
      .select()
      .from(partnerships)
      .where(
        and(
          eq(partnerships.partnerTenantId, ctx.auth.tenantId),
          body.id ? eq(partnerships.id, body.id) : undefined,
          body.shipperTenantId ? eq(partnerships.tenantId, body.shipperTenantId) : undefined,
          body.id || body.shipperTenantId ? undefined : eq(partnerships.status, PartnershipStatus.invited),
        ),
      )
      .orderBy(desc(partnerships.createTime))
      .limit(1)
      .for('update');
    if (!link) throw new AppError(404, 'partner.no_invitation');
    const next = step(partnershipMachine, link.status, event, partyOf(ctx.auth));
    if (!next.ok)
      throw next.reason === 'party'
        ? new AppError(403, 'state.wrong_party')
        : badRequest('state.not_allowed', { from: link.status, event });
    const [row] = await db
      .update(partnerships)
      .set({ status: next.to, updateTime: new Date(), updateBy: ctx.auth.username })
      .where(eq(partnerships.id, link.id))
      .returning();
    await recordChange(db, ctx.auth, {
      tenantId: link.tenantId,
      entity: 'partnership',
      entityId: link.id,
      action: event,
      from: link.status,
      to: next.to,
      partyTenantId: link.partnerTenantId,
    });
    const partner = (await tenantNames(db, [link.partnerTenantId])).get(link.partnerTenantId)?.name;
    await notifyParty(
      db,
      [link.tenantId, link.partnerTenantId],
      event === 'accept' ? 'notice.partner_accepted' : 'notice.partner_declined',
      { partner },
      '/partner',
      ctx.auth.username,
    );
    return row;
  });
}

export async function partnerRoutes(app: FastifyInstance) {
  const tags = ['partner'];
  app.get(
    '/api/enterpriseInfo/getCustomer',
    {
      config: { permission: 'partner:add' },
      schema: { tags, summary: 'Find a supplier or logistics provider to invite' },
    },
    async (request) => {
      const ctx = ctxOf(app, request);
      requireShipper(ctx);
      const q = z
        .object({
          keyword: z.string().trim().min(1).max(100).optional(),
          corporateName: z.string().trim().min(1).max(100).optional(),
          corporateCode: z.string().trim().min(1).max(64).optional(),
          phone: z.string().trim().min(1).max(32).optional(),
        })
        .parse(request.query);
      if (!q.keyword && !q.corporateName && !q.corporateCode && !q.phone)
        throw badRequest('partner.keyword_required');
      const content = await withStatus(app.db, ctx.auth.tenantId, await findCandidates(app.db, q));
      return { content, totalElements: content.length };
    },
  );
  const inviteRoute = async (
    request: Parameters<typeof ctxOf>[1],
    reply: { status: (n: number) => unknown },
  ) => {
    const row = await invite(ctxOf(app, request), inviteBody.parse(request.body ?? {}));
    reply.status(201);
    return row;
  };
  const inviteOpts = { config: { permission: 'partner:add' }, schema: { tags, summary: 'Invite a partner' } };
  app.post('/api/partner', inviteOpts, inviteRoute);
  app.post('/api/partnership/invite', inviteOpts, inviteRoute);
  app.post(
    '/api/enterpriseInfo/acceptInvite',
    { schema: { tags, summary: 'Accept an invitation' } },
    async (request) => answer(ctxOf(app, request), acceptInviteBody.parse(request.body ?? {}), 'accept'),
  );
  app.post(
    '/api/partnership/decline',
    { schema: { tags, summary: 'Decline an invitation' } },
    async (request) => answer(ctxOf(app, request), acceptInviteBody.parse(request.body ?? {}), 'decline'),
  );
  app.delete(
    '/api/partner',
    {
      config: { permission: 'partner:del' },
      schema: { tags, summary: 'End partnerships (not on any batch)' },
    },
    async (request) => {
      const ctx = ctxOf(app, request);
      requireShipper(ctx);
      const ids = [...new Set(idsBody.parse(request.body))];
      return app.db.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(partnerships)
          .where(and(inArray(partnerships.id, ids), eq(partnerships.tenantId, ctx.auth.tenantId)));
        if (rows.length !== ids.length) throw notFound();
        for (const r of rows) {
          const [onBatch] = await tx
            .select({ id: batchPartners.id })
            .from(batchPartners)
            .where(
              and(
                eq(batchPartners.tenantId, r.tenantId),
                eq(batchPartners.partnerTenantId, r.partnerTenantId),
              ),
            )
            .limit(1);
          if (onBatch) throw badRequest('partner.in_use');
        }
        await tx.delete(partnerships).where(inArray(partnerships.id, ids));
        return { deleted: rows.length };
      });
    },
  );
}
