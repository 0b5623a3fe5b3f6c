import { MONTH_TIME_OFFSET_HOURS } from '@portal/contract/constants';

const DAY_MS = 86_400_000;
const OFFSET_MS = MONTH_TIME_OFFSET_HOURS * 3_600_000;

/** The Moscow calendar day of an instant, as days since 1970-01-01. */
const moscowDay = (ms: number) => Math.floor((ms + OFFSET_MS) / DAY_MS);

/**
 * The portal's business "now": what today, the current month, the last complete month and "upcoming" are read
 * from, in the demo seed and the services. With a pinned date (PORTAL_TODAY, yyyy-mm-dd) it is that Moscow date at
 * the real Moscow time of day, so the date stays put while time keeps moving; without one, the real clock. The web
 * follows the same rule (apps/web/src/shared/clock.ts). Security and infrastructure timers (sessions, codes, links,
 * rate limits, signed URLs, caches, audit timestamps) keep the real clock: a pinned date must never stretch them.
 */
export function portalNow(today: string | undefined, realMs: number = Date.now()): Date {
  if (today === undefined) return new Date(realMs);
  const pinnedDay = Date.parse(`${today}T00:00:00Z`) / DAY_MS;
  return new Date(realMs + (pinnedDay - moscowDay(realMs)) * DAY_MS);
}

/** A real calendar date written yyyy-mm-dd (2027-02-29 is not one). */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const ms = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === text;
}
