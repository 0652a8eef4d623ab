// Per-IP rate limit over all of /auth/* (one bucket for every auth path), a fixed one-minute window.
// Kept in memory per API node: a burst is limited on each node it reaches.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.ts';

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
    if (!request.url.startsWith('/auth/')) return;
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
