// The attack suite, the route table: every route the router knows — read from the app itself, so a new
// route is covered without being listed here — is called the way an outsider spells it: each character
// of its first segment percent-encoded (either case of hex), doubled, trailing and encoded slashes, dot
// segments, matrix parameters. Anonymously a private route answers 401 and every variant 401 or 404; as
// a company registered a minute ago, a route it holds no grant for answers 403 and its variants 401, 403
// or 404. A write through a variant is rate-limited and lands in the operation log.
import http from 'node:http';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { hasFunction, hasPermission } from '../../src/access/service.ts';
import { logs, users } from '../../src/db/schema.ts';
import type { AuthContext, RouteEntry } from '../../src/http/auth.ts';
import { resolveSession } from '../../src/http/auth.ts';
import { isCanonicalTarget } from '../../src/http/route-guard.ts';
import { call, createTestApp, useTestApp } from '../helpers.ts';

const t = useTestApp({ AUTH_RATE_LIMIT: '10000000' });

/** A concrete URL of a route: every parameter 1, a wildcard x. */
const concrete = (url: string) => url.replace(/:\w+(\([^)]*\))?/g, '1').replace(/\*/g, 'x');

const hex = (ch: string) => ch.charCodeAt(0).toString(16).padStart(2, '0');

/** The outsider's spellings of one path. */
export function variants(path: string): string[] {
  const [first, ...rest] = path.slice(1).split('/');
  const tail = rest.length ? `/${rest.join('/')}` : '';
  const out = new Set<string>();
  // Each character of the first segment percent-encoded, in lower-case hex at even places and upper-case
  // at odd ones: both spellings of hex are walked on every route, at a third fewer requests.
  for (let i = 0; i < first.length; i++) {
    const h = hex(first[i]);
    const code = i % 2 ? h.toUpperCase() : h.toLowerCase();
    out.add(`/${first.slice(0, i)}%${code}${first.slice(i + 1)}${tail}`);
  }
  if (rest.length) {
    const r = rest.join('/');
    out.add(`/${first}/%${hex(r[0]).toUpperCase()}${r.slice(1)}`);
    out.add(`/${first}//${r}`);
    out.add(`/${first}/./${r}`);
    out.add(`/${first}/x/../${r}`);
    out.add(`/${first}%2F${r}`);
    out.add(`/${first};v=1/${r}`);
  }
  out.add(`/${path.slice(1)}/`);
  out.add(`//${path.slice(1)}`);
  out.add(`/./${path.slice(1)}`);
  out.add(`${path};jsessionid=1`);
  out.add(`${path}/.`);
  return [...out];
}

/**
 * One request over a real socket, the path sent byte for byte as written (app.inject and fetch resolve
 * dot segments before sending, as a browser would; an attacker's client does not).
 */
let base: { port: number; agent: http.Agent } | undefined;
function send(app: FastifyInstance, method: string, path: string, token?: string): Promise<number> {
  const target = app === t.app ? base : undefined;
  if (!target) return sendInject(app, method, path, token);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: target.port,
        agent: target.agent,
        method,
        path,
        headers: {
          ...(token ? { authorization: token } : {}),
          ...(method === 'GET' ? {} : { 'content-type': 'application/json', 'content-length': '2' }),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', (err) => reject(new Error(`${method} ${path}: ${err.message}`)));
    req.end(method === 'GET' ? undefined : '{}');
  });
}

async function sendInject(app: FastifyInstance, method: string, url: string, token?: string) {
  const res = await app.inject({
    method: method as 'GET',
    url,
    headers: {
      ...(token ? { authorization: token } : {}),
      ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
    },
    ...(method === 'GET' ? {} : { payload: '{}' }),
  });
  return res.statusCode;
}

let routes: RouteEntry[];
/** A spelling that is a route of its own (`/swagger-ui/` beside `/swagger-ui`) is not a variant. */
const isRoute = (method: string, url: string) =>
  t.app.hasRoute({ method: method as 'GET', url }) || known.has(url);
let known: Set<string>;
let fresh: { token: string; auth: AuthContext };

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = { port: address.port, agent: new http.Agent({ keepAlive: true, maxSockets: 1 }) };
  // The walked table is the router's own; the websocket upgrade is answered by its handler, not HTTP.
  routes = t.app.routeTable.filter((r) => r.url !== '/websocket');
  known = new Set(routes.map((r) => concrete(r.url)));
  // A supplier company registered just now, partner of nobody: the outside attacker of the report.
  const reg = await call(t.app, 'POST', '/auth/regAndLogin', {
    body: {
      username: 'outsider',
      phone: '13912340077',
      email: 'outsider@example.org',
      password: 'Outsider@2026',
      corporateName: '外来供应商公司',
      roleType: 1,
    },
  });
  expect(reg.status).toBe(201);
  const auth = await resolveSession(t.db, t.app.config, String(reg.body.token).replace(/^Bearer\s+/i, ''));
  if (!auth) throw new Error('no session for the registered outsider');
  fresh = { token: reg.body.token, auth };
});

