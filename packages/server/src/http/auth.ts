// Sessions: opaque random tokens stored hashed; remember-me lasts a day, otherwise a sliding idle expiry.
// Every route is private unless its config says `public: true`; a permission string is checked here.
import type { ApiTokenScope, Grant, MessageCode, Party } from '@tradelane/contract';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { partyOf } from '../access/party.ts';
import {
  type Access,
  accessColumns,
  accessFrom,
  hasFunction,
  hasPermission,
  isPlatformAdmin,
} from '../access/service.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { sessions, tenants, users } from '../db/schema.ts';
import { sessionCache } from '../db/session-cache.ts';
import { randomToken, sha256 } from '../lib/password.ts';
import { DAY } from '../lib/time.ts';
import { checkTokenScope, isApiToken, resolveApiToken, type TokenUse } from './api-token.ts';
import { AppError, forbidden, unauthorized } from './errors.ts';

export interface AuthContext extends Access {
  sessionId: number;
  userId: number;
  username: string;
  tenantId: number;
  deptId: number | null;
  roleType: number;
  isPlatformAdmin: boolean;
  token: string;
  /** Set when the caller is a machine with an API token (no session): what it may call is its scopes. */
  apiToken?: TokenUse;
}

/** A route as the auth layer sees it: what the attack suite walks, and where `writes` is audited. */
export interface RouteEntry {
  method: string;
  url: string;
  config: import('fastify').FastifyContextConfig;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** Every route registered after the auth layer (all of the API), with its config. */
    routeTable: RouteEntry[];
  }
  interface FastifyContextConfig {
    public?: boolean;
    /**
     * Any signed-in user may call the route; what they see is scoped by the handler (a resource's
     * declared scope, a module's party rule). One of `public`, `signedIn`, `permission` or `fn` is required.
     */
    signedIn?: boolean;
    /** A permission of the contract's catalogue (or the platform administrators' marker). */
    permission?: Grant | readonly Grant[];
    /** A function grant the caller needs: [menu key, functionName] (spec §6). */
    fn?: readonly [string, string];
    /** The sides that may call the route at all (the contract's PartyRule); none: every side. */
    party?: readonly Party[];
    /** What a caller of another side is refused with (default `forbidden`). */
    partyRefusal?: MessageCode;
    /**
     * The API token scopes that may call the route (http/api-token.ts); a route naming none refuses every
     * token. The resource engine gives its list and detail reads `lists`, the kernel a command's `machine`.
     */
    tokenScope?: ApiTokenScope | readonly ApiTokenScope[];
    /** Description for the operation log. */
    describe?: string;
    /**
     * A GET that changes data (the spec's `supplies/back/{id}`, `tag/{id}`, `sendHsCode/{id}` keep their
     * method for its client): like POST/PUT/DELETE it needs the token in the Authorization header.
     */
    writes?: boolean;
  }
}

/** Writes of last_seen are throttled: a request within this window of the last write does not write. */
const SLIDE_WRITE_MS = 30_000;

/** The web keeps the token in this cookie (spec §9); images and downloads send it without a header. */
export const TOKEN_COOKIE = 'EL-ADMIN-TOEKN';

