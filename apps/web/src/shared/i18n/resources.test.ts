import { MESSAGES } from '@portal/contract/messages';
import { describe, expect, it } from 'vitest';
import { setupI18n } from '.';
import { en } from './en';
import { ru } from './ru';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keys(inner, prefix ? `${prefix}.${key}` : key));
}

describe('texts', () => {
  it('has the same keys in Russian and English, none empty', () => {
    expect(keys(en).sort()).toEqual(keys(ru).sort());
    for (const key of keys(ru))
      expect(key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], ru)).not.toBe('');
  });

  it("uses the spec's validation messages, the same the server answers", () => {
    expect(ru.validation.passwordRule).toBe(MESSAGES['password.rule'].ru);
    expect(en.validation.passwordRule).toBe(MESSAGES['password.rule'].en);
    expect(ru.validation.email).toBe(MESSAGES['email.invalid'].ru);
    expect(ru.validation.phone).toBe(MESSAGES['phone.invalid'].ru);
    expect(ru.validation.passwordMismatch).toBe(MESSAGES['password.mismatch'].ru);
    expect(ru.validation.passwordSameAsOld).toBe(MESSAGES['password.sameAsOld'].ru);
  });

  it('picks the Russian plural forms', async () => {
    const i18n = setupI18n('ru');
    await i18n.changeLanguage('ru');
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
