import type { InvestorIncome } from '@portal/contract/finance';
import { firstDayOf, monthRange, monthsBetween } from '@portal/contract/periods';

/** The spec's four series colours; the unit filter appears when there are more series than colours. */
export const SERIES_COLORS = ['forest.7', 'orange.6', 'blue.6', 'grape.6'] as const;
export const MAX_TICKS = 15;

export type ChartRow = { date: string } & Record<string, number | string>;

/**
 * One row per month, dated the 5th (spec: Business constants and limits), with a column per unit; months without income
 * are 0.
 */
export function buildIncomeChart(units: InvestorIncome['units'], en: boolean, from: number, to: number) {
  const data: ChartRow[] = monthRange(from, to).map((month) => {
    const row: ChartRow = { date: `${firstDayOf(month).slice(0, 8)}05` };
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

/** The room one month label takes on the axis ('сент. 26' and a gap), so labels never print over each other. */
export const MONTH_LABEL_PX = 64;
/** The room of the chart's y axis and its padding, beside the months. */
export const Y_AXIS_PX = 96;

/** How many month labels fit a chart of this width: at most the spec's 15, at least 2 (first and a later one). */
export function monthLabelRoom(chartWidth: number): number {
  if (!(chartWidth > 0)) return MAX_TICKS;
  // The axis keeps half a label of padding at each end (so the first and last labels are not cut).
  return Math.min(
    MAX_TICKS,
    Math.max(2, Math.floor((chartWidth - Y_AXIS_PX - MONTH_LABEL_PX) / MONTH_LABEL_PX)),
  );
}

/** Steps of month labels: every month, or every 2, 3, 4, 6, 12 or 24 months. */
const MONTH_STEPS = [1, 2, 3, 4, 6, 12, 24] as const;

/**
 * The months of the range that get a label: every month when they fit, else every n-th month counted back from the
 * range's last month (n the smallest step whose labels fit), so labels never overlap, stand at even gaps and the
 * newest month always has its label. Other months keep their tick mark without a label.
 */
export function labelledMonths(months: number[], room: number): Set<number> {
  const last = months.at(-1) ?? 0;
  const index = (month: number) => monthsBetween(month, last);
  const count = (step: number) => months.filter((month) => index(month) % step === 0).length;
  const step =
    MONTH_STEPS.find((candidate) => (candidate === 1 ? months.length : count(candidate)) <= room) ??
    // Longer ranges than the steps cover: a step wide enough that the labels fit.
    Math.ceil((months.length - 1) / Math.max(1, room - 1));
  return new Set(step === 1 ? months : months.filter((month) => index(month) % step === 0));
}

/**
 * Round ticks of a money axis from 0 (or below, for losses): steps of 1, 2 or 5 times a power of ten, at most
 * `most` steps, the top tick at or above the largest value. 0–250 000 by 50 000, not 0–243 117 by 60 779.
 */
export function moneyTicks(values: number[], most = 5): number[] {
  const high = Math.max(0, ...values.filter(Number.isFinite));
  const low = Math.min(0, ...values.filter(Number.isFinite));
  if (high === low) return [0];
  const raw = (high - low) / most;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step =
    ([1, 2, 5, 10] as const).map((factor) => factor * power).find((candidate) => candidate >= raw) ?? raw;
  const first = Math.floor(low / step);
  const last = Math.ceil(high / step);
  const ticks: number[] = [];
  // Whole multiples of the step, so no float error reaches a label (0.1 + 0.2).
  for (let i = first; i <= last; i += 1) ticks.push(Number((i * step).toPrecision(12)));
  return ticks;
}

/**
 * The width of a chart's y axis for its labels: recharts wraps a tick label wider than the axis onto two lines
 * ('250 тыс.' over '₽'), so the axis takes the longest label's width (about 8 px a character at the chart's 12 px).
 */
export function axisWidth(labels: string[]): number {
  return 16 + 8 * Math.max(1, ...labels.map((label) => label.length));
}

/** yyyymm of a chart row's date ('2026-11-05' → 202611). */
export const yearMonthOfRow = (date: string) => Number(date.slice(0, 7).replace('-', ''));
