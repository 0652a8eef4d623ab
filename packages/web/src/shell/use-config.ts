import { useEffect } from 'react';
import { create } from 'zustand';
import { api } from '../api/endpoints.ts';
import type { AppConfig } from '../api/types.ts';

// A tiny store rather than TanStack Query: the public pages (login) then load no query library.
const useConfigStore = create<{ config?: AppConfig; loading: boolean }>()(() => ({ loading: false }));

async function loadConfig(): Promise<void> {
  const s = useConfigStore.getState();
  if (s.config || s.loading) return;
  useConfigStore.setState({ loading: true });
  try {
    useConfigStore.setState({ config: await api.config() });
  } catch {
    /* the request client reported it */
  } finally {
    useConfigStore.setState({ loading: false });
  }
}

export function useAppConfig(): AppConfig | undefined {
  const config = useConfigStore((s) => s.config);
  useEffect(() => {
    void loadConfig();
  }, []);
  return config;
}
