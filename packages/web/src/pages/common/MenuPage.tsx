import { Spin } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { currentLang } from '../../i18n/index.ts';
import { findMenu, titleIn } from '../../router/menu.ts';
import { pageFor } from '../../router/registry.ts';
import { useSession } from '../../stores/session.ts';
import { ComingSoon } from './ComingSoon.tsx';

/**
 * A page of the server menu. The path comes from this route's own params (not the current
 * location), so a hidden tab keeps rendering its own page.
 */
export default function MenuPage() {
  const params = useParams();
  useTranslation();
  const menus = useSession((s) => s.menus);
  const path = `/${params['*'] ?? ''}`;
  const menu = findMenu(menus, path);
  if (!menu) return <Navigate to="/" replace />;
  const Page = pageFor(menu.component);
  if (!Page) return <ComingSoon title={titleIn(menu.title, currentLang())} />;
  return (
    <Suspense fallback={<Spin className="page-spin" />}>
      <Page />
    </Suspense>
  );
}
