import { describe, expect, it } from 'vitest';
import { isCalendarDate, portalNow } from './clock.ts';
import { moscowDate } from './time.ts';

describe('the portal clock', () => {
  it('is the real clock when no date is pinned', () => {
    const real = Date.parse('2026-03-15T12:34:56.789Z');
    expect(portalNow(undefined, real).getTime()).toBe(real);
  });

  it('keeps the pinned Moscow date at the real Moscow time of day', () => {
    // 23:30 UTC is 02:30 of the next day in Moscow: the Moscow day is what moves to the pinned one.
    const real = Date.parse('2026-06-10T23:30:00.000Z');
    const now = portalNow('2027-01-31', real);
    expect(moscowDate(now)).toBe('2027-01-31');
    expect(now.toISOString()).toBe('2027-01-30T23:30:00.000Z');
    expect(moscowDate(portalNow('2028-02-29', Date.parse('2026-06-10T08:00:00Z')))).toBe('2028-02-29');
  });

  it('lets time move on the pinned date', () => {
    const first = portalNow('2026-12-31', Date.parse('2026-05-01T10:00:00Z'));
    const later = portalNow('2026-12-31', Date.parse('2026-05-01T10:05:00Z'));
    expect(later.getTime() - first.getTime()).toBe(5 * 60_000);
  });

  it('knows a calendar date from a look-alike', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2027-02-29')).toBe(false);
    expect(isCalendarDate('2027-13-01')).toBe(false);
    expect(isCalendarDate('2027-1-01')).toBe(false);
  });
});
