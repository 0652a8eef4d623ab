// Partners: a shipper invites a supplier or logistics provider (by id, company name/code or a user's
// phone); the partner accepts or declines. Invite, accept and decline are workflow commands; partnership
// rows change only here. Both families over the rows — /api/partner (the web's) and the spec's
// /api/partnership — give the same guarded meaning to their calls: POST invites, PUT edits the
// inviter's remark, DELETE ends a partnership no batch uses (or withdraws an invitation).

import {
  type acceptInviteBody,
  type inviteBody,
  PartnershipStatus,
  partnershipCreate,
  partnershipMachine,
  partnershipStatusLabels,
  TenantEnd,
} from '@tradelane/contract';
import { families } from '@tradelane/contract/api/families';
import { projectOps } from '@tradelane/contract/api/project';
import { and, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { partnerships, tenants, users } from '../../db/schema.ts';
import { batchPartners } from '../../db/schema-project.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { mount } from '../../http/mount.ts';
import { type Ctx, ctxOf, defineResource, type Row, type RowOf } from '../../resources/engine.ts';
import { recordChange } from '../../workflow/events.ts';
import { type CommandCtx, defineCommand, registerCommands } from '../../workflow/kernel.ts';
import { tenantNames } from './names.ts';

const partnerEnds = [TenantEnd.supplier, TenantEnd.logistics];

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

async function withStatus<T extends { id: number }>(db: Db, shipperId: number, rows: T[]) {
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

const partnershipScope = (ctx: Ctx) =>
  ctx.auth.isPlatformAdmin
    ? undefined
    : or(eq(partnerships.tenantId, ctx.auth.tenantId), eq(partnerships.partnerTenantId, ctx.auth.tenantId));

/** PUT: only the inviting shipper edits its note; who the partner is and the status never change here. */
async function inviterEdits(ctx: Ctx, existing: Row, data: Row) {
  if (existing.tenantId !== ctx.auth.tenantId) throw new AppError(403, 'partner.not_inviter');
  return data;
}

/** GET /api/partner: partnerships seen from the caller's side, with the other company's name. */
export const partnerResource = defineResource({
  family: families.partner,
  table: partnerships,
  create: partnershipCreate,
  filters: {
    createTime: 'between',
    status: 'in',
    partnerEnd: 'equal',
    partnerTenantId: 'equal',
    tenantId: 'equal',
  },
  update: z.object({ remark: z.string().trim().max(255).nullish() }),
  permissions: { list: 'partner:list', update: 'partner:add' },
  scope: partnershipScope,
  actions: ['list', 'update'],
  hooks: {
    beforeUpdate: inviterEdits,
    decorate: async (ctx, rows) => {
      const names = await tenantNames(
        ctx.db,
        rows.flatMap((r) => [r.tenantId, r.partnerTenantId]),
      );
      return rows.map((r) => {
        const mine = r.tenantId === ctx.auth.tenantId;
        const other = mine ? r.partnerTenantId : r.tenantId;
        return {
          ...r,
          direction: mine ? 'invited' : 'invitedBy',
          shipperName: names.get(r.tenantId)?.name ?? null,
          partnerName: names.get(r.partnerTenantId)?.name ?? null,
          otherTenantId: other,
          otherName: names.get(other)?.name ?? null,
        };
      });
    },
  },
});

/** The spec's family: the partnership rows as they are list, the inviter's remark (update). */
export const partnershipResource = defineResource({
  family: families.partnership,
  table: partnerships,
  create: partnershipCreate,
  // Who the partner is never changes after the invitation; only the remark does.
  update: partnershipCreate.pick({ remark: true }),
  filters: {
    createTime: 'between',
    status: 'equal',
    partnerEnd: 'equal',
    partnerTenantId: 'equal',
    tenantId: 'equal',
  },
  permissions: { update: 'partner:add' },
  scope: partnershipScope,
  // POST is the invite command, DELETE the guarded end (partnerRoutes).
  actions: ['list', 'update'],
  hooks: { beforeUpdate: inviterEdits },
});

const partnershipCommon = {
  machine: partnershipMachine,
  labels: partnershipStatusLabels,
  table: partnerships,
  statusColumn: 'status',
  entity: 'partnership',
  tags: ['partner'],
  record: (row: RowOf<typeof partnerships>) => ({
    tenantId: row.tenantId,
    partyTenantId: row.partnerTenantId,
  }),
};

async function shipperName(db: Db, id: number) {
  return (await tenantNames(db, [id])).get(id)?.name;
}

/** POST /api/partner (and /api/partnership/invite): invite, or invite again after a decline. */
export const invitePartner = defineCommand({
  ...partnershipCommon,
  operation: projectOps.invite,
  name: 'partnership.invite',
  event: 'reinvite',
  who: { own: (ctx, row) => row.tenantId === ctx.auth.tenantId },
  scope: (ctx) => eq(partnerships.tenantId, ctx.auth.tenantId),
  target: async (ctx, body) => {
    const target = await inviteTarget(ctx, body);
    const [existing] = await ctx.db
      .select()
      .from(partnerships)
      .where(and(eq(partnerships.tenantId, ctx.auth.tenantId), eq(partnerships.partnerTenantId, target.id)));
    if (!existing) return null;
    if (existing.status !== PartnershipStatus.declined) throw new AppError(409, 'partner.already');
    return existing.id;
  },
  create: {
    who: ['shipper'],
    event: 'invite',
    insert: async (ctx, body) => {
      const target = await inviteTarget(ctx, body);
      const [row] = await ctx.db
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
      return row as Row;
    },
  },
  set: ({ input, row }) => ({ remark: input.remark ?? row.remark }),
  notify: async ({ ctx, row }) => [
    {
      to: { tenants: [row.partnerTenantId] },
      title: 'notice.partner_invited',
      params: { shipper: await shipperName(ctx.db, ctx.auth.tenantId) },
      link: '/partner',
      type: 'business',
    },
  ],
});

/** The company an invitation names: by id, or an exact code, phone or name, or a single match. */
async function inviteTarget(ctx: CommandCtx, body: z.infer<typeof inviteBody>) {
  let targetId = body.partnerTenantId;
  if (!targetId) {
    const found = await findCandidates(ctx.db, body);
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
  if (!partnerEnds.some((end) => end === target.end)) throw badRequest('partner.bad_end');
  return target;
}

/** The invitation the partner answers: by id, by shipper, or the latest pending one. */
async function invitationOf(ctx: CommandCtx, body: z.infer<typeof acceptInviteBody>) {
  const [link] = await ctx.db
    .select({ id: partnerships.id })
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
    .limit(1);
  if (!link) throw new AppError(404, 'partner.no_invitation');
  return link.id;
}

const answerCommon = {
  ...partnershipCommon,
  target: invitationOf,
  scope: (ctx: CommandCtx) => eq(partnerships.partnerTenantId, ctx.auth.tenantId),
  who: {
    own: (ctx: CommandCtx, row: RowOf<typeof partnerships>) => row.partnerTenantId === ctx.auth.tenantId,
  },
};

/** The shipper who invited hears the answer (the one who answered knows it already). */
const tellInviter =
  (title: 'notice.partner_accepted' | 'notice.partner_declined') =>
  async ({ ctx, row }: { ctx: CommandCtx; row: RowOf<typeof partnerships> }) => [
    {
      to: { tenants: [row.tenantId] },
      title,
      params: { partner: await shipperName(ctx.db, row.partnerTenantId) },
      link: '/partner',
      type: 'business',
    },
  ];

export const acceptInvitation = defineCommand({
  ...answerCommon,
  operation: projectOps.accept,
  name: 'partnership.accept',
  event: 'accept',
  notify: tellInviter('notice.partner_accepted'),
});

export const declineInvitation = defineCommand({
  ...answerCommon,
  operation: projectOps.decline,
  name: 'partnership.decline',
  event: 'decline',
  notify: tellInviter('notice.partner_declined'),
});

export async function partnerRoutes(app: FastifyInstance) {
  mount(app, projectOps.customers, async (request) => {
    const ctx = ctxOf(app, request);
    const q = request.query;
    if (!q.keyword && !q.corporateName && !q.corporateCode && !q.phone)
      throw badRequest('partner.keyword_required');
    const content = await withStatus(app.db, ctx.auth.tenantId, await findCandidates(app.db, q));
    return { content, totalElements: content.length };
  });
  registerCommands(app, [invitePartner, acceptInvitation, declineInvitation]);

  mount(app, projectOps.endPartnerships, async (request) => {
    const ctx = ctxOf(app, request);
    const ids = [...new Set(request.body)];
    const deleted = await app.db.transaction(async (db) => {
      const rows = await db
        .select()
        .from(partnerships)
        .where(
          and(
            inArray(partnerships.id, ids),
            or(
              eq(partnerships.tenantId, ctx.auth.tenantId),
              eq(partnerships.partnerTenantId, ctx.auth.tenantId),
            ),
          ),
        )
        .for('update');
      if (rows.length !== ids.length) throw notFound();
      for (const r of rows) {
        // Only the shipper who invited ends a partnership or withdraws an invitation.
        if (r.tenantId !== ctx.auth.tenantId) throw new AppError(403, 'partner.not_inviter', { id: r.id });
        const [onBatch] = await db
          .select({ id: batchPartners.id })
          .from(batchPartners)
          .where(
            and(eq(batchPartners.tenantId, r.tenantId), eq(batchPartners.partnerTenantId, r.partnerTenantId)),
          )
          .limit(1);
        if (onBatch) throw badRequest('partner.in_use', { id: r.id });
        await recordChange(db, ctx.auth, {
          tenantId: r.tenantId,
          entity: 'partnership',
          entityId: r.id,
          action: 'delete',
          from: r.status,
          partyTenantId: r.partnerTenantId,
        });
      }
      await db.delete(partnerships).where(inArray(partnerships.id, ids));
      return rows.length;
    });
    return { deleted };
  });
}
