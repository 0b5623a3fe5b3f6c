import { MONTH_TIME_OFFSET_HOURS } from '@portal/contract/constants';

/**
 * Month identifiers (yyyymm integers) and calendar dates are Moscow time (UTC+3), as the spec says (the design's API
 * rules):
 * every yyyymm calculation and every Moscow offset of the server is here.
 */
const OFFSET_MS = MONTH_TIME_OFFSET_HOURS * 3_600_000;

/** 2026 and 3 → 202603. */
export function toYearMonth(year: number, month: number): number {
  return year * 100 + month;
}

/** The year of a yyyymm month: 202603 → 2026. */
export function yearOf(yearMonth: number): number {
  return Math.floor(yearMonth / 100);
}

/** The month (1-12) of a yyyymm month: 202603 → 3. */
export function monthOf(yearMonth: number): number {
  return yearMonth % 100;
}

/** 'yyyy-mm' (as import files write a month) → yyyymm. */
export function parseYearMonth(text: string): number {
  return Number(text.replace('-', ''));
}

export function yearMonthOf(instant: Date): number {
  const moscow = new Date(instant.getTime() + OFFSET_MS);
  return toYearMonth(moscow.getUTCFullYear(), moscow.getUTCMonth() + 1);
}

/** yyyy-mm-dd of the Moscow calendar day of an instant. */
export function moscowDate(instant: Date): string {
  return new Date(instant.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant of a Moscow wall-clock time. */
export function moscowInstant(date: string, hour = 0): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) + hour * 3_600_000 - OFFSET_MS);
}

export function addMonths(yearMonth: number, months: number): number {
  const index = yearOf(yearMonth) * 12 + monthOf(yearMonth) - 1 + months;
  return toYearMonth(Math.floor(index / 12), (index % 12) + 1);
}

/** Number of months from a to b (yyyymm), b after a: 202511 → 202601 is 2. */
export function monthsBetween(a: number, b: number): number {
  return (yearOf(b) - yearOf(a)) * 12 + monthOf(b) - monthOf(a);
}

export function firstDayOf(yearMonth: number): string {
  return `${yearOf(yearMonth)}-${String(monthOf(yearMonth)).padStart(2, '0')}-01`;
}

export function daysInMonth(yearMonth: number): number {
  return new Date(Date.UTC(yearOf(yearMonth), monthOf(yearMonth), 0)).getUTCDate();
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
