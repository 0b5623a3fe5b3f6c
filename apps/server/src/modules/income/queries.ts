import type { Executor } from '../../db/executor.ts';

export async function ownedUnitsInLocation(db: Executor, userId: number, locationId: number) {
  return db
    .selectFrom('user_units')
    .innerJoin('units', 'units.id', 'user_units.unit_id')
    .select([
      'user_units.id as userUnitId',
      'units.id as unitId',
      'units.name',
      'units.name_en',
      'user_units.invested_kopecks',
    ])
    .where('user_units.user_id', '=', userId)
    .where('user_units.relation', '=', 'owner')
    .where('units.location_id', '=', locationId)
    .orderBy('units.id')
    .execute();
}

export async function incomesOf(db: Executor, userUnitIds: number[], range?: { from: number; to: number }) {
  if (userUnitIds.length === 0) return [];
  let query = db
    .selectFrom('incomes')
    .select(['user_unit_id', 'year_month', 'amount_kopecks'])
    .where('user_unit_id', 'in', userUnitIds);
  if (range) query = query.where('year_month', '>=', range.from).where('year_month', '<=', range.to);
  return query.orderBy('year_month').orderBy('user_unit_id').execute();
}

export async function latestCapitalization(db: Executor, unitIds: number[]) {
  if (unitIds.length === 0) return [];
  return db
    .selectFrom('capitalization')
    .select(['unit_id', 'price_kopecks'])
    .distinctOn('unit_id')
    .where('unit_id', 'in', unitIds)
    .orderBy('unit_id')
    .orderBy('stage_date', 'desc')
    .execute();
}

export async function capitalizationOfOwnedUnit(db: Executor, userId: number, unitId: number) {
  return db
    .selectFrom('capitalization')
    .innerJoin('user_units', 'user_units.unit_id', 'capitalization.unit_id')
    .select([
      'capitalization.stage_date',
      'capitalization.price_kopecks',
      'capitalization.name',
      'capitalization.name_en',
    ])
    .where('user_units.user_id', '=', userId)
    .where('user_units.relation', '=', 'owner')
    .where('capitalization.unit_id', '=', unitId)
    .orderBy('capitalization.stage_date')
    .execute();
}

export async function loansInLocation(db: Executor, userId: number, locationId: number) {
  return db
    .selectFrom('loans')
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
    .where('loans.user_id', '=', userId)
    .where('loans.location_id', '=', locationId)
    .orderBy('loans.id')
    .execute();
}

export async function loanPaymentsOf(db: Executor, loanIds: number[], range?: { from: number; to: number }) {
  if (loanIds.length === 0) return [];
  let query = db
    .selectFrom('loan_payments')
    .select(['loan_id', 'year_month', 'amount_kopecks'])
    .where('loan_id', 'in', loanIds);
  if (range) query = query.where('year_month', '>=', range.from).where('year_month', '<=', range.to);
  return query.orderBy('year_month').orderBy('loan_id').execute();
}
