import type { Locale } from '@portal/contract/constants';

/** Money, numbers and dates as the spec shows them: rubles grouped by thousands with spaces, m², percents. */

const nbsp = /[\u00a0\u202f]/g;

export function formatMoney(
  amount: number | null | undefined,
  locale: Locale = 'ru',
  fractionDigits = 0,
): string {
  if (amount === null || amount === undefined || Number.isNaN(amount)) return '—';
  const text = new Intl.NumberFormat('ru-RU', {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(amount);
  return `${text.replace(nbsp, ' ')} ${locale === 'en' ? 'RUB' : '₽'}`.replace(' RUB', ' ₽');
}

export function formatNumber(value: number, fractionDigits = 0): string {
  return new Intl.NumberFormat('ru-RU', { maximumFractionDigits: fractionDigits })
    .format(value)
    .replace(nbsp, ' ');
}

export function formatArea(area: number, locale: Locale = 'ru'): string {
  return `${formatNumber(area, 1)} ${locale === 'en' ? 'm²' : 'м²'}`;
}

export function formatPercent(value: number | null | undefined, fractionDigits = 2): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '—';
  return `${formatNumber(value, fractionDigits)}%`;
}

export function formatDate(value: string | null | undefined, locale: Locale = 'ru'): string {
  if (!value) return '—';
  const date = new Date(value.length === 10 ? `${value}T12:00:00Z` : value);
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'ru-RU', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'Europe/Moscow',
  }).format(date);
}

/** yyyymm → 'октябрь 2026' / 'October 2026'. */
export function formatYearMonth(yearMonth: number, locale: Locale = 'ru'): string {
  const date = new Date(Date.UTC(Math.floor(yearMonth / 100), (yearMonth % 100) - 1, 5));
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'ru-RU', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })
    .format(date)
    .replace(' г.', '');
}

/** Russian plural forms: 1 → one, 2–4 → few, otherwise many (11–14 are many). */
export function russianPluralForm(count: number): 'one' | 'few' | 'many' {
  const n = Math.abs(count) % 100;
  const last = n % 10;
  if (n >= 11 && n <= 14) return 'many';
  if (last === 1) return 'one';
  if (last >= 2 && last <= 4) return 'few';
  return 'many';
}

/** yyyymm → 'окт. 26' / 'Oct 26': chart ticks. */
export function formatShortYearMonth(yearMonth: number, locale: Locale = 'ru'): string {
  const date = new Date(Date.UTC(Math.floor(yearMonth / 100), (yearMonth % 100) - 1, 5));
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'ru-RU', {
    month: 'short',
    year: '2-digit',
    timeZone: 'UTC',
  })
    .format(date)
    .replace(' г.', '');
}

/** 240 000 → '240 тыс.': chart axes. */
export function formatCompact(value: number, locale: Locale = 'ru'): string {
  return new Intl.NumberFormat(locale === 'en' ? 'en-GB' : 'ru-RU', {
    notation: 'compact',
    maximumFractionDigits: 1,
  })
    .format(value)
    .replace(nbsp, ' ');
}