function tokenCookie(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === TOKEN_COOKIE) {
      try {
        return decodeURIComponent(v.join('='));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * The session cookie, written by the server: HttpOnly (no script reads it), SameSite=Lax, Secure when the
 * request came over TLS (directly, or through the proxy TRUST_PROXY names). With remember-me it lasts a
 * day; otherwise it is a session cookie, gone with the browser (spec §4, §9).
 */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string | null,
  remember = false,
) {
  const parts = [
    `${TOKEN_COOKIE}=${token ? encodeURIComponent(token) : ''}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (!token) parts.push('Max-Age=0');
  else if (remember) parts.push(`Max-Age=${DAY / 1000}`);
  if (request.protocol === 'https') parts.push('Secure');
  reply.header('set-cookie', parts.join('; '));
}

/** Safe reads are the only requests the cookie alone may authorize (an image, a download in a new tab). */
export function isStateChanging(request: FastifyRequest): boolean {
  const safe = request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS';
  return !safe || Boolean(request.routeOptions.config?.writes);
}

function bareToken(raw: unknown): string | null {
  if (!raw || typeof raw !== 'string') return null;
  // "Bearer Bearer …" too: the login answer's token already carries the word, and API tools add it again.
  const token = raw.replace(/^(Bearer\s+)+/i, '').trim();
  return token.length >= 20 && token.length <= 200 ? token : null;
}

/**
 * The session token of a request: the Authorization header, or — for a safe read only — the cookie.
 * A cross-site page can make the browser send the cookie, never the header: so no state change rides
 * on the cookie (CSRF). Tokens in URLs are not read here; only the websocket takes one (see realtime).
 */
export function tokenFromRequest(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header) return bareToken(header);
  if (isStateChanging(request)) return null;
  return bareToken(tokenCookie(request.headers.cookie));
}

/** The websocket's token: the browser cannot set headers on it, so it comes in `?token=`. */
export function websocketToken(request: FastifyRequest): string | null {
  return bareToken(request.headers.authorization) ?? bareToken((request.query as { token?: unknown })?.token);
}

/** Where an unknown path is answered as an API 404 rather than with the web app (the SPA fallback). */
export function isApiPath(url: string): boolean {
  return /^\/(api|auth|websocket|files|test)(\/|\?|$)/.test(url);
}

export async function createSession(
  db: Db,
  config: AppConfig,
  user: { id: number; tenantId: number },
  opts: { remember: boolean; ip?: string; browser?: string },
): Promise<string> {
  const token = randomToken();
  const now = Date.now();
  await db.insert(sessions).values({
    tokenHash: sha256(token),
    userId: user.id,
    tenantId: user.tenantId,
    remember: opts.remember,
    expiresAt: new Date(now + (opts.remember ? DAY : config.idleTimeoutMs)),
    ip: opts.ip,
    browser: opts.browser?.slice(0, 255),
    createBy: String(user.id),
  });
  return token;
}

/** What a node keeps of a resolved session (everything but the token itself). */
interface Resolved {
  auth: Omit<AuthContext, 'token'>;
  remember: boolean;
}
const cache = sessionCache as import('../db/session-cache.ts').SessionCache<Resolved>;

/** Slides a session's idle expiry (at most every SLIDE_WRITE_MS); a remembered session keeps its day. */
async function slide(
  db: Db,
  config: AppConfig,
  sessionId: number,
  remember: boolean,
  expiresAt: Date,
  now: Date,
) {
  const next = remember ? expiresAt : new Date(now.getTime() + config.idleTimeoutMs);
  await db.update(sessions).set({ lastSeen: now, expiresAt: next }).where(eq(sessions.id, sessionId));
  return next;
}

/**
 * The session, its user and tenant, and the user's roles, permissions and function grants — in one
 * round trip (docs/operations.md), or none when this node resolved the same session a moment ago and nothing
 * about it changed since (db/session-cache.ts). Department scope needs more only for
 * department-limited roles.
 */
/** What a caller is read with, by session or by API token: the user, its company's standing and its grants. */
export function callerColumns() {
  return {
    user: {
      id: users.id,
      username: users.username,
      tenantId: users.tenantId,
      deptId: users.deptId,
      roleType: users.roleType,
      enabled: users.enabled,
    },
    tenantActive: tenants.active,
    ...accessColumns(users.id),
  };
}

export async function resolveSession(db: Db, config: AppConfig, token: string): Promise<AuthContext | null> {
  const now = new Date();
  const key = sha256(token);
  const hit = cache.get(key, now.getTime());
  if (hit) {
    if (now.getTime() - hit.lastSeen > SLIDE_WRITE_MS) {
      const next = await slide(
        db,
        config,
        hit.value.auth.sessionId,
        hit.value.remember,
        new Date(hit.expiresAt),
        now,
      );
      hit.lastSeen = now.getTime();
      hit.expiresAt = next.getTime();
    }
    return { ...hit.value.auth, token };
  }
  const ticket = cache.ticket();
  const rows = await db
    .select({
      session: {
        id: sessions.id,
        lastSeen: sessions.lastSeen,
        expiresAt: sessions.expiresAt,
        remember: sessions.remember,
      },
      ...callerColumns(),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(sessions.tokenHash, key), eq(sessions.revoked, false), gt(sessions.expiresAt, now)))
    .limit(1);
  const row = rows[0];
  if (!row?.user.enabled || !row.tenantActive) return null;
  let expiresAt = new Date(row.session.expiresAt);
  let lastSeen = new Date(row.session.lastSeen).getTime();
  if (now.getTime() - lastSeen > SLIDE_WRITE_MS) {
    expiresAt = await slide(db, config, row.session.id, row.session.remember, expiresAt, now);
    lastSeen = now.getTime();
  }
  const access = await accessFrom(db, row.user, row.roles ?? [], row.permissions ?? [], row.functions ?? []);
  const auth: Omit<AuthContext, 'token'> = {
    ...access,
    sessionId: row.session.id,
    userId: row.user.id,
    username: row.user.username,
    tenantId: row.user.tenantId,
    deptId: row.user.deptId,
    roleType: row.user.roleType,
    isPlatformAdmin: isPlatformAdmin(row.user),
  };
  cache.set(key, ticket, {
    value: { auth, remember: row.session.remember },
    expiresAt: expiresAt.getTime(),
    lastSeen,
  });
  return { ...auth, token };
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Db; config: AppConfig }) => {
  app.decorateRequest('auth', null);
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    // The config is read when asked: a plugin's own onRoute hook may complete it after this one ran.
    for (const method of [route.method].flat())
      if (method !== 'HEAD')
        routeTable.push({
          method,
          url: route.url,
          get config() {
            return route.config ?? {};
          },
        });
  });
  // onRequest, before the body is read or validated: an anonymous caller learns nothing about inputs.
  app.addHook('onRequest', async (request) => {
    const routeConfig = request.routeOptions.config ?? {};
    const token = tokenFromRequest(request);
    // An API token counts only in the header (never a cookie); a session token that happens to begin with
    // the prefix is still found among the sessions.
    if (token)
      request.auth =
        (isApiToken(token) && request.headers.authorization ? await resolveApiToken(opts.db, token) : null) ??
        (await resolveSession(opts.db, opts.config, token));
    // Decided by the route the router matched, never by the URL's spelling. No route matched: the 404
    // handler answers, and it serves nothing but "not found" or the web app's index.
    if (!request.routeOptions.url || routeConfig.public) return;
    if (!request.auth) {
      // A session cookie without the header on a state change: a forged cross-site request, or a client
      // that must send the header. Say which, rather than "session expired".
      if (!request.headers.authorization && isStateChanging(request) && tokenCookie(request.headers.cookie))
        throw new AppError(403, 'auth.header_required');
      throw unauthorized();
    }
    checkTokenScope(request, request.auth);
    if (!hasPermission(request.auth, routeConfig.permission)) throw forbidden();
    if (!hasFunction(request.auth, routeConfig.fn)) throw forbidden();
    if (!ofParty(request.auth, routeConfig.party))
      throw new AppError(403, routeConfig.partyRefusal ?? 'forbidden');
  });
});

/** Whether the caller is on one of the sides a route names (a route naming none admits every side). */
export function ofParty(auth: AuthContext, party: readonly Party[] | undefined): boolean {
  return !party || party.includes(partyOf(auth));
}

/** For handlers on private routes: the caller, or a 401 if somehow missing. */
export function caller(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError(401, 'auth.unauthorized');
  return request.auth;
}

export function requirePermission(request: FastifyRequest, permission: Grant | readonly Grant[]) {
  if (!hasPermission(caller(request), permission)) throw forbidden();
}
