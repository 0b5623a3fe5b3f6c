import type { Locale } from '@portal/contract/constants';
import { monthOf, yearOf } from '@portal/contract/periods';
import i18next from 'i18next';

/**
 * Money, numbers and dates as the spec shows them: rubles grouped by thousands, m², percents. One number format per
 * language, as its readers write numbers: Russian groups thousands by spaces with a decimal comma (16 300 000 ₽,
 * 1 234,56), English by commas with a decimal point (16,300,000 ₽, 1,234.56). Money is glued with non-breaking
 * spaces, so «₽» never wraps onto a line of its own. English dates name the month (5 Nov 2026): 05/11/2026 reads as
 * May in the US and November in Britain.
 */

const nbsp = /[\u00a0\u202f]/g;
/** A non-breaking space: inside a sum and between the sum and «₽». */
const NBSP = '\u00a0';

/**
 * Formatters made once per language and options: making an Intl formatter costs far more than formatting with it,
 * and a page formats hundreds of figures (36 ms of the dashboard's first render).
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function formatter<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let format = formatters.get(key);
  if (!format) {
    format = make();
    formatters.set(key, format);
  }
  return format as T;
}
const numberFormat = (locale: string, options: Intl.NumberFormatOptions) =>
  formatter(`number|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
const dateFormat = (locale: string, options: Intl.DateTimeFormatOptions) =>
  formatter(`date|${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));

/** The page's language, for the numbers whose callers do not pass one. */
const currentLocale = (): Locale => (i18next.language === 'en' ? 'en' : 'ru');

/** The language's digits: Russian groups by `space` with a decimal comma, English by commas with a point. */
function digits(value: number, min: number, max: number, locale: Locale, space: string) {
  const options = { minimumFractionDigits: min, maximumFractionDigits: max };
  if (locale === 'en') return numberFormat('en-US', options).format(value);
  return numberFormat('ru-RU', options).format(value).replace(nbsp, space);
}

export function formatMoney(
  amount: number | null | undefined,
  locale: Locale = 'ru',
  fractionDigits = 0,
): string {
  if (amount === null || amount === undefined || Number.isNaN(amount)) return '—';
  return `${digits(amount, fractionDigits, fractionDigits, locale, NBSP)}${NBSP}₽`;
}

export function formatNumber(value: number, fractionDigits = 0, locale: Locale = currentLocale()): string {
  return digits(value, 0, fractionDigits, locale, ' ');
}

export function formatArea(area: number, locale: Locale = 'ru'): string {
  return `${formatNumber(area, 1, locale)} ${locale === 'en' ? 'm²' : 'м²'}`;
}

export function formatPercent(
  value: number | null | undefined,
  fractionDigits = 2,
  locale: Locale = currentLocale(),
): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '—';
  return `${formatNumber(value, fractionDigits, locale)}%`;
}

/**
 * Dates and times are Moscow's wherever the browser is (spec: months and days are Moscow's). A yyyy-mm-dd value is a
 * calendar day: read at noon UTC, which is the same day in Moscow.
 */
const MOSCOW = 'Europe/Moscow';
const instantOf = (value: string) => new Date(value.length === 10 ? `${value}T12:00:00Z` : value);
const intlLocale = (locale: Locale) => (locale === 'en' ? 'en-GB' : 'ru-RU');
/** British English writes September short as «Sept», beside the three letters of every other month. */
const sep = (text: string) => text.replace('Sept', 'Sep');
const inMoscow = (value: string, locale: Locale, options: Intl.DateTimeFormatOptions) =>
  sep(dateFormat(intlLocale(locale), { ...options, timeZone: MOSCOW }).format(instantOf(value)));

/** The day as Russian digits (24.11.2026) or English words (24 Nov 2026). */
const dayOptions = (locale: Locale): Intl.DateTimeFormatOptions =>
  locale === 'en'
    ? { day: 'numeric', month: 'short', year: 'numeric' }
    : { day: '2-digit', month: '2-digit', year: 'numeric' };

/** 24.11.2026 / 24 Nov 2026. */
export function formatDate(value: string | null | undefined, locale: Locale = 'ru'): string {
  if (!value) return '—';
  return inMoscow(value, locale, dayOptions(locale));
}

