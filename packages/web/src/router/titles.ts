import type { TFunction } from 'i18next';
import type { MenuRoute } from '../api/types.ts';
import type { Lang } from '../i18n/index.ts';
import { normalizePath } from './guard.ts';
import { findMenu, titleIn } from './menu.ts';

const STATIC_TITLES: Record<string, string> = {
  '/': 'route.dashboard',
  '/login': 'route.login',
  '/register': 'route.register',
  '/logon': 'route.logon',
  '/information': 'route.information',
  '/news/center': 'route.messageCenter',
  '/usercenter': 'route.userCenter',
  '/user/center': 'route.userCenter',
  '/401': 'route.noPermission',
  '/404': 'route.notFound',
};

/** The title of a path in the current language, derived at render time (never stored). */
export function routeTitle(path: string, menus: MenuRoute[] | null, lang: Lang, t: TFunction): string {
  const p = normalizePath(path);
  const key = STATIC_TITLES[p.toLowerCase()];
  if (key) return t(key);
  if (p.startsWith('/redirect')) return t('route.redirect');
  if (p.startsWith('/scan/box/')) return t('project.boxes.scanTitle');
  const menu = findMenu(menus, p);
  return menu ? titleIn(menu.title, lang) : t('route.notFound');
}

export function documentTitle(route: string, product: string): string {
  return route ? `${route} - ${product}` : product;
}
