import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  daysInMonth,
  firstDayOf,
  monthOf,
  monthsBetween,
  moscowDate,
  moscowInstant,
  parseYearMonth,
  toYearMonth,
  yearMonthOf,
  yearOf,
} from './time.ts';

describe('yyyymm months and Moscow time', () => {
  it('builds and splits yyyymm months', () => {
    expect(toYearMonth(2026, 3)).toBe(202603);
    expect(yearOf(202603)).toBe(2026);
    expect(monthOf(202612)).toBe(12);
    expect(parseYearMonth('2026-03')).toBe(202603);
  });

  it('takes the month and the day of an instant in Moscow (UTC+3), not in UTC', () => {
    // 21:30 UTC on 31 December is already 00:30 on 1 January in Moscow.
    const newYear = new Date('2025-12-31T21:30:00Z');
    expect(yearMonthOf(newYear)).toBe(202601);
    expect(moscowDate(newYear)).toBe('2026-01-01');
    expect(yearMonthOf(new Date('2025-12-31T20:59:59Z'))).toBe(202512);
    expect(moscowDate(new Date('2025-12-31T20:59:59Z'))).toBe('2025-12-31');
  });

  it('turns a Moscow wall-clock time into its instant', () => {
    expect(moscowInstant('2026-01-01').toISOString()).toBe('2025-12-31T21:00:00.000Z');
    expect(moscowInstant('2026-03-10', 12).toISOString()).toBe('2026-03-10T09:00:00.000Z');
    expect(moscowDate(moscowInstant('2026-03-10'))).toBe('2026-03-10');
  });

  it('adds and counts months across years', () => {
    expect(addMonths(202611, 2)).toBe(202701);
    expect(addMonths(202601, -1)).toBe(202512);
    expect(addMonths(202603, -15)).toBe(202412);
    expect(addMonths(202603, 0)).toBe(202603);
    expect(monthsBetween(202511, 202601)).toBe(2);
    expect(monthsBetween(202201, 202612)).toBe(59);
    expect(monthsBetween(202603, 202603)).toBe(0);
    expect(monthsBetween(202603, addMonths(202603, 27))).toBe(27);
  });

  it('knows the first day and the length of a month', () => {
    expect(firstDayOf(202603)).toBe('2026-03-01');
    expect(firstDayOf(202611)).toBe('2026-11-01');
    expect(daysInMonth(202602)).toBe(28);
    expect(daysInMonth(202402)).toBe(29);
    expect(daysInMonth(202612)).toBe(31);
  });

  it('adds days to a calendar date', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });
});
