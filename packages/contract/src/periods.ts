import { MONTH_TIME_OFFSET_HOURS } from './constants.ts';

/**
 * Months as the portal names them: yyyymm integers (202603 is March 2026) in Moscow time, as the spec's business
 * constants say ("a time offset of 3 hours (Moscow) is used for month identifiers"). Russia has kept UTC+3 all year
 * since 2014, so a fixed offset gives the Moscow calendar of an instant without a time-zone table. Every month
 * calculation of the server and the web is here; days are yyyy-mm-dd strings.
 */
export const MOSCOW_OFFSET_MS = MONTH_TIME_OFFSET_HOURS * 3_600_000;

/**
 * The first month the portal shows: the dashboard's month list starts from January 2022 (the spec's business
 * constants and limits), and the income pages' month pickers start there too.
 */
export const FIRST_MONTH = 202201;

/** 2026 and 3 → 202603. */
export function toYearMonth(year: number, month: number): number {
  return year * 100 + month;
}

/** The year of a month: 202603 → 2026. */
export function yearOf(yearMonth: number): number {
  return Math.floor(yearMonth / 100);
}

/** The month of the year, 1-12: 202603 → 3. */
export function monthOf(yearMonth: number): number {
  return yearMonth % 100;
}

/** The Moscow month of an instant (a Date or epoch milliseconds): 21:30 UTC on 31 December is already January. */
export function yearMonthOf(instant: Date | number): number {
  const moscow = new Date(Number(instant) + MOSCOW_OFFSET_MS);
  return toYearMonth(moscow.getUTCFullYear(), moscow.getUTCMonth() + 1);
}

/** The month `months` after (or, when negative, before) a month: addMonths(202611, 2) → 202701. */
export function addMonths(yearMonth: number, months: number): number {
  const index = yearOf(yearMonth) * 12 + monthOf(yearMonth) - 1 + months;
  return toYearMonth(Math.floor(index / 12), (index % 12) + 1);
}

export const previousMonth = (yearMonth: number) => addMonths(yearMonth, -1);
export const nextMonth = (yearMonth: number) => addMonths(yearMonth, 1);

/** Months from `from` to `to`, negative when `to` is earlier: 202511 → 202601 is 2. */
export function monthsBetween(from: number, to: number): number {
  return (yearOf(to) - yearOf(from)) * 12 + monthOf(to) - monthOf(from);
}

/** Every month from `from` to `to`, both included, in order; none when `to` is earlier. */
export function monthRange(from: number, to: number): number[] {
  const months: number[] = [];
  for (let month = from; month <= to; month = nextMonth(month)) months.push(month);
  return months;
}

/**
 * The last complete month at an instant: the Moscow month before the current one. Incomes, loan payments and bank
 * rows are counted for complete months only; the current month's are still coming in.
 */
export function lastCompleteMonth(instant: Date | number): number {
  return previousMonth(yearMonthOf(instant));
}

/** Days in a month, leap Februaries included: 202402 → 29. */
export function daysInMonth(yearMonth: number): number {
  return new Date(Date.UTC(yearOf(yearMonth), monthOf(yearMonth), 0)).getUTCDate();
}

/** The first day of a month as yyyy-mm-dd: 202603 → '2026-03-01'. */
export function firstDayOf(yearMonth: number): string {
  return `${yearOf(yearMonth)}-${String(monthOf(yearMonth)).padStart(2, '0')}-01`;
}

/** The last day of a month as yyyy-mm-dd: 202402 → '2024-02-29'. */
export function lastDayOf(yearMonth: number): string {
  return `${firstDayOf(yearMonth).slice(0, 8)}${String(daysInMonth(yearMonth)).padStart(2, '0')}`;
}

/**
 * The dashboard's occupancy chart: from the first day of the Moscow month twelve months back to today's Moscow
 * date. The client asks for it, and `dashboard/first-screen` uses it when asked without a range.
 */
export function occupancyChartRange(instant: Date | number): { startDate: string; endDate: string } {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  return {
    startDate: firstDayOf(addMonths(yearMonthOf(ms), -12)),
    endDate: new Date(ms + MOSCOW_OFFSET_MS).toISOString().slice(0, 10),
  };
}
