import { now } from '../../shared/clock';
import { DAY_MS, HOUR_MS, moscowMidnight } from '../../shared/time';

// The bookings window: dates at 11:00 Moscow time, as the spec's initial window sets them.

/** 11:00 Moscow time of the day `days` from the day of `now`. */
export function at11(at: Date, days: number): Date {
  return new Date(moscowMidnight(at.getTime()) + days * DAY_MS + 11 * HOUR_MS);
}

/** 11:00 Moscow time of a calendar day picked as yyyy-mm-dd, whatever the browser's time zone. */
export const dayAt11 = (day: string) => at11(new Date(`${day.slice(0, 10)}T12:00:00Z`), 0);

/** From one day before to four days after today on the portal's clock (spec: States and transitions). */
export function initialWindow(today = now()): { start: Date; end: Date } {
  return { start: at11(today, -1), end: at11(today, 4) };
}

/** Rooms grow by two weeks a step; outbuildings, shown by the hour, by three days (three steps of a day). */
export const STEP_DAYS = { main: 14, periphery: 3 } as const;
/** A call answers at most 366 days; the grid keeps its window within that. */
export const MAX_WINDOW_DAYS = 366;

export function extend(window: { start: Date; end: Date }, side: 'before' | 'after', days: number) {
  const start = side === 'before' ? new Date(window.start.getTime() - days * DAY_MS) : window.start;
  const end = side === 'after' ? new Date(window.end.getTime() + days * DAY_MS) : window.end;
  if (end.getTime() - start.getTime() > MAX_WINDOW_DAYS * DAY_MS) return window;
  return { start, end };
}

export const PRESETS = [
  { key: 'weekAgo', days: -7 },
  { key: 'twoWeeksAgo', days: -14 },
  { key: 'monthAgo', days: -30 },
  { key: 'twoMonthsAgo', days: -61 },
  { key: 'inMonth', days: 30 },
  { key: 'inTwoMonths', days: 61 },
] as const;

/** A preset or a calendar date sets the start; the end follows by a month of rooms or a week of outbuildings. */
export function windowFrom(start: Date, part: 'main' | 'periphery'): { start: Date; end: Date } {
  return { start, end: new Date(start.getTime() + (part === 'main' ? 30 : 7) * DAY_MS) };
}