describe('route table: every route the router knows, every spelling', () => {
  it('covers the whole router (hundreds of routes, platform tools among them)', () => {
    expect(routes.length).toBeGreaterThan(400);
    const paths = new Set(routes.map((r) => `${r.method} ${r.url}`));
    for (const known of ['POST /api/tenantUser/adduser', 'PUT /api/email', 'POST /api/jobs/exec/:id'])
      expect(paths).toContain(known);
  });

  it('variants are refused as non-canonical, and the canonical paths are not', () => {
    for (const r of routes) {
      const path = concrete(r.url);
      expect(isCanonicalTarget(path), path).toBe(true);
      // A trailing slash is a spelling the router refuses by itself (no route has it): not judged here.
      for (const v of variants(path)) if (v !== `${path}/`) expect(isCanonicalTarget(v), v).toBe(false);
    }
  });

  // Some ten thousand requests over one socket each: minutes on a loaded 2-core machine, not 30 s.
  it('anonymously: a private route answers 401 and every spelling of any route 401 or 404', {
    timeout: 300_000,
  }, async () => {
    const wrong: string[] = [];
    for (const r of routes) {
      const path = concrete(r.url);
      if (!r.config.public) {
        const status = await send(t.app, r.method, path);
        if (status !== 401) wrong.push(`${r.method} ${path} → ${status}`);
      }
      for (const v of variants(path)) {
        if (isRoute(r.method, v)) continue;
        const status = await send(t.app, r.method, v);
        if (status !== 401 && status !== 404) wrong.push(`${r.method} ${v} → ${status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('as a company registered a minute ago: a route it holds no grant for is 403, its spellings never pass', {
    timeout: 300_000,
  }, async () => {
    const wrong: string[] = [];
    let guarded = 0;
    for (const r of routes) {
      const path = concrete(r.url);
      const needs = r.config.permission !== undefined || r.config.fn !== undefined;
      if (!needs || (hasPermission(fresh.auth, r.config.permission) && hasFunction(fresh.auth, r.config.fn)))
        continue;
      guarded += 1;
      const status = await send(t.app, r.method, path, fresh.token);
      if (status !== 403) wrong.push(`${r.method} ${path} → ${status}`);
      for (const v of variants(path)) {
        if (isRoute(r.method, v)) continue;
        const s = await send(t.app, r.method, v, fresh.token);
        if (![401, 403, 404].includes(s)) wrong.push(`${r.method} ${v} → ${s}`);
      }
    }
    expect(guarded).toBeGreaterThan(150);
    expect(wrong).toEqual([]);
  });

  it('the report’s takeover, replayed: an encoded path adds no user to another company', async () => {
    const before = await t.db.select().from(users).where(eq(users.username, 'implant2'));
    for (const url of ['/%61pi/tenantUser/adduser', '/a%70i/tenantUser/adduser', '/ap%69/tenantUser/adduser'])
      for (const token of [undefined, fresh.token]) {
        expect(await send(t.app, 'POST', url, token)).toBe(404);
      }
    expect(await t.db.select().from(users).where(eq(users.username, 'implant2'))).toEqual(before);
    for (const url of ['/%61pi/monitor/server', '/%61pi/email/logs', '/%61pi/aliPay/trades'])
      expect(await send(t.app, 'GET', url)).toBe(404);
  });

  it('a write through a variant lands in the operation log, with its path as sent', async () => {
    const url = '/%61pi/tenantUser/stopTenant';
    expect(await send(t.app, 'POST', url, fresh.token)).toBe(404);
    // The log line is written once the answer is sent.
    const rows = await vi.waitFor(async () => {
      const found = await t.db
        .select()
        .from(logs)
        .where(and(eq(logs.path, url), eq(logs.method, 'POST')));
      expect(found.length).toBeGreaterThan(0);
      return found;
    });
    expect(rows[0].status).toBe(404);
  });
});

describe('route table: spellings are rate-limited like the sign-in routes', () => {
  it('an address probing spellings is stopped after the limit', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT: '5' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push(await send(limited.app, 'POST', '/%61uth/login'));
      expect(statuses.slice(0, 5)).toEqual([404, 404, 404, 404, 404]);
      expect(statuses.slice(5)).toEqual([429, 429]);
      // The same bucket as /auth itself: the sign-in route is refused too now.
      expect(await send(limited.app, 'POST', '/auth/login')).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
