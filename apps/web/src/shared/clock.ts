import { MOSCOW_OFFSET_MS } from '@portal/contract/periods';
import { DAY_MS, moscowDay } from './time';

/**
 * The portal's one clock on the web side. The server may run on a pinned date (PORTAL_TODAY, unset in production):
 * it then names that Moscow date in the shell's `<meta name="portal-today">`, and the client's "today" is that date
 * at the real time of day, the rule the server follows, so the pages and their data agree on what today is.
 */
function pinnedDay(): number | null {
  if (typeof document === 'undefined') return null;
  const content = document.querySelector('meta[name="portal-today"]')?.getAttribute('content') ?? '';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(content)) return null;
  const ms = Date.parse(`${content}T00:00:00Z`);
  return Number.isNaN(ms) ? null : Math.floor(ms / DAY_MS);
}

/** The current instant in milliseconds: on the pinned Moscow date when the server pins one. */
export function nowMs(): number {
  const real = Date.now();
  const pinned = pinnedDay();
  return pinned === null ? real : real + (pinned - moscowDay(real)) * DAY_MS;
}

/** The current instant as a Date (see nowMs). */
export const now = () => new Date(nowMs());

/** Today's Moscow date as yyyy-mm-dd. */
export const todayIso = () => new Date(nowMs() + MOSCOW_OFFSET_MS).toISOString().slice(0, 10);
