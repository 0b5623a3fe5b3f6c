import { describe, expect, it } from 'vitest';
import { formatArea, formatMoney, formatPercent, formatYearMonth } from './format';

describe('formatting', () => {
  it('groups rubles by thousands with spaces and adds the ruble sign, all non-breaking', () => {
    expect(formatMoney(9_800_000)).toBe('9\u00a0800\u00a0000\u00a0₽');
    expect(formatMoney(1_234.5, 'ru', 2)).toBe('1\u00a0234,50\u00a0₽');
    expect(formatMoney(1_234.5, 'en', 2)).toBe('1\u00a0234.50\u00a0₽');
    expect(formatMoney(0)).toBe('0\u00a0₽');
    expect(formatMoney(null)).toBe('—');
  });

  it('shows area in square metres and percents with the sign', () => {
    expect(formatArea(36)).toBe('36 м²');
    expect(formatArea(42.5, 'en')).toBe('42.5 m²');
    expect(formatPercent(22.07, 2, 'ru')).toBe('22,07%');
    expect(formatPercent(2.07, 2, 'en')).toBe('2.07%');
    expect(formatPercent(12_345.5, 1, 'en')).toBe('12 345.5%');
    expect(formatPercent(undefined)).toBe('—');
  });

  it('names months in the language of the page', () => {
    expect(formatYearMonth(202610, 'ru')).toBe('октябрь 2026');
    expect(formatYearMonth(202610, 'en')).toBe('October 2026');
  });
});
