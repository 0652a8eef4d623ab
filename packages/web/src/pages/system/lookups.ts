// Lookups shared by admin screens: departments, companies, roles, menus as options and trees.

import { useQuery } from '@tanstack/react-query';
import type { companyAnswer } from '@tradelane/contract';
import { families } from '@tradelane/contract/api/families';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { call } from '../../api/client.ts';
import type { Option, TreeOption } from '../../components/resource/types.ts';
import { type Lang, pick } from '../../i18n/index.ts';
import { useSession } from '../../stores/session.ts';
import { adminApi, type DeptRow, type MenuRow, type RoleRow } from './admin-api.ts';
import { type TreeNode, toTree } from './tree.ts';

const STALE = 60_000;

/** A company as the caller may see it (another's only by its public face). */
export type CompanyRow = z.infer<typeof companyAnswer>;

export function useDepts(): DeptRow[] {
  const q = useQuery({ queryKey: ['resource', 'dept', 'all'], queryFn: adminApi.depts, staleTime: STALE });
  return q.data?.content ?? [];
}

/** Companies the caller can see (own and partners; all for platform admins). */
export function useTenants(): CompanyRow[] {
  const q = useQuery({
    queryKey: ['resource', 'enterpriseInfo', 'all'],
    queryFn: () => call(families.enterpriseInfo.list, { page: 0, size: 1000, sort: 'corporateName,asc' }),
    staleTime: STALE,
  });
  return q.data?.content ?? [];
}

export function useRoles(): RoleRow[] {
  const roles = useSession((s) => s.roles);
  const allowed = roles.includes('admin') || roles.includes('roles:list') || roles.includes('user:list');
  const q = useQuery({
    queryKey: ['resource', 'roles', 'all'],
    queryFn: adminApi.allRoles,
    staleTime: STALE,
    enabled: allowed,
  });
  return q.data ?? [];
}

export function useAllMenus(enabled = true): MenuRow[] {
  const q = useQuery({
    queryKey: ['resource', 'menus', 'all'],
    queryFn: adminApi.allMenus,
    staleTime: STALE,
    enabled,
  });
  return q.data?.content ?? [];
}

export function deptTreeOptions(depts: DeptRow[], tenants: CompanyRow[] = []): TreeOption[] {
  const name = new Map(tenants.map((t) => [t.id, t.corporateName]));
  const conv = (n: TreeNode<DeptRow>): TreeOption => ({
    value: n.id,
    title: n.name || name.get(n.tenantId ?? -1) || String(n.id),
    children: n.children?.map(conv),
  });
  return toTree(depts).map(conv);
}

export function menuTreeOptions(menus: MenuRow[], lang: Lang, withButtons = true): TreeOption[] {
  const conv = (n: TreeNode<MenuRow>): TreeOption => ({
    value: n.id,
    title: pick(lang, n.title, n.enTitle),
    children: n.children?.map(conv),
  });
  return toTree(withButtons ? menus : menus.filter((m) => m.type !== 2)).map(conv);
}

/** A platform template role is named by its code in the user's language; a company's own role by its name. */
export function roleName(r: Pick<RoleRow, 'tenantId' | 'code' | 'name'>, t: TFunction) {
  return r.tenantId === null && r.code
    ? t(`admin.role.templateNames.${r.code}`, { defaultValue: r.name })
    : r.name;
}

export function roleOptions(roles: RoleRow[], t: TFunction): Option[] {
  return roles.map((r) => ({ value: r.id, label: roleName(r, t) }));
}

export function roleTypeOptions(t: (k: string) => string, withAdmin: boolean): Option[] {
  return [0, 1, 2, 3, 4, 5]
    .filter((n) => withAdmin || n !== 3)
    .map((n) => ({ value: n, label: t(`admin.roleType.r${n}`) }));
}
