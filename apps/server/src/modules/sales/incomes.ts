import type { Executor } from '../../db/executor.ts';
import { addMonths, yearMonthOf } from '../../shared/time.ts';
import { averageMonthlyIncome } from '../income/calculations.ts';

export type UnitIncome = { lastMonth: number; averageMonthly: number };

/**
 * Income figures of owned units (by user_units id), kopecks: the income of the last complete month (Moscow time)
 * and the average monthly income over the complete months (the income area's definition). A unit without
 * incomes has both at 0.
 */
export async function unitIncomes(
  db: Executor,
  userUnitIds: number[],
  now: Date = new Date(),
): Promise<Map<number, UnitIncome>> {
  const result = new Map<number, UnitIncome>();
  if (userUnitIds.length === 0) return result;
  const lastMonth = addMonths(yearMonthOf(now), -1);
  const rows = await db
    .selectFrom('incomes')
    .select(['user_unit_id', 'year_month', 'amount_kopecks'])
    .where('user_unit_id', 'in', userUnitIds)
    .where('year_month', '<=', lastMonth)
    .execute();
  const byUnit = new Map<number, Array<{ yearMonth: number; amount: number }>>();
  for (const row of rows) {
    const list = byUnit.get(Number(row.user_unit_id)) ?? [];
    list.push({ yearMonth: row.year_month, amount: Number(row.amount_kopecks) });
    byUnit.set(Number(row.user_unit_id), list);
  }
  for (const id of userUnitIds) {
    const list = byUnit.get(id) ?? [];
    result.set(id, {
      lastMonth: list.find((i) => i.yearMonth === lastMonth)?.amount ?? 0,
      averageMonthly: averageMonthlyIncome(list),
    });
  }
  return result;
}

/** Annual yield, %: 12 × average monthly income / price × 100, two decimals (spec §4, the sell dialog). */
export function annualYield(averageMonthly: number, price: number): number {
  return price > 0 ? Math.round(((12 * averageMonthly) / price) * 100 * 100) / 100 : 0;
}
