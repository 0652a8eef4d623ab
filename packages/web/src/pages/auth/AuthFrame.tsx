import { CheckCircleFilled } from '@ant-design/icons';
import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageToggle } from '../../shell/LanguageToggle.tsx';
import { LogoMark } from '../../shell/Logo.tsx';
import { useSettings } from '../../stores/settings.ts';

/** Two-panel frame of the login, register and reset screens. */
export function AuthFrame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const theme = useSettings((s) => s.theme);
  const { footerTxt, caseNumber } = useSettings();
  return (
    <div className="auth">
      <aside
        className="auth-brand"
        style={{ background: `linear-gradient(150deg, ${theme} 0%, #0b2545 100%)` }}
      >
        <Link to="/Information" className="auth-brand-logo" style={{ color: '#fff' }}>
          <span style={{ color: 'rgba(255,255,255,0.18)' }}>
            <LogoMark size={40} />
          </span>
          <span>{t('app.shortTitle')}</span>
        </Link>
        <div className="auth-brand-body">
          <h1>{t('login.heroTitle')}</h1>
          <p>{t('login.heroText')}</p>
          <ul>
            {(['heroPoint1', 'heroPoint2', 'heroPoint3'] as const).map((k) => (
              <li key={k}>
                <CheckCircleFilled /> {t(`login.${k}`)}
              </li>
            ))}
          </ul>
        </div>
        <div className="auth-brand-foot">
          {footerTxt} {caseNumber}
        </div>
      </aside>
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
