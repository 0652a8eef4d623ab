// The mail tool (issue 16): an administrator keeps the SMTP settings (the password encrypted under
// CONFIG_KEY, never sent back: the answer says only whether one is kept), sends a test mail, and reads
// the log of every mail the product sent. EL-ADMIN's paths: GET/PUT /api/email, POST /api/email.
import { mailConfigInput, mailTestInput } from '@tradelane/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { mailConfig, mailLogs } from '../../db/schema-mail.ts';
import { caller } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { sendMail } from '../../lib/mail.ts';
import { encryptSecret } from '../../lib/secret.ts';

const tags = ['email'];

export async function mailToolRoutes(app: FastifyInstance) {
  const read = async () => {
    const [kept] = await app.db.select().from(mailConfig).limit(1);
    if (!kept) return { configured: false, fromEnvironment: Boolean(app.config.smtpUrl) };
    const { passwordEnc, ...rest } = kept;
    return { ...rest, configured: true, hasPassword: Boolean(passwordEnc), fromEnvironment: false };
  };

  app.get('/api/email', { config: { permission: 'email:list' }, schema: { tags } }, read);

  app.put(
    '/api/email',
    {
      config: { permission: 'email:edit', describe: 'mail settings' },
      schema: { tags, body: mailConfigInput },
    },
    async (request) => {
      const body = request.body as z.infer<typeof mailConfigInput>;
      const by = caller(request).username;
      const [kept] = await app.db.select().from(mailConfig).limit(1);
      const { password, ...fields } = body;
      const values = {
        ...fields,
        username: fields.username || null,
        ...(password ? { passwordEnc: encryptSecret(app.config, password) } : {}),
        updateBy: by,
        updateTime: new Date(),
      };
      if (kept) await app.db.update(mailConfig).set(values).where(eq(mailConfig.id, kept.id));
      else await app.db.insert(mailConfig).values({ ...values, createBy: by });
      return read();
    },
  );

  app.post(
    '/api/email',
    {
      config: { permission: 'email:edit', describe: 'send a test mail' },
      schema: { tags, body: mailTestInput },
    },
    async (request) => {
      const body = request.body as z.infer<typeof mailTestInput>;
      const by = caller(request).username;
      let sent = false;
      try {
        sent = await sendMail(app, body.to, body.subject, body.content, 'test', by, true);
      } catch (err) {
        throw new AppError(400, 'mail.failed', { reason: String((err as Error).message).slice(0, 300) });
      }
      if (!sent) throw new AppError(400, 'mail.not_configured');
      return { sent: true };
    },
  );

  app.get('/api/email/logs', { config: { permission: 'email:list' }, schema: { tags } }, async (request) => {
    const q = z
      .object({
        page: z.coerce.number().int().min(0).default(0),
        size: z.coerce.number().int().min(1).max(200).default(10),
      })
      .parse(request.query);
    const content = await app.db
      .select()
      .from(mailLogs)
      .orderBy(desc(mailLogs.id))
      .limit(q.size)
      .offset(q.page * q.size);
    const [{ n }] = await app.db.select({ n: sql<number>`count(*)::int` }).from(mailLogs);
    return { content, totalElements: Number(n) };
  });
}
