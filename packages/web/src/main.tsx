import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { configureRequest } from './api/request.ts';
import { storedLanguage } from './i18n/index.ts';
import { queryClient } from './query-client.ts';
import { createAppRouter } from './router/index.tsx';
import { AppProviders } from './shell/AppProviders.tsx';
import { clearLocalSession } from './stores/logout.ts';
import './styles.css';

document.documentElement.lang = storedLanguage() === 'zh' ? 'zh-CN' : 'en';

const router = createAppRouter();
configureRequest({
  navigate: (to) => void router.navigate(to),
  clearSession: clearLocalSession,
});

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </QueryClientProvider>
    </StrictMode>,
  );
}
