import { MOSCOW_OFFSET_MS } from '@portal/contract/periods';

/**
 * Calendar days of the server in Moscow time, as the spec's months are. Months (yyyymm) and their
 * arithmetic are the contract's (packages/contract/src/periods.ts), shared with the web.
 */

/** 'yyyy-mm' (as import files write a month) → yyyymm. */
export function parseYearMonth(text: string): number {
  return Number(text.replace('-', ''));
}

/** yyyy-mm-dd of the Moscow calendar day of an instant. */
export function moscowDate(instant: Date): string {
  return new Date(instant.getTime() + MOSCOW_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant of a Moscow wall-clock time. */
export function moscowInstant(date: string, hour = 0): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) + hour * 3_600_000 - MOSCOW_OFFSET_MS);
}

const dayFormats = {
  ru: new Intl.DateTimeFormat('ru-RU', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }),
  en: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
};

/**
 * A calendar day (yyyy-mm-dd) in a server-made text, as the web's formatDate writes it: 01.02.2024 in Russian,
 * 1 Feb 2024 in English (a month name, never 01/02/2024, which reads as January in the US).
 */
export function formatDay(date: string, locale: 'ru' | 'en'): string {
  return dayFormats[locale].format(new Date(`${date}T00:00:00Z`)).replace('Sept', 'Sep');
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
