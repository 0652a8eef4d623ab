// One permission catalogue: the contract's `P` names each permission once; the seeded
// menus carry exactly the catalogue, every route, declared family and command requires only seeded
// permissions, and no seeded permission is an orphan (a button nothing enforces).
import {
  type Grant,
  isPermission,
  P,
  PERMISSIONS,
  type Permission,
  PLATFORM_ADMIN,
} from '@tradelane/contract';
import { isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { menus } from '../src/db/schema.ts';
import { registeredResources } from '../src/resources/engine.ts';
import { useTestApp } from './helpers.ts';

const t = useTestApp();

/** Every permission the server requires: route configs (commands included) and the families' guards. */
function required(): Map<string, string[]> {
  const where = new Map<string, string[]>();
  const add = (p: Grant | readonly Grant[] | undefined, at: string) => {
    for (const one of typeof p === 'string' ? [p] : (p ?? []))
      where.set(one, [...(where.get(one) ?? []), at]);
  };
  for (const r of t.app.routeTable) add(r.config.permission, `${r.method} ${r.url}`);
  for (const r of registeredResources())
    for (const [action, p] of Object.entries(r.permissions)) add(p, `${r.name}.${action}`);
  return where;
}

async function seeded() {
  const rows = await t.db
    .select({ permission: menus.permission, type: menus.type, key: menus.menuKey })
    .from(menus)
    .where(isNotNull(menus.permission));
  return rows.flatMap((r) =>
    (r.permission ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)
      .map((permission) => ({ permission, type: r.type, key: r.key })),
  );
}

describe('permission catalogue', () => {
  it('names each permission once, as family:action under its family', () => {
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length);
    for (const [family, actions] of Object.entries(P))
      for (const [action, p] of Object.entries(actions)) expect(p).toBe(`${family}:${action}`);
    expect(isPermission('projectBatch:list')).toBe(true);
    expect(isPermission('projectBatch:lsit')).toBe(false);
    // @ts-expect-error a permission outside the catalogue fails typecheck
    const typo: Permission = 'projectBatch:lsit';
    expect(isPermission(typo)).toBe(false);
  });

  it('the seeded menus carry exactly the catalogue', async () => {
    const inSeed = new Set((await seeded()).map((s) => s.permission));
    expect([...inSeed].filter((p) => !isPermission(p)).sort()).toEqual([]);
    expect(PERMISSIONS.filter((p) => !inSeed.has(p))).toEqual([]);
  });

  it('every permission a route, family or command requires is seeded', async () => {
    const inSeed = new Set((await seeded()).map((s) => s.permission));
    const unseeded = [...required()].filter(([p]) => p !== PLATFORM_ADMIN && !inSeed.has(p));
    expect(unseeded).toEqual([]);
    // Sanity: the walk sees the families', the routes' and the commands' permissions.
    const req = required();
    expect(req.get(P.feedback.del)).toContain('feedback.delete');
    expect(req.get(P.projectBatch.list)?.some((w) => w.startsWith('GET /api/'))).toBe(true);
    expect(req.get(P.reconciliation.confirm)?.length).toBeGreaterThan(0);
  });

  it('no orphan: a seeded button is enforced by the server; a page permission shows a page', async () => {
    const req = required();
    const orphans = (await seeded()).filter((s) => !req.has(s.permission) && s.type === 2);
    expect(orphans).toEqual([]);
    // What no route requires only opens a page in the menu tree (the page itself asks for nothing more).
    const pagesOnly = (await seeded()).filter((s) => !req.has(s.permission)).map((s) => s.permission);
    expect(pagesOnly.sort()).toEqual([P.feedback.list, P.hs.list].sort());
  });
});
