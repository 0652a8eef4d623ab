import { type ComponentType, createElement } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { fullCatalogue } from '../i18n/index.ts';
import { antdRestStyles } from '../shell/antd-static.ts';
import Root from '../shell/Root.tsx';
import { RouteError } from '../shell/RouteError.tsx';
import { rootLoader } from './loader.ts';
import { withTimeout } from './registry.ts';

type Module = { default: ComponentType };

/**
 * A route-level lazy page with the 120 s chunk timeout. Pages other than the public ones wait for the
 * build's second antd style sheet (shell/antd-static.ts) and the whole catalogue; the public ones render
 * with the first sheet and the public words.
 */
function page(load: () => Promise<Module>, publicPage = false): RouteObject['lazy'] {
  return async () => {
    const [m] = await Promise.all([
      withTimeout(load)(),
      publicPage ? undefined : antdRestStyles(),
      publicPage ? undefined : fullCatalogue(),
    ]);
    return { Component: m.default };
  };
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    loader: rootLoader,
    shouldRevalidate: () => true,
    Component: Root,
    ErrorBoundary: RouteError,
    HydrateFallback: () => createElement('div', { className: 'boot-spinner' }),
    children: [
      { path: '/login', lazy: page(() => import('../pages/auth/Login.tsx'), true) },
      { path: '/register', lazy: page(() => import('../pages/auth/Register.tsx'), true) },
      { path: '/logon', lazy: page(() => import('../pages/auth/Logon.tsx'), true) },
      { path: '/Information', lazy: page(() => import('../pages/public/Information.tsx'), true) },
      { path: '/401', lazy: page(() => import('../pages/error/NoPermission.tsx'), true) },
      { path: '/404', lazy: page(() => import('../pages/error/NotFound.tsx'), true) },
      {
        path: '/',
        lazy: page(() => import('../shell/Layout.tsx')),
        children: [
          { index: true, lazy: page(() => import('../pages/dashboard/Dashboard.tsx')) },
          { path: 'userCenter', lazy: page(() => import('../pages/user-center/UserCenter.tsx')) },
          { path: 'user/center', lazy: page(() => import('../pages/user-center/UserCenter.tsx')) },
          { path: 'news/center', lazy: page(() => import('../pages/messages/MessageCenter.tsx')) },
          { path: 'redirect/*', lazy: page(() => import('../pages/common/Redirect.tsx')) },
          { path: 'scan/box/:token', lazy: page(() => import('../pages/boxes/ScanPage.tsx')) },
          { path: '*', lazy: page(() => import('../pages/common/MenuPage.tsx')) },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
