// The web's copy of its session token, for the Authorization header every state change needs. The
// cookie of the same session is the server's (HttpOnly: no script reads it) and serves the reads a
// browser makes by itself (images, downloads in a new tab). The copy lives in this tab's sessionStorage,
// or in localStorage with remember-me; a new tab of a session without remember-me asks an open tab of
// this site for it (BroadcastChannel is same-origin only). Why a copy at all: docs/decisions.md.
const KEY = 'tl-token';
/** A session was started in this browser and not ended: worth asking the other tabs at start. */
const MARK = 'tl-signed-in';

const channel: BroadcastChannel | null =
  typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('tradelane-session');

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

export function readToken(): string | null {
  return safe(() => sessionStorage.getItem(KEY) ?? localStorage.getItem(KEY), null);
}

export function writeToken(token: string, remember: boolean): void {
  safe(() => {
    sessionStorage.removeItem(KEY);
    localStorage.removeItem(KEY);
    (remember ? localStorage : sessionStorage).setItem(KEY, token);
    localStorage.setItem(MARK, '1');
  }, undefined);
}

export function clearToken(): void {
  safe(() => {
    sessionStorage.removeItem(KEY);
    localStorage.removeItem(KEY);
    localStorage.removeItem(MARK);
  }, undefined);
}

channel?.addEventListener('message', (e: MessageEvent<{ type?: string }>) => {
  if (e.data?.type !== 'ask') return;
  const token = readToken();
  if (token) channel.postMessage({ type: 'token', token });
});

/**
 * At start: the token this tab already holds, or one an open tab of the same session hands over (within
 * `waitMs`), or null. Asks only when a session was started in this browser and not ended.
 */
export async function adoptToken(waitMs = 250): Promise<string | null> {
  const held = readToken();
  if (held || !channel || safe(() => localStorage.getItem(MARK), null) !== '1') return held;
  return new Promise((resolve) => {
    const on = (e: MessageEvent<{ type?: string; token?: string }>) => {
      if (e.data?.type !== 'token' || !e.data.token) return;
      clearTimeout(timer);
      channel.removeEventListener('message', on);
      safe(() => sessionStorage.setItem(KEY, e.data.token as string), undefined);
      resolve(e.data.token);
    };
    const timer = setTimeout(() => {
      channel.removeEventListener('message', on);
      resolve(null);
    }, waitMs);
    channel.addEventListener('message', on);
    channel.postMessage({ type: 'ask' });
  });
}
