import { describe, expect, it } from 'vitest';
import {
  validateEmail,
  validateLogin,
  validateNewPassword,
  validatePassword,
  validatePhone,
  validateRepeat,
} from './validation';

describe('form validation (spec: Validation rules)', () => {
  it('accepts an e-mail with a local part, @ and a domain', () => {
    expect(validateEmail('investor@example.com')).toBeNull();
    expect(validateEmail('investor@example')).toBe('validation.email');
    expect(validateEmail('investor.example.com')).toBe('validation.email');
    expect(validateEmail('')).toBe('validation.required');
  });

  it('accepts +7 phones in the mask and common forms', () => {
    expect(validatePhone('+7 (999) 000-00-01')).toBeNull();
    expect(validatePhone('89990000001')).toBeNull();
    expect(validatePhone('+7 (999) 000')).toBe('validation.phone');
    expect(validatePhone('+44 20 7946 0958')).toBe('validation.phone');
  });

  it('signs in by e-mail or phone', () => {
    expect(validateLogin('investor@example.com')).toBeNull();
    expect(validateLogin('+7 (999) 000-00-01')).toBeNull();
    expect(validateLogin('investor')).toBe('validation.phone');
    expect(validateLogin(' ')).toBe('validation.loginRequired');
  });

  it('wants 6 to 20 characters with a digit, an uppercase and a lowercase letter', () => {
    expect(validatePassword('Investor1')).toBeNull();
    expect(validatePassword('Ab1')).toBe('validation.passwordRule');
    expect(validatePassword('investor1')).toBe('validation.passwordRule');
    expect(validatePassword('INVESTOR1')).toBe('validation.passwordRule');
    expect(validatePassword('Investorr')).toBe('validation.passwordRule');
    expect(validatePassword('Investor1Investor1Inv')).toBe('validation.passwordRule');
    expect(validatePassword('')).toBe('validation.passwordRequired');
  });

  it('wants the repeat to match and the new password to differ from the old', () => {
    expect(validateRepeat('Investor1', 'Investor1')).toBeNull();
    expect(validateRepeat('Investor1', 'Investor2')).toBe('validation.passwordMismatch');
    expect(validateNewPassword('Investor1', 'Investor1')).toBe('validation.passwordSameAsOld');
    expect(validateNewPassword('Investor1', 'Investor2')).toBeNull();
  });
});
