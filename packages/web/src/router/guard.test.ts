import { describe, expect, it } from 'vitest';
import { guardRedirect, isPublic, landingAfterMenus, safeRedirect } from './guard.ts';
import { findMenu, flattenMenus, joinPath, resolveLink } from './menu.ts';
import { normalizeComponentKey, pageFor } from './registry.ts';
import { documentTitle } from './titles.ts';

describe('route guard', () => {
  it('lets anonymous users see the public pages', () => {
    for (const p of ['/login', '/register', '/Information', '/logon', '/news/center', '/login/']) {
      expect(isPublic(p)).toBe(true);
      expect(guardRedirect(p, '', false)).toBeNull();
    }
  });
  it('sends anonymous users elsewhere to /login with the full original path', () => {
    expect(guardRedirect('/system/user', '?page=2', false)).toBe(
      `/login?redirect=${encodeURIComponent('/system/user?page=2')}`,
    );
    expect(guardRedirect('/', '', false)).toBe('/login?redirect=%2F');
  });
  it('sends logged-in users away from login, register, Information and logon', () => {
    for (const p of ['/login', '/register', '/Information', '/logon'])
      expect(guardRedirect(p, '', true)).toBe('/');
    expect(guardRedirect('/news/center', '', true)).toBeNull();
    expect(guardRedirect('/system/user', '', true)).toBeNull();
  });
  it('honours only in-app redirects', () => {
    expect(safeRedirect('/system/user?x=1')).toBe('/system/user?x=1');
    expect(safeRedirect('//evil.example')).toBeNull();
    expect(safeRedirect('https://evil.example')).toBeNull();
    expect(safeRedirect('/login')).toBeNull();
  });
  it("lands on the redirect, else / for 'come in', else /userCenter", () => {
    expect(landingAfterMenus('/a', null)).toBe('/a');
    expect(landingAfterMenus(null, 'come in')).toBe('/');
    expect(landingAfterMenus(null, null)).toBe('/userCenter');
  });
});

describe('server menus', () => {
  const meta = (title: string, enTitle: string, menuId: number) => ({
    title,
    enTitle,
    icon: null,
    noCache: false,
    menuId,
  });
  const menus = [
    {
      name: '系统管理',
      enName: 'System',
      path: '/system',
      component: 'Layout',
      hidden: false,
      meta: meta('系统管理', 'System', 1),
      children: [
        {
          name: '用户管理',
          enName: 'Users',
          path: 'user',
          component: 'system/user/index',
          hidden: false,
          meta: meta('用户管理', 'Users', 2),
        },
        {
          name: 'X',
          enName: 'X',
          path: 'x',
          component: 'unknown/page',
          meta: meta('X', 'X', 3),
          hidden: true,
        },
      ],
    },
  ];
  it('flattens to full paths with bilingual titles', () => {
    const flat = flattenMenus(menus);
    expect(flat.map((m) => m.fullPath)).toEqual(['/system/user', '/system/x']);
    expect(flat[0].title).toEqual({ zh: '用户管理', en: 'Users' });
    expect(flat[1].title).toEqual({ zh: 'X', en: 'X' });
    expect(findMenu(menus, '/system/user/')?.parents[0].title.en).toBe('System');
    expect(joinPath('/system', 'user')).toBe('/system/user');
  });
  it('maps unknown components to no page (the placeholder)', () => {
    expect(normalizeComponentKey('/dashboard/index.vue')).toBe('dashboard');
    expect(pageFor('unknown/page')).toBeNull();
    expect(pageFor('dashboard/index')).not.toBeNull();
  });
  it('opens a message link on the page it names, or the one menu page ending with it', () => {
    expect(resolveLink(menus, '/system/user?id=3')).toBe('/system/user?id=3');
    expect(resolveLink(menus, '/user')).toBe('/system/user');
    expect(resolveLink(menus, '/news/center')).toBe('/news/center');
    expect(resolveLink(menus, '/nowhere')).toBeNull();
    expect(resolveLink(menus, '//evil.example/x')).toBeNull();
    expect(resolveLink(menus, null)).toBeNull();
  });
  it('titles are route title plus product title', () => {
    expect(documentTitle('首页', 'Tradelane')).toBe('首页 - Tradelane');
  });
});

describe('permissions', () => {
  it('checks roles (non-empty list required) and function permissions by exact match', async () => {
    const { hasAnyRole, hasFunction, roleTypeOf } = await import('../stores/session.ts');
    expect(hasAnyRole(['user:list'], ['user:list', 'user:add'])).toBe(true);
    expect(hasAnyRole(['dept:list'], ['user:list'])).toBe(false);
    expect(hasAnyRole(['admin'], ['anything'])).toBe(true);
    expect(() => hasAnyRole(['admin'], [])).toThrow();
    const fns = [{ menuId: 3, functionName: 'add' }];
    expect(hasFunction(fns, 3, 'add')).toBe(true);
    expect(hasFunction(fns, 3, 'edit')).toBe(false);
    expect(hasFunction(fns, 4, 'add')).toBe(false);
    expect(roleTypeOf({ id: 1, username: 'x', roleType: 9 })).toBe(0);
    expect(roleTypeOf({ id: 1, username: 'x', roleType: 2 })).toBe(2);
  });
});
