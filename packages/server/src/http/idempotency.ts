// A repeated submit with the same X-Data-Id answers with the spec's data_id_unique case.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { AppError } from './errors.ts';

export const idempotencyPlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  app.addHook('preHandler', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    const key = request.headers['x-data-id'];
    if (typeof key !== 'string' || !key.trim()) return;
    const scoped = `${request.auth?.userId ?? 'anon'}:${key.trim().slice(0, 100)}`;
    const inserted = await opts.db
      .insert(idempotencyKeys)
      .values({ key: scoped, userId: request.auth?.userId })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (!inserted.length) throw new AppError(409, 'data_id_unique');
  });
});
