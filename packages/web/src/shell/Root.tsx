import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { currentLang, pick } from '../i18n/index.ts';
import { documentTitle, routeTitle } from '../router/titles.ts';
import { useSession } from '../stores/session.ts';
import { useSettings } from '../stores/settings.ts';
import { useAppConfig } from './use-config.ts';
import { useIdleLogout, useUnreadOnRouteChange, useUnreadSocket } from './use-session-effects.ts';

/** The root route: title, idle timer, unread count and socket for every page. */
export default function Root() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const menus = useSession((s) => s.menus);
  const config = useAppConfig();
  const applyServerConfig = useSettings((s) => s.applyServerConfig);
  const lang = i18n.language === 'en' ? 'en' : currentLang();

  useEffect(() => {
    if (config) applyServerConfig(config);
  }, [config, applyServerConfig]);

  useEffect(() => {
    const product = config ? pick(lang, config.title.zh, config.title.en) : t('app.title');
    document.title = documentTitle(routeTitle(pathname, menus, lang, t), product);
  }, [pathname, menus, lang, t, config]);

  useIdleLogout(config?.idleTimeoutMs);
  useUnreadOnRouteChange();
  useUnreadSocket();

  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
