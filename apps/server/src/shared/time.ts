import { MONTH_TIME_OFFSET_HOURS } from '@portal/contract/constants';

/** Month identifiers (yyyymm) and calendar dates are Moscow time (UTC+3), as the spec says. */
const OFFSET_MS = MONTH_TIME_OFFSET_HOURS * 3_600_000;

export function yearMonthOf(instant: Date): number {
  const moscow = new Date(instant.getTime() + OFFSET_MS);
  return moscow.getUTCFullYear() * 100 + moscow.getUTCMonth() + 1;
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
  const index = Math.floor(yearMonth / 100) * 12 + (yearMonth % 100) - 1 + months;
  return Math.floor(index / 12) * 100 + (index % 12) + 1;
}

export function firstDayOf(yearMonth: number): string {
  return `${Math.floor(yearMonth / 100)}-${String(yearMonth % 100).padStart(2, '0')}-01`;
}

export function daysInMonth(yearMonth: number): number {
  return new Date(Date.UTC(Math.floor(yearMonth / 100), yearMonth % 100, 0)).getUTCDate();
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
