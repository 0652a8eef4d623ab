// What a user may do: roles → menu permission strings and function grants; computed once per request.

import { type Grant, RoleType } from '@tradelane/contract';
import { and, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import {
  depts,
  functionPermissions,
  menus,
  roles,
  rolesDepts,
  rolesMenus,
  sysRolesFunction,
  usersRoles,
} from '../db/schema.ts';

export interface AccessUser {
  id: number;
  username: string;
  tenantId: number;
  deptId: number | null;
  roleType: number;
}

export interface Access {
  roleIds: number[];
  roleNames: string[];
  /** Permission strings; `admin` for platform administrators. */
  permissions: string[];
  /** Function (button) grants: menuId + functionName (spec §6); menuKey names the menu for server checks. */
  functions: { menuId: number; functionName: string; menuKey: string | null }[];
  /** The smallest (most powerful) role level the user holds. */
  level: number;
  /** Department ids the user may see inside the tenant; null = all. */
  deptScope: number[] | null;
}

export const isPlatformAdmin = (user: { roleType: number }) => user.roleType === RoleType.admin;

type RoleRow = { id: number; name: string; level: number; dataScope: string };
type FunctionRow = Access['functions'][number];

/**
 * The caller's roles, permission strings and function grants as three JSON columns of the query that
 * reads the session (one round trip per request). `userId` is the outer query's user id.
 */
export function accessColumns(userId: SQL | AnyPgColumn) {
  const roleIdsOf = sql`(select ${usersRoles.roleId} from ${usersRoles} where ${usersRoles.userId} = ${userId})`;
  return {
    roles: sql<
      RoleRow[] | null
    >`(select json_agg(json_build_object('id', ${roles.id}, 'name', ${roles.name}, 'level', ${roles.level}, 'dataScope', ${roles.dataScope})) from ${usersRoles} join ${roles} on ${roles.id} = ${usersRoles.roleId} where ${usersRoles.userId} = ${userId})`,
    permissions: sql<
      string[] | null
    >`(select json_agg(distinct ${menus.permission}) from ${rolesMenus} join ${menus} on ${menus.id} = ${rolesMenus.menuId} where ${rolesMenus.roleId} in ${roleIdsOf} and ${menus.permission} is not null)`,
    functions: sql<
      FunctionRow[] | null
    >`(select json_agg(distinct jsonb_build_object('menuId', ${functionPermissions.menuId}, 'functionName', ${functionPermissions.functionName}, 'menuKey', ${menus.menuKey})) from ${sysRolesFunction} join ${functionPermissions} on ${functionPermissions.id} = ${sysRolesFunction.functionPermissionId} join ${menus} on ${menus.id} = ${functionPermissions.menuId} where ${sysRolesFunction.roleId} in ${roleIdsOf})`,
  };
}

/** Access from rows already read (the session query's JSON columns); departments only when scoped. */
export async function accessFrom(
  db: Db,
  user: AccessUser,
  roleRows: RoleRow[],
  permissionStrings: (string | null)[],
  functions: FunctionRow[],
): Promise<Access> {
  const permissions = new Set<string>();
  if (isPlatformAdmin(user)) permissions.add('admin');
  for (const p of permissionStrings)
    for (const one of (p ?? '').split(',')) if (one.trim()) permissions.add(one.trim());
  return {
    roleIds: roleRows.map((r) => r.id),
    roleNames: roleRows.map((r) => r.name),
    permissions: [...permissions],
    functions: roleRows.length ? functions : [],
    level: roleRows.length ? Math.min(...roleRows.map((r) => r.level)) : 999,
    deptScope: await computeDeptScope(db, user, roleRows),
  };
}

export async function loadAccess(db: Db, user: AccessUser): Promise<Access> {
  const roleRows = await db
    .select({ id: roles.id, name: roles.name, level: roles.level, dataScope: roles.dataScope })
    .from(usersRoles)
    .innerJoin(roles, eq(roles.id, usersRoles.roleId))
    .where(eq(usersRoles.userId, user.id));
  const roleIds = roleRows.map((r) => r.id);
  const level = roleRows.length ? Math.min(...roleRows.map((r) => r.level)) : 999;
  const permissions = new Set<string>();
  if (isPlatformAdmin(user)) permissions.add('admin');
  let functions: Access['functions'] = [];
  if (roleIds.length) {
    const perms = await db
      .selectDistinct({ permission: menus.permission })
      .from(rolesMenus)
      .innerJoin(menus, eq(menus.id, rolesMenus.menuId))
      .where(and(inArray(rolesMenus.roleId, roleIds), isNotNull(menus.permission)));
    for (const p of perms)
      for (const one of (p.permission ?? '').split(',')) if (one.trim()) permissions.add(one.trim());
    functions = await db
      .selectDistinct({
        menuId: functionPermissions.menuId,
        functionName: functionPermissions.functionName,
        menuKey: menus.menuKey,
      })
      .from(sysRolesFunction)
      .innerJoin(functionPermissions, eq(functionPermissions.id, sysRolesFunction.functionPermissionId))
      .innerJoin(menus, eq(menus.id, functionPermissions.menuId))
      .where(inArray(sysRolesFunction.roleId, roleIds));
  }
  const deptScope = await computeDeptScope(db, user, roleRows);
  return {
    roleIds,
    roleNames: roleRows.map((r) => r.name),
    permissions: [...permissions],
    functions,
    level,
    deptScope,
  };
}

/** Data scope (EL-ADMIN): all, own department and below, or custom departments; the widest role wins. */
async function computeDeptScope(
  db: Db,
  user: AccessUser,
  roleRows: { id: number; dataScope: string }[],
): Promise<number[] | null> {
  if (isPlatformAdmin(user) || roleRows.length === 0 || roleRows.some((r) => r.dataScope === 'all'))
    return null;
  const ids = new Set<number>();
  if (roleRows.some((r) => r.dataScope === 'ownDept') && user.deptId) {
    for (const id of await deptAndChildren(db, user.deptId)) ids.add(id);
  }
  const custom = roleRows.filter((r) => r.dataScope === 'custom').map((r) => r.id);
  if (custom.length) {
    const rows = await db
      .select({ deptId: rolesDepts.deptId })
      .from(rolesDepts)
      .where(inArray(rolesDepts.roleId, custom));
    for (const r of rows) for (const id of await deptAndChildren(db, r.deptId)) ids.add(id);
  }
  return [...ids];
}

export async function deptAndChildren(db: Db, deptId: number): Promise<number[]> {
  const out = [deptId];
  let frontier = [deptId];
  while (frontier.length) {
    const rows = await db.select({ id: depts.id }).from(depts).where(inArray(depts.pid, frontier));
    frontier = rows.map((r) => r.id).filter((id) => !out.includes(id));
    out.push(...frontier);
  }
  return out;
}

/** A function grant, e.g. ('user:list', 'add'): platform admins hold every one. */
export function hasFunction(
  access: Pick<Access, 'permissions' | 'functions'>,
  fn: readonly [string, string] | undefined,
) {
  if (!fn || access.permissions.includes('admin')) return true;
  return access.functions.some((f) => f.menuKey === fn[0] && f.functionName === fn[1]);
}

export function hasPermission(
  access: Pick<Access, 'permissions'>,
  required: Grant | readonly Grant[] | undefined,
) {
  if (!required) return true;
  if (access.permissions.includes('admin')) return true;
  const list: readonly Grant[] = typeof required === 'string' ? [required] : required;
  return list.some((p) => access.permissions.includes(p));
}
