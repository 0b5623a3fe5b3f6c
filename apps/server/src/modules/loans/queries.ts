import { type Insertable, sql, type Updateable } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { DB } from '../../db/schema.ts';
import { ownersInScope, type Scope } from '../access/service.ts';

/** A loan of the owner (none when the loan is another owner's). */
export async function ownerLoan(db: Executor, ownerId: number, loanId: number) {
  return db
    .selectFrom('loans')
    .select(['id', 'location_id', 'amount_kopecks', 'issued_at', 'term_year_month', 'rate_percent'])
    .where('id', '=', loanId)
    .where('user_id', '=', ownerId)
    .executeTakeFirst();
}

/** A location a loan may name: any but a placeholder. */
export async function loanLocationExists(db: Executor, locationId: number) {
  const row = await db
    .selectFrom('locations')
    .select('id')
    .where('id', '=', locationId)
    .where('is_placeholder', '=', false)
    .executeTakeFirst();
  return row !== undefined;
}

export async function updateLoan(db: Executor, loanId: number, values: Updateable<DB['loans']>) {
  await db.updateTable('loans').set(values).where('id', '=', loanId).execute();
}

export async function deleteLoan(db: Executor, loanId: number) {
  await db.deleteFrom('loans').where('id', '=', loanId).execute();
}

export async function paymentCount(db: Executor, loanId: number) {
  const row = await db
    .selectFrom('loan_payments')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('loan_id', '=', loanId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export async function payments(db: Executor, loanId: number) {
  return db
    .selectFrom('loan_payments')
    .select(['id', 'year_month', 'amount_kopecks'])
    .where('loan_id', '=', loanId)
    .orderBy('year_month', 'desc')
    .execute();
}

export async function payment(db: Executor, loanId: number, paymentId: number) {
  return db
    .selectFrom('loan_payments')
    .select(['id', 'year_month', 'amount_kopecks'])
    .where('id', '=', paymentId)
    .where('loan_id', '=', loanId)
    .executeTakeFirst();
}

/** The payment of a loan for a month, other than the one being edited. */
export async function paymentOfMonth(db: Executor, loanId: number, yearMonth: number, exceptId = 0) {
  return db
    .selectFrom('loan_payments')
    .select('id')
    .where('loan_id', '=', loanId)
    .where('year_month', '=', yearMonth)
    .where('id', '<>', exceptId)
    .executeTakeFirst();
}

export async function insertPayment(db: Executor, row: Insertable<DB['loan_payments']>) {
  const inserted = await db.insertInto('loan_payments').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function updatePayment(
  db: Executor,
  paymentId: number,
  values: { year_month: number; amount_kopecks: number },
) {
  await db.updateTable('loan_payments').set(values).where('id', '=', paymentId).execute();
}

export async function deletePayment(db: Executor, paymentId: number) {
  await db.deleteFrom('loan_payments').where('id', '=', paymentId).execute();
}

// ---- the import kinds (modules/import/lender-kinds.ts) ----

/** A loan of a client in the scope: the one the import template's examples name. */
export async function exampleLoan(db: Executor, scope: Scope) {
  return db
    .selectFrom('loans')
    .innerJoin('users', 'users.id', 'loans.user_id')
    .select(['loans.id', 'loans.user_id'])
    .where(ownersInScope(scope))
    .orderBy('loans.id')
    .executeTakeFirst();
}

/** Each loan with its lender: an imported payment must name a loan of the row's lender. */
export async function loanOwners(db: Executor) {
  return db.selectFrom('loans').select(['id', 'user_id']).execute();
}

/** Whether an upserted row was inserted (true) or updated (false); rows left unchanged are not returned. */
const wasInserted = () => sql<boolean>`xmax = 0`.as('inserted');

/** Payments by loan and month: a month already stored is updated only when its amount differs. */
export async function upsertLoanPayments(db: Executor, rows: Insertable<DB['loan_payments']>[]) {
  return db
    .insertInto('loan_payments')
    .values(rows)
    .onConflict((conflict) =>
      conflict
        .columns(['loan_id', 'year_month'])
        .doUpdateSet({ amount_kopecks: sql.ref('excluded.amount_kopecks') })
        .where(sql<boolean>`loan_payments.amount_kopecks is distinct from excluded.amount_kopecks`),
    )
    .returning(wasInserted())
    .execute();
}

/** Capitalization stages by unit and date. */
export async function upsertCapitalization(db: Executor, rows: Insertable<DB['capitalization']>[]) {
  return db
    .insertInto('capitalization')
    .values(rows)
    .onConflict((conflict) =>
      conflict
        .columns(['unit_id', 'stage_date'])
        .doUpdateSet({
          price_kopecks: sql.ref('excluded.price_kopecks'),
          name: sql.ref('excluded.name'),
          name_en: sql.ref('excluded.name_en'),
        })
        .where(
          sql<boolean>`(capitalization.price_kopecks, capitalization.name, capitalization.name_en) is distinct from (excluded.price_kopecks, excluded.name, excluded.name_en)`,
        ),
    )
    .returning(wasInserted())
    .execute();
}

export async function exportLoanPayments(db: Executor) {
  return db
    .selectFrom('loan_payments')
    .innerJoin('loans', 'loans.id', 'loan_payments.loan_id')
    .select([
      'loans.user_id',
      'loan_payments.loan_id',
      'loan_payments.year_month',
      'loan_payments.amount_kopecks',
    ])
    .orderBy('loan_payments.loan_id')
    .orderBy('loan_payments.year_month')
    .execute();
}

export async function exportCapitalization(db: Executor) {
  return db
    .selectFrom('capitalization')
    .select(['unit_id', 'stage_date', 'name', 'name_en', 'price_kopecks'])
    .orderBy('unit_id')
    .orderBy('stage_date')
    .execute();
}
