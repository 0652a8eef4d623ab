// Online users for the admin area: the live sessions and kick-out (the auth module owns the sessions);
// the statistics are in statistics.ts.
import { monitorOps as ops } from '@tradelane/contract/api/system';
import type { FastifyInstance } from 'fastify';
import { caller } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { mount } from '../../http/mount.ts';
import { liveSessions, revokeSession, sessionsOf } from '../auth/sessions.ts';

export async function monitorRoutes(app: FastifyInstance) {
  const { db } = app;

  mount(app, ops.online, async (request) => {
    const auth = caller(request);
    const q = request.query;
    const { rows, total } = await liveSessions(
      db,
      { tenantId: auth.isPlatformAdmin ? undefined : auth.tenantId, blurry: q.blurry },
      q.page,
      q.size,
    );
    return {
      content: rows.map((r) => ({ ...r, current: r.id === auth.sessionId })),
      totalElements: total,
    };
  });

  /** Kick out: the sessions end at once and their browsers are told. */
  mount(app, ops.kick, async (request) => {
    const auth = caller(request);
    const ids = request.body;
    const rows = await sessionsOf(db, ids, auth.isPlatformAdmin ? undefined : auth.tenantId);
    if (rows.length !== new Set(ids).size) throw notFound();
    for (const r of rows) await revokeSession(db, r.id);
    return { kicked: rows.length };
  });
}
