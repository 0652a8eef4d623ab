import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { configureRequest } from './api/request.ts';
import { adoptToken } from './api/token-store.ts';
import { i18n, loadLanguage, storedLanguage } from './i18n/index.ts';
import { createAppRouter } from './router/index.tsx';
import { AppProviders } from './shell/AppProviders.tsx';
import { useDialogs } from './stores/dialogs.ts';
import { clearLocalSession } from './stores/logout.ts';
import { useSession } from './stores/session.ts';
import './styles.css';

document.documentElement.lang = storedLanguage() === 'zh' ? 'zh-CN' : 'en';

// The router starts navigating (and its loaders decide signed-in or not) as soon as it is created: it is
// created once this tab's session is known.
let router: ReturnType<typeof createAppRouter> | null = null;
configureRequest({
  navigate: (to) => void router?.navigate(to),
  clearSession: clearLocalSession,
  needsPartner: () => useDialogs.getState().showReminder(4),
});

const root = document.getElementById('root');
async function start(el: HTMLElement) {
  // A new tab of a session kept per tab takes its token from an open tab before the router decides.
  const adopted = useSession.getState().token ? null : await adoptToken();
  if (adopted) useSession.setState({ token: adopted });
  const appRouter = createAppRouter();
  router = appRouter;
  await loadLanguage(storedLanguage());
  await i18n.changeLanguage(storedLanguage());
  createRoot(el).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={appRouter} />
      </AppProviders>
    </StrictMode>,
  );
}
if (root) void start(root);
