// The sides a route admits (the contract's `party` of an operation's caller, or of a family's create),
// read from the router's own table so a new declaration is covered without being listed here. Each
// demo side is given every grant first, so what refuses it is the side alone: a side the route does
// not name gets 403 with the declared code, in the caller's language, before its body is read; a side
// it names passes the door (its empty body is then refused as input, never as a caller).
import { type Grant, type Party, translate } from '@tradelane/contract';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { partyOf } from '../../src/access/party.ts';
import { hasFunction, hasPermission } from '../../src/access/service.ts';
import { menus, rolesMenus, users, usersRoles } from '../../src/db/schema.ts';
import { type AuthContext, type RouteEntry, resolveSession } from '../../src/http/auth.ts';
import { call, loginAll, useTestApp } from '../helpers.ts';

const t = useTestApp();

/** One demo user of each side; the platform administrator is `platform`. */
const SIDES = ['admin', 'shipper', 'supplier', 'logistics'] as const;

const concrete = (url: string) => url.replace(/:\w+(\([^)]*\))?/g, '1').replace(/\*/g, 'x');

let declared: RouteEntry[];
const callers: { name: string; token: string; auth: AuthContext; party: Party }[] = [];

beforeAll(async () => {
  declared = t.app.routeTable.filter((r) => r.config.party);
  // Every grant for the demo users' roles (a button menu carrying `admin`), before they sign in.
  const [menu] = await t.db
    .insert(menus)
    .values({ type: 2, title: 'all grants (test)', permission: 'admin' })
    .returning({ id: menus.id });
  const roleIds = await t.db
    .select({ roleId: usersRoles.roleId })
    .from(usersRoles)
    .innerJoin(users, eq(users.id, usersRoles.userId))
    .where(inArray(users.username, [...SIDES]));
  await t.db
    .insert(rolesMenus)
    .values([...new Set(roleIds.map((r) => r.roleId))].map((roleId) => ({ roleId, menuId: menu.id })))
    .onConflictDoNothing();
  const tokens = await loginAll(t.app, [...SIDES]);
  for (const name of SIDES) {
    const token = tokens[name];
    const auth = await resolveSession(t.db, t.app.config, token.replace(/^Bearer\s+/i, ''));
    if (!auth) throw new Error(`no session for ${name}`);
    callers.push({ name, token, auth, party: partyOf(auth) });
  }
});

const send = (r: RouteEntry, token: string, lang: 'zh' | 'en') =>
  call(t.app, r.method as 'GET' | 'POST' | 'PUT' | 'DELETE', concrete(r.url), {
    token,
    lang,
    ...(r.method === 'GET' ? {} : { body: {} }),
  });

describe('declared parties: the route refuses every other side with its code', () => {
  it('finds the declarations among the routes (families and operations alike)', () => {
    const seen = new Set(declared.map((r) => `${r.method} ${r.url}`));
    for (const route of [
      'POST /api/project',
      'POST /api/deliveryEntrust',
      'POST /api/partner',
      'GET /api/enterpriseInfo/getCustomer',
      'POST /api/projectDeclare',
      'GET /api/tallySheet/synchPacklist',
    ])
      expect(seen).toContain(route);
    // Each side is refused somewhere and admitted somewhere, or the walk below proves little.
    expect(new Set(callers.map((c) => c.party))).toEqual(
      new Set(['platform', 'shipper', 'supplier', 'logistics']),
    );
  });

  it('refuses a side the route does not name, with the declared code in zh and en', async () => {
    const wrong: string[] = [];
    for (const r of declared) {
      const admitted = r.config.party ?? [];
      const code = r.config.partyRefusal ?? 'forbidden';
      for (const c of callers.filter((c) => !admitted.includes(c.party))) {
        // The grant is held: only the side can refuse it.
        expect(hasPermission(c.auth, r.config.permission as Grant | Grant[] | undefined)).toBe(true);
        expect(hasFunction(c.auth, r.config.fn)).toBe(true);
        for (const lang of ['zh', 'en'] as const) {
          const res = await send(r, c.token, lang);
          if (res.status !== 403 || res.body?.code !== code || res.body?.message !== translate(code, lang))
            wrong.push(
              `${c.name} ${r.method} ${r.url} (${lang}) → ${res.status} ${JSON.stringify(res.body)}`,
            );
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('says the sides in the API document, for people and for tools (x-parties)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/swagger-ui/json' })).json() as {
      paths: Record<string, Record<string, { description?: string; 'x-parties'?: string[] }>>;
    };
    for (const r of declared) {
      const path = r.url.replace(/:(\w+)/g, '{$1}');
      const op = doc.paths[path]?.[r.method.toLowerCase()];
      expect(op?.['x-parties'], `${r.method} ${r.url}`).toEqual([...(r.config.party ?? [])]);
      expect(op?.description).toContain(r.config.partyRefusal ?? 'forbidden');
    }
  });

  it('lets a side the route names through the door', async () => {
    const wrong: string[] = [];
    for (const r of declared)
      for (const c of callers.filter((c) => r.config.party?.includes(c.party))) {
        const res = await send(r, c.token, 'en');
        if (res.status === 401 || res.status === 403)
          wrong.push(`${c.name} ${r.method} ${r.url} → ${res.status} ${res.body?.code}`);
      }
    expect(wrong).toEqual([]);
  });
});
