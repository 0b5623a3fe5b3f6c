import { describe, expect, it } from 'vitest';
import { dayAt11, extend, initialWindow, MAX_WINDOW_DAYS } from './window';

describe('bookings window', () => {
  it('starts a day before today and ends four days after, at 11:00 Moscow time', () => {
    const { start, end } = initialWindow(new Date('2026-11-22T23:30:00+03:00'));
    expect(start.toISOString()).toBe('2026-11-21T08:00:00.000Z');
    expect(end.toISOString()).toBe('2026-11-26T08:00:00.000Z');
  });

  it('starts a picked calendar day at 11:00 Moscow time', () => {
    expect(dayAt11('2026-12-31').toISOString()).toBe('2026-12-31T08:00:00.000Z');
  });

  it('grows on either side and never past the 366 days one call may ask for', () => {
    const window = initialWindow(new Date('2026-11-22T12:00:00+03:00'));
    const before = extend(window, 'before', 14);
    expect(before.start.toISOString()).toBe('2026-11-07T08:00:00.000Z');
    expect(before.end).toEqual(window.end);
    let wide = window;
    for (let i = 0; i < 40; i += 1) wide = extend(wide, 'after', 14);
    expect((wide.end.getTime() - wide.start.getTime()) / 86_400_000).toBeLessThanOrEqual(MAX_WINDOW_DAYS);
  });
});
