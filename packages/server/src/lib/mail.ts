// Mail through SMTP when SMTP_URL is set (smtp://user:pass@host:port); otherwise callers log instead.
import nodemailer from 'nodemailer';
import type { AppConfig } from '../config.ts';

export async function sendMail(
  config: AppConfig,
  to: string,
  subject: string,
  text: string,
): Promise<boolean> {
  if (!config.smtpUrl) return false;
  const transport = nodemailer.createTransport(config.smtpUrl);
  try {
    await transport.sendMail({ from: config.mailFrom, to, subject, text });
    return true;
  } finally {
    transport.close();
  }
}
