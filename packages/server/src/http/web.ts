// Serves the built web app (packages/web/dist) on the API's port; SPA routes fall back to index.html.
import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const webPlugin = fp(async (app: FastifyInstance, opts: { webDist?: string }) => {
  if (!opts.webDist || !existsSync(opts.webDist)) return;
  await app.register(fastifyStatic, {
    root: opts.webDist,
    wildcard: false,
    index: ['index.html'],
    setHeaders(res, path) {
      // Hashed assets never change; index.html always revalidates.
      res.header(
        'cache-control',
        /\/assets\//.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
});
