// Read-only views of the system area (spec §7): viewFunctionPermissionMenu (function permissions with
// their menu, sorted by belongEnd and belongMenu) and auxiliary/getUuid.

import { randomUUID } from 'node:crypto';
import { families } from '@tradelane/contract/api/families';
import { systemOps } from '@tradelane/contract/api/system';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { functionPermissions, menus } from '../../db/schema.ts';
import { mount } from '../../http/mount.ts';
import { defineResource, type Row, registerResource } from '../../resources/engine.ts';

/** GET /api/viewFunctionPermissionMenu: each function permission with its menu's title and permission. */
export const viewFunctionPermissionMenuResource = defineResource({
  family: families.viewFunctionPermissionMenu,
  table: functionPermissions,
  create: z.object({}),
  filters: { menuId: 'equal', functionName: 'like', belongEnd: 'equal', belongMenu: 'equal' },
  defaultSort: ['belongEnd,asc', 'belongMenu,asc'],
  // Role editors pick functions from it, as they do from functionPermission.
  permissions: { list: ['functionPermission:list', 'roles:list'] },
  scope: 'platform',
  actions: ['list'],
  hooks: {
    decorate: async (ctx, rows) => {
      const ids = [...new Set(rows.map((r) => r.menuId))];
      const found = ids.length
        ? await ctx.db
            .select({
              id: menus.id,
              title: menus.title,
              enTitle: menus.enTitle,
              permission: menus.permission,
            })
            .from(menus)
            .where(inArray(menus.id, ids))
        : [];
      return rows.map((r: Row) => {
        const m = found.find((x) => x.id === r.menuId);
        return {
          ...r,
          menuTitle: m?.title ?? null,
          menuEnTitle: m?.enTitle ?? null,
          menuPermission: m?.permission ?? null,
        };
      });
    },
  },
});

export async function systemViewRoutes(app: FastifyInstance) {
  registerResource(app, viewFunctionPermissionMenuResource);
  // A fresh identifier for a client that needs one before it saves (e.g. a captcha or an upload batch).
  mount(app, systemOps.uuid, async () => ({ uuid: randomUUID() }));
}
