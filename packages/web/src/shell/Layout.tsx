import { QueryClientProvider } from '@tanstack/react-query';
import { Layout as AntLayout, Spin } from 'antd';
import {
  Activity,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link, UNSAFE_LocationContext, useLocation, useNavigate, useOutlet } from 'react-router';
import { queryClient } from '../query-client.ts';
import { normalizePath } from '../router/guard.ts';
import { findMenu } from '../router/menu.ts';
import { deviceFor, useApp } from '../stores/app.ts';
import { useDialogs } from '../stores/dialogs.ts';
import { onSessionCleared } from '../stores/logout.ts';
import { roleTypeOf, useSession } from '../stores/session.ts';
import { useSettings } from '../stores/settings.ts';
import { useTags } from '../stores/tags.ts';
import { AppFooter } from './AppFooter.tsx';
import { FeedbackDialog } from './FeedbackDialog.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { LogoMark } from './Logo.tsx';
import { Navbar } from './Navbar.tsx';
import { ReminderDialog } from './ReminderDialog.tsx';
import { needsInvitation, reminderOnLogin } from './reminder-rules.ts';
import { SettingsDrawer } from './SettingsDrawer.tsx';
import { Sidebar } from './Sidebar.tsx';
import { TagsView } from './TagsView.tsx';

onSessionCleared(() => queryClient.clear());

const FREE_PATHS = ['/', '/usercenter', '/user/center', '/news/center'];

/** The anonymous frame of /news/center (announcements). */
function PublicFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="public-frame">
      <header className="public-head">
        <Link to="/Information" className="public-brand">
          <LogoMark size={28} /> {t('app.shortTitle')}
        </Link>
        <span>
          <LanguageSwitch />
          <Link to="/login">{t('route.login')}</Link>
        </span>
      </header>
      <main className="public-main">{children}</main>
    </div>
  );
}

/**
 * Keeps each open tab's page mounted (hidden) while its tag lives, and its window scroll: the page
 * scrolls the window, which all tabs share, so each tab's last position is noted and put back.
 */
function useKeepAlive(path: string, outlet: ReactNode, cacheable: boolean) {
  const cache = useRef(new Map<string, ReactNode>());
  const scrolls = useRef(new Map<string, number>());
  // A closed tab is not kept again until it is left: closing the tab shown re-renders it once more.
  const closed = useRef(new Set<string>());
  const shown = useRef(path);
  const [, force] = useState(0);
  for (const p of closed.current) if (p !== path) closed.current.delete(p);
  const kept = cacheable && !closed.current.has(path);
  if (kept && !cache.current.has(path)) cache.current.set(path, outlet);
  const forget = useCallback((paths: string[]) => {
    for (const p of paths) {
      cache.current.delete(p);
      scrolls.current.delete(p);
      closed.current.add(p);
    }
    force((n) => n + 1);
  }, []);
  useEffect(() => {
    const note = () => scrolls.current.set(shown.current, window.scrollY);
    window.addEventListener('scroll', note, { passive: true });
    return () => window.removeEventListener('scroll', note);
  }, []);
  useLayoutEffect(() => {
    shown.current = path;
    const y = scrolls.current.get(path) ?? 0;
    // After the router's own scroll restoration (which sends every navigation to the top).
    const frame = requestAnimationFrame(() => window.scrollTo(0, y));
    return () => cancelAnimationFrame(frame);
  }, [path]);
  return { cache: cache.current, kept, forget };
}

/**
 * A hidden tab's page keeps the address it was last shown at: the router's location changes with every
 * other page's navigation, and each kept page that reads it (its own query, links) rendered again for
 * each, hidden — 34 tabs open made each click on a menu item half again as slow. Shown again, it reads
 * the address of its own tab.
 */
function KeptLocation({ shown, children }: { shown: boolean; children: ReactNode }) {
  const current = useContext(UNSAFE_LocationContext);
  const kept = useRef(current);
  if (shown) kept.current = current;
  return <UNSAFE_LocationContext.Provider value={kept.current}>{children}</UNSAFE_LocationContext.Provider>;
}

