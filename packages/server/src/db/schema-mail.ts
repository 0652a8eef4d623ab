// The mail tool: the SMTP settings an administrator keeps (the password encrypted with a key
// from the environment, never sent back) and the log of every mail the product sent or failed to send.
import { boolean, index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { base } from './schema.ts';

export const mailConfig = pgTable('sys_mail_config', {
  ...base,
  host: varchar('host', { length: 255 }).notNull(),
  port: integer('port').notNull(),
  /** 'tls' (implicit, 465), 'starttls' (587) or 'none'. */
  security: varchar('security', { length: 10 }).notNull(),
  username: varchar('username', { length: 255 }),
  /** AES-256-GCM: iv.tag.ciphertext, base64url. */
  passwordEnc: text('password_enc'),
  fromAddress: varchar('from_address', { length: 255 }).notNull(),
});

export const mailLogs = pgTable(
  'sys_mail_log',
  {
    ...base,
    toAddress: varchar('to_address', { length: 255 }).notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    /** test, reset (password reset code), alert (a failed job). */
    kind: varchar('kind', { length: 20 }).notNull(),
    ok: boolean('ok').notNull(),
    error: varchar('error', { length: 1000 }),
  },
  (t) => [index('sys_mail_log_time_idx').on(t.createTime)],
);
