import type {
  CapitalizationGraphic,
  IncomeActives,
  IncomeStatistics,
  InvestorIncome,
  InvestorIncomeFirstScreen,
  LenderIncome,
  LenderIncomeFirstScreen,
} from '@portal/contract/finance';
import {
  annualYield,
  averageMonthlyIncome,
  monthlyYield,
  paybackMonths,
  percentChange,
  roiForPeriod,
} from '@portal/contract/money-rules';
import { previousMonth } from '@portal/contract/periods';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { toRubles } from '../../shared/money.ts';
import { formatDay } from '../../shared/time.ts';
import { requireRole } from '../access/service.ts';
import type { Session } from '../auth/sessions.ts';
import { createManagerRequest } from '../requests/service.ts';
import * as q from './queries.ts';

/**
 * The investor's owned units in a location, each with its incomes of a month range (ascending), read in one
 * statement. Investors only (403); a location without their units is someone else's (404).
 */
export function investorUnitsWithIncomes(
  ctx: AppContext,
  session: Session,
  locationId: number,
  months: { from: number; to: number },
) {
  return ownedUnitsOf(session, () =>
    q.ownedUnitsWithIncomes(ctx.database.db, session.userId, locationId, months),
  );
}

/** investorUnitsWithIncomes' rule over a statement's rows: a unit (its first row) with its incomes by month. */
async function ownedUnitsOf<R extends UnitMonthRow>(session: Session, read: () => Promise<R[]>) {
  requireRole(session, 'INVESTOR');
  const rows = await read();
  if (rows.length === 0) throw notFound();
  return unitsOfRows(rows);
}

/** A row of a unit and one of its months (none: null month and amount). */
type UnitMonthRow = { userUnitId: number; year_month: number | null; amount_kopecks: unknown };

/** A unit as its first row, with its incomes by month. */
type OwnedUnitIncomes<R = q.OwnedUnitIncomeRow> = { unit: R; incomes: Map<number, number> };

function unitsOfRows<R extends UnitMonthRow>(rows: R[]): OwnedUnitIncomes<R>[] {
  const units = new Map<number, OwnedUnitIncomes<R>>();
  for (const row of rows) {
    const entry = units.get(row.userUnitId) ?? { unit: row, incomes: new Map<number, number>() };
    units.set(row.userUnitId, entry);
    if (row.year_month !== null && row.amount_kopecks !== null)
      entry.incomes.set(row.year_month, Number(row.amount_kopecks));
  }
  return [...units.values()];
}

/**
 * A lender's loans in a location with their payments of `months` and the summary of all of them, in one statement
 * (q.lenderLoansRow). Lenders only (403); a location without their loans is someone else's (404).
 */
export async function lenderLoans(
  ctx: AppContext,
  session: Session,
  locationId: number,
  months: { from: number; to: number },
) {
  requireRole(session, 'LENDER');
  const row = await q.lenderLoansRow(ctx.database.db, session.userId, locationId, months);
  if (!row) throw notFound();
  return row;
}

function totalsByMonth(rows: Array<{ year_month: number; amount_kopecks: number }>) {
  const totals = new Map<number, number>();
  for (const row of rows) totals.set(row.year_month, (totals.get(row.year_month) ?? 0) + row.amount_kopecks);
  return [...totals].sort(([a], [b]) => a - b).map(([yearMonth, amount]) => ({ yearMonth, amount }));
}

function statistics(
  invested: number,
  summary: q.MonthsSummary,
  loanTermYearMonth: number | null,
): IncomeStatistics {
  const { total, first, last } = summary;
  const average = averageMonthlyIncome(summary);
  return {
    averageMonthlyIncome: toRubles(average),
    invested: toRubles(invested),
    totalIncome: toRubles(total),
    payback: paybackMonths(invested, average),
    loanTermYearMonth,
    averagePercentForYear: annualYield(average, invested),
    averagePercentForMonth: monthlyYield(average, invested),
    firstYearMonth: first,
    lastYearMonth: last,
  };
}

export async function investorStatistics(
  ctx: AppContext,
  session: Session,
  locationId: number,
): Promise<IncomeStatistics> {
  requireRole(session, 'INVESTOR');
  // The units (404 when none), what was invested and the summed incomes in one statement.
  const stats = investorStatisticsOf(await q.ownedIncomeSummary(ctx.database.db, session.userId, locationId));
  if (!stats) throw notFound();
  return stats;
}

/** investorStatistics' answer from its figures (ownedIncomeSummaryOf); null when the user owns nothing there. */
export function investorStatisticsOf(
  figures: ReturnType<typeof q.ownedIncomeSummaryOf>,
): IncomeStatistics | null {
  const { units, invested, ...summary } = figures;
  return units === 0 ? null : statistics(invested, summary, null);
}

/** investorStatistics' statement and the reading of its row, for dashboard/first-screen to read in its own. */
export const ownedIncomeSummaryQuery = q.ownedIncomeSummaryQuery;
export const ownedIncomeSummaryOf = q.ownedIncomeSummaryOf;
export type OwnedIncomeSummaryRow = q.OwnedIncomeSummaryRow;