/** An instant as Moscow's date and time, 24.11.2026, 14:05 (24 Nov 2026, 14:05 in English); seconds when asked. */
export function formatDateTime(
  value: string | null | undefined,
  locale: Locale = 'ru',
  seconds = false,
): string {
  if (!value) return '—';
  return inMoscow(value, locale, {
    ...dayOptions(locale),
    hour: '2-digit',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' } : {}),
    hourCycle: 'h23',
  });
}

/** 24.11, 09:05 / 24 Nov, 09:05: a time within a short span, such as a stay in the booking grid's tooltip. */
export function formatShortDateTime(value: string, locale: Locale = 'ru'): string {
  return inMoscow(value, locale, {
    day: locale === 'en' ? 'numeric' : '2-digit',
    month: locale === 'en' ? 'short' : '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
}

/** 24 нояб., 09:05 / 24 Nov, 09:05: a recent moment, such as a session's start. */
export function formatDayMonthTime(value: string, locale: Locale = 'ru'): string {
  return inMoscow(value, locale, {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
}

/** 24 нояб. / 24 Nov: a day heading where the month and year show elsewhere. */
export function formatDayMonth(value: string, locale: Locale = 'ru'): string {
  return inMoscow(value, locale, { day: 'numeric', month: 'short' });
}

/** 24 ноября 2026 г. / 24 November 2026: a day read out in words, as a screen reader says a cell's date. */
export function formatLongDate(value: string, locale: Locale = 'ru'): string {
  return inMoscow(value, locale, { day: 'numeric', month: 'long', year: 'numeric' });
}

/** The date pickers' format (dayjs), the same as formatDate's: 24.11.2026 in Russian, 24 Nov 2026 in English. */
export const dateInputFormat = (locale: Locale) => (locale === 'en' ? 'D MMM YYYY' : 'DD.MM.YYYY');

/** yyyymm → 'октябрь 2026' / 'October 2026'. */
export function formatYearMonth(yearMonth: number, locale: Locale = 'ru'): string {
  const date = new Date(Date.UTC(yearOf(yearMonth), monthOf(yearMonth) - 1, 5));
  return dateFormat(locale === 'en' ? 'en-GB' : 'ru-RU', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })
    .format(date)
    .replace(' г.', '');
}

/**
 * yyyymm after a preposition ('до', 'с', 'по'): Russian takes the genitive month, 'февраля 2027' (so «до февраля
 * 2027», never «до февраль 2027»); English is 'February 2027'. Intl writes the genitive beside a day, which is dropped.
 */
export function formatYearMonthAfterPreposition(yearMonth: number, locale: Locale = 'ru'): string {
  const date = new Date(Date.UTC(yearOf(yearMonth), monthOf(yearMonth) - 1, 5));
  if (locale === 'en') return formatYearMonth(yearMonth, 'en');
  const parts = dateFormat('ru-RU', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('month')} ${part('year')}`;
}

/** yyyymm → 'окт. 26' / 'Oct 26': chart ticks. */
export function formatShortYearMonth(yearMonth: number, locale: Locale = 'ru'): string {
  const date = new Date(Date.UTC(yearOf(yearMonth), monthOf(yearMonth) - 1, 5));
  return dateFormat(locale === 'en' ? 'en-GB' : 'ru-RU', {
    month: 'short',
    year: '2-digit',
    timeZone: 'UTC',
  })
    .format(date)
    .replace(' г.', '')
    .replace('Sept', 'Sep');
}

/** 240 000 → '240 тыс.': chart axes. */
export function formatCompact(value: number, locale: Locale = 'ru'): string {
  return numberFormat(locale === 'en' ? 'en-GB' : 'ru-RU', {
    notation: 'compact',
    maximumFractionDigits: 1,
  })
    .format(value)
    .replace(nbsp, ' ');
}

/** 250 000 → '250 тыс. ₽' ('250K ₽'): the money axes of charts, «₽» glued by a non-breaking space. */
export function formatCompactMoney(value: number, locale: Locale = 'ru'): string {
  return `${formatCompact(value, locale)}\u00a0₽`;
}
