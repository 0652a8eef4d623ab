// Per-IP rate limit over the sign-in routes (one bucket for every /auth route), a fixed one-minute window.
// The bucket is chosen by the route the router matched, never by the raw URL (an encoded `/%61uth/login`
// matches the same route); a refused non-canonical request counts too, so probing spellings is limited.
// Kept in memory per API node: a burst is limited on each node it reaches.
import { AUTH_PREFIX } from '@tradelane/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.ts';
import { isCanonicalTarget } from './route-guard.ts';

const WINDOW_MS = 60_000;

export const authRateLimitPlugin = fp(async (app: FastifyInstance, opts: { max: number }) => {
  const buckets = new Map<string, { count: number; resetAt: number }>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [ip, b] of buckets) if (b.resetAt <= now) buckets.delete(ip);
  }, WINDOW_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
  app.addHook('onRequest', async (request, reply) => {
    const route = request.routeOptions.url ?? '';
    if (!route.startsWith(AUTH_PREFIX) && isCanonicalTarget(request.url)) return;
    const now = Date.now();
    let b = buckets.get(request.ip);
    if (!b || b.resetAt <= now) {
      b = { count: 0, resetAt: now + WINDOW_MS };
      buckets.set(request.ip, b);
    }
    b.count += 1;
    if (b.count > opts.max) {
      reply.header('retry-after', Math.ceil((b.resetAt - now) / 1000));
      throw new AppError(429, 'rate_limited');
    }
  });
});
