import { type Expression, type Kysely, sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import { hiddenFromPlanner, prepared } from '../../db/prepared.ts';
import type { DB } from '../../db/schema.ts';
import { ownedUnitLinks, userLoans } from '../access/service.ts';

/** Total, first and last month of a set of monthly amounts, summed in SQL: one row whatever the history. */
export type MonthsSummary = { total: number; first: number | null; last: number | null };

/** Past any yyyymm: a range without an end. */
const MAX_YEAR_MONTH = 999_912;

/** Every month: a range without a start or an end. */
export const ALL_MONTHS = { from: 0, to: MAX_YEAR_MONTH };

const toSummary = (row: { total: unknown; first: unknown; last: unknown } | undefined): MonthsSummary => ({
  total: Number(row?.total ?? 0),
  first: row?.first == null ? null : Number(row.first),
  last: row?.last == null ? null : Number(row.last),
});

/**
 * The user's owned units (modules/access) in a location, counted with what was invested in them, and their incomes
 * summed from each unit's kept total (migration 025) and its first and last month from the (user_unit_id,
 * year_month) index, one unit at a time, so the cost follows the number of units, not the length of their history.
 */
export async function ownedIncomeSummary(db: Executor, userId: number, locationId: number) {
  const [row] = await ownedIncomeSummaryStatement(db, { userId, locationId });
  return ownedIncomeSummaryOf(row);
}

/** A row of ownedIncomeSummaryQuery, as the driver or JSON gives it. */
export type OwnedIncomeSummaryRow = {
  units: unknown;
  invested: unknown;
  total: unknown;
  first: unknown;
  last: unknown;
};

/** ownedIncomeSummary's figures from its statement's row. */
export const ownedIncomeSummaryOf = (row: OwnedIncomeSummaryRow | undefined) => ({
  units: Number(row?.units ?? 0),
  invested: Number(row?.invested ?? 0),
  ...toSummary(row),
});

const ownedIncomeSummaryStatement = prepared(
  'ownedIncomeSummary',
  (db, { userId, locationId }: { userId: number; locationId: number }) =>
    ownedIncomeSummaryQuery(db, userId, locationId),
);

/** ownedIncomeSummary's statement, for dashboard/first-screen to read in its own (the location may be its choice). */
export const ownedIncomeSummaryQuery = (
  db: Kysely<DB>,
  userId: number,
  locationId: number | Expression<number>,
) => {
  const owned = ownedUnitLinks(db, userId)
    .select(['user_units.id', 'user_units.invested_kopecks'])
    .where('units.location_id', '=', locationId);
  const perUnit = db
    .selectFrom(owned.as('o'))
    .select([
      'o.invested_kopecks',
      sql<number>`(select t.total_kopecks from income_totals t where t.user_unit_id = o.id)`.as('total'),
      sql<number>`(select min(i.year_month) from incomes i where i.user_unit_id = o.id)`.as('first'),
      sql<number>`(select max(i.year_month) from incomes i where i.user_unit_id = o.id)`.as('last'),
    ]);
  return db
    .selectFrom(perUnit.as('u'))
    .select((eb) => [
      eb.fn.countAll<number>().as('units'),
      eb.fn.sum<number>('u.invested_kopecks').as('invested'),
      eb.fn.sum<number>('u.total').as('total'),
      eb.fn.min<number>('u.first').as('first'),
      eb.fn.max<number>('u.last').as('last'),
    ]);
};

/** The payments' sum, first and last month; the caller says whose (lender-income/statistics and first-screen). */
const loanPaymentSummaryQuery = (db: Executor) =>
  db
    .selectFrom('loan_payments')
    .select((eb) => [
      eb.fn.sum<number>('amount_kopecks').as('total'),
      eb.fn.min<number>('year_month').as('first'),
      eb.fn.max<number>('year_month').as('last'),
    ]);

/**
 * The user's owned units (modules/access) in a location, each with its incomes of a month range, in one statement:
 * a row a unit and month, and a row with null month and amount for a unit without incomes in the range. No rows: the
 * user owns nothing there.
 */
export const ownedUnitsWithIncomes = (
  db: Executor,
  userId: number,
  locationId: number,
  months: { from: number; to: number },
) => ownedUnitsWithIncomesStatement(db, { userId, locationId, ...months });

/**
 * ownedUnitsWithIncomes with each unit's latest capitalization price (`capitalizationPriceKopecks`, null without a
 * stage), in the same one statement: the income page's unit list.
 */
export const ownedUnitsWithIncomesAndPrice = (
  db: Executor,
  userId: number,
  locationId: number,
  months: { from: number; to: number },
) => ownedUnitsWithIncomesAndPriceStatement(db, { userId, locationId, ...months });

type OwnedUnitsWithIncomesParams = { userId: number; locationId: number; from: number; to: number };

function ownedUnitsWithIncomesQuery(db: Kysely<DB>, p: OwnedUnitsWithIncomesParams) {
  return ownedUnitLinks(db, p.userId)
    .leftJoin('incomes', (join) =>
      join
        .onRef('incomes.user_unit_id', '=', 'user_units.id')
        .on('incomes.year_month', '>=', hiddenFromPlanner(p.from, 'int'))
        .on('incomes.year_month', '<=', hiddenFromPlanner(p.to, 'int')),
    )
    .select([
      'user_units.id as userUnitId',
      'units.id as unitId',
      'units.name',
      'units.name_en',
      'user_units.invested_kopecks',
      'incomes.year_month',
      'incomes.amount_kopecks',
    ])
    .where('units.location_id', '=', p.locationId)
    .orderBy('units.id')
    .orderBy('user_units.id')
    .orderBy('incomes.year_month');
}

const ownedUnitsWithIncomesStatement = prepared('ownedUnitsWithIncomes', ownedUnitsWithIncomesQuery);

const ownedUnitsWithIncomesAndPriceQuery = (db: Kysely<DB>, p: OwnedUnitsWithIncomesParams) =>
  ownedUnitsWithIncomesQuery(db, p).select((eb) =>
    eb
      .selectFrom('capitalization')
      .select('capitalization.price_kopecks')
      .whereRef('capitalization.unit_id', '=', 'units.id')
      .orderBy('capitalization.stage_date', 'desc')
      .limit(1)
      .as('capitalizationPriceKopecks'),
  );

const ownedUnitsWithIncomesAndPriceStatement = prepared(
  'ownedUnitsWithIncomesAndPrice',
  ownedUnitsWithIncomesAndPriceQuery,
);

/** A row of ownedUnitsWithIncomesAndPrice, as the driver or JSON gives it. */
export type OwnedUnitIncomeRow = {
  userUnitId: number;
  unitId: number;
  name: string;
  name_en: string;
  invested_kopecks: number;
  year_month: number | null;
  amount_kopecks: unknown;
  capitalizationPriceKopecks: number | null;
};

/**
 * Everything investor-income/first-screen answers, in one statement: the summary of investorStatistics and the rows
 * of ownedUnitsWithIncomesAndPrice over the range and the month before it (the income list's and the last month's
 * unit cards' months), each its own call's statement as JSON, so the parts cannot drift from the calls.
 */
export async function incomeFirstScreenRow(
  db: Executor,
  userId: number,
  locationId: number,
  months: { from: number; to: number },
) {
  const [row] = await incomeFirstScreenRowStatement(db, { userId, locationId, ...months });
  return row;
}

const incomeFirstScreenRowStatement = prepared(
  'incomeFirstScreenRow',
  (db, p: OwnedUnitsWithIncomesParams) =>
    sql<{ summary: OwnedIncomeSummaryRow | null; units: OwnedUnitIncomeRow[] }>`
      select
        (select to_json(s) from (${ownedIncomeSummaryQuery(db, p.userId, p.locationId)}) as s) as summary,
        (select coalesce(json_agg(u), '[]') from (${ownedUnitsWithIncomesAndPriceQuery(db, p)}) as u) as units`,
);

/** The capitalization stages of a unit the user owns (modules/access); none for another user's unit. */
export async function capitalizationOfOwnedUnit(db: Executor, userId: number, unitId: number) {
  return db
    .selectFrom('capitalization')
    .select([
      'capitalization.stage_date',
      'capitalization.price_kopecks',
      'capitalization.name',
      'capitalization.name_en',
    ])
    .where('capitalization.unit_id', '=', unitId)
    .where('capitalization.unit_id', 'in', ownedUnitLinks(db, userId).select('user_units.unit_id'))
    .orderBy('capitalization.stage_date')
    .execute();
}

/** The user's loans (modules/access) in a location. */
const loansInLocationQuery = (db: Kysely<DB>, userId: number, locationId: number) =>
  userLoans(db, userId)
    .innerJoin('locations', 'locations.id', 'loans.location_id')
    .select([
      'loans.id',
      'loans.amount_kopecks',
      'loans.issued_at',
      'loans.term_year_month',
      'loans.rate_percent',
      'locations.id as locationId',
      'locations.name as locationName',
      'locations.name_en as locationNameEn',
    ])
    .where('loans.location_id', '=', locationId)
    .orderBy('loans.id');

/** A loan of lenderLoansRow (loansInLocationQuery's columns). */
export type LoanRow = Awaited<ReturnType<ReturnType<typeof loansInLocationQuery>['execute']>>[number];
/** A payment of lenderLoansRow. */
export type LoanPaymentRow = { loan_id: number; year_month: number; amount_kopecks: number };

/** No month: a range that holds none (lender-income/statistics reads the loans and the summary only). */
export const NO_MONTHS = { from: 1, to: 0 };

/**
 * What every lender-income call answers from, in one statement: the user's loans in the location (as
 * loansInLocationQuery), their payments of a month range (none for NO_MONTHS; first-screen and the XLSX read every
 * month: a loan's term holds a few dozen), each as JSON, and the summary of all their payments (lender statistics).
 * Two statements a call before, one after the other; the first screen's three calls were six. Undefined: no loans.
 */
export async function lenderLoansRow(
  db: Executor,
  userId: number,
  locationId: number,
  months: { from: number; to: number },
) {
  const [row] = await lenderLoansRowStatement(db, { userId, locationId, ...months });
  return row && row.loans.length > 0 ? { ...row, summary: toSummary(row.summary) } : undefined;
}

const lenderLoansRowStatement = prepared(
  'lenderLoansRow',
  (db, p: { userId: number; locationId: number; from: number; to: number }) =>
    sql<{ loans: LoanRow[]; payments: LoanPaymentRow[]; summary: Parameters<typeof toSummary>[0] }>`
      with held as (${loansInLocationQuery(db, p.userId, p.locationId)})
      select
        (select coalesce(json_agg(l order by l.id), '[]') from held as l) as loans,
        (select row_to_json(s) from (${loanPaymentSummaryQuery(db).where('loan_id', 'in', sql<number>`(select id from held)`)}) as s) as summary,
        (select coalesce(json_agg(p order by p.year_month, p.loan_id), '[]') from (
          select lp.loan_id, lp.year_month, lp.amount_kopecks
          from loan_payments lp
          where lp.loan_id in (select id from held) and lp.year_month between ${p.from} and ${p.to}
        ) as p) as payments`,
);
