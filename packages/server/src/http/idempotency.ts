// A repeated submit with the same X-Data-Id answers with the spec's data_id_unique case.
// A request that fails releases its key, so the user can correct the form and send it again.
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { DAY } from '../lib/time.ts';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyKey?: string;
  }
}

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
    request.idempotencyKey = scoped;
  });
  // Released before the answer goes out, so a retry right after a failure is never refused.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.idempotencyKey && reply.statusCode >= 400) {
      await opts.db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, request.idempotencyKey));
    }
    return payload;
  });
});

/** Keys only need to outlive a double click; a day is plenty. */
export async function purgeIdempotencyKeys(db: Db) {
  await db.delete(idempotencyKeys).where(and(lt(idempotencyKeys.createTime, new Date(Date.now() - DAY))));
}
