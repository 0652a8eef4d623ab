// The mail tool: an administrator keeps the SMTP settings (the password encrypted under
// CONFIG_KEY, never sent back: the answer says only whether one is kept), sends a test mail, and reads
// the log of every mail the product sent. EL-ADMIN's paths: GET/PUT /api/email, POST /api/email.
import { translate } from '@tradelane/contract';
import { mailToolOps as ops } from '@tradelane/contract/api/system';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mailConfig, mailLogs } from '../../db/schema-mail.ts';
import { caller } from '../../http/auth.ts';
import { AppError, langOf } from '../../http/errors.ts';
import { mount } from '../../http/mount.ts';
import { checkHost } from '../../lib/outbound.ts';
import { encryptSecret } from '../../lib/secret.ts';
import { sendMail } from './mail.ts';

export async function mailToolRoutes(app: FastifyInstance) {
  const read = async () => {
    const [kept] = await app.db.select().from(mailConfig).limit(1);
    if (!kept) return { configured: false as const, fromEnvironment: Boolean(app.config.smtpUrl) };
    const { passwordEnc, ...rest } = kept;
    return {
      ...rest,
      configured: true as const,
      hasPassword: Boolean(passwordEnc),
      fromEnvironment: false as const,
    };
  };

  mount(app, ops.settings, read);

  mount(app, ops.save, async (request) => {
    const { body } = request;
    const by = caller(request).username;
    const [kept] = await app.db.select().from(mailConfig).limit(1);
    const { password, ...fields } = body;
    // The kept password goes only to the server it was given for: a new host or port needs it again
    // (otherwise changing the host alone would hand the password to whoever runs the new one).
    const moved = kept && (kept.host !== fields.host || kept.port !== fields.port);
    if (moved && kept.passwordEnc && fields.username && !password)
      throw new AppError(400, 'mail.password_required');
    await checkHost(app.config.outbound, fields.host).catch((err) => {
      request.log.warn({ err, host: fields.host }, 'mail server refused by the outbound guard');
      throw new AppError(400, 'outbound.refused', { field: 'host' });
    });
    const values = {
      ...fields,
      username: fields.username || null,
      ...(password
        ? { passwordEnc: encryptSecret(app.config, password) }
        : moved || !fields.username
          ? { passwordEnc: null }
          : {}),
      updateBy: by,
      updateTime: new Date(),
    };
    if (kept) await app.db.update(mailConfig).set(values).where(eq(mailConfig.id, kept.id));
    else await app.db.insert(mailConfig).values({ ...values, createBy: by });
    return read();
  });

  mount(app, ops.test, async (request) => {
    const { body } = request;
    const by = caller(request).username;
    let sent = false;
    try {
      sent = await sendMail(app, body.to, body.subject, body.content, 'test', by, true);
    } catch (err) {
      // The mail log keeps the server's words for the administrator; the answer does not carry
      // network detail (it would make this call a port scanner).
      request.log.warn({ err }, 'test mail failed');
      throw new AppError(400, 'mail.failed', {
        reason: translate('outbound.unreachable', langOf(request)),
      });
    }
    if (!sent) throw new AppError(400, 'mail.not_configured');
    return { sent: true as const };
  });

  mount(app, ops.logs, async (request) => {
    const q = request.query;
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
