import type { Locale } from '@portal/contract/constants';
import { monthOf, yearOf } from '@portal/contract/periods';
import type { AppContext } from '../../context.ts';
import { toRubles } from '../../shared/money.ts';
import { buildSheet, RUBLE_FORMAT } from '../../shared/xlsx.ts';
import type { Session } from '../auth/sessions.ts';
import * as q from './queries.ts';
import { investorStatistics, lenderStatistics } from './service.ts';

const monthLabel = (yearMonth: number) =>
  `${String(monthOf(yearMonth)).padStart(2, '0')}.${yearOf(yearMonth)}`;

/** GET investor-income/xls: a row per month, a column per unit and the month total. */
export async function investorIncomeXlsx(
  ctx: AppContext,
  session: Session,
  locationId: number,
  locale: Locale,
) {
  await investorStatistics(ctx, session, locationId); // ownership and role
  const units = await q.ownedUnitsInLocation(ctx.database.db, session.userId, locationId);
  const rows = await q.incomesOf(
    ctx.database.db,
    units.map((u) => u.userUnitId),
  );
  const months = [...new Set(rows.map((r) => r.year_month))].sort((a, b) => a - b);
  const en = locale === 'en';
  const columns = [
    { header: en ? 'Month' : 'Месяц', key: 'month', width: 12 },
    ...units.map((u) => ({
      header: en ? u.name_en : u.name,
      key: `u${u.userUnitId}`,
      width: 22,
      format: RUBLE_FORMAT,
    })),
    { header: en ? 'Total' : 'Итого', key: 'total', width: 18, format: RUBLE_FORMAT },
  ];
  const sheetRows = months.map((month) => {
    const row: Record<string, string | number> = { month: monthLabel(month) };
    let total = 0;
    for (const unit of units) {
      const amount =
        rows.find((r) => r.user_unit_id === unit.userUnitId && r.year_month === month)?.amount_kopecks ?? 0;
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
  await lenderStatistics(ctx, session, locationId);
  const loans = await q.loansInLocation(ctx.database.db, session.userId, locationId);
  const rows = await q.loanPaymentsOf(
    ctx.database.db,
    loans.map((l) => l.id),
  );
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
