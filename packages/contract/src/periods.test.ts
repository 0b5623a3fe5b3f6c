import { describe, expect, it } from 'vitest';
import {
  addMonths,
  daysInMonth,
  firstDayOf,
  lastCompleteMonth,
  lastDayOf,
  monthOf,
  monthRange,
  monthsBetween,
  nextMonth,
  previousMonth,
  toYearMonth,
  yearMonthOf,
  yearOf,
} from './periods.ts';

describe('yyyymm months in Moscow time', () => {
  it('builds and splits yyyymm months', () => {
    expect(toYearMonth(2026, 3)).toBe(202603);
    expect(yearOf(202603)).toBe(2026);
    expect(monthOf(202612)).toBe(12);
  });

  it('takes the month of an instant in Moscow (UTC+3), not in UTC nor in the browser', () => {
    // 21:30 UTC on 31 December is already 00:30 on 1 January in Moscow.
    expect(yearMonthOf(new Date('2025-12-31T21:30:00Z'))).toBe(202601);
    expect(yearMonthOf(new Date('2025-12-31T20:59:59Z'))).toBe(202512);
    expect(yearMonthOf(Date.parse('2026-02-28T21:00:00Z'))).toBe(202603);
    expect(yearMonthOf(Date.parse('2024-02-29T20:59:59Z'))).toBe(202402);
    // Summer and winter alike: Moscow keeps no daylight saving time.
    expect(yearMonthOf(Date.parse('2026-06-30T21:00:00Z'))).toBe(202607);
  });

  it('adds and subtracts months across years', () => {
    expect(addMonths(202611, 2)).toBe(202701);
    expect(addMonths(202601, -1)).toBe(202512);
    expect(addMonths(202603, -15)).toBe(202412);
    expect(addMonths(202603, 0)).toBe(202603);
    expect(addMonths(202612, 12)).toBe(202712);
    expect(addMonths(202601, -24)).toBe(202401);
  });

  it('steps to the previous and the next month over the year end', () => {
    expect(previousMonth(202601)).toBe(202512);
    expect(previousMonth(202603)).toBe(202602);
    expect(nextMonth(202612)).toBe(202701);
    expect(nextMonth(202602)).toBe(202603);
  });

  it('counts the months between two months', () => {
    expect(monthsBetween(202511, 202601)).toBe(2);
    expect(monthsBetween(202201, 202612)).toBe(59);
    expect(monthsBetween(202603, 202603)).toBe(0);
    expect(monthsBetween(202601, 202512)).toBe(-1);
    expect(monthsBetween(202603, addMonths(202603, 27))).toBe(27);
  });

  it('lists the months of a range, both ends included', () => {
    expect(monthRange(202511, 202602)).toEqual([202511, 202512, 202601, 202602]);
    expect(monthRange(202603, 202603)).toEqual([202603]);
    expect(monthRange(202604, 202603)).toEqual([]);
  });

  it('takes the last complete month as the Moscow month before the current one', () => {
    // New Year's night: in UTC still December, in Moscow already January, so December is complete.
    expect(lastCompleteMonth(new Date('2025-12-31T21:30:00Z'))).toBe(202512);
    expect(lastCompleteMonth(new Date('2025-12-31T20:59:59Z'))).toBe(202511);
    expect(lastCompleteMonth(Date.parse('2026-01-01T12:00:00+03:00'))).toBe(202512);
    // The last day of a month: that month is not complete yet.
    expect(lastCompleteMonth(Date.parse('2026-11-30T23:59:00+03:00'))).toBe(202610);
    expect(lastCompleteMonth(Date.parse('2024-02-29T12:00:00+03:00'))).toBe(202401);
    expect(lastCompleteMonth(Date.parse('2024-03-01T00:00:00+03:00'))).toBe(202402);
  });

  it('knows the days, the first and the last day of a month, leap years included', () => {
    expect(daysInMonth(202602)).toBe(28);
    expect(daysInMonth(202402)).toBe(29);
    expect(daysInMonth(210002)).toBe(28); // a century that is no leap year
    expect(daysInMonth(200002)).toBe(29); // and one that is
    expect(daysInMonth(202612)).toBe(31);
    expect(daysInMonth(202611)).toBe(30);
    expect(firstDayOf(202603)).toBe('2026-03-01');
    expect(firstDayOf(202611)).toBe('2026-11-01');
    expect(lastDayOf(202402)).toBe('2024-02-29');
    expect(lastDayOf(202602)).toBe('2026-02-28');
    expect(lastDayOf(202612)).toBe('2026-12-31');
    expect(lastDayOf(202604)).toBe('2026-04-30');
  });
});
