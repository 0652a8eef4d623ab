// Which pages of the menu a user may open, so that what the server points a user to (a to-do, a
// notice's link) is a page that user has: a link to a page one was never given ends on the home page
// or the no-permission page, which reads as a broken product.
import { RoleType } from '@tradelane/contract';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { menus, rolesMenus, users, usersRoles } from '../db/schema.ts';

/** Pages of the shell every signed-in user has (the web's router holds them outside the menu). */
const SHELL_PATHS = ['/', '/usercenter', '/user/center', '/news/center'];

type MenuRow = Pick<typeof menus.$inferSelect, 'id' | 'pid' | 'type' | 'path' | 'iFrame'>;

/** Full route path of every page (type 1) of the menu table, as the web's router builds it. */
export async function pagePaths(db: Db): Promise<Map<number, string>> {
  const rows: MenuRow[] = await db
    .select({ id: menus.id, pid: menus.pid, type: menus.type, path: menus.path, iFrame: menus.iFrame })
    .from(menus);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const join = (base: string, path: string) =>
    (path.startsWith('/') ? path : `${base.replace(/\/+$/, '')}/${path}`).replace(/\/+/g, '/');
  const full = (m: MenuRow): string => {
    const own = m.path ?? '';
    if (m.pid === null) return join('/', own);
    const parent = byId.get(m.pid);
    return parent ? join(full(parent), own) : join('/', own);
  };
  const out = new Map<number, string>();
  for (const m of rows) {
    if (m.type !== 1 || m.iFrame) continue;
    // A top-level page sits in a frame of its own, at <path>/index (see buildMenuTree).
    out.set(m.id, m.pid === null ? join(full(m), 'index') : full(m));
  }
  return out;
}

/**
 * The pages a link may open ('/partner' → '/project/partner', as the web's resolveLink reads it):
 * null for a shell page every user has, else the ids of the menu pages it names (empty: none).
 */
export function pagesOfLink(paths: Map<number, string>, link: string): number[] | null {
  const p = (link.split('?')[0].replace(/\/+$/, '') || '/').toLowerCase();
  if (SHELL_PATHS.includes(p) || p.startsWith('/scan/')) return null;
  const exact = [...paths].filter(([, full]) => full.toLowerCase() === p).map(([id]) => id);
  if (exact.length) return exact;
  const tail = [...paths].filter(([, full]) => full.toLowerCase().endsWith(p));
  return tail.length === 1 ? [tail[0][0]] : [];
}

/** The condition on `users` that a user holds one of these menu pages (platform administrators hold all). */
export function holdsPage(menuIds: number[]): SQL {
  const held = menuIds.length
    ? sql`exists (select 1 from ${usersRoles} join ${rolesMenus} on ${rolesMenus.roleId} = ${usersRoles.roleId} where ${usersRoles.userId} = ${users.id} and ${inArray(rolesMenus.menuId, menuIds)})`
    : sql`false`;
  return or(eq(users.roleType, RoleType.admin), held) as SQL;
}

/** Whether one user (by roles) may open a link. */
export async function mayOpen(
  db: Db,
  who: { roleIds: number[]; isPlatformAdmin: boolean },
  link: string,
  paths?: Map<number, string>,
): Promise<boolean> {
  const ids = pagesOfLink(paths ?? (await pagePaths(db)), link);
  // A link that names no page of the menu is not the menu's to refuse.
  if (ids === null || !ids.length || who.isPlatformAdmin) return true;
  if (!who.roleIds.length) return false;
  const [row] = await db
    .select({ one: sql`1` })
    .from(rolesMenus)
    .where(and(inArray(rolesMenus.roleId, who.roleIds), inArray(rolesMenus.menuId, ids)))
    .limit(1);
  return Boolean(row);
}
