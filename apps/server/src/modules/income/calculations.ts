import { monthsBetween } from '../../shared/time.ts';

/**
 * The money figures of the income and dashboard pages. The spec leaves the calculation to the server; these are
 * the definitions, all in kopecks in and rubles or percents out, rounded only at the end.
 */

const round2 = (value: number) => Math.round(value * 100) / 100;

export type MonthAmount = { yearMonth: number; amount: number };

/**
 * Average monthly income: the total over the months that carried income, from the first such month to the last
 * (a month with zero income inside that span counts, so a bad month lowers the average).
 */
export function averageMonthlyIncome(incomes: MonthAmount[]): number {
  if (incomes.length === 0) return 0;
  const months = incomes.map((i) => i.yearMonth);
  const span = monthsBetween(Math.min(...months), Math.max(...months)) + 1;
  return sum(incomes) / span;
}

/** ROI per year, %: twelve average months against the investment. */
export function roiPerYear(averageMonthly: number, invested: number): number {
  return invested > 0 ? round2(((averageMonthly * 12) / invested) * 100) : 0;
}

/** Average monthly percent: one average month against the investment. */
export function percentPerMonth(averageMonthly: number, invested: number): number {
  return invested > 0 ? round2((averageMonthly / invested) * 100) : 0;
}

/** ROI for a period, %: the income of the period against the investment. */
export function roiForPeriod(periodIncome: number, invested: number): number {
  return invested > 0 ? round2((periodIncome / invested) * 100) : 0;
}

/** Payback in months: how many average months return the investment; null while there is no income. */
export function paybackMonths(invested: number, averageMonthly: number): number | null {
  return averageMonthly > 0 && invested > 0 ? Math.ceil(invested / averageMonthly) : null;
}

/** Percent change against the previous value; null when there is no previous value to compare with. */
export function percentChange(current: number, previous: number | undefined): number | null {
  if (previous === undefined || previous === 0) return null;
  return round2(((current - previous) / previous) * 100);
}

/** OPEX percent of gross revenue and GOP (revenue after operating expenses) with its percent. */
export function operatingFigures(incomeTotal: number, outcomeTotal: number) {
  const gop = incomeTotal - outcomeTotal;
  return {
    gop,
    gopPercent: incomeTotal > 0 ? round2((gop / incomeTotal) * 100) : 0,
    outcomePercent: incomeTotal > 0 ? round2((outcomeTotal / incomeTotal) * 100) : 0,
  };
}

function sum(items: MonthAmount[]): number {
  return items.reduce((total, item) => total + item.amount, 0);
}
