import { create } from 'zustand';
import { clearToken, readToken, writeToken } from '../api/token-store.ts';
import type { FunctionPermission, LoginAnswer, MenuRoute, SessionInfo, UserInfo } from '../api/types.ts';
import { FUNCTIONS_KEY, REMEMBER_ME_DAYS, TENANT_STATUS_KEY } from '../config.ts';
import { getCookie, removeCookie, setCookie } from '../utils/cookie.ts';

const USER_COOKIE = 'user';
const DEFAULT_ROLE = 'ROLE_SYSTEM_DEFAULT';

export interface SessionState {
  token: string | null;
  user: UserInfo | null;
  roles: string[];
  tenantCheckStatus: number | null;
  ifparther: boolean;
  stopday: number | null;
  functions: FunctionPermission[];
  /** Server menu tree; null until loaded for this login. */
  menus: MenuRoute[] | null;
  /** Set by a login: the next navigation loads the menus and picks the landing page. */
  loadMenus: boolean;
  /** Where to go after the menus load (the login page's redirect query), if anywhere. */
  landing: string | null;
  /** Set by a login: the shell decides whether to show the trial reminder. */
  showReminder: boolean;
  unread: number;
  login(answer: LoginAnswer, rememberMe: boolean, landing: string | null): void;
  setInfo(info: SessionInfo): void;
  setMenus(menus: MenuRoute[]): void;
  setUnread(count: number): void;
  setTenantCheckStatus(status: number): void;
  setUser(user: Partial<UserInfo>): void;
  consumeLanding(): string | null;
  consumeReminder(): boolean;
  clear(): void;
}

function readNumber(key: string): number | null {
  const v = localStorage.getItem(key);
  return v === null || v === '' || Number.isNaN(Number(v)) ? null : Number(v);
}

function readFunctions(): FunctionPermission[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(FUNCTIONS_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as FunctionPermission[]) : [];
  } catch {
    return [];
  }
}

function readUserCookie(): Pick<SessionState, 'stopday'> & { user: UserInfo | null } {
  try {
    const raw = getCookie(USER_COOKIE);
    if (!raw) return { user: null, stopday: null };
    const u = JSON.parse(raw) as { id: number; roleType?: number; stopday?: number; avatarPath?: string };
    return {
      user: { id: u.id, username: '', roleType: u.roleType, avatarPath: u.avatarPath },
      stopday: u.stopday ?? null,
    };
  } catch {
    return { user: null, stopday: null };
  }
}

const initialUser = readUserCookie();

export const useSession = create<SessionState>()((set, get) => ({
  token: readToken(),
  user: initialUser.user,
  roles: [],
  tenantCheckStatus: readNumber(TENANT_STATUS_KEY),
  ifparther: false,
  stopday: initialUser.stopday,
  functions: readFunctions(),
  menus: null,
  loadMenus: false,
  landing: null,
  showReminder: false,
  unread: 0,

  login(answer, rememberMe, landing) {
    const days = rememberMe ? REMEMBER_ME_DAYS : undefined;
    // The server set the session cookie itself (HttpOnly); this tab keeps its copy for the header.
    writeToken(answer.token, rememberMe);
    const u = answer.user.user;
    setCookie(
      USER_COOKIE,
      JSON.stringify({ id: u.id, roleType: u.roleType, stopday: answer.stopday, avatarPath: u.avatarPath }),
      days,
    );
    localStorage.setItem(TENANT_STATUS_KEY, String(answer.tenant_checksatus));
    localStorage.setItem(FUNCTIONS_KEY, JSON.stringify(answer.function ?? []));
    set({
      token: answer.token,
      user: u,
      roles: answer.user.roles.length ? answer.user.roles : [DEFAULT_ROLE],
      tenantCheckStatus: answer.tenant_checksatus,
      ifparther: answer.ifparther,
      stopday: answer.stopday,
      functions: answer.function ?? [],
      menus: null,
      loadMenus: true,
      landing,
      showReminder: true,
      unread: 0,
    });
  },
  setInfo(info) {
    localStorage.setItem(TENANT_STATUS_KEY, String(info.tenant_checksatus));
    // The buttons read function permissions from local storage (spec §6): a reload's fresh answer goes
    // there too, so a grant made since login applies, and a tab whose storage lost the list gets it back.
    if (info.function) localStorage.setItem(FUNCTIONS_KEY, JSON.stringify(info.function));
    set({
      user: info.user,
      roles: info.roles.length ? info.roles : [DEFAULT_ROLE],
      tenantCheckStatus: info.tenant_checksatus,
      ifparther: info.ifparther,
      stopday: info.stopday,
      functions: info.function ?? get().functions,
    });
  },
  setMenus: (menus) => set({ menus, loadMenus: false }),
  setUnread: (count) => set({ unread: count }),
  setTenantCheckStatus(status) {
    localStorage.setItem(TENANT_STATUS_KEY, String(status));
    set({ tenantCheckStatus: status });
  },
  setUser: (patch) => set((s) => ({ user: s.user ? { ...s.user, ...patch } : s.user })),
  consumeLanding() {
    const l = get().landing;
    set({ landing: null });
    return l;
  },
  consumeReminder() {
    const r = get().showReminder;
    if (r) set({ showReminder: false });
    return r;
  },
  clear() {
    clearToken();
    removeCookie(USER_COOKIE);
    localStorage.removeItem(FUNCTIONS_KEY);
    set({
      token: null,
      user: null,
      roles: [],
      functions: [],
      menus: null,
      loadMenus: false,
      landing: null,
      showReminder: false,
      unread: 0,
      stopday: null,
    });
  },
}));

/** Function permission check: exact match of menuId and functionName. */
export function hasFunction(functions: FunctionPermission[], menuId: number, functionName: string): boolean {
  return functions.some((f) => f.menuId === menuId && f.functionName === functionName);
}

/** Role check: true if the user has at least one of the listed roles; the list must be non-empty. */
export function hasAnyRole(userRoles: string[], needed: string[]): boolean {
  if (needed.length === 0) throw new Error("need roles! Like v-permission=\"['admin','editor']\"");
  return userRoles.includes('admin') || needed.some((r) => userRoles.includes(r));
}

export function roleTypeOf(user: UserInfo | null): number {
  const rt = user?.roleType;
  return rt !== undefined && [0, 1, 2, 3, 4, 5].includes(rt) ? rt : 0;
}