export default function Layout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Shell />
    </QueryClientProvider>
  );
}

function Shell() {
  const { t } = useTranslation();
  const outlet = useOutlet();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  const menus = useSession((s) => s.menus);
  const { device, sidebarOpened, closeSidebar, setDevice } = useApp();
  const { tagsView, fixedHeader } = useSettings();
  const addView = useTags((s) => s.addView);
  const path = normalizePath(pathname);
  const isRedirect = path.startsWith('/redirect');
  const menu = findMenu(menus, path);
  // A path that is neither a shell page nor in the server menu is on its way to / (no tag, no cache).
  const known = FREE_PATHS.includes(path.toLowerCase()) || Boolean(menu);
  const cacheable = known && !isRedirect && !menu?.noCache;
  const { cache, kept, forget } = useKeepAlive(path, outlet, cacheable);

  useEffect(() => {
    const onResize = () => setDevice(deviceFor(window.innerWidth));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [setDevice]);

  // Tabs: the dashboard is affixed; every other visited view gets a tag.
  useEffect(() => {
    if (!token) return;
    addView({ path: '/', fullPath: '/', affix: true });
    if (known && !isRedirect && path !== '/') {
      addView({ path, fullPath: path + search, noCache: menu?.noCache });
    }
  }, [token, path, search, isRedirect, known, menu?.noCache, addView]);

  // On mobile the sidebar closes after a route change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: path is the trigger, not an input
  useEffect(() => {
    if (useApp.getState().device === 'mobile' && useApp.getState().sidebarOpened) closeSidebar();
  }, [path, closeSidebar]);

  // The trial reminder after a login; the invitation notice for modules that need it.
  useEffect(() => {
    if (!token || menus === null) return;
    const s = useSession.getState();
    if (s.consumeReminder()) {
      const type = reminderOnLogin({
        roleType: roleTypeOf(s.user),
        tenantCheckStatus: s.tenantCheckStatus,
        stopday: s.stopday,
      });
      if (type) useDialogs.getState().showReminder(type);
    }
  }, [token, menus]);
  useEffect(() => {
    const s = useSession.getState();
    if (
      s.token &&
      !FREE_PATHS.includes(path.toLowerCase()) &&
      needsInvitation(roleTypeOf(s.user), s.ifparther)
    ) {
      useDialogs.getState().showReminder(4);
    }
  }, [path]);

  const refresh = useCallback(
    (p: string) => {
      forget([p]);
      void navigate(`/redirect${p}`);
    },
    [forget, navigate],
  );

  if (!token) return <PublicFrame>{outlet}</PublicFrame>;

  const pages = (
    <>
      {[...cache.entries()].map(([p, el]) => (
        <Activity key={p} mode={p === path ? 'visible' : 'hidden'}>
          <KeptLocation shown={p === path}>
            <Suspense fallback={<Spin className="page-spin" />}>{el}</Suspense>
          </KeptLocation>
        </Activity>
      ))}
      {!kept && <Suspense fallback={<Spin className="page-spin" />}>{outlet}</Suspense>}
    </>
  );

  return (
    <AntLayout className={`shell${fixedHeader ? ' shell-fixed' : ''}`}>
      <Sidebar />
      {device === 'mobile' && sidebarOpened && (
        <button
          type="button"
          className="sidebar-mask"
          aria-label={t('common.close')}
          onClick={closeSidebar}
        />
      )}
      <AntLayout className="shell-main">
        <header className={`shell-header${fixedHeader ? ' fixed' : ''}`}>
          <Navbar />
          {tagsView && <TagsView onRefresh={refresh} onForget={forget} />}
        </header>
        <AntLayout.Content className="shell-content">{pages}</AntLayout.Content>
        <AppFooter />
      </AntLayout>
      <FeedbackDialog />
      <ReminderDialog />
      <SettingsDrawer />
    </AntLayout>
  );
}
