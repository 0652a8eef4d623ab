// Mail through SMTP: the settings an administrator keeps in the mail tool, or SMTP_URL
// (smtp://user:pass@host:port) when none are kept. Every attempt is logged (sys_mail_log).
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { mailConfig, mailLogs } from '../../db/schema-mail.ts';
import { checkHost } from '../../lib/outbound.ts';
import { decryptSecret } from '../../lib/secret.ts';

export interface MailSender {
  db: Db;
  config: AppConfig;
}

/** The transport options and sender, from the kept settings or SMTP_URL; null when none is configured. */
export async function mailTransport(
  app: MailSender,
): Promise<{ options: SMTPTransport.Options | string; from: string } | null> {
  const [kept] = await app.db.select().from(mailConfig).limit(1);
  if (kept) {
    const password = kept.passwordEnc ? decryptSecret(app.config, kept.passwordEnc) : null;
    return {
      options: {
        host: kept.host,
        port: kept.port,
        secure: kept.security === 'tls',
        requireTLS: kept.security === 'starttls',
        ignoreTLS: kept.security === 'none',
        ...(kept.username ? { auth: { user: kept.username, pass: password ?? '' } } : {}),
        connectionTimeout: 15_000,
      },
      from: kept.fromAddress,
    };
  }
  return app.config.smtpUrl ? { options: app.config.smtpUrl, from: app.config.mailFrom } : null;
}

/**
 * Sends one mail and logs it. Answers whether it was sent; false when no transport is configured.
 * A refused or failed delivery is logged with its error and rethrown when `throwOnError`.
 */
export async function sendMail(
  app: MailSender,
  to: string,
  subject: string,
  text: string,
  kind: 'test' | 'reset' | 'alert',
  by = 'system',
  throwOnError = false,
): Promise<boolean> {
  const transport = await mailTransport(app);
  if (!transport) return false;
  const smtp = nodemailer.createTransport(transport.options as SMTPTransport.Options);
  try {
    // A kept server passes the outbound guard on every send (its name may resolve elsewhere by now);
    // SMTP_URL's host is the operator's own and trusted by the guard's policy.
    if (typeof transport.options !== 'string' && transport.options.host)
      await checkHost(app.config.outbound, transport.options.host);
    await smtp.sendMail({ from: transport.from, to, subject, text });
    await app.db.insert(mailLogs).values({ toAddress: to, subject, kind, ok: true, createBy: by });
    return true;
  } catch (err) {
    await app.db.insert(mailLogs).values({
      toAddress: to,
      subject,
      kind,
      ok: false,
      error: String((err as Error)?.message ?? err).slice(0, 1000),
      createBy: by,
    });
    if (throwOnError) throw err;
    return false;
  } finally {
    smtp.close();
  }
}