export async function lenderStatistics(
  ctx: AppContext,
  session: Session,
  locationId: number,
): Promise<IncomeStatistics> {
  const { loans, summary } = await lenderLoans(ctx, session, locationId, q.NO_MONTHS);
  return lenderStatisticsOf(loans, summary);
}

function lenderStatisticsOf(loans: q.LoanRow[], summary: q.MonthsSummary): IncomeStatistics {
  const provided = loans.reduce((sum, l) => sum + l.amount_kopecks, 0);
  return statistics(provided, summary, Math.max(...loans.map((l) => l.term_year_month)));
}

/** Incomes of each unit in the range; lastMonthDiff compares with the month before, even outside the range. */
export async function investorIncome(
  ctx: AppContext,
  session: Session,
  query: { location: number; yearMonthFrom: number; yearMonthTo: number },
): Promise<InvestorIncome> {
  const units = await investorUnitsWithIncomes(ctx, session, query.location, {
    from: previousMonth(query.yearMonthFrom),
    to: query.yearMonthTo,
  });
  return investorIncomeOf(units, query.yearMonthFrom);
}

/** investorIncome's answer from the units with their incomes from the month before `yearMonthFrom` on. */
function investorIncomeOf(
  units: OwnedUnitIncomes<Omit<q.OwnedUnitIncomeRow, 'capitalizationPriceKopecks'>>[],
  yearMonthFrom: number,
): InvestorIncome {
  let periodIncome = 0;
  const result = units.map(({ unit, incomes: byMonth }) => {
    const incomes = [...byMonth]
      .filter(([yearMonth]) => yearMonth >= yearMonthFrom)
      .map(([yearMonth, amount]) => {
        periodIncome += amount;
        return {
          yearMonth,
          amount: toRubles(amount),
          lastMonthDiff: percentChange(amount, byMonth.get(previousMonth(yearMonth))),
        };
      });
    return {
      unitId: unit.unitId,
      unitName: unit.name,
      unitNameEn: unit.name_en,
      invested: toRubles(unit.invested_kopecks),
      incomes,
    };
  });
  const invested = units.reduce((sum, { unit }) => sum + unit.invested_kopecks, 0);
  return {
    units: result,
    periodIncome: toRubles(periodIncome),
    periodPercent: roiForPeriod(periodIncome, invested),
  };
}

/**
 * GET investor-income/first-screen: investorStatistics, investorIncome over the range and investorActives of its
 * last month, from one statement (q.incomeFirstScreenRow). Investors only (403); a location without their units is
 * someone else's (404), as for each of the three.
 */
export async function investorIncomeFirstScreen(
  ctx: AppContext,
  session: Session,
  query: { location: number; yearMonthFrom: number; yearMonthTo: number },
): Promise<InvestorIncomeFirstScreen> {
  requireRole(session, 'INVESTOR');
  const row = await q.incomeFirstScreenRow(ctx.database.db, session.userId, query.location, {
    from: previousMonth(query.yearMonthFrom),
    to: query.yearMonthTo,
  });
  const statistics = investorStatisticsOf(q.ownedIncomeSummaryOf(row?.summary ?? undefined));
  if (!row || !statistics || row.units.length === 0) throw notFound();
  const units = unitsOfRows(row.units);
  return {
    statistics,
    income: investorIncomeOf(units, query.yearMonthFrom),
    actives: investorActivesOf(units, query.yearMonthTo),
  };
}

export async function lenderIncome(
  ctx: AppContext,
  session: Session,
  query: { location: number; yearMonthFrom: number; yearMonthTo: number },
): Promise<LenderIncome> {
  const months = { from: query.yearMonthFrom, to: query.yearMonthTo };
  const { loans, payments } = await lenderLoans(ctx, session, query.location, months);
  return lenderIncomeOf(loans, payments, query);
}

/** lenderIncome's answer from the loans and their payments of the range (or more: only the range's count). */
function lenderIncomeOf(
  loans: q.LoanRow[],
  payments: q.LoanPaymentRow[],
  query: { location: number; yearMonthFrom: number; yearMonthTo: number },
): LenderIncome {
  const rows = payments.filter(
    (p) => p.year_month >= query.yearMonthFrom && p.year_month <= query.yearMonthTo,
  );
  const location = {
    id: loans[0]?.locationId ?? query.location,
    name: loans[0]?.locationName ?? '',
    nameEn: loans[0]?.locationNameEn ?? '',
  };
  const months = totalsByMonth(rows);
  return {
    incomes: months.map((m) => ({ amount: toRubles(m.amount), yearMonth: m.yearMonth, location })),
    periodIncome: toRubles(months.reduce((sum, m) => sum + m.amount, 0)),
  };
}

/**
 * GET lender-income/first-screen: lenderStatistics, lenderIncome over the range and lenderActives of its last
 * month, from one statement (lenderLoans over every month: the loans and all their payments). Lenders only (403); a
 * location without their loans is someone else's (404), as for each of the three.
 */
