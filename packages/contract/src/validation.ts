import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';

/**
 * Field rules of spec §5, shared by the server's request schemas and the web client's forms.
 * Zod issue messages are message keys (see messages.ts); each side translates them into the user's language.
 */

/** local part, @, domain with a dot. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PASSWORD_PATTERN = new RegExp(
  `^(?=.*\\d)(?=.*[a-zа-яё])(?=.*[A-ZА-ЯЁ])\\S{${PASSWORD_MIN_LENGTH},${PASSWORD_MAX_LENGTH}}$`,
);

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}

export function isValidPassword(value: string): boolean {
  return PASSWORD_PATTERN.test(value);
}

/**
 * Normalises a Russian mobile or city number to +7XXXXXXXXXX: accepts the mask '+7 (999) 000-00-00',
 * a leading 8, or the ten digits alone. Anything else is not a phone of the portal.
 */
export function normalizePhone(value: string): string | null {
  if (!/^[\d\s()+-]+$/.test(value.trim())) return null;
  const digits = value.replace(/\D/g, '');
  if (digits.length === 10) return `+7${digits}`;
  if (digits.length === 11 && (digits.startsWith('7') || digits.startsWith('8')))
    return `+7${digits.slice(1)}`;
  return null;
}

/** Formats +7XXXXXXXXXX with the spec's mask +7 (###) ###-##-##. */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '').slice(-10);
  if (digits.length !== 10) return phone;
  return `+7 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 8)}-${digits.slice(8, 10)}`;
}

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
