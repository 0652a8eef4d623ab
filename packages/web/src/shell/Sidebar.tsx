import { DashboardOutlined } from '@ant-design/icons';
import { Layout, Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { MenuRoute } from '../api/types.ts';
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from '../config.ts';
import type { Lang } from '../i18n/index.ts';
import { joinPath, menuTitle, titleIn } from '../router/menu.ts';
import { useApp } from '../stores/app.ts';
import { useSession } from '../stores/session.ts';
import { useSettings } from '../stores/settings.ts';
import { LogoMark } from './Logo.tsx';
import { menuIcon } from './menu-icons.tsx';

type Item = Required<MenuProps>['items'][number];

/** Menu items derived at render time from the current language. */
function buildItems(menus: MenuRoute[], base: string, lang: Lang, depth = 0): Item[] {
  const items: Item[] = [];
  for (const m of menus) {
    if (m.hidden) continue;
    const full = joinPath(base, m.path);
    const visible = (m.children ?? []).filter((c) => !c.hidden);
    const label = titleIn(menuTitle(m), lang);
    const icon = depth === 0 ? menuIcon(m.meta?.icon ?? undefined) : undefined;
    if (visible.length === 1 && !m.alwaysShow && m.component === 'Layout') {
      const only = visible[0];
      const onlyPath = joinPath(full, only.path);
      items.push({
        key: onlyPath,
        icon: menuIcon(only.meta?.icon ?? m.meta?.icon ?? undefined),
        label: titleIn(menuTitle(only), lang),
      });
    } else if (visible.length) {
      items.push({ key: full, icon, label, children: buildItems(visible, full, lang, depth + 1) });
    } else if (!m.children?.length) {
      items.push({ key: full, icon, label });
    }
  }
  return items;
}

function ancestors(pathname: string): string[] {
  const parts = pathname.split('/').filter(Boolean);
  return parts.slice(0, -1).map((_, i) => `/${parts.slice(0, i + 1).join('/')}`);
}

export function Sidebar() {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh';
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const menus = useSession((s) => s.menus);
  const { sidebarOpened, device } = useApp();
  const { sidebarLogo, uniqueOpened } = useSettings();
  const collapsed = device === 'desktop' ? !sidebarOpened : false;
  const rootKeys = useMemo(() => (menus ?? []).map((m) => joinPath('/', m.path)), [menus]);
  const [openKeys, setOpenKeys] = useState<string[]>(() => ancestors(pathname));

  const items = useMemo<Item[]>(
    () => [
      { key: '/', icon: <DashboardOutlined />, label: t('route.dashboard') },
      ...buildItems(menus ?? [], '/', lang),
    ],
    [menus, lang, t],
  );

  const onOpenChange = (keys: string[]) => {
    if (!uniqueOpened) return setOpenKeys(keys);
    const latest = keys.find((k) => !openKeys.includes(k));
    if (latest && rootKeys.includes(latest)) setOpenKeys([latest]);
    else setOpenKeys(keys);
  };

  if (device === 'mobile' && !sidebarOpened) return null;

  return (
    <Layout.Sider
      className={`sidebar${device === 'mobile' ? ' sidebar-mobile' : ''}`}
      width={SIDEBAR_WIDTH}
      collapsedWidth={SIDEBAR_COLLAPSED_WIDTH}
      collapsed={collapsed}
      theme="dark"
      style={{ background: 'var(--sidebar-bg)', ...(device === 'mobile' ? { position: 'fixed' } : {}) }}
      data-testid="sidebar"
    >
      {sidebarLogo && (
        <Link to="/userCenter" className="sidebar-logo" data-testid="sidebar-logo">
          <span className="sidebar-logo-mark">
            <LogoMark size={28} />
          </span>
          {!collapsed && <span className="sidebar-logo-text">{t('app.shortTitle')}</span>}
        </Link>
      )}
      <Menu
        theme="dark"
        mode="inline"
        items={items}
        selectedKeys={[pathname]}
        openKeys={collapsed ? undefined : openKeys}
        onOpenChange={onOpenChange}
        onClick={({ key }) => {
          if (/^https?:\/\//.test(key)) window.open(key, '_blank', 'noopener');
          else void navigate(key);
        }}
      />
    </Layout.Sider>
  );
}
