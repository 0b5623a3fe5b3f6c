import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  moscowDate,
  moscowDay,
  moscowHour,
  moscowMidnight,
  pickedMonth,
  yearMonthOfPicked,
} from './time';

describe('Moscow time', () => {
  it('turns the day at 00:00 in Moscow, which is 21:00 UTC the evening before', () => {
    const lateUtc = Date.parse('2026-12-31T20:59:59Z');
    const newYear = Date.parse('2026-12-31T21:00:00Z');
    expect(moscowDate(lateUtc)).toBe('2026-12-31');
    expect(moscowDate(newYear)).toBe('2027-01-01');
    expect(moscowDay(newYear) - moscowDay(lateUtc)).toBe(1);
    expect(new Date(moscowDay(newYear) * DAY_MS).toISOString().slice(0, 10)).toBe('2027-01-01');
  });

  it('finds the instant of Moscow midnight and the Moscow hour, in summer as in winter', () => {
    expect(new Date(moscowMidnight(Date.parse('2026-07-01T02:30:00+03:00'))).toISOString()).toBe(
      '2026-06-30T21:00:00.000Z',
    );
    expect(new Date(moscowMidnight(Date.parse('2026-01-15T23:59:00+03:00'))).toISOString()).toBe(
      '2026-01-14T21:00:00.000Z',
    );
    const hour = moscowHour(Date.parse('2026-03-10T14:45:00+03:00'));
    expect(hour - moscowDay(Date.parse('2026-03-10T14:45:00+03:00')) * 24).toBe(14);
  });

  it("reads a month picker's value as the month it shows, whatever the browser's time zone", () => {
    expect(yearMonthOfPicked('2026-03-01')).toBe(202603);
    expect(yearMonthOfPicked('2026-12-31')).toBe(202612);
    for (const month of [202401, 202402, 202612]) expect(yearMonthOfPicked(pickedMonth(month))).toBe(month);
  });
});
