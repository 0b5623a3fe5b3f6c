import { daysInMonth, monthsBetween } from './periods.ts';

/**
 * The money figures of the portal, defined once for the server and the web. The spec gives one formula (the sell
 * dialog's yield) and leaves the rest to the server ("the server-side calculation of income, percentages and
 * payback: not shown"): these are the definitions. Amounts are passed in one money unit of the caller's choice and
 * come back in it unrounded (the server passes kopecks and rounds when it turns them into rubles; the web passes the
 * rubles of an answer); percents come back with two decimals.
 */

/** A percent as the portal shows it: two decimals. */
const percent = (ratio: number) => Math.round(ratio * 10_000) / 100;

/** Incomes over a span of months: their total, and the first and last month (yyyymm) that carried one. */
export type IncomeSpan = { total: number; first: number | null; last: number | null };

/**
 * Average monthly income, in the unit of `total`: the total over every month from the first with income to the last
 * (an empty month inside that span counts, so a bad month lowers the average); 0 while there is no income.
 */
export function averageMonthlyIncome({ total, first, last }: IncomeSpan): number {
  if (first === null || last === null) return 0;
  return total / (monthsBetween(first, last) + 1);
}

/**
 * Annual yield, %: 12 × average monthly income / invested sum × 100, two decimals (the sell dialog's formula in the
 * spec). The same figure is the ROI per year (averagePercentForYear) of the dashboard and the income page, and the
 * profit of a marketplace lot against its asking price. Both amounts in one money unit; 0 when nothing was invested.
 */
export function annualYield(averageMonthly: number, invested: number): number {
  return invested > 0 ? percent((12 * averageMonthly) / invested) : 0;
}

/** Monthly yield, % (averagePercentForMonth): one average month against the invested sum; 0 without an investment. */
export function monthlyYield(averageMonthly: number, invested: number): number {
  return invested > 0 ? percent(averageMonthly / invested) : 0;
}

/** ROI for a period, %: the income of the period (or of one month) against the invested sum; 0 without one. */
export function roiForPeriod(periodIncome: number, invested: number): number {
  return invested > 0 ? percent(periodIncome / invested) : 0;
}

/**
 * Payback in whole months, rounded up: how many average months return the invested sum (the spec shows payback in
 * months, about 42 on average). Both amounts in one money unit; null while there is no income or no investment.
 */
export function paybackMonths(invested: number, averageMonthly: number): number | null {
  return averageMonthly > 0 && invested > 0 ? Math.ceil(invested / averageMonthly) : null;
}

/**
 * Change against the previous value, % (an income or an occupancy against the previous month's); null when there
 * is no previous value to compare with, or it is 0.
 */
export function percentChange(current: number, previous: number | null | undefined): number | null {
  if (previous === null || previous === undefined || previous === 0) return null;
  return percent((current - previous) / previous);
}

/**
 * The income-outcome page's figures, in the unit of the totals: GOP (revenue after operating expenses) with its
 * percent of revenue, and OPEX as a percent of revenue; the percents are 0 without revenue.
 */
export function operatingFigures(incomeTotal: number, outcomeTotal: number) {
  const gop = incomeTotal - outcomeTotal;
  return {
    gop,
    gopPercent: incomeTotal > 0 ? percent(gop / incomeTotal) : 0,
    outcomePercent: incomeTotal > 0 ? percent(outcomeTotal / incomeTotal) : 0,
  };
}

/** Rooms are let by the night (all day), outbuildings by the hour over their open hours. */
export type UnitPart = 'main' | 'periphery';

/** Outbuildings (saunas, banyas) are counted over 12 open hours a day. */
export const OUTBUILDING_OPEN_HOURS_A_DAY = 12;

/** The hours a unit can be booked in a month (yyyymm): every hour for a room, the open hours for an outbuilding. */
export function availableHours(part: UnitPart, yearMonth: number): number {
  return daysInMonth(yearMonth) * (part === 'main' ? 24 : OUTBUILDING_OPEN_HOURS_A_DAY);
}

/**
 * Occupancy (load), %: the average over the units of the share of its available time each one is booked (at most
 * all of it), two decimals; 0 without units. `booked` and `available` in one unit of time (the dashboard passes
 * milliseconds; today's load passes 1 for a unit taken now, 0 for a free one, of 1).
 */
export function occupancy(units: Array<{ booked: number; available: number }>): number {
  if (units.length === 0) return 0;
  const share = units.reduce((sum, unit) => sum + Math.min(1, unit.booked / unit.available), 0);
  return percent(share / units.length);
}

const HOUR_MS = 3_600_000;

/**
 * Average price of what was sold (the bookings page's average room price): the stays' revenue over the nights (rooms)
 * or hours (outbuildings) they were booked, each stay counting at least one; in the money unit of `amount`, rounded
 * to a whole one (kopecks on the server); 0 when nothing was sold. Times are epoch milliseconds.
 */
export function averagePrice(
  stays: Array<{ amount: number; startMs: number; endMs: number }>,
  part: UnitPart,
): number {
  const slotMs = part === 'main' ? 24 * HOUR_MS : HOUR_MS;
  let revenue = 0;
  let sold = 0;
  for (const stay of stays) {
    revenue += stay.amount;
    sold += Math.max(1, Math.round((stay.endMs - stay.startMs) / slotMs));
  }
  return sold > 0 ? Math.round(revenue / sold) : 0;
}