export async function lenderIncomeFirstScreen(
  ctx: AppContext,
  session: Session,
  query: { location: number; yearMonthFrom: number; yearMonthTo: number },
): Promise<LenderIncomeFirstScreen> {
  const { loans, payments, summary } = await lenderLoans(ctx, session, query.location, q.ALL_MONTHS);
  return {
    statistics: lenderStatisticsOf(loans, summary),
    income: lenderIncomeOf(loans, payments, query),
    actives: lenderActivesOf(loans, payments, query.yearMonthTo),
  };
}

export async function investorActives(
  ctx: AppContext,
  session: Session,
  query: { location: number; yearMonth: number },
): Promise<IncomeActives> {
  // The units, their two months' incomes and their latest capitalization price in one statement.
  const months = { from: previousMonth(query.yearMonth), to: query.yearMonth };
  const units = await ownedUnitsOf(session, () =>
    q.ownedUnitsWithIncomesAndPrice(ctx.database.db, session.userId, query.location, months),
  );
  return investorActivesOf(units, query.yearMonth);
}

/** investorActives' answer from the units with their incomes of the month and the month before. */
function investorActivesOf(units: OwnedUnitIncomes[], yearMonth: number): IncomeActives {
  return {
    yearMonth,
    actives: units.map(({ unit, incomes }) => {
      const amount = incomes.get(yearMonth) ?? 0;
      const price = unit.capitalizationPriceKopecks;
      return {
        id: unit.unitId,
        name: unit.name,
        nameEn: unit.name_en,
        invested: toRubles(unit.invested_kopecks),
        amount: toRubles(amount),
        percent: roiForPeriod(amount, unit.invested_kopecks),
        lastMonthDiff: percentChange(amount, incomes.get(previousMonth(yearMonth))),
        capitalizationPrice: price === null ? null : toRubles(price),
      };
    }),
  };
}

export async function lenderActives(
  ctx: AppContext,
  session: Session,
  query: { location: number; yearMonth: number },
): Promise<IncomeActives> {
  const months = { from: previousMonth(query.yearMonth), to: query.yearMonth };
  const { loans, payments } = await lenderLoans(ctx, session, query.location, months);
  return lenderActivesOf(loans, payments, query.yearMonth);
}

/** lenderActives' answer from the loans and their payments of the month and the month before (or more). */
function lenderActivesOf(loans: q.LoanRow[], rows: q.LoanPaymentRow[], yearMonth: number): IncomeActives {
  const amountOf = (loanId: number, month: number) =>
    rows.find((r) => r.loan_id === loanId && r.year_month === month)?.amount_kopecks;
  return {
    yearMonth,
    actives: loans.map((loan) => {
      const amount = amountOf(loan.id, yearMonth) ?? 0;
      return {
        id: loan.id,
        name: `Заём от ${formatDay(loan.issued_at, 'ru')}`,
        nameEn: `Loan of ${formatDay(loan.issued_at, 'en')}`,
        invested: toRubles(loan.amount_kopecks),
        amount: toRubles(amount),
        percent: roiForPeriod(amount, loan.amount_kopecks),
        lastMonthDiff: percentChange(amount, amountOf(loan.id, previousMonth(yearMonth))),
        capitalizationPrice: null,
      };
    }),
  };
}

export async function capitalizationGraphic(
  ctx: AppContext,
  session: Session,
  unitId: number,
): Promise<CapitalizationGraphic> {
  requireRole(session, 'INVESTOR');
  const rows = await q.capitalizationOfOwnedUnit(ctx.database.db, session.userId, unitId);
  const last = rows.at(-1);
  if (!last) throw notFound();
  return {
    capitalizationName: last.name,
    capitalizationNameEn: last.name_en,
    capitalizationDate: last.stage_date,
    capitalizationPrice: toRubles(last.price_kopecks),
    graphic: rows.map((r) => ({
      date: r.stage_date,
      price: toRubles(r.price_kopecks),
      name: r.name,
      nameEn: r.name_en,
    })),
  };
}

/** POST lender-income/send-conversion-request: the lender asks to convert a loan into a project share. */
export async function sendConversionRequest(ctx: AppContext, session: Session): Promise<number> {
  requireRole(session, 'LENDER');
  const id = await ctx.database.db
    .transaction()
    .execute((trx) => createManagerRequest(ctx, trx, session.userId, 'conversion', {}));
  ctx.outbox.nudge();
  return id;
}

/** POST banner/submit: the individual-entrepreneur request of the dashboard; only for oneself. */
export async function submitEntrepreneurRequest(
  ctx: AppContext,
  session: Session,
  userId: number,
): Promise<number> {
  if (userId !== session.userId) throw notFound();
  const id = await ctx.database.db
    .transaction()
    .execute((trx) => createManagerRequest(ctx, trx, session.userId, 'entrepreneur', {}));
  ctx.outbox.nudge();
  return id;
}
