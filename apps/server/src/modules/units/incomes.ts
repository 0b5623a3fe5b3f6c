import type { Executor } from '../../db/executor.ts';
import { addMonths, monthsBetween, yearMonthOf } from '../../shared/time.ts';
import * as q from './queries.ts';

export type UnitIncome = { lastMonth: number; averageMonthly: number };

/**
 * Income figures of owned units (by user_units id), kopecks: the income of the last complete month (Moscow time)
 * and the average monthly income over the complete months (the income area's definition). A unit without
 * incomes has both at 0.
 */
export async function unitIncomes(
  db: Executor,
  userUnitIds: number[],
  now: Date,
): Promise<Map<number, UnitIncome>> {
  const result = new Map<number, UnitIncome>();
  if (userUnitIds.length === 0) return result;
  const lastMonth = addMonths(yearMonthOf(now), -1);
  const rows = await q.incomeTotals(db, userUnitIds, lastMonth);
  const byUnit = new Map(rows.map((row) => [Number(row.user_unit_id), row]));
  for (const id of userUnitIds) {
    const row = byUnit.get(id);
    result.set(id, {
      lastMonth: Number(row?.lastMonth ?? 0),
      // averageMonthlyIncome's definition: the total over the span from the first month with income to the last.
      averageMonthly: row ? Number(row.total) / (monthsBetween(row.first, row.last) + 1) : 0,
    });
  }
  return result;
}

/** Annual yield, %: 12 × average monthly income / price × 100, two decimals (the spec's sell dialog). */
export function annualYield(averageMonthly: number, price: number): number {
  return price > 0 ? Math.round(((12 * averageMonthly) / price) * 100 * 100) / 100 : 0;
}
