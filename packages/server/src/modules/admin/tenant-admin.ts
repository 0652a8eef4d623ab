// Platform administration of tenants (spec §6): authorization, check, uncheck, stop, activate, adduser.
// Certification (check, uncheck) and standing (stop, activate, extend the trial) move by the contract's
// machines through the workflow kernel: one transaction, a change record, and the tenant's users told
// through the outbox once it commits, in the catalogue's words.

import {
  certificationMachine,
  certificationStatusLabels,
  RoleType,
  TenantEnd,
  tenantStandingLabels,
  tenantStandingMachine,
} from '@tradelane/contract';
import { tenantOps as ops } from '@tradelane/contract/api/system';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { depts, roles, tenants, users, usersRoles } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { mount } from '../../http/mount.ts';
import { hashPassword } from '../../lib/password.ts';
import { addDays, isoDate } from '../../lib/time.ts';
import { ctxOf, type RowOf } from '../../resources/engine.ts';
import { defineCommand, registerCommands } from '../../workflow/kernel.ts';
import { revokeUserSessions } from '../auth/sessions.ts';

const certification = {
  machine: certificationMachine,
  labels: certificationStatusLabels,
  table: tenants,
  statusColumn: 'checkStatus',
  entity: 'tenant',
  scope: () => undefined,
  who: {},
  // A tenant's own history: the tenant is the owner of the record.
  record: (row: RowOf<typeof tenants>) => ({ tenantId: row.id }),
  answer: async (_ctx: unknown, rows: Record<string, unknown>[]) =>
    rows.map((r) => ({ id: r.id, checkStatus: r.checkStatus, checkReason: r.checkReason })),
};

/** Approve: certified; a shipper's trial accounts become full shipper accounts. */
export const checkTenant = defineCommand({
  ...certification,
  name: 'tenant.check',
  operation: ops.check,
  event: 'check',
  target: async (_ctx, input) => input.id,
  set: () => ({ checkReason: null }),
  effects: async ({ ctx, row }) => {
    await ctx.db
      .update(users)
      .set({ roleType: RoleType.shipper })
      .where(and(eq(users.tenantId, row.id), eq(users.roleType, RoleType.shipperTrial)));
  },
  notify: ({ row }) => [
    {
      to: { tenants: [row.id] },
      title: 'notice.cert_approved',
      body: 'notice.cert_approved_body',
      params: { company: row.corporateName },
      type: 'certification',
    },
  ],
});

/** Reject (or withdraw a certification) with a reason the tenant sees. */
export const uncheckTenant = defineCommand({
  ...certification,
  name: 'tenant.uncheck',
  operation: ops.uncheck,
  event: 'uncheck',
  target: async (_ctx, input) => input.id,
  note: (input) => input.reason,
  set: ({ input }) => ({ checkReason: input.reason }),
  notify: ({ row, input }) => [
    {
      to: { tenants: [row.id] },
      title: 'notice.cert_rejected',
      body: 'notice.cert_rejected_body',
      params: { reason: input.reason },
      type: 'certification',
    },
  ],
});

const standing = {
  ...certification,
  machine: tenantStandingMachine,
  labels: tenantStandingLabels,
  statusColumn: 'active',
  // Its own family: the tenant's `tenant` records are its certification's, in those status words.
  entity: 'tenantStanding',
  target: async (_ctx: unknown, input: { id: number }) => input.id,
  // Read from the row alone, so the tenant list's actions leave out the stop of the caller's own company.
  rowGuards: {
    notOwnTenant: (ctx: { auth: { tenantId: number } }, row: { id: number }) =>
      row.id === ctx.auth.tenantId ? ('user.self_disable' as const) : undefined,
  },
  answer: undefined,
};

/** Stops a company: its users are logged out at once and refused at login until it is activated. */
export const stopTenant = defineCommand({
  ...standing,
  name: 'tenant.stop',
  operation: ops.stop,
  event: 'stop',
  undo: 'tenant.activate',
  effects: async ({ ctx, row }) => {
    const members = await ctx.db.select({ id: users.id }).from(users).where(eq(users.tenantId, row.id));
    for (const m of members) await revokeUserSessions(ctx.db, m.id);
  },
  notify: ({ row }) => [{ to: { tenants: [row.id] }, title: 'notice.tenant_stopped', type: 'certification' }],
  reply: (_ctx, [row]) => ({ id: row.id, active: row.active }),
});

export const activateTenant = defineCommand({
  ...standing,
  name: 'tenant.activate',
  operation: ops.activate,
  event: 'activate',
  notify: ({ row }) => [
    { to: { tenants: [row.id] }, title: 'notice.tenant_activated', type: 'certification' },
  ],
  reply: (_ctx, [row]) => ({ id: row.id, active: row.active }),
});

/** Authorization: extends a tenant's trial by some days (continued use before certification). */
export const extendTrial = defineCommand({
  ...standing,
  name: 'tenant.extendTrial',
  operation: ops.extendTrial,
  event: 'extendTrial',
  // From the trial's end while it runs, else from today.
  set: ({ row, input }) => {
    const end = row.trialEnd;
    const from = end && end > isoDate(new Date()) ? new Date(`${end}T00:00:00Z`) : new Date();
    return { trialEnd: isoDate(addDays(from, input.days)) };
  },
  note: (input) => `+${input.days}`,
  notify: ({ updated }) => [
    {
      to: { tenants: [updated.id] },
      title: 'notice.trial_extended',
      params: { date: updated.trialEnd },
      type: 'certification',
    },
  ],
  reply: (_ctx, [row]) => ({ id: row.id, trialEnd: row.trialEnd }),
});

const END_ROLE: Record<number, string> = {
  [TenantEnd.shipper]: 'shipper',
  [TenantEnd.supplier]: 'supplier',
  [TenantEnd.logistics]: 'logistics',
};
const END_ROLETYPE: Record<number, number> = {
  [TenantEnd.shipper]: RoleType.shipperStaff,
  [TenantEnd.supplier]: RoleType.supplier,
  [TenantEnd.logistics]: RoleType.logistics,
};

export async function tenantAdminRoutes(app: FastifyInstance) {
  const { db } = app;

  const tenantOf = async (id: number) => {
    const [t] = await db.select().from(tenants).where(eq(tenants.id, id));
    if (!t) throw notFound();
    return t;
  };
  registerCommands(app, [checkTenant, uncheckTenant, stopTenant, activateTenant, extendTrial]);

  /** Adds a user to a tenant with the tenant end's template role. */
  mount(app, ops.addUser, async (request) => {
    const ctx = ctxOf(app, request);
    const { body } = request;
    const t = await tenantOf(body.tenantId);
    const user = await db.transaction(async (tx) => {
      const [root] = await tx
        .select({ id: depts.id })
        .from(depts)
        .where(and(eq(depts.tenantId, t.id), isNull(depts.pid)));
      const [u] = await tx
        .insert(users)
        .values({
          tenantId: t.id,
          deptId: root?.id,
          username: body.username,
          nickName: body.nickName ?? body.username,
          phone: body.phone || null,
          email: body.email || null,
          passwordHash: await hashPassword(body.password),
          roleType: END_ROLETYPE[t.end] ?? RoleType.shipperStaff,
          createBy: ctx.auth.username,
        })
        .returning();
      const [role] = await tx
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.code, END_ROLE[t.end] ?? 'default'), isNull(roles.tenantId)));
      if (role) await tx.insert(usersRoles).values({ userId: u.id, roleId: role.id });
      return u;
    });
    const { passwordHash: _, ...rest } = user;
    return rest;
  });
}
