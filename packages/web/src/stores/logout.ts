import { api } from '../api/endpoints.ts';
import { queryClient } from '../query-client.ts';
import { useSession } from './session.ts';
import { useTags } from './tags.ts';

/** Logs out on the server (best effort) and always clears local state. */
export async function logout(): Promise<void> {
  const userId = useSession.getState().user?.id;
  try {
    await api.logout(userId);
  } catch {
    /* local state is cleared even if the server call fails */
  }
  clearLocalSession();
}

export function clearLocalSession(): void {
  useSession.getState().clear();
  useTags.getState().reset();
  queryClient.clear();
}
