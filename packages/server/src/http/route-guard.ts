// The door every request passes before anything reads its path: a path has one spelling, and a route
// says who may call it. The router decodes `%xx` before matching, so `/%61pi/users` reaches the route of /api/users;
// any rule that read the raw URL (auth, rate limit, audit) would see a different path than the router.
// Non-canonical paths are refused here, for the API, /auth, /files, /websocket and the web app alike,
// and every later decision reads the route the router matched (request.routeOptions), never the URL.
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.ts';

/** RFC 3986 unreserved characters: percent-encoding one of them only hides a path's real spelling. */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * Whether a request target is in the one spelling the router and every rule agree on: an origin-form
 * path with no empty, `.` or `..` segment, no `;` (matrix parameters), no backslash, no encoded slash,
 * backslash or unreserved character, and well-formed percent escapes. The query string is not judged.
 */
export function isCanonicalTarget(url: string): boolean {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (!path.startsWith('/')) return false;
  if (path.includes('//') || path.includes(';') || path.includes('\\')) return false;
  for (const segment of path.split('/').slice(1)) if (segment === '.' || segment === '..') return false;
  for (let i = path.indexOf('%'); i !== -1; i = path.indexOf('%', i + 1)) {
    const hex = path.slice(i + 1, i + 3);
    if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return false;
    const ch = String.fromCharCode(Number.parseInt(hex, 16));
    if (UNRESERVED.test(ch) || ch === '/' || ch === '\\') return false;
  }
  return true;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the request target was refused as non-canonical (it is still rate-limited and audited). */
    nonCanonical?: boolean;
  }
}

/** The route's declared caller, or undefined when it declares none. */
export function declaredCaller(config: RouteOptions['config'] | undefined): string | undefined {
  const c = (config ?? {}) as { public?: boolean; signedIn?: boolean; permission?: unknown; fn?: unknown };
  if (c.public) return 'public';
  if (c.permission !== undefined) return 'permission';
  if (c.fn !== undefined) return 'fn';
  if (c.signedIn) return 'signedIn';
  return undefined;
}

/**
 * Records every route and, once all are registered, refuses to start if one declares no caller: a route
 * nobody declared a caller for must not exist (a forgotten `permission` would otherwise mean "anyone").
 */
export const routeDeclarationPlugin = fp(async (app: FastifyInstance) => {
  const seen: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    seen.push(route);
  });
  app.addHook('onReady', async () => {
    // Read at ready: a plugin's own onRoute hook may complete a route's config after ours ran.
    const undeclared = seen
      .filter((r) => !declaredCaller(r.config))
      .map((r) => `${[r.method].flat().join(',')} ${r.url}`);
    if (undeclared.length)
      throw new Error(
        `routes without a declared caller (public, signedIn, permission or fn): ${undeclared.join('; ')}`,
      );
  });
});

/** Refuses a non-canonical request target before any hook reads the path; it answers as an unknown path. */
export const canonicalPathPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (isCanonicalTarget(request.url)) return;
    request.nonCanonical = true;
    throw new AppError(404, 'not_found');
  });
});
