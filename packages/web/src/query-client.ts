import { QueryClient } from '@tanstack/react-query';
import { onChanged } from './api/client.ts';
import { refreshResources } from './api/query-keys.ts';
import { i18n } from './i18n/index.ts';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

// The server words labels (types, states, role and party names) in the request's language: lists read
// before a language switch are read again, so nothing fetched in the other language stays on screen.
let shown = i18n.language;
i18n.on('languageChanged', (lang) => {
  if (lang === shown) return;
  shown = lang;
  void queryClient.invalidateQueries();
});

// A write the contract says changes families refreshes their queries (and what they change in turn).
onChanged((families) => void refreshResources(queryClient, families));
