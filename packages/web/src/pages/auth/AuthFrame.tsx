import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageToggle } from '../../shell/LanguageToggle.tsx';
import { useSettings } from '../../stores/settings.ts';
import { AuthBrand } from './AuthBrand.tsx';

/** Two-panel frame of the login, register and reset screens. */
export function AuthFrame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const theme = useSettings((s) => s.theme);
  const { footerTxt, caseNumber } = useSettings();
  return (
    <div className="auth">
      <AuthBrand
        words={{
          heroTitle: t('login.heroTitle'),
          heroText: t('login.heroText'),
          heroPoint1: t('login.heroPoint1'),
          heroPoint2: t('login.heroPoint2'),
          heroPoint3: t('login.heroPoint3'),
        }}
        title={t('app.shortTitle')}
        theme={theme}
        foot={
          <>
            {footerTxt} {caseNumber}
          </>
        }
        logoLink={(children) => (
          <Link to="/Information" className="auth-brand-logo" style={{ color: '#fff' }}>
            {children}
          </Link>
        )}
      />
      <main className="auth-main">
        <div className="auth-top">
          <LanguageToggle />
        </div>
        <ConfigProvider componentSize="middle">
          <div className="auth-card">
            <h2 className="auth-title">{title}</h2>
            {children}
          </div>
        </ConfigProvider>
      </main>
    </div>
  );
}
