import { describe, expect, it } from 'vitest';
import { formatYearMonthAfterPreposition } from './format';
import { ru } from './i18n/ru';
import { ruBackoffice } from './i18n/ru-backoffice';
import { ruSignIn } from './i18n/ru-sign-in';

describe('months after a preposition', () => {
  it('puts a Russian month in the genitive: «до февраля 2027», for every month', () => {
    const months = Array.from({ length: 12 }, (_, i) => formatYearMonthAfterPreposition(202701 + i, 'ru'));
    expect(months).toEqual([
      'января 2027',
      'февраля 2027',
      'марта 2027',
      'апреля 2027',
      'мая 2027',
      'июня 2027',
      'июля 2027',
      'августа 2027',
      'сентября 2027',
      'октября 2027',
      'ноября 2027',
      'декабря 2027',
    ]);
  });

  it('keeps English as it is', () => {
    expect(formatYearMonthAfterPreposition(202702, 'en')).toBe('February 2027');
  });

  it('the Russian texts that put a month after «до», «с» or «по» name it {{month}}, filled by this helper', () => {
    const texts: string[] = [];
    const walk = (value: unknown) => {
      if (typeof value === 'string') texts.push(value);
      else if (value && typeof value === 'object') for (const v of Object.values(value)) walk(v);
    };
    walk([ruSignIn, ru, ruBackoffice]);
    const withDate = texts.filter((text) =>
      /(^|\s)(до|с|со|по)\s\{\{(month|date|from|to|start|end)\}\}/i.test(text),
    );
    expect(withDate.length).toBeGreaterThan(0);
    for (const text of withDate) expect(text).toMatch(/\{\{month\}\}/);
  });
});
