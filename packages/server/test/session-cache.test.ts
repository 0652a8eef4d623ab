// A node keeps the sessions it resolved, and forgets them on every change that can alter who
// a session is or what it may do — its own writes at once, any node's through the tradelane_auth trigger.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { changesAuth, SessionCache, sessionCache } from '../src/db/session-cache.ts';
import { resolveSession } from '../src/http/auth.ts';
import { call, login, useTestApp } from './helpers.ts';
import { useRealPostgres } from './template.ts';

const sessionCacheSize = () => sessionCache.size;

describe('which statements change what a session resolves to', () => {
  it('revocations, users, roles, grants and tenants do; logins and the sliding expiry do not', () => {
    expect(changesAuth('update "sys_session" set "revoked" = $1, "update_time" = $2 where "id" = $3')).toBe(
      true,
    );
    expect(changesAuth('delete from "sys_session" where "user_id" = $1')).toBe(true);
    expect(changesAuth('update "sys_session" set "last_seen" = $1, "expires_at" = $2 where "id" = $3')).toBe(
      false,
    );
    expect(changesAuth('insert into "sys_session" ("token_hash") values ($1)')).toBe(false);
    expect(changesAuth('update "sys_user" set "enabled" = $1 where "id" = $2')).toBe(true);
    expect(changesAuth('delete from "sys_roles_menus" where "role_id" = $1')).toBe(true);
    expect(changesAuth('insert into "sys_users_roles" ("user_id", "role_id") values ($1, $2)')).toBe(true);
    expect(changesAuth('UPDATE enterprise_info SET active = false WHERE id = 5')).toBe(true);
    expect(changesAuth('truncate sys_roles_function')).toBe(true);
    expect(changesAuth('select * from "sys_user" where "id" = $1 for update')).toBe(false);
    expect(changesAuth('update "sys_user_extra" set "x" = 1')).toBe(false);
    expect(changesAuth('update "supplies" set "name" = $1')).toBe(false);
  });

  it('a resolution that began before a change is not kept', () => {
    const cache = new SessionCache<string>();
    const ticket = cache.ticket();
    cache.clear();
    cache.set('k', ticket, { value: 'stale', expiresAt: Date.now() + 60_000, lastSeen: Date.now() });
    expect(cache.get('k')).toBeUndefined();
    cache.set('k', cache.ticket(), { value: 'fresh', expiresAt: Date.now() + 60_000, lastSeen: Date.now() });
    expect(cache.get('k')?.value).toBe('fresh');
    expect(cache.get('k', Date.now() + 61_000)).toBeUndefined();
  });
});

describe('resolved sessions are kept and forgotten on change', () => {
  const api = useTestApp();

  /** The app's database, counting the session reads that reach it. */
  function counted() {
    const counter = { reads: 0 };
    const db = new Proxy(api.db, {
      get(target, prop, receiver) {
        if (prop === 'select') counter.reads++;
        return Reflect.get(target, prop, receiver);
      },
    }) as Db;
    return { db, counter };
  }

  it('a second request reads no session; a disabled user, a removed role or a logout is read again', async () => {
    const token = (await login(api.app, 'logistics')).replace(/^Bearer /, '');
    const { db, counter } = counted();
    const config = api.app.config;
    const first = await resolveSession(db, config, token);
    const second = await resolveSession(db, config, token);
    expect(second?.userId).toBe(first?.userId);
    expect(second?.permissions).toEqual(first?.permissions);
    const afterTwo = counter.reads;
    expect(afterTwo).toBeLessThanOrEqual(1);

    // A role taken away through this node: the next resolution reads it again and lacks the permission.
    const userId = first?.userId as number;
    const roles = await api.db.execute(sql`select role_id from sys_users_roles where user_id = ${userId}`);
    await api.db.execute(sql`delete from sys_users_roles where user_id = ${userId}`);
    const third = await resolveSession(db, config, token);
    expect(counter.reads).toBe(afterTwo + 1);
    expect(third?.permissions ?? []).not.toContain('supplies:list');
    expect(first?.permissions).toContain('supplies:list');
    for (const r of (roles as unknown as { rows: { role_id: number }[] }).rows)
      await api.db.execute(
        sql`insert into sys_users_roles (user_id, role_id) values (${userId}, ${r.role_id})`,
      );
    expect((await resolveSession(db, config, token))?.permissions).toContain('supplies:list');

    // Disabled: refused at once.
    await api.db.execute(sql`update sys_user set enabled = false where id = ${userId}`);
    expect(await resolveSession(db, config, token)).toBeNull();
    await api.db.execute(sql`update sys_user set enabled = true where id = ${userId}`);
    expect((await resolveSession(db, config, token))?.userId).toBe(userId);

    // Logged out: the very next request is refused.
    expect((await call(api.app, 'GET', '/auth/info', { token: `Bearer ${token}` })).status).toBe(200);
    await call(api.app, 'DELETE', '/auth/logout', { token: `Bearer ${token}` });
    expect((await call(api.app, 'GET', '/auth/info', { token: `Bearer ${token}` })).status).toBe(401);
  });
});

describe.skipIf(!useRealPostgres())('a node that lost its listener (PostgreSQL)', () => {
  const api = useTestApp();

  it('reads every session again until the listener is back, then keeps them again', async () => {
    const token = (await login(api.app, 'supplier')).replace(/^Bearer /, '');
    const config = api.app.config;
    const pool = (api.db as unknown as { $client: import('pg').Pool }).$client;
    const listeners = async () =>
      (
        await pool.query(
          `select pid from pg_stat_activity where datname = current_database() and query ilike 'listen tradelane_auth%'`,
        )
      ).rows as { pid: number }[];
    await resolveSession(api.db, config, token);
    expect(sessionCacheSize()).toBeGreaterThan(0);
    // The server ends the listener's connection (a restart, a failover, an operator).
    for (const { pid } of await listeners()) await pool.query('select pg_terminate_backend($1)', [pid]);
    for (let i = 0; i < 50 && sessionCacheSize() > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(sessionCacheSize()).toBe(0);
    await resolveSession(api.db, config, token);
    expect(sessionCacheSize()).toBe(0); // suspended: nothing is kept while no change can reach the node
    // Reopened within a few seconds; then sessions are kept again.
    for (let i = 0; i < 100 && (await listeners()).length === 0; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect((await listeners()).length).toBeGreaterThan(0);
    await resolveSession(api.db, config, token);
    expect(sessionCacheSize()).toBeGreaterThan(0);
  });
});
