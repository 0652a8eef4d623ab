// User administration beyond CRUD: enable / disable, delete (spec's POST deleteuser), reset password.

import { userAdminOps as ops } from '@tradelane/contract/api/system';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { users } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { mount } from '../../http/mount.ts';
import { hashPassword } from '../../lib/password.ts';
import { ctxOf, deleteRows, idsBody, visibleRows } from '../../resources/engine.ts';
import { revokeUserSessions } from '../auth/sessions.ts';
import { usersResource } from '../system/resources.ts';
import { checkManageable } from '../system/user-hooks.ts';

/** The spec's clients send either a bare array of ids or {ids}/{id}. */
const idsOf = (body: unknown): number[] => {
  if (Array.isArray(body)) return idsBody.parse(body);
  const b = z
    .object({ ids: idsBody.optional(), id: z.coerce.number().int().positive().optional() })
    .parse(body ?? {});
  const ids = b.ids ?? (b.id ? [b.id] : []);
  if (!ids.length) throw badRequest('validation.ids_required');
  return ids;
};

export async function userAdminRoutes(app: FastifyInstance) {
  const setEnabled = (enabled: boolean) => async (request: FastifyRequest) => {
    const ctx = ctxOf(app, request);
    const ids = idsOf(request.body);
    return ctx.db.transaction(async (tx) => {
      const tctx = { ...ctx, db: tx };
      const rows = await visibleRows(usersResource, tctx, ids);
      if (rows.length !== new Set(ids).size) throw notFound();
      if (!enabled && ids.includes(ctx.auth.userId)) throw badRequest('user.self_disable');
      for (const r of rows) await checkManageable(tctx, r.id);
      await tx
        .update(users)
        .set({ enabled, updateTime: new Date(), updateBy: ctx.auth.username })
        .where(inArray(users.id, ids));
      // A disabled account's sessions end at once; its open browsers are told.
      if (!enabled) for (const id of ids) await revokeUserSessions(tctx.db, id);
      return { updated: rows.length, enabled };
    });
  };
  mount(app, ops.enable, setEnabled(true));
  mount(app, ops.disable, setEnabled(false));

  mount(app, ops.remove, async (request) =>
    deleteRows(usersResource, ctxOf(app, request), idsOf(request.body)),
  );

  mount(app, ops.resetPassword, async (request) => {
    const ctx = ctxOf(app, request);
    const { body } = request;
    const rows = await visibleRows(usersResource, ctx, body.ids);
    if (rows.length !== new Set(body.ids).size) throw notFound();
    for (const r of rows) await checkManageable(ctx, r.id);
    const hash = await hashPassword(body.password);
    await ctx.db
      .update(users)
      .set({
        passwordHash: hash,
        pwdResetTime: new Date(),
        updateTime: new Date(),
        updateBy: ctx.auth.username,
      })
      .where(inArray(users.id, body.ids));
    for (const r of rows) if (r.id !== ctx.auth.userId) await revokeUserSessions(ctx.db, r.id);
    return { updated: rows.length };
  });
}
