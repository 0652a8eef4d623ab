// A repeated submit with the same X-Data-Id answers with the spec's data_id_unique case.
// The key is written in the same transaction as what it protects (claimIdempotencyKey, called by the
// engine's create and the workflow kernel): a crash or a refusal rolls both back, so a retry after
// either is never refused. Routes that write outside such a transaction claim it before the handler,
// and release it when they fail.
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyKey?: string;
    /** Set once a transaction has written the key: nothing to release on failure. */
    idempotencyClaimed?: boolean;
  }
  interface FastifyContextConfig {
    /** The handler claims the X-Data-Id inside its own transaction (claimIdempotencyKey). */
    claimsIdempotency?: boolean;
  }
}

/** Writes the request's X-Data-Id in the caller's transaction; a repeat is the spec's 409. */
export async function claimIdempotencyKey(ctx: { db: Db; request: FastifyRequest }) {
  const key = ctx.request.idempotencyKey;
  if (!key || ctx.request.idempotencyClaimed) return;
  const inserted = await ctx.db
    .insert(idempotencyKeys)
    .values({ key, userId: ctx.request.auth?.userId })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (!inserted.length) throw new AppError(409, 'data_id_unique');
  ctx.request.idempotencyClaimed = true;
}

export const idempotencyPlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  app.addHook('preHandler', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    const key = request.headers['x-data-id'];
    if (typeof key !== 'string' || !key.trim()) return;
    const scoped = `${request.auth?.userId ?? 'anon'}:${key.trim().slice(0, 100)}`;
    request.idempotencyKey = scoped;
    if (request.routeOptions.config?.claimsIdempotency) {
      // Claimed in the handler's transaction; a key already committed is refused here at once.
      const [seen] = await opts.db
        .select({ key: idempotencyKeys.key })
        .from(idempotencyKeys)
        .where(eq(idempotencyKeys.key, scoped));
      if (seen) throw new AppError(409, 'data_id_unique');
      return;
    }
    const inserted = await opts.db
      .insert(idempotencyKeys)
      .values({ key: scoped, userId: request.auth?.userId })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (!inserted.length) {
      request.idempotencyKey = undefined;
      throw new AppError(409, 'data_id_unique');
    }
    request.idempotencyClaimed = true;
  });
  // Released before the answer goes out, so a retry right after a failure is never refused.
  app.addHook('onSend', async (request, reply, payload) => {
    const outside = !request.routeOptions.config?.claimsIdempotency;
    if (request.idempotencyKey && outside && reply.statusCode >= 400) {
      await opts.db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, request.idempotencyKey));
    }
    return payload;
  });
});
