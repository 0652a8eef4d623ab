import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { configureRequest } from './api/request.ts';
import { i18n, loadLanguage, storedLanguage } from './i18n/index.ts';
import { createAppRouter } from './router/index.tsx';
import { AppProviders } from './shell/AppProviders.tsx';
import { useDialogs } from './stores/dialogs.ts';
import { clearLocalSession } from './stores/logout.ts';
import './styles.css';

document.documentElement.lang = storedLanguage() === 'zh' ? 'zh-CN' : 'en';

const router = createAppRouter();
configureRequest({
  navigate: (to) => void router.navigate(to),
  clearSession: clearLocalSession,
  needsPartner: () => useDialogs.getState().showReminder(4),
});

const root = document.getElementById('root');
async function start(el: HTMLElement) {
  await loadLanguage(storedLanguage());
  await i18n.changeLanguage(storedLanguage());
  createRoot(el).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
if (root) void start(root);
