// Navigation rules of spec §2, as pure functions (unit-tested).
import { LOGIN_SOURCE_COME_IN } from '../config.ts';

export const PUBLIC_PATHS = ['/login', '/register', '/Information', '/logon', '/news/center'];
/** Public pages a logged-in user is sent away from. */
export const ANONYMOUS_ONLY = ['/login', '/register', '/Information', '/logon'];

export function normalizePath(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/';
}

function inList(list: string[], pathname: string): boolean {
  const p = normalizePath(pathname).toLowerCase();
  return list.some((x) => x.toLowerCase() === p);
}

export function isPublic(pathname: string): boolean {
  return inList(PUBLIC_PATHS, pathname);
}

/** Where the guard sends this navigation, or null to let it through. */
export function guardRedirect(pathname: string, search: string, loggedIn: boolean): string | null {
  if (loggedIn) return inList(ANONYMOUS_ONLY, pathname) ? '/' : null;
  if (isPublic(pathname)) return null;
  return `/login?redirect=${encodeURIComponent(pathname + search)}`;
}

/** A redirect query is honoured only for an in-app path (never another origin or the login page). */
export function safeRedirect(redirect: string | null): string | null {
  if (!redirect?.startsWith('/') || redirect.startsWith('//')) return null;
  return inList(ANONYMOUS_ONLY, redirect.split('?')[0]) ? null : redirect;
}

/** After the server menu loads: the login's redirect, else / for 'come in', else /userCenter. */
export function landingAfterMenus(landing: string | null, loginSource: string | null): string {
  const target = safeRedirect(landing);
  if (target) return target;
  return loginSource === LOGIN_SOURCE_COME_IN ? '/' : '/userCenter';
}
