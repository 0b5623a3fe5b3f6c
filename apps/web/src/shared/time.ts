/**
 * Moscow time, the portal's clock (spec: months and days are Moscow's): UTC+3 all year, as Russia has kept no
 * daylight saving time since 2014, so a fixed offset gives the Moscow day of an instant without a time-zone table.
 */
export const MOSCOW_OFFSET_MS = 3 * 3_600_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** The Moscow calendar day of an instant, as days since the epoch. */
export const moscowDay = (ms: number) => Math.floor((ms + MOSCOW_OFFSET_MS) / DAY_MS);

/** The Moscow hour of an instant, as hours since the epoch. */
export const moscowHour = (ms: number) => Math.floor((ms + MOSCOW_OFFSET_MS) / HOUR_MS);

/** The instant of 00:00 Moscow time on the Moscow day of `ms`. */
export const moscowMidnight = (ms: number) => moscowDay(ms) * DAY_MS - MOSCOW_OFFSET_MS;

/** The Moscow date of an instant (now by default) as yyyy-mm-dd. */
export const moscowDate = (ms = Date.now()) => new Date(ms + MOSCOW_OFFSET_MS).toISOString().slice(0, 10);
