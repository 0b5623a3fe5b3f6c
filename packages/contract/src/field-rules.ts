import { AUTH_CODE_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';

/**
 * Field rules of the spec (Validation rules) as plain patterns and functions, without zod: the web client's sign-in
 * screens use only these, so the first screen does not carry the schema library (it stays small). validation.ts
 * builds the schemas on them and re-exports them.
 */

/** local part, @, domain with a dot. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PASSWORD_PATTERN = new RegExp(
  `^(?=.*\\d)(?=.*[a-zа-яё])(?=.*[A-ZА-ЯЁ])\\S{${PASSWORD_MIN_LENGTH},${PASSWORD_MAX_LENGTH}}$`,
);

/** Six digits (SMS or authenticator app) or a recovery code of ten letters and digits, with or without a dash. */
export const SECOND_FACTOR_CODE_PATTERN = new RegExp(
  `^(\\d{${AUTH_CODE_LENGTH}}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$`,
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
