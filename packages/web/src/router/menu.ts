import type { MenuRoute } from '../api/types.ts';
import type { Lang } from '../i18n/index.ts';

export interface BilingualTitle {
  zh: string;
  en: string;
}

export interface FlatMenu {
  fullPath: string;
  component: string;
  title: BilingualTitle;
  /** Titles of the parent directories, outermost first. */
  parents: { path: string; title: BilingualTitle }[];
  noCache: boolean;
  hidden: boolean;
  icon?: string;
}

export function menuTitle(m: MenuRoute): BilingualTitle {
  const zh = m.meta?.title || m.name || m.path;
  const en = m.meta?.enTitle || m.enName || zh;
  return { zh, en };
}

export function titleIn(title: BilingualTitle, lang: Lang): string {
  return lang === 'en' ? title.en : title.zh;
}

export function joinPath(base: string, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  if (path.startsWith('/')) return path.replace(/\/+$/, '') || '/';
  const joined = `${base.replace(/\/+$/, '')}/${path}`;
  return joined.replace(/\/+/g, '/').replace(/\/+$/, '') || '/';
}

/** All leaf pages of the server menu, with their full paths. */
export function flattenMenus(
  menus: MenuRoute[] | null,
  base = '',
  parents: FlatMenu['parents'] = [],
): FlatMenu[] {
  const out: FlatMenu[] = [];
  for (const m of menus ?? []) {
    const fullPath = joinPath(base || '/', m.path);
    const title = menuTitle(m);
    if (m.children?.length) {
      out.push(...flattenMenus(m.children, fullPath, [...parents, { path: fullPath, title }]));
    } else if (m.component && m.component !== 'Layout') {
      out.push({
        fullPath,
        component: m.component,
        title,
        parents,
        noCache: Boolean(m.meta?.noCache),
        hidden: Boolean(m.hidden),
        icon: m.meta?.icon ?? undefined,
      });
    }
  }
  return out;
}

export function findMenu(menus: MenuRoute[] | null, path: string): FlatMenu | undefined {
  const p = path.replace(/\/+$/, '') || '/';
  return flattenMenus(menus).find((m) => m.fullPath.toLowerCase() === p.toLowerCase());
}

const SHELL_PATHS = ['/', '/usercenter', '/user/center', '/news/center'];

/**
 * Where a link carried by a message or a to-do opens: the path itself when the shell or the menu has
 * it, else the one menu page whose path ends with it ('/partner' → '/project/partner'); null if none.
 */
export function resolveLink(menus: MenuRoute[] | null, link: string | null | undefined): string | null {
  if (!link?.startsWith('/') || link.startsWith('//')) return null;
  const [path, query] = link.split(/\?(.*)/s, 2);
  const p = path.replace(/\/+$/, '') || '/';
  const q = query ? `?${query}` : '';
  if (SHELL_PATHS.includes(p.toLowerCase()) || findMenu(menus, p)) return p + q;
  const tail = flattenMenus(menus).filter((m) => m.fullPath.toLowerCase().endsWith(p.toLowerCase()));
  return tail.length === 1 ? tail[0].fullPath + q : null;
}
