import { App, theme as antdTheme, ConfigProvider } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { configureRequest } from '../api/request.ts';
import { antdLocale } from '../i18n/index.ts';
import { useApp } from '../stores/app.ts';
import { useSettings } from '../stores/settings.ts';
import { antdStatic } from './antd-static.ts';

/** Registers antd's context-aware message API as the request client's notifier. */
function NotifierBridge() {
  const { message } = App.useApp();
  useEffect(() => {
    configureRequest({
      notify: {
        error: (text, d) => void message.error(text, d),
        warning: (text, d) => void message.warning(text, d),
      },
    });
  }, [message]);
  return null;
}

/** The reader's system setting "reduce motion" (an accessibility setting): antd then opens and closes without animation. */
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
function useReducedMotion(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia?.(REDUCED_MOTION);
      query?.addEventListener('change', changed);
      return () => query?.removeEventListener('change', changed);
    },
    () => Boolean(window.matchMedia?.(REDUCED_MOTION).matches),
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const primary = useSettings((s) => s.theme);
  const size = useApp((s) => s.size);
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const reducedMotion = useReducedMotion();
  useEffect(() => {
    dayjs.locale(lang === 'en' ? 'en' : 'zh-cn');
  }, [lang]);
  return (
    <ConfigProvider
      locale={antdLocale(lang)}
      componentSize={size}
      theme={{
        algorithm: antdTheme.defaultAlgorithm,
        // The build links antd's styles (antd-static.ts): only the theme's CSS variables are computed here.
        hashed: false,
        zeroRuntime: antdStatic,
        token: {
          colorPrimary: primary,
          borderRadius: 6,
          fontFamily: 'var(--app-font)',
          motion: !reducedMotion,
        },
      }}
    >
      <App>
        <NotifierBridge />
        {children}
      </App>
    </ConfigProvider>
  );
}
