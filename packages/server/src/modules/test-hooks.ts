// Routes for automated browser tests only: registered when TEST_HOOKS=1, never otherwise.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { outbox, users } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { MESSAGE_KIND } from '../workflow/notify.ts';
import { captchaAnswer, lastResetCodes } from './auth/routes.ts';
import { addMessages } from './messages/service.ts';

export async function testHookRoutes(app: FastifyInstance) {
  if (!app.config.testHooks) return;
  const pub = { config: { public: true }, schema: { hide: true } };
  app.get('/test/captcha/:uuid', pub, async (request) => {
    const { uuid } = request.params as { uuid: string };
    const answer = await captchaAnswer(app.db, uuid);
    if (answer === undefined) throw notFound();
    return { answer };
  });
  app.get('/test/resetCode', pub, async (request) => {
    const { target } = request.query as { target: string };
    const code = lastResetCodes.get(target);
    if (!code) throw notFound();
    return { code };
  });
  // Notices still waiting in the outbox (the demo seed's, at boot): the browser tests start once none
  // is left, so a notice delivered late never lands in the middle of a test that counts unread ones.
  app.get('/test/outbox', pub, async () => {
    const [row] = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(outbox)
      .where(and(isNull(outbox.deliveredAt), eq(outbox.kind, MESSAGE_KIND)));
    return { pending: Number(row?.n ?? 0) };
  });
  app.get('/test/boom', pub, async () => {
    throw new Error('boom for the error log');
  });
  app.post('/test/message', pub, async (request) => {
    const body = z
      .object({ username: z.string(), count: z.number().int().min(1).max(500) })
      .parse(request.body);
    const [user] = await app.db.select().from(users).where(eq(users.username, body.username));
    if (!user) throw notFound();
    // As a real notification does, the user's open browsers get the new count.
    await addMessages(
      app.db,
      { userId: user.id, tenantId: user.tenantId },
      Array.from({ length: body.count }, (_, i) => ({
        title: `测试消息 ${i + 1}`,
        enTitle: `Test message ${i + 1}`,
        content: '测试',
        enContent: 'Test',
        type: 'notice',
      })),
    );
    return { created: body.count };
  });
}
