import { z } from 'zod';
import { isValidEmail, isValidPassword, normalizePhone } from './field-rules.ts';

/**
 * Field rules of spec §5, shared by the server's request schemas and the web client's forms.
 * Zod issue messages are message keys (see messages.ts); each side translates them into the user's language.
 * The plain rules live in field-rules.ts (no zod, for the web client's first screens) and are re-exported here.
 */
export {
  EMAIL_PATTERN,
  formatPhone,
  isValidEmail,
  isValidPassword,
  normalizePhone,
  PASSWORD_PATTERN,
} from './field-rules.ts';

export const emailSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .toLowerCase()
  .refine(isValidEmail, { error: 'email.invalid' });

export const phoneSchema = z.string({ error: 'validation.required' }).transform((value, ctx) => {
  const phone = normalizePhone(value);
  if (!phone) {
    ctx.addIssue({ code: 'custom', message: 'phone.invalid' });
    return z.NEVER;
  }
  return phone;
});

export const passwordSchema = z
  .string({ error: 'password.required' })
  .min(1, { error: 'password.required' })
  .refine(isValidPassword, { error: 'password.rule' });
