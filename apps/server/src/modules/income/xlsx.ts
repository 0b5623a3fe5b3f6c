import type { Locale } from '@portal/contract/constants';
import { monthOf, yearOf } from '@portal/contract/periods';
import type { AppContext } from '../../context.ts';
import { toRubles } from '../../shared/money.ts';
import { buildSheet, RUBLE_FORMAT } from '../../shared/xlsx.ts';
import type { Session } from '../auth/sessions.ts';
import * as q from './queries.ts';
import { investorUnitsWithIncomes, lenderLoans } from './service.ts';

const monthLabel = (yearMonth: number) =>
  `${String(monthOf(yearMonth)).padStart(2, '0')}.${yearOf(yearMonth)}`;

/** GET investor-income/xls: a row per month, a column per unit and the month total. */
export async function investorIncomeXlsx(
  ctx: AppContext,
  session: Session,
  locationId: number,
  locale: Locale,
) {
  // Investors only (403); another owner's location is 404.
  const units = await investorUnitsWithIncomes(ctx, session, locationId, q.ALL_MONTHS);
  const months = [...new Set(units.flatMap(({ incomes }) => [...incomes.keys()]))].sort((a, b) => a - b);
  const en = locale === 'en';
  const columns = [
    { header: en ? 'Month' : 'Месяц', key: 'month', width: 12 },
    ...units.map(({ unit }) => ({
      header: en ? unit.name_en : unit.name,
      key: `u${unit.userUnitId}`,
      width: 22,
      format: RUBLE_FORMAT,
    })),
    { header: en ? 'Total' : 'Итого', key: 'total', width: 18, format: RUBLE_FORMAT },
  ];
  const sheetRows = months.map((month) => {
    const row: Record<string, string | number> = { month: monthLabel(month) };
    let total = 0;
    for (const { unit, incomes } of units) {
      const amount = incomes.get(month) ?? 0;
      row[`u${unit.userUnitId}`] = toRubles(amount);
      total += amount;
    }
    row.total = toRubles(total);
    return row;
  });
  return {
    fileName: `${en ? 'income' : 'доходы'}-${locationId}.xlsx`,
    asciiName: `income-${locationId}.xlsx`,
    data: await buildSheet(en ? 'Income' : 'Доходы', columns, sheetRows),
  };
}

/** GET lender-income/xls: a row per month with the payments on the lender's loans. */
export async function lenderIncomeXlsx(
  ctx: AppContext,
  session: Session,
  locationId: number,
  locale: Locale,
) {
  const { loans, payments: rows } = await lenderLoans(ctx, session, locationId, q.ALL_MONTHS);
  const en = locale === 'en';
  const location = en ? (loans[0]?.locationNameEn ?? '') : (loans[0]?.locationName ?? '');
  const totals = new Map<number, number>();
  for (const row of rows) totals.set(row.year_month, (totals.get(row.year_month) ?? 0) + row.amount_kopecks);
  return {
    fileName: `${en ? 'income' : 'доходы'}-${locationId}.xlsx`,
    asciiName: `income-${locationId}.xlsx`,
    data: await buildSheet(
      en ? 'Income' : 'Доходы',
      [
        { header: en ? 'Month' : 'Месяц', key: 'month', width: 12 },
        { header: en ? 'Location' : 'Локация', key: 'location', width: 36 },
        { header: en ? 'Amount' : 'Сумма', key: 'amount', width: 18, format: RUBLE_FORMAT },
      ],
      [...totals]
        .sort(([a], [b]) => a - b)
        .map(([month, amount]) => ({ month: monthLabel(month), location, amount: toRubles(amount) })),
    ),
  };
}
