// Validation rules of spec §5, shared by the server's schemas and the web's forms.
import { z } from 'zod';
import { EMAIL_RE, isStrongPassword, MOBILE_RE } from './rules.ts';
import { secret } from './secret.ts';

export * from './rules.ts';

export const zPassword = secret(z.string().refine(isStrongPassword, { message: 'validation.password_rule' }));
export const zMobile = z.string().trim().regex(MOBILE_RE, { message: 'validation.phone' });
export const zEmail = z.string().trim().regex(EMAIL_RE, { message: 'validation.email' });
export const zOptionalMobile = z.union([z.literal(''), zMobile]).nullish();
export const zOptionalEmail = z.union([z.literal(''), zEmail]).nullish();
export const zFeedbackText = z
  .string({ message: 'validation.feedback_required' })
  .trim()
  .min(1, { message: 'validation.feedback_required' })
  .max(500, { message: 'validation.feedback_length' });
