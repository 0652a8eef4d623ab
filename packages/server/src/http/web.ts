// Serves the built web app (packages/web/dist) on the API's port; SPA routes fall back to index.html.
import { existsSync, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath } from './auth.ts';

/**
 * Sent on every answer, API and web app alike. The CSP fits the built app: its own scripts only,
 * antd's CSS-in-JS inline styles, data:/blob: images (captcha, previews), a blob worker (3D tool),
 * the websocket on the same host; nothing may frame it.
 */
export const securityHeaders: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
  'content-security-policy': [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self' ws: wss:",
    "worker-src 'self' blob:",
    "frame-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; '),
};

export const webPlugin = fp(async (app: FastifyInstance, opts: { webDist?: string }) => {
  if (!opts.webDist || !existsSync(opts.webDist)) return;
  // serve: false — the plugin only lends `reply.sendFile`; the one route below declares itself public,
  // as every route must (http/route-guard.ts), instead of one undeclared route per built file.
  await app.register(fastifyStatic, {
    root: opts.webDist,
    serve: false,
    index: ['index.html'],
    // The build writes .br and .gz beside each text asset: sent as they are, never compressed per request.
    preCompressed: true,
    setHeaders(res, path) {
      // Hashed assets never change; index.html always revalidates.
      res.header(
        'cache-control',
        /\/assets\//.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  const root = resolve(opts.webDist);
  /** A built file at this path (never outside the build: `..` resolves out of the root and is refused). */
  const built = (path: string) => {
    const file = resolve(root, path);
    if (!file.startsWith(`${root}${sep}`)) return false;
    try {
      return statSync(file).isFile();
    } catch {
      return false;
    }
  };
  // A built file when one has this path; a page of the app (a deep link) is its index.html, sent here
  // rather than through the not-found handler (which ran the request's hooks a second time); under the
  // API's prefixes the API's 404.
  app.get<{ Params: { '*': string } }>(
    '/*',
    { config: { public: true }, schema: { hide: true } },
    (request, reply) => {
      const path = request.params['*'];
      if (!path || isApiPath(request.url)) return reply.callNotFound();
      return reply.sendFile(built(path) ? path : 'index.html');
    },
  );
});
