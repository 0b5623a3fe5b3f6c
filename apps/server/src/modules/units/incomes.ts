import { averageMonthlyIncome } from '@portal/contract/money-rules';
import { lastCompleteMonth } from '@portal/contract/periods';
import type { Executor } from '../../db/executor.ts';
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
  const lastMonth = lastCompleteMonth(now);
  const rows = await q.incomeTotals(db, userUnitIds, lastMonth);
  const byUnit = new Map(rows.map((row) => [Number(row.user_unit_id), row]));
  for (const id of userUnitIds) {
    const row = byUnit.get(id);
    result.set(id, {
      lastMonth: Number(row?.lastMonth ?? 0),
      averageMonthly: row
        ? averageMonthlyIncome({ total: Number(row.total), first: row.first, last: row.last })
        : 0,
    });
  }
  return result;
}
