import { MESSAGES, type MessageKey } from '@portal/contract/messages';
import { describe, expect, it } from 'vitest';
import { loadTexts, setupI18n } from '.';
import { en } from './en';
import { enBackoffice } from './en-backoffice';
import { enSignIn } from './en-sign-in';
import { ru } from './ru';
import { ruBackoffice } from './ru-backoffice';
import { ruSignIn } from './ru-sign-in';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keys(inner, prefix ? `${prefix}.${key}` : key));
}

const at = (texts: unknown, key: string) =>
  key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], texts);

/** The three parts of the texts: the sign-in screens', the signed-in areas', the console's. */
const parts = [
  { name: 'sign-in', ru: ruSignIn, en: enSignIn },
  { name: 'signed-in areas', ru, en },
  { name: 'console', ru: ruBackoffice, en: enBackoffice },
];

/** The catalogue keys that carry a message of the contract (the server answers the same text). */
const FROM_CONTRACT: Record<string, MessageKey> = {
  'validation.email': 'email.invalid',
  'validation.phone': 'phone.invalid',
  'validation.passwordRule': 'password.rule',
  'validation.passwordRequired': 'password.required',
  'validation.passwordMismatch': 'password.mismatch',
  'validation.passwordSameAsOld': 'password.sameAsOld',
  'validation.loginRequired': 'login.required',
  'validation.contactRequired': 'registration.contactRequired',
  'validation.required': 'validation.required',
  'validation.code': 'code.format',
  'profile.codeWrong': 'code.invalid',
};

describe('texts', () => {
  it.each(parts)('has the same keys in Russian and English, none empty: $name', (part) => {
    expect(keys(part.en).sort()).toEqual(keys(part.ru).sort());
    for (const key of keys(part.ru)) expect(at(part.ru, key)).not.toBe('');
  });

  it('defines each key in one part only', () => {
    const all = parts.flatMap((part) => keys(part.ru));
    expect(all.filter((key, i) => all.indexOf(key) !== i)).toEqual([]);
  });

  it("uses the spec's validation messages, the same the server answers", () => {
    const merged = { ru: { ...ru, ...ruSignIn }, en: { ...en, ...enSignIn } };
    for (const [key, message] of Object.entries(FROM_CONTRACT)) {
      expect(at(merged.ru, key), key).toBe(MESSAGES[message].ru);
      expect(at(merged.en, key), key).toBe(MESSAGES[message].en);
    }
  });

  it('starts with the sign-in texts only, and adds a part in every language', async () => {
    const i18n = setupI18n('ru');
    await i18n.changeLanguage('ru');
    expect(i18n.t('auth.signIn')).toBe('Войти');
    expect(i18n.exists('layout.exit')).toBe(false);
    await loadTexts('app');
    expect([i18n.t('layout.brand'), i18n.t('layout.exit')]).toEqual(['Личный кабинет', 'Выход']);
    await i18n.changeLanguage('en');
    expect([i18n.t('auth.signIn'), i18n.t('layout.exit')]).toEqual(['Sign in', 'Sign out']);
    await i18n.changeLanguage('ru');
  });

  it('picks the Russian plural forms', async () => {
    const i18n = setupI18n('ru');
    await i18n.changeLanguage('ru');
    await loadTexts('app');
    expect(i18n.t('plural.unit', { count: 1 })).toBe('1 юнит');
    expect(i18n.t('plural.unit', { count: 3 })).toBe('3 юнита');
    expect(i18n.t('plural.unit', { count: 11 })).toBe('11 юнитов');
    expect(i18n.t('plural.unit', { count: 22 })).toBe('22 юнита');
    await i18n.changeLanguage('en');
    expect(i18n.t('plural.unit', { count: 1 })).toBe('1 unit');
  });

  it('puts the language and its title on the document', async () => {
    const i18n = setupI18n('ru');
    await i18n.changeLanguage('en');
    expect([document.documentElement.lang, document.title]).toEqual(['en', 'Investor portal']);
    await i18n.changeLanguage('ru');
    expect([document.documentElement.lang, document.title]).toEqual(['ru', 'Личный кабинет инвестора']);
  });
});
