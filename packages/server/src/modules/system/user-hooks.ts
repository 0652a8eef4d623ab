// Users: passwords hashed, roles assignable only within the caller's reach, sessions end on disable/delete.

import { RoleType, type userCreate } from '@tradelane/contract';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { depts, roles, type users, usersRoles } from '../../db/schema.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import type { Ctx, ResourceHooks } from '../../resources/engine.ts';
import { revokeUserSessions } from '../auth/sessions.ts';

/** Roles the caller may hand out: visible to them and not above their own level (EL-ADMIN). */
async function checkAssignableRoles(ctx: Ctx, roleIds: number[]) {
  if (!roleIds.length) return;
  const rows = await ctx.db
    .select({ id: roles.id, level: roles.level, tenantId: roles.tenantId, code: roles.code })
    .from(roles)
    .where(
      and(
        inArray(roles.id, roleIds),
        ctx.auth.isPlatformAdmin
          ? undefined
          : or(eq(roles.tenantId, ctx.auth.tenantId), isNull(roles.tenantId)),
      ),
    );
  if (rows.length !== new Set(roleIds).size)
    throw badRequest('validation', { field: 'roles', reason: roleIds.join(',') });
  if (ctx.auth.isPlatformAdmin) return;
  const tooHigh = rows.find((r) => r.level < ctx.auth.level);
  if (tooHigh)
    throw new AppError(403, 'role.level_too_high', { level: ctx.auth.level, target: tooHigh.level });
  // A platform template role fits one kind of company: a supplier never takes the shipper's.
  const fits = templateCodesFor(ctx.auth.roleType);
  if (rows.some((r) => r.tenantId === null && !fits.includes(r.code ?? '')))
    throw new AppError(403, 'role.template_not_assignable');
}

/** Template roles a tenant of this kind may hand out (by the caller's own account type). */
function templateCodesFor(roleType: number): string[] {
  if (roleType === RoleType.supplier) return ['supplier', 'default'];
  if (roleType === RoleType.logistics) return ['logistics', 'default'];
  return ['shipper', 'default'];
}

/** The account type of a user a tenant adds: a shipper's staff (5), or the tenant's own kind. */
export function staffRoleType(roleType: number): number {
  if (roleType === RoleType.supplier || roleType === RoleType.logistics) return roleType;
  return RoleType.shipperStaff;
}

async function topLevelOf(ctx: Ctx, userId: number): Promise<number> {
  const rows = await ctx.db
    .select({ level: roles.level })
    .from(usersRoles)
    .innerJoin(roles, eq(roles.id, usersRoles.roleId))
    .where(eq(usersRoles.userId, userId));
  return Math.min(999, ...rows.map((r) => r.level));
}

/** A caller may manage a user only if none of the user's roles ranks above the caller's level. */
export async function checkManageable(ctx: Ctx, userId: number) {
  if (ctx.auth.isPlatformAdmin) return;
  const top = await topLevelOf(ctx, userId);
  if (top < ctx.auth.level)
    throw new AppError(403, 'role.level_too_high', { level: ctx.auth.level, target: top });
}

/** The engine's row check for user writes (update, delete): refused with the level rule's own message. */
export async function canManageUser(ctx: Ctx, row: { id: number }): Promise<boolean> {
  await checkManageable(ctx, row.id);
  return true;
}

async function checkDept(db: Db, deptId: number | null | undefined, tenantId: number) {
  if (deptId === null || deptId === undefined) return;
  const [d] = await db
    .select({ id: depts.id })
    .from(depts)
    .where(and(eq(depts.id, deptId), eq(depts.tenantId, tenantId)));
  if (!d) throw badRequest('validation', { field: 'deptId', reason: String(deptId) });
}

async function setRoles(db: Db, userId: number, roleIds: number[]) {
  await db.delete(usersRoles).where(eq(usersRoles.userId, userId));
  if (roleIds.length)
    await db.insert(usersRoles).values([...new Set(roleIds)].map((roleId) => ({ userId, roleId })));
}

export const userHooks: ResourceHooks<typeof users, z.output<typeof userCreate>> = {
  beforeCreate: async (ctx, data) => {
    const tenantId = ctx.auth.isPlatformAdmin && data.tenantId ? data.tenantId : ctx.auth.tenantId;
    // A tenant's own users get the account type that follows the tenant (docs/decisions.md).
    const roleType = ctx.auth.isPlatformAdmin ? data.roleType : staffRoleType(ctx.auth.roleType);
    await checkDept(ctx.db, data.deptId, tenantId);
    await checkAssignableRoles(ctx, data.roles ?? []);
    return {
      ...data,
      tenantId,
      roleType,
      email: data.email || null,
      phone: data.phone || null,
      passwordHash: await hashPassword(data.password),
    };
  },
  afterCreate: async (ctx, row, data) => setRoles(ctx.db, row.id, data.roles ?? []),
  beforeUpdate: async (ctx, existing, data) => {
    // Who may manage this user, and which of its fields a caller may set (never its own type, roles,
    // enabled flag, tenant or department), the engine has checked from the declaration already.
    if (data.deptId !== undefined) await checkDept(ctx.db, data.deptId, data.tenantId ?? existing.tenantId);
    if (data.roles) await checkAssignableRoles(ctx, data.roles);
    if (data.email === '') data.email = null;
    if (data.phone === '') data.phone = null;
    return data;
  },
  afterUpdate: async (ctx, row, data) => {
    if (data.roles) await setRoles(ctx.db, row.id, data.roles);
    if (row.enabled === false) await revokeUserSessions(ctx.db, row.id);
  },
  beforeDelete: async (ctx, rows) => {
    for (const r of rows) {
      if (r.id === ctx.auth.userId) throw badRequest('user.self_delete');
    }
    const ids = rows.map((r) => r.id);
    await ctx.db.delete(usersRoles).where(inArray(usersRoles.userId, ids));
    for (const id of ids) await revokeUserSessions(ctx.db, id);
  },
};
