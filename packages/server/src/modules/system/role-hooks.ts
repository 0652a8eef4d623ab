// Roles: level rule (only roles of a level number ≥ the caller's), grants within the caller's own,
// templates editable by platform admins only, users of a deleted role move to the default role.

import type { roleCreate } from '@tradelane/contract';
import { and, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  depts,
  menus,
  roles,
  rolesDepts,
  rolesMenus,
  sysRolesFunction,
  usersRoles,
} from '../../db/schema.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import type { Ctx, ResourceHooks } from '../../resources/engine.ts';

export function checkLevel(ctx: Ctx, level: number) {
  if (!ctx.auth.isPlatformAdmin && level < ctx.auth.level) {
    throw new AppError(403, 'role.level_too_high', { level: ctx.auth.level, target: level });
  }
}

/** Menu ids the caller holds through its roles (all for platform admins). */
export async function callerMenuIds(ctx: Ctx): Promise<number[] | null> {
  if (ctx.auth.isPlatformAdmin) return null;
  if (!ctx.auth.roleIds.length) return [];
  const rows = await ctx.db
    .selectDistinct({ id: rolesMenus.menuId })
    .from(rolesMenus)
    .where(inArray(rolesMenus.roleId, ctx.auth.roleIds));
  return rows.map((r) => r.id);
}

export async function setRoleMenus(ctx: Ctx, roleId: number, menuIds: number[]) {
  const mine = await callerMenuIds(ctx);
  if (mine && menuIds.some((m) => !mine.includes(m))) throw new AppError(403, 'role.grant_exceeds');
  if (menuIds.length) {
    const found = await ctx.db.select({ id: menus.id }).from(menus).where(inArray(menus.id, menuIds));
    if (found.length !== new Set(menuIds).size)
      throw badRequest('validation', { field: 'menus', reason: menuIds.join(',') });
  }
  await ctx.db.delete(rolesMenus).where(eq(rolesMenus.roleId, roleId));
  if (menuIds.length)
    await ctx.db.insert(rolesMenus).values([...new Set(menuIds)].map((menuId) => ({ roleId, menuId })));
}

async function setRoleDepts(db: Db, ctx: Ctx, roleId: number, deptIds: number[], tenantId: number | null) {
  if (deptIds.length) {
    const found = await db
      .select({ id: depts.id })
      .from(depts)
      .where(
        and(
          inArray(depts.id, deptIds),
          ctx.auth.isPlatformAdmin || tenantId === null ? undefined : eq(depts.tenantId, tenantId),
        ),
      );
    if (found.length !== new Set(deptIds).size)
      throw badRequest('validation', { field: 'depts', reason: deptIds.join(',') });
  }
  await db.delete(rolesDepts).where(eq(rolesDepts.roleId, roleId));
  if (deptIds.length)
    await db.insert(rolesDepts).values([...new Set(deptIds)].map((deptId) => ({ roleId, deptId })));
}

export const roleHooks: ResourceHooks<typeof roles, z.output<typeof roleCreate>> = {
  beforeCreate: async (ctx, data) => {
    checkLevel(ctx, data.level);
    const tenantId = ctx.auth.isPlatformAdmin ? (data.tenantId ?? null) : ctx.auth.tenantId;
    return { ...data, tenantId };
  },
  afterCreate: async (ctx, row, data) => {
    await setRoleDepts(ctx.db, ctx, row.id, data.depts ?? [], row.tenantId);
    if (data.menus) await setRoleMenus(ctx, row.id, data.menus);
  },
  beforeUpdate: async (ctx, _existing, data) => {
    // The role itself passed the engine's row check (canEditRole); its new level must too.
    if (data.level !== undefined) checkLevel(ctx, data.level);
    return data;
  },
  afterUpdate: async (ctx, row, data) => {
    if (data.depts) await setRoleDepts(ctx.db, ctx, row.id, data.depts, row.tenantId);
    if (data.menus) await setRoleMenus(ctx, row.id, data.menus);
  },
  beforeDelete: async (ctx, rows) => {
    const ids = rows.map((r) => r.id);
    const [fallback] = await ctx.db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.code, 'default'), isNull(roles.tenantId), notInArray(roles.id, ids)));
    const members = await ctx.db
      .selectDistinct({ userId: usersRoles.userId })
      .from(usersRoles)
      .where(inArray(usersRoles.roleId, ids));
    await ctx.db.delete(usersRoles).where(inArray(usersRoles.roleId, ids));
    await ctx.db.delete(rolesMenus).where(inArray(rolesMenus.roleId, ids));
    await ctx.db.delete(rolesDepts).where(inArray(rolesDepts.roleId, ids));
    await ctx.db.delete(sysRolesFunction).where(inArray(sysRolesFunction.roleId, ids));
    // Spec §6: deleting a role sets its users to the default role (when they have no other role).
    if (fallback && members.length) {
      const still = await ctx.db
        .selectDistinct({ userId: usersRoles.userId })
        .from(usersRoles)
        .where(
          inArray(
            usersRoles.userId,
            members.map((m) => m.userId),
          ),
        );
      const orphans = members.filter((m) => !still.some((s) => s.userId === m.userId));
      if (orphans.length)
        await ctx.db
          .insert(usersRoles)
          .values(orphans.map((m) => ({ userId: m.userId, roleId: fallback.id })));
    }
  },
};
