// The caller's menu tree (GET /api/menus/build) and the admin menu tree helpers of spec §7.

import type { GrantableMenuAnswer, MenuNodeAnswer, MenuRouteAnswer } from '@tradelane/contract';
import { menuOps as ops } from '@tradelane/contract/api/system';
import { and, asc, eq, inArray, isNull, ne, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { menus, rolesMenus } from '../../db/schema.ts';
import { caller } from '../../http/auth.ts';
import { mount, type Sendable } from '../../http/mount.ts';

/** A menu's type: directory, menu or button (the column holds no other). */
type MenuType = 0 | 1 | 2;

import { menuAndChildren } from './tree-hooks.ts';

type MenuRow = typeof menus.$inferSelect;

/** A node of the tree as the contract answers it (the web's menu type is the same schema). */
type BuiltMenu = MenuRouteAnswer;

/** EL-ADMIN's shape: top-level directories are the Layout frame; a top-level menu gets a frame around it. */
export function buildMenuTree(rows: MenuRow[]): BuiltMenu[] {
  const byParent = new Map<number | null, MenuRow[]>();
  for (const r of rows) {
    const list = byParent.get(r.pid ?? null) ?? [];
    list.push(r);
    byParent.set(r.pid ?? null, list);
  }
  for (const list of byParent.values()) list.sort((a, b) => a.sort - b.sort || a.id - b.id);
  const node = (m: MenuRow, top: boolean): BuiltMenu => {
    const kids = (byParent.get(m.id) ?? []).filter((c) => c.type !== 2).map((c) => node(c, false));
    const path = m.iFrame ? (m.path ?? '') : top ? `/${(m.path ?? '').replace(/^\//, '')}` : (m.path ?? '');
    const built: BuiltMenu = {
      name: m.componentName || m.title,
      enName: m.enTitle || m.componentName || m.title,
      path,
      component: m.type === 0 ? (top ? 'Layout' : 'ParentView') : (m.component ?? ''),
      hidden: m.hidden,
      meta: { title: m.title, enTitle: m.enTitle ?? m.title, icon: m.icon, noCache: !m.cache, menuId: m.id },
    };
    if (kids.length) {
      built.children = kids;
      built.alwaysShow = true;
      built.redirect = 'noredirect';
    }
    return built;
  };
  return (byParent.get(null) ?? [])
    .filter((m) => m.type !== 2)
    .map((m) => {
      if (m.type === 0) return node(m, true);
      // A top-level page sits inside the frame.
      const inner = node(m, false);
      return {
        name: inner.name,
        enName: inner.enName,
        path: `/${(m.path ?? '').replace(/^\//, '')}`,
        component: 'Layout',
        hidden: m.hidden,
        meta: inner.meta,
        children: [{ ...inner, path: 'index' }],
      };
    });
}

export async function menuRoutes(app: FastifyInstance) {
  const { db } = app;

  mount(app, ops.build, async (request) => {
    const auth = caller(request);
    let rows: MenuRow[];
    if (auth.isPlatformAdmin) {
      rows = await db.select().from(menus).where(ne(menus.type, 2));
    } else if (auth.roleIds.length) {
      const ids = db
        .selectDistinct({ id: rolesMenus.menuId })
        .from(rolesMenus)
        .where(inArray(rolesMenus.roleId, auth.roleIds));
      rows = await db
        .select()
        .from(menus)
        .where(and(ne(menus.type, 2), inArray(menus.id, ids)));
    } else rows = [];
    // A granted child whose directory was not granted still needs its directory to show.
    const have = new Set(rows.map((r) => r.id));
    let missing = [...new Set(rows.map((r) => r.pid).filter((p): p is number => p !== null && !have.has(p)))];
    while (missing.length) {
      const parents = await db.select().from(menus).where(inArray(menus.id, missing));
      for (const p of parents) {
        rows.push(p);
        have.add(p.id);
      }
      missing = [
        ...new Set(parents.map((r) => r.pid).filter((p): p is number => p !== null && !have.has(p))),
      ];
    }
    return buildMenuTree(rows);
  });

  /** The menus (with buttons) the caller holds, as a tree: what a role editor may grant. */
  mount(app, ops.tree, async (request) => {
    const auth = caller(request);
    let rows: MenuRow[];
    if (auth.isPlatformAdmin) rows = await db.select().from(menus);
    else if (auth.roleIds.length) {
      const ids = db
        .selectDistinct({ id: rolesMenus.menuId })
        .from(rolesMenus)
        .where(inArray(rolesMenus.roleId, auth.roleIds));
      rows = await db.select().from(menus).where(inArray(menus.id, ids));
    } else rows = [];
    rows.sort((a, b) => a.sort - b.sort || a.id - b.id);
    const have = new Set(rows.map((r) => r.id));
    const tree = (pid: number | null): GrantableMenuAnswer[] =>
      rows
        .filter((m) => (m.pid ?? null) === pid || (pid === null && m.pid !== null && !have.has(m.pid)))
        .map((m) => ({
          id: m.id,
          title: m.title,
          enTitle: m.enTitle,
          type: m.type as MenuType,
          permission: m.permission,
          children: tree(m.id),
        }));
    return tree(null);
  });

  mount(app, ops.lazy, async (request) => {
    const { pid } = request.query;
    const cond: SQL = pid ? eq(menus.pid, pid) : isNull(menus.pid);
    const rows = await db.select().from(menus).where(cond).orderBy(asc(menus.sort), asc(menus.id));
    const childCounts = rows.length
      ? await db
          .select({ pid: menus.pid })
          .from(menus)
          .where(
            inArray(
              menus.pid,
              rows.map((r) => r.id),
            ),
          )
      : [];
    return rows.map((r) => {
      const subCount = childCounts.filter((c) => c.pid === r.id).length;
      return { ...r, type: r.type as MenuType, subCount, hasChildren: subCount > 0, leaf: subCount === 0 };
    });
  });

  mount(app, ops.child, async (request) => {
    const { id } = request.query;
    return menuAndChildren(db, id);
  });

  /** The ancestors (and their siblings) of the given menus, for showing them in a tree (EL-ADMIN's superior). */
  mount(app, ops.superior, async (request) => {
    const ids = request.body;
    const all = await db.select().from(menus).orderBy(asc(menus.sort), asc(menus.id));
    const byId = new Map(all.map((m) => [m.id, m]));
    const keep = new Set<number>();
    for (const id of ids) {
      let cur = byId.get(id);
      while (cur) {
        keep.add(cur.id);
        for (const sib of all.filter((m) => m.pid === cur?.pid)) keep.add(sib.id);
        cur = cur.pid ? byId.get(cur.pid) : undefined;
      }
    }
    const rows = all.filter((m) => keep.has(m.id) || (m.pid === null && ids.length === 0));
    const tree = (pid: number | null): Sendable<MenuNodeAnswer>[] =>
      rows
        .filter((m) => (m.pid ?? null) === pid)
        .map((m) => ({ ...m, type: m.type as MenuType, children: tree(m.id) }));
    return tree(null);
  });
}
