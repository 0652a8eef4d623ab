import { CheckCircleFilled } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { LogoMark } from '../../shell/Logo.tsx';

type HeroKey = 'heroTitle' | 'heroText' | 'heroPoint1' | 'heroPoint2' | 'heroPoint3';

/**
 * The brand panel of the login, register and reset screens. Pure: the app renders it with its translations
 * and router link, and the build renders the same markup into index.html (build-plugins.ts) so /login's
 * panel paints before the app's JavaScript has run.
 */
export function AuthBrand({
  words,
  title,
  theme,
  foot,
  logoLink,
}: {
  words: Record<HeroKey, string>;
  title: string;
  theme: string;
  foot: ReactNode;
  logoLink: (children: ReactNode) => ReactNode;
}) {
  return (
    <aside
      className="auth-brand"
      style={{ background: `linear-gradient(150deg, ${theme} 0%, #0b2545 100%)` }}
    >
      {logoLink(
        <>
          <span style={{ color: 'rgba(255,255,255,0.18)' }}>
            <LogoMark size={40} />
          </span>
          <span>{title}</span>
        </>,
      )}
      <div className="auth-brand-body">
        <h1>{words.heroTitle}</h1>
        <p>{words.heroText}</p>
        <ul>
          {(['heroPoint1', 'heroPoint2', 'heroPoint3'] as const).map((k) => (
            <li key={k}>
              <CheckCircleFilled /> {words[k]}
            </li>
          ))}
        </ul>
      </div>
      <div className="auth-brand-foot">{foot}</div>
    </aside>
  );
}
