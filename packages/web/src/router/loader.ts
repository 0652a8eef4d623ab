import { type LoaderFunctionArgs, redirect } from 'react-router';
import { api } from '../api/endpoints.ts';
import { ApiError, getToken } from '../api/request.ts';
import { LOGIN_SOURCE_KEY } from '../config.ts';
import { clearLocalSession } from '../stores/logout.ts';
import { useSession } from '../stores/session.ts';
import { guardRedirect, landingAfterMenus, normalizePath } from './guard.ts';

/** Runs before every navigation: guard, user info, menus once per login, landing page. */
export async function rootLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  const loggedIn = Boolean(getToken());
  if (!loggedIn && useSession.getState().token) clearLocalSession();
  const target = guardRedirect(url.pathname, url.search, loggedIn);
  if (target) throw redirect(target);
  if (!loggedIn) return null;

  if (useSession.getState().roles.length === 0) {
    try {
      useSession.getState().setInfo(await api.info());
    } catch (e) {
      // 401 is handled (and reloaded) by the request client.
      if (!(e instanceof ApiError && e.status === 401)) {
        clearLocalSession();
        window.location.reload();
      }
      return null;
    }
  }

  if (useSession.getState().menus === null) {
    const fresh = useSession.getState().loadMenus;
    let menus: Awaited<ReturnType<typeof api.menus>> = [];
    try {
      menus = await api.menus();
    } catch {
      menus = [];
    }
    useSession.getState().setMenus(Array.isArray(menus) ? menus : []);
    if (fresh) {
      const landing = landingAfterMenus(
        useSession.getState().consumeLanding(),
        localStorage.getItem(LOGIN_SOURCE_KEY),
      );
      localStorage.removeItem(LOGIN_SOURCE_KEY);
      if (normalizePath(landing.split('?')[0]) !== normalizePath(url.pathname)) throw redirect(landing);
    }
  }
  return null;
}
