import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { api } from '../api/endpoints.ts';
import { handleUnauthorized } from '../api/request.ts';
import { IDLE_CHECK_INTERVAL_MS, IDLE_TIMEOUT_MS, LOGOUT_REASON_KEY } from '../config.ts';
import { normalizePath } from '../router/guard.ts';
import { logout } from '../stores/logout.ts';
import { useSession } from '../stores/session.ts';

/**
 * The unread count comes from two sources, the count call and the websocket's pushes: an answer is
 * applied only if nothing newer was asked or pushed since it was asked (a slow count answered after
 * the message centre's read would otherwise put the old number back on the badge).
 */
let unreadEpoch = 0;
function pushedUnread(count: number) {
  unreadEpoch += 1;
  useSession.getState().setUnread(count);
}

export async function refreshUnread(): Promise<void> {
  const { user, token } = useSession.getState();
  if (!token) return;
  unreadEpoch += 1;
  const asked = unreadEpoch;
  try {
    const res = await api.unreadCount(user?.id);
    if (res && typeof res.count === 'number' && asked === unreadEpoch)
      useSession.getState().setUnread(res.count);
  } catch {
    /* '找不到当前登录的信息' and network errors leave the count unchanged */
  }
}

/** Every route change refreshes the unread count (the message centre does its own read-then-refresh). */
export function useUnreadOnRouteChange(): void {
  const { pathname } = useLocation();
  const token = useSession((s) => s.token);
  useEffect(() => {
    if (!token || normalizePath(pathname) === '/news/center') return;
    void refreshUnread();
  }, [pathname, token]);
}

/** The websocket pushes unread counts and session revocation. */
export function useUnreadSocket(): void {
  const token = useSession((s) => s.token);
  useEffect(() => {
    if (!token) return;
    let ws: WebSocket | null = null;
    let stopped = false;
    let retry = 1000;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      const proto = window.location.protocol === 'https:' ? 'wss' : 'ws';
      const bare = token.replace(/^Bearer\s+/i, '');
      ws = new WebSocket(`${proto}://${window.location.host}/websocket?token=${encodeURIComponent(bare)}`);
      ws.onopen = () => {
        retry = 1000;
      };
      ws.onmessage = (ev: MessageEvent<string>) => {
        try {
          const msg = JSON.parse(ev.data) as { type?: string; count?: number };
          if (msg.type === 'unread' && typeof msg.count === 'number') pushedUnread(msg.count);
          if (msg.type === 'kicked') handleUnauthorized('request.kicked');
        } catch {
          /* ignore malformed frames */
        }
      };
      ws.onclose = () => {
        if (stopped) return;
        timer = setTimeout(connect, retry);
        retry = Math.min(retry * 2, 30_000);
      };
    };
    connect();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      ws?.close();
    };
  }, [token]);
}

/** Logs out after the idle timeout without key, click or touch, then goes to /login/. */
export function useIdleLogout(timeoutMs: number = IDLE_TIMEOUT_MS): void {
  const token = useSession((s) => s.token);
  const navigate = useNavigate();
  const last = useRef(Date.now());
  useEffect(() => {
    if (!token) return;
    last.current = Date.now();
    const touch = () => {
      last.current = Date.now();
    };
    const events = ['keydown', 'click', 'touchstart'] as const;
    for (const e of events) window.addEventListener(e, touch, { passive: true });
    const timer = setInterval(() => {
      if (Date.now() - last.current < timeoutMs) return;
      clearInterval(timer);
      sessionStorage.setItem(LOGOUT_REASON_KEY, 'request.idle');
      void logout().then(() => navigate('/login/'));
    }, IDLE_CHECK_INTERVAL_MS);
    return () => {
      clearInterval(timer);
      for (const e of events) window.removeEventListener(e, touch);
    };
  }, [token, timeoutMs, navigate]);
}
