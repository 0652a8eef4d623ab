import { api } from '../api/endpoints.ts';
import { useSession } from './session.ts';
import { useTags } from './tags.ts';

/** Logs out on the server (best effort) and always clears local state. */
export async function logout(): Promise<void> {
  try {
    await api.logout();
  } catch {
    /* local state is cleared even if the server call fails */
  }
  clearLocalSession();
}

const onClear: (() => void)[] = [];

/** Lets the shell drop its caches (server state) without the login path loading them. */
export function onSessionCleared(fn: () => void): void {
  onClear.push(fn);
}

export function clearLocalSession(): void {
  useSession.getState().clear();
  useTags.getState().reset();
  for (const fn of onClear) fn();
}
