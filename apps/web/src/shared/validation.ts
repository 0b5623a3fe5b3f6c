import { isValidEmail, isValidPassword, normalizePhone } from '@portal/contract/field-rules';

/** Form rules of the spec (Validation rules) on top of the contract's patterns; each answers an i18n key or null. */

export function validateEmail(value: string): string | null {
  if (!value.trim()) return 'validation.required';
  return isValidEmail(value.trim()) ? null : 'validation.email';
}

export function validatePhone(value: string): string | null {
  if (!value.trim()) return 'validation.required';
  return normalizePhone(value) ? null : 'validation.phone';
}

/** The sign-in identifier is an e-mail or a +7 phone. */
export function validateLogin(value: string): string | null {
  const login = value.trim();
  if (!login) return 'validation.loginRequired';
  if (login.includes('@')) return isValidEmail(login) ? null : 'validation.email';
  return normalizePhone(login) ? null : 'validation.phone';
}

export function validatePassword(value: string): string | null {
  if (!value) return 'validation.passwordRequired';
  return isValidPassword(value) ? null : 'validation.passwordRule';
}

export function validateRepeat(password: string, repeat: string): string | null {
  if (!repeat) return 'validation.passwordRequired';
  return password === repeat ? null : 'validation.passwordMismatch';
}

export function validateNewPassword(oldPassword: string, newPassword: string): string | null {
  return (
    validatePassword(newPassword) ??
    (oldPassword && oldPassword === newPassword ? 'validation.passwordSameAsOld' : null)
  );
}
