// Which server menu the current page is, and its menu id (for function permissions).
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { api } from '../api/endpoints.ts';
import type { MenuRoute } from '../api/types.ts';
import { type FlatMenu, findMenu, joinPath } from '../router/menu.ts';
import { useSession } from '../stores/session.ts';

/** A built menu node may carry its id as `meta.menuId` (requested from the server, see .tmp notes). */
function metaMenuId(menus: MenuRoute[] | null, fullPath: string, base = '/'): number | null {
  for (const m of menus ?? []) {
    const p = joinPath(base, m.path);
    if (p.toLowerCase() === fullPath.toLowerCase()) {
      const id = (m.meta as { menuId?: unknown } | undefined)?.menuId;
      return typeof id === 'number' ? id : null;
    }
    const inner = metaMenuId(m.children ?? null, fullPath, p);
    if (inner !== null) return inner;
  }
  return null;
}

export interface PageMenu {
  menu: FlatMenu | undefined;
  menuId: number | null;
}

export function usePageMenu(): PageMenu {
  const params = useParams();
  const menus = useSession((s) => s.menus);
  const roles = useSession((s) => s.roles);
  const path = `/${params['*'] ?? ''}`;
  const menu = findMenu(menus, path);
  const direct = menu ? metaMenuId(menus, menu.fullPath) : null;
  const canCatalogue =
    roles.includes('admin') || roles.includes('roles:list') || roles.includes('functionPermission:list');
  const catalogue = useQuery({
    queryKey: ['functionCatalogue'],
    queryFn: api.functionCatalogueSilent,
    enabled: direct === null && Boolean(menu) && canCatalogue && !roles.includes('admin'),
    staleTime: 5 * 60_000,
  });
  if (direct !== null) return { menu, menuId: direct };
  const group = catalogue.data?.find((g) => g.menuTitle === menu?.title.zh);
  return { menu, menuId: group?.menuId ?? null };
}
