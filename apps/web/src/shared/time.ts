import { MOSCOW_OFFSET_MS, monthOf, toYearMonth, yearOf } from '@portal/contract/periods';

/**
 * Moscow time, the portal's clock (spec: months and days are Moscow's): UTC+3 all year, as Russia has kept no
 * daylight saving time since 2014, so a fixed offset gives the Moscow day of an instant without a time-zone table.
 * Months (yyyymm) and their arithmetic are the contract's (packages/contract/src/periods.ts), shared with the server.
 */
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** The Moscow calendar day of an instant, as days since the epoch. */
export const moscowDay = (ms: number) => Math.floor((ms + MOSCOW_OFFSET_MS) / DAY_MS);

/** The Moscow hour of an instant, as hours since the epoch. */
export const moscowHour = (ms: number) => Math.floor((ms + MOSCOW_OFFSET_MS) / HOUR_MS);

/** The instant of 00:00 Moscow time on the Moscow day of `ms`. */
export const moscowMidnight = (ms: number) => moscowDay(ms) * DAY_MS - MOSCOW_OFFSET_MS;

/** The Moscow date of an instant as yyyy-mm-dd ("today" is todayIso() of clock.ts, on the portal's clock). */
export const moscowDate = (ms: number) => new Date(ms + MOSCOW_OFFSET_MS).toISOString().slice(0, 10);

/**
 * A month picker's value as yyyymm. The picker deals in calendar dates, not instants: 'YYYY-MM-DD', or a Date at local
 * midnight of that day, so its month is read in the browser's calendar, where the picker put it.
 */
export function yearMonthOfPicked(value: Date | string): number {
  if (typeof value === 'string') return Number(value.slice(0, 7).replace('-', ''));
  return toYearMonth(value.getFullYear(), value.getMonth() + 1);
}

/** A month (yyyymm) as a month picker's value: its first day at local midnight, which the picker shows as that month. */
export function pickedMonth(yearMonth: number): Date {
  return new Date(yearOf(yearMonth), monthOf(yearMonth) - 1, 1);
}
