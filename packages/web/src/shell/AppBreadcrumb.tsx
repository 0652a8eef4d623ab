import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { Lang } from '../i18n/index.ts';
import { normalizePath } from '../router/guard.ts';
import { findMenu, titleIn } from '../router/menu.ts';
import { routeTitle } from '../router/titles.ts';
import { useSession } from '../stores/session.ts';

/** Home first, unless the first matched route is the dashboard itself. */
export function AppBreadcrumb() {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh';
  const { pathname } = useLocation();
  const menus = useSession((s) => s.menus);
  const path = normalizePath(pathname);
  const items: { key: string; title: React.ReactNode }[] = [];
  if (path !== '/') items.push({ key: '/', title: <Link to="/">{t('route.dashboard')}</Link> });
  const menu = findMenu(menus, path);
  for (const p of menu?.parents ?? []) items.push({ key: p.path, title: titleIn(p.title, lang) });
  items.push({ key: path, title: routeTitle(path, menus, lang, t) });
  return <Breadcrumb className="app-breadcrumb" items={items} data-testid="breadcrumb" />;
}
