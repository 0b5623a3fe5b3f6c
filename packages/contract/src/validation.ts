import { z } from 'zod';
import { isValidEmail, isValidPassword, normalizePhone } from './field-rules.ts';

/**
 * Field rules of the spec (Validation rules), shared by the server's request schemas and the web client's forms.
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

/**
 * An id in a path, a query or a form field (coerced from text): a whole positive number a database id can hold,
 * else validation.invalid (a missing one too: it is coerced to NaN before it is checked).
 */
export const idSchema = z.coerce
  .number({ error: 'validation.invalid' })
  .int({ error: 'validation.invalid' })
  .positive({ error: 'validation.invalid' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'validation.invalid' });

/**
 * An id of the finance and booking queries (location, unitId): anything that is not a number, a missing one
 * included, is validation.required; a number that is not a whole positive one is validation.invalid.
 */
export const requiredIdSchema = z.coerce
  .number({ error: 'validation.required' })
  .int({ error: 'validation.invalid' })
  .positive({ error: 'validation.invalid' });

/** A text that must not be empty once trimmed, at most `max` characters. */
export const requiredText = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(max, { error: 'validation.tooLong' });

/** A trimmed text of at most `max` characters that may be empty. */
export const trimmedText = (max: number) => z.string().trim().max(max, { error: 'validation.tooLong' });

/** A text that may be left out or empty (then ''): an English text left empty takes the Russian one. */
export const optionalText = (max: number) => trimmedText(max).optional().default('');
