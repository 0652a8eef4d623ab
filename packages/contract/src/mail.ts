// The mail tool: SMTP settings (the password is write-only) and a test mail.
import { z } from 'zod';
import { secret } from './secret.ts';

export const mailSecurity = ['tls', 'starttls', 'none'] as const;
export const mailConfigInput = z.object({
  host: z
    .string()
    .trim()
    .min(1)
    .max(255)
    .regex(/^[A-Za-z0-9.-]+$/, { message: 'validation.invalid_format' }),
  port: z.coerce.number().int().min(1).max(65535),
  security: z.enum(mailSecurity),
  username: z.string().trim().max(255).nullish(),
  /** Sent only to change it; an empty or missing password keeps the one stored. */
  password: secret(z.string().max(255).nullish()),
  fromAddress: z.string().trim().min(3).max(255),
});
export const mailTestInput = z.object({
  to: z.string().trim().email({ message: 'validation.email' }).max(255),
  subject: z.string().trim().min(1).max(200),
  content: z.string().trim().min(1).max(5000),
});
