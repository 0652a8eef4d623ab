// Role administration: one role with its grants, menu assignment, function (button) assignment,
// and the function-permission catalogue grouped by end and menu (viewFunctionPermissionMenu).

import { buildSysRoleFunctionBody } from '@tradelane/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { functionPermissions, menus, rolesDepts, rolesMenus, sysRolesFunction } from '../../db/schema.ts';
import { AppError, forbidden } from '../../http/errors.ts';
import { type Ctx, ctxOf, getVisible, listRows } from '../../resources/engine.ts';
import { rolesResource } from '../system/resources.ts';
import { callerMenuIds, setRoleMenus } from '../system/role-hooks.ts';

/** A role the caller may change: its own tenant's (or any, for platform admins), not above its level. */
async function editableRole(ctx: Ctx, id: number) {
  const role = await getVisible(rolesResource, ctx, id);
  if (!ctx.auth.isPlatformAdmin && role.tenantId === null) throw forbidden();
  if (!ctx.auth.isPlatformAdmin && (role.level as number) < ctx.auth.level) {
    throw new AppError(403, 'role.level_too_high', { level: ctx.auth.level, target: role.level });
  }
  return role;
}

export async function roleAdminRoutes(app: FastifyInstance) {
  const tags = ['roles'];

  app.get('/api/roles/level', { config: { signedIn: true }, schema: { tags } }, async (request) => ({
    level: ctxOf(app, request).auth.level,
  }));

  app.get(
    '/api/roles/all',
    { config: { permission: ['roles:list', 'user:list'] }, schema: { tags } },
    async (request) => {
      const ctx = ctxOf(app, request);
      return (await listRows(rolesResource, ctx, { size: 1000, sort: 'level,asc' })).content;
    },
  );

  app.get(
    '/api/roles/:id',
    {
      config: { permission: 'roles:list' },
      schema: { tags, params: z.object({ id: z.coerce.number().int().positive() }) },
    },
    async (request) => {
      const ctx = ctxOf(app, request);
      const { id } = request.params as { id: number };
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
        ...role,
        menus: menuRows.map((r) => r.id),
        depts: deptRows.map((r) => r.id),
        functions: fnRows.map((r) => r.id),
      };
    },
  );

  const menuBody = z.object({
    id: z.coerce.number().int().positive(),
    menus: z.array(z.coerce.number().int().positive()).max(2000),
  });
  app.put(
    '/api/roles/menu',
    {
      config: { permission: 'roles:edit', describe: 'assign menus to role' },
      schema: { tags, body: menuBody },
    },
    async (request) => {
      const ctx = ctxOf(app, request);
      const body = request.body as z.infer<typeof menuBody>;
      return ctx.db.transaction(async (tx) => {
        const tctx = { ...ctx, db: tx as unknown as Ctx['db'] };
        await editableRole(tctx, body.id);
        await setRoleMenus(tctx, body.id, body.menus);
        return { id: body.id, menus: [...new Set(body.menus)] };
      });
    },
  );

  /** Replace a role's function (button) permissions; only functions on menus the caller holds. */
  app.post(
    '/api/sysRolesFunction/buildSysRoleFunction',
    {
      config: { permission: 'roles:edit', describe: 'assign functions to role' },
      schema: { tags: ['sysRolesFunction'], body: buildSysRoleFunctionBody },
    },
    async (request) => {
      const ctx = ctxOf(app, request);
      const body = request.body as z.infer<typeof buildSysRoleFunctionBody>;
      return ctx.db.transaction(async (tx) => {
        const tctx = { ...ctx, db: tx as unknown as Ctx['db'] };
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
    },
  );

  /** The catalogue of function permissions grouped by end and menu (sorted by belongEnd, belongMenu). */
  app.get(
    '/api/functionPermission/viewFunctionPermissionMenu',
    {
      config: { permission: ['functionPermission:list', 'roles:list'] },
      schema: { tags: ['functionPermission'] },
    },
    async (request) => {
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
    },
  );
}
