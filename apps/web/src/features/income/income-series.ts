import type { InvestorIncome } from '@portal/contract/finance';

/** The spec's four series colours; the unit filter appears when there are more series than colours. */
export const SERIES_COLORS = ['forest.7', 'orange.6', 'blue.6', 'grape.6'] as const;
export const MAX_TICKS = 15;

export type ChartRow = { date: string } & Record<string, number | string>;

/** One row per month, dated the 5th (spec §9), with a column per unit; months without income are 0. */
export function buildIncomeChart(units: InvestorIncome['units'], en: boolean, from: number, to: number) {
  const months: number[] = [];
  for (let m = from; m <= to; m = m % 100 === 12 ? m + 89 : m + 1) months.push(m);
  const data: ChartRow[] = months.map((month) => {
    const row: ChartRow = { date: `${Math.floor(month / 100)}-${String(month % 100).padStart(2, '0')}-05` };
    for (const unit of units)
      row[`u${unit.unitId}`] = unit.incomes.find((i) => i.yearMonth === month)?.amount ?? 0;
    return row;
  });
  const series = units.map((unit, index) => ({
    name: `u${unit.unitId}`,
    label: en ? unit.unitNameEn : unit.unitName,
    color: SERIES_COLORS[index % SERIES_COLORS.length] ?? 'forest.7',
  }));
  return { data, series };
}

/** On a phone's narrow chart at most this many month labels fit side by side. */
export const MAX_TICKS_NARROW = 5;

/** With more than 15 points (5 on a phone) every n-th tick is labelled, so at most that many show. */
export function tickInterval(points: number, narrow = false): number {
  const most = narrow ? MAX_TICKS_NARROW : MAX_TICKS;
  return points > most ? Math.ceil(points / most) - 1 : 0;
}

/** yyyymm of a Date's month. */
export const yearMonthOfDate = (date: Date) => date.getFullYear() * 100 + date.getMonth() + 1;

/** Incomes are paid for complete months: the last one is the month before the current. */
export function lastCompleteMonth(now = new Date()): Date {
  return new Date(now.getFullYear(), now.getMonth() - 1, 1);
}

/** The default range: the twelve complete months up to now. */
export function defaultRange(now = new Date()): [Date, Date] {
  return [new Date(now.getFullYear(), now.getMonth() - 12, 1), lastCompleteMonth(now)];
}
