// Role administration: one role with its grants, menu assignment, function (button) assignment,
// and the function-permission catalogue grouped by end and menu (viewFunctionPermissionMenu).

import { dataScopes } from '@tradelane/contract';
import { roleOps as ops } from '@tradelane/contract/api/system';
import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { functionPermissions, menus, rolesDepts, rolesMenus, sysRolesFunction } from '../../db/schema.ts';
import { AppError, forbidden } from '../../http/errors.ts';
import { mount } from '../../http/mount.ts';
import { type Ctx, ctxOf, getVisible, listRows } from '../../resources/engine.ts';
import { rolesResource } from '../system/resources.ts';
import { callerMenuIds, setRoleMenus } from '../system/role-hooks.ts';

/** A role the caller may change: its own tenant's (or any, for platform admins), not above its level. */
async function editableRole(ctx: Ctx, id: number) {
  const role = await getVisible(rolesResource, ctx, id);
  if (!ctx.auth.isPlatformAdmin && role.tenantId === null) throw forbidden();
  if (!ctx.auth.isPlatformAdmin && role.level < ctx.auth.level) {
    throw new AppError(403, 'role.level_too_high', { level: ctx.auth.level, target: role.level });
  }
  return role;
}

/** A stored role as the contract answers it: its data scope (free text in the table) one the contract knows. */
function roleAnswer<R extends { id: number; dataScope: string }>(role: R) {
  const dataScope = dataScopes.find((s) => s === role.dataScope);
  if (!dataScope) throw new Error(`role ${role.id}: unknown data scope ${role.dataScope}`);
  return { ...role, dataScope };
}

export async function roleAdminRoutes(app: FastifyInstance) {
  mount(app, ops.level, async (request) => ({
    level: ctxOf(app, request).auth.level,
  }));

  mount(app, ops.all, async (request) => {
    const ctx = ctxOf(app, request);
    return (await listRows(rolesResource, ctx, { size: 1000, sort: 'level,asc' })).content.map(roleAnswer);
  });

  mount(app, ops.detail, async (request) => {
    const ctx = ctxOf(app, request);
    const { id } = request.query;
    const role = await getVisible(rolesResource, ctx, id);
    const [menuRows, deptRows, fnRows] = await Promise.all([
      ctx.db.select({ id: rolesMenus.menuId }).from(rolesMenus).where(eq(rolesMenus.roleId, id)),
      ctx.db.select({ id: rolesDepts.deptId }).from(rolesDepts).where(eq(rolesDepts.roleId, id)),
      ctx.db
        .select({ id: sysRolesFunction.functionPermissionId })
        .from(sysRolesFunction)
        .where(eq(sysRolesFunction.roleId, id)),
    ]);
    return {
      ...roleAnswer(role),
      menus: menuRows.map((r) => r.id),
      depts: deptRows.map((r) => r.id),
      functions: fnRows.map((r) => r.id),
    };
  });

  mount(app, ops.menus, async (request) => {
    const ctx = ctxOf(app, request);
    const { body } = request;
    return ctx.db.transaction(async (tx) => {
      const tctx = { ...ctx, db: tx };
      await editableRole(tctx, body.id);
      await setRoleMenus(tctx, body.id, body.menus);
      return { id: body.id, menus: [...new Set(body.menus)] };
    });
  });

  /** Replace a role's function (button) permissions; only functions on menus the caller holds. */
  mount(app, ops.functions, async (request) => {
    const ctx = ctxOf(app, request);
    const { body } = request;
    return ctx.db.transaction(async (tx) => {
      const tctx = { ...ctx, db: tx };
      await editableRole(tctx, body.roleId);
      const ids = [...new Set(body.functionPermissionIds)];
      if (ids.length) {
        const found = await tx
          .select({ id: functionPermissions.id, menuId: functionPermissions.menuId })
          .from(functionPermissions)
          .where(inArray(functionPermissions.id, ids));
        if (found.length !== ids.length)
          throw new AppError(400, 'validation', { field: 'functionPermissionIds', reason: ids.join(',') });
        const mine = await callerMenuIds(tctx);
        if (mine && found.some((f) => !mine.includes(f.menuId)))
          throw new AppError(403, 'role.grant_exceeds');
      }
      await tx.delete(sysRolesFunction).where(eq(sysRolesFunction.roleId, body.roleId));
      if (ids.length) {
        await tx.insert(sysRolesFunction).values(
          ids.map((functionPermissionId) => ({
            roleId: body.roleId,
            functionPermissionId,
            createBy: ctx.auth.username,
          })),
        );
      }
      return { roleId: body.roleId, functionPermissionIds: ids };
    });
  });

  /** The catalogue of function permissions grouped by end and menu (sorted by belongEnd, belongMenu). */
  mount(app, ops.functionCatalogue, async (request) => {
    const ctx = ctxOf(app, request);
    const mine = await callerMenuIds(ctx);
    const rows = await ctx.db
      .select({ fp: functionPermissions, menuTitle: menus.title, menuEnTitle: menus.enTitle })
      .from(functionPermissions)
      .innerJoin(menus, eq(menus.id, functionPermissions.menuId))
      .where(
        mine
          ? mine.length
            ? inArray(functionPermissions.menuId, mine)
            : eq(functionPermissions.id, -1)
          : undefined,
      )
      .orderBy(
        asc(functionPermissions.belongEnd),
        asc(functionPermissions.belongMenu),
        asc(functionPermissions.id),
      );
    const groups = new Map<
      string,
      {
        belongEnd: number;
        belongMenu: string | null;
        menuId: number;
        menuTitle: string;
        menuEnTitle: string | null;
        functions: (typeof functionPermissions.$inferSelect)[];
      }
    >();
    for (const r of rows) {
      const key = `${r.fp.belongEnd}|${r.fp.belongMenu}|${r.fp.menuId}`;
      let g = groups.get(key);
      if (!g) {
        g = {
          belongEnd: r.fp.belongEnd,
          belongMenu: r.fp.belongMenu,
          menuId: r.fp.menuId,
          menuTitle: r.menuTitle,
          menuEnTitle: r.menuEnTitle,
          functions: [],
        };
        groups.set(key, g);
      }
      g.functions.push(r.fp);
    }
    return [...groups.values()];
  });
}
