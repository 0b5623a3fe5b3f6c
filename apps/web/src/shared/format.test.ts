import { describe, expect, it } from 'vitest';
import {
  dateInputFormat,
  formatArea,
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatDayMonthTime,
  formatLongDate,
  formatMoney,
  formatNumber,
  formatPercent,
  formatShortDateTime,
  formatShortYearMonth,
  formatYearMonth,
} from './format';

describe('formatting', () => {
  it('groups rubles by thousands with spaces and adds the ruble sign, all non-breaking', () => {
    expect(formatMoney(9_800_000)).toBe('9\u00a0800\u00a0000\u00a0₽');
    expect(formatMoney(1_234.5, 'ru', 2)).toBe('1\u00a0234,50\u00a0₽');
    expect(formatMoney(1_234.5, 'en', 2)).toBe('1,234.50\u00a0₽');
    expect(formatMoney(16_300_000, 'en')).toBe('16,300,000\u00a0₽');
    expect(formatMoney(16_300_000, 'ru')).toBe('16\u00a0300\u00a0000\u00a0₽');
    expect(formatMoney(0)).toBe('0\u00a0₽');
    expect(formatMoney(null)).toBe('—');
  });

  it('shows area in square metres and percents with the sign', () => {
    expect(formatArea(36)).toBe('36 м²');
    expect(formatArea(42.5, 'en')).toBe('42.5 m²');
    expect(formatPercent(22.07, 2, 'ru')).toBe('22,07%');
    expect(formatPercent(2.07, 2, 'en')).toBe('2.07%');
    expect(formatPercent(12_345.5, 1, 'en')).toBe('12,345.5%');
    expect(formatPercent(12_345.5, 1, 'ru')).toBe('12 345,5%');
    expect(formatPercent(undefined)).toBe('—');
  });

  it('names months in the language of the page', () => {
    expect(formatYearMonth(202610, 'ru')).toBe('октябрь 2026');
    expect(formatYearMonth(202610, 'en')).toBe('October 2026');
  });

  // 21:30 UTC on 31 December is already half past midnight on New Year's Day in Moscow, wherever the browser is.
  const lateUtc = '2026-12-31T21:30:05Z';

  it('shows an instant on the Moscow calendar and clock, in both languages', () => {
    expect(formatDate(lateUtc, 'ru')).toBe('01.01.2027');
    expect(formatDate(lateUtc, 'en')).toBe('1 Jan 2027');
    expect(formatDateTime(lateUtc, 'ru')).toBe('01.01.2027, 00:30');
    expect(formatDateTime(lateUtc, 'en')).toBe('1 Jan 2027, 00:30');
    expect(formatDateTime(lateUtc, 'ru', true)).toBe('01.01.2027, 00:30:05');
    expect(formatDateTime(lateUtc, 'en', true)).toBe('1 Jan 2027, 00:30:05');
    expect(formatShortDateTime(lateUtc, 'ru')).toBe('01.01, 00:30');
    expect(formatShortDateTime(lateUtc, 'en')).toBe('1 Jan, 00:30');
    expect(formatDayMonthTime(lateUtc, 'ru')).toBe('1 янв., 00:30');
    expect(formatDayMonthTime(lateUtc, 'en')).toBe('1 Jan, 00:30');
    expect(formatDateTime(null)).toBe('—');
  });

  it('keeps a calendar day the day it names', () => {
    expect(formatDate('2026-12-31', 'ru')).toBe('31.12.2026');
    expect(formatDayMonth('2026-12-31', 'ru')).toBe('31 дек.');
    expect(formatDayMonth('2026-12-31', 'en')).toBe('31 Dec');
    expect(formatLongDate('2026-12-31', 'ru')).toBe('31 декабря 2026 г.');
    expect(formatLongDate('2026-12-31', 'en')).toBe('31 December 2026');
  });

  it('writes English numbers with comma groups and a decimal point, Russian with spaces and a comma', () => {
    expect(formatNumber(1_234.56, 2, 'en')).toBe('1,234.56');
    expect(formatNumber(1_234.56, 2, 'ru')).toBe('1 234,56');
    expect(formatNumber(-16_300_000, 0, 'en')).toBe('-16,300,000');
    expect(formatNumber(999, 0, 'en')).toBe('999');
  });

  it('names the month in English dates, never a day/month pair of digits', () => {
    expect(formatDate('2026-11-05', 'en')).toBe('5 Nov 2026');
    expect(formatDate('2026-11-05', 'ru')).toBe('05.11.2026');
    expect(formatDate('2026-09-05', 'en')).toBe('5 Sep 2026');
    expect(formatShortYearMonth(202609, 'en')).toBe('Sep 26');
    expect(formatShortYearMonth(202609, 'ru')).toBe('сент. 26');
    expect(dateInputFormat('en')).toBe('D MMM YYYY');
    expect(dateInputFormat('ru')).toBe('DD.MM.YYYY');
  });
});
