// Menus and departments are trees: no cycles, no orphaned children; departments stay inside a tenant.

import type { deptCreate, menuCreate } from '@tradelane/contract';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { deptAndChildren } from '../../access/service.ts';
import type { Db } from '../../db/client.ts';
import { depts, functionPermissions, menus, rolesMenus, sysRolesFunction, users } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import type { ResourceHooks } from '../../resources/engine.ts';

export async function menuAndChildren(db: Db, id: number): Promise<number[]> {
  const out = [id];
  let frontier = [id];
  while (frontier.length) {
    const rows = await db.select({ id: menus.id }).from(menus).where(inArray(menus.pid, frontier));
    frontier = rows.map((r) => r.id).filter((x) => !out.includes(x));
    out.push(...frontier);
  }
  return out;
}

export const menuHooks: ResourceHooks<typeof menus, z.output<typeof menuCreate>> = {
  beforeCreate: async (ctx, data) => {
    if (data.pid) {
      const [p] = await ctx.db.select({ id: menus.id }).from(menus).where(eq(menus.id, data.pid));
      if (!p) throw badRequest('validation', { field: 'pid', reason: String(data.pid) });
    }
    return data;
  },
  beforeUpdate: async (ctx, existing, data) => {
    if (data.pid && (await menuAndChildren(ctx.db, existing.id)).includes(data.pid)) {
      throw badRequest('menu.self_parent');
    }
    return data;
  },
  beforeDelete: async (ctx, rows) => {
    const ids = rows.map((r) => r.id);
    const children = await ctx.db.select({ id: menus.id }).from(menus).where(inArray(menus.pid, ids));
    if (children.some((c) => !ids.includes(c.id))) throw badRequest('menu.has_children');
    await ctx.db.delete(rolesMenus).where(inArray(rolesMenus.menuId, ids));
    const fps = await ctx.db
      .select({ id: functionPermissions.id })
      .from(functionPermissions)
      .where(inArray(functionPermissions.menuId, ids));
    if (fps.length) {
      const fpIds = fps.map((f) => f.id);
      await ctx.db.delete(sysRolesFunction).where(inArray(sysRolesFunction.functionPermissionId, fpIds));
      await ctx.db.delete(functionPermissions).where(inArray(functionPermissions.id, fpIds));
    }
  },
};

export const deptHooks: ResourceHooks<typeof depts, z.output<typeof deptCreate>> = {
  beforeCreate: async (ctx, data) => {
    if (data.pid) {
      const [p] = await ctx.db.select().from(depts).where(eq(depts.id, data.pid));
      if (!p || (!ctx.auth.isPlatformAdmin && p.tenantId !== ctx.auth.tenantId)) {
        throw badRequest('validation', { field: 'pid', reason: String(data.pid) });
      }
      data.tenantId = p.tenantId;
    }
    return data;
  },
  beforeUpdate: async (ctx, existing, data) => {
    if (data.pid) {
      if ((await deptAndChildren(ctx.db, existing.id)).includes(data.pid))
        throw badRequest('menu.self_parent');
      const [p] = await ctx.db.select().from(depts).where(eq(depts.id, data.pid));
      if (!p || p.tenantId !== existing.tenantId)
        throw badRequest('validation', { field: 'pid', reason: String(data.pid) });
    }
    return data;
  },
  beforeDelete: async (ctx, rows) => {
    const ids = rows.map((r) => r.id);
    const children = await ctx.db.select({ id: depts.id }).from(depts).where(inArray(depts.pid, ids));
    if (children.some((c) => !ids.includes(c.id))) throw badRequest('dept.has_children');
    // Spec §6: users of a deleted department move to the default organization (the tenant's root).
    for (const r of rows) {
      // A department of no tenant has no root to fall back to.
      const [root] =
        r.tenantId === null
          ? []
          : await ctx.db
              .select({ id: depts.id })
              .from(depts)
              .where(and(eq(depts.tenantId, r.tenantId), isNull(depts.pid)))
              .orderBy(asc(depts.id));
      const target = root && !ids.includes(root.id) ? root.id : null;
      await ctx.db.update(users).set({ deptId: target }).where(eq(users.deptId, r.id));
    }
  },
};
