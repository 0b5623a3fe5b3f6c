import type { LoanPayments, loanBodySchema, loanPaymentBodySchema } from '@portal/contract/backoffice-loans';
import type { Insertable } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/executor.ts';
import type { DB } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { toKopecks, toRubles } from '../../shared/money.ts';
import { requireOwnerInScope, type Scope, staffScope } from '../access/service.ts';
import { changesOf, recordAudit } from '../audit/service.ts';
import type { Session } from '../auth/sessions.ts';
import * as q from './queries.ts';

/**
 * A lender's loans and their monthly payments, kept from the console: a manager for their own clients (another
 * manager's client, or a loan or payment not of the owner named in the path, is 404), an admin for everyone,
 * owners 403 (staffScope). Every change is audited with the values before and after.
 *
 * A loan with payments is not deleted (409, «сначала удалите выплаты»): deleting would take the lender's income
 * history with it in one click; removing the payments first is a deliberate act, each one audited.
 */
type LoanInput = z.output<typeof loanBodySchema>;
type PaymentInput = z.output<typeof loanPaymentBodySchema>;

/** The loan's terms as the console and the audit show them (rubles, yyyymm). */
const loanFields = (loan: NonNullable<Awaited<ReturnType<typeof q.ownerLoan>>>) => ({
  locationId: loan.location_id,
  amount: toRubles(Number(loan.amount_kopecks)),
  issuedAt: loan.issued_at,
  termYearMonth: loan.term_year_month,
  ratePercent: Number(loan.rate_percent),
});

/** The owner's loan inside the caller's scope, in the caller's transaction: 404 otherwise. */
async function scopedLoan(db: Executor, scope: Scope, ownerId: number, loanId: number) {
  await requireOwnerInScope(db, scope, ownerId);
  const loan = await q.ownerLoan(db, ownerId, loanId);
  if (!loan) throw notFound();
  return loan;
}

const audit = (db: Executor, session: Session, action: string, ownerId: number, details: object) =>
  recordAudit(db, { actorUserId: session.userId, action, entity: 'user', entityId: ownerId, details });

export async function updateLoan(
  ctx: AppContext,
  session: Session,
  ownerId: number,
  loanId: number,
  input: LoanInput,
): Promise<void> {
  // The scope is read before the transaction: the embedded database has one connection, which the transaction holds.
  const scope = await staffScope(ctx, session);
  await ctx.database.db.transaction().execute(async (trx) => {
    const loan = await scopedLoan(trx, scope, ownerId, loanId);
    if (!(await q.loanLocationExists(trx, input.locationId)))
      throw badRequest('validation.invalid', 'locationId');
    await q.updateLoan(trx, loanId, {
      location_id: input.locationId,
      amount_kopecks: toKopecks(input.amount),
      issued_at: input.issuedAt,
      term_year_month: input.termYearMonth,
      rate_percent: input.ratePercent,
    });
    await audit(trx, session, 'owner.loan.update', ownerId, {
      loanId,
      changes: changesOf(loanFields(loan), { ...input }),
    });
  });
}

export async function deleteLoan(ctx: AppContext, session: Session, ownerId: number, loanId: number) {
  // The scope is read before the transaction: the embedded database has one connection, which the transaction holds.
  const scope = await staffScope(ctx, session);
  await ctx.database.db.transaction().execute(async (trx) => {
    const loan = await scopedLoan(trx, scope, ownerId, loanId);
    if ((await q.paymentCount(trx, loanId)) > 0) throw conflict('loans.hasPayments', 'loanId');
    await q.deleteLoan(trx, loanId);
    await audit(trx, session, 'owner.loan.remove', ownerId, { loanId, ...loanFields(loan) });
  });
}

export async function listPayments(
  ctx: AppContext,
  session: Session,
  ownerId: number,
  loanId: number,
): Promise<LoanPayments> {
  const { db } = ctx.database;
  await scopedLoan(db, await staffScope(ctx, session), ownerId, loanId);
  const rows = await q.payments(db, loanId);
  const total = rows.reduce((sum, row) => sum + Number(row.amount_kopecks), 0);
  return {
    items: rows.map((row) => ({
      id: Number(row.id),
      yearMonth: row.year_month,
      amount: toRubles(Number(row.amount_kopecks)),
    })),
    total: toRubles(total),
  };
}

export async function createPayment(
  ctx: AppContext,
  session: Session,
  ownerId: number,
  loanId: number,
  input: PaymentInput,
): Promise<number> {
  const scope = await staffScope(ctx, session);
  return ctx.database.db.transaction().execute(async (trx) => {
    await scopedLoan(trx, scope, ownerId, loanId);
    if (await q.paymentOfMonth(trx, loanId, input.yearMonth)) throw conflict('loans.monthTaken', 'yearMonth');
    const id = await q.insertPayment(trx, {
      loan_id: loanId,
      year_month: input.yearMonth,
      amount_kopecks: toKopecks(input.amount),
    });
    await audit(trx, session, 'owner.loanPayment.add', ownerId, { loanId, paymentId: id, ...input });
    return id;
  });
}

async function scopedPayment(
  db: Executor,
  scope: Scope,
  ids: { ownerId: number; loanId: number; paymentId: number },
) {
  await scopedLoan(db, scope, ids.ownerId, ids.loanId);
  const row = await q.payment(db, ids.loanId, ids.paymentId);
  if (!row) throw notFound();
  return { yearMonth: row.year_month, amount: toRubles(Number(row.amount_kopecks)) };
}

export async function updatePayment(
  ctx: AppContext,
  session: Session,
  ids: { ownerId: number; loanId: number; paymentId: number },
  input: PaymentInput,
): Promise<void> {
  const scope = await staffScope(ctx, session);
  await ctx.database.db.transaction().execute(async (trx) => {
    const before = await scopedPayment(trx, scope, ids);
    if (await q.paymentOfMonth(trx, ids.loanId, input.yearMonth, ids.paymentId))
      throw conflict('loans.monthTaken', 'yearMonth');
    await q.updatePayment(trx, ids.paymentId, {
      year_month: input.yearMonth,
      amount_kopecks: toKopecks(input.amount),
    });
    await audit(trx, session, 'owner.loanPayment.update', ids.ownerId, {
      loanId: ids.loanId,
      paymentId: ids.paymentId,
      changes: changesOf(before, { ...input }),
    });
  });
}

export async function deletePayment(
  ctx: AppContext,
  session: Session,
  ids: { ownerId: number; loanId: number; paymentId: number },
): Promise<void> {
  const scope = await staffScope(ctx, session);
  await ctx.database.db.transaction().execute(async (trx) => {
    const before = await scopedPayment(trx, scope, ids);
    await q.deletePayment(trx, ids.paymentId);
    await audit(trx, session, 'owner.loanPayment.remove', ids.ownerId, {
      loanId: ids.loanId,
      paymentId: ids.paymentId,
      ...before,
    });
  });
}

// ---- for the import kinds (modules/import/lender-kinds.ts) ----

/** Each loan's lender, by loan id. */
export async function loanLenders(db: Executor): Promise<Map<number, number>> {
  return new Map((await q.loanOwners(db)).map((row) => [Number(row.id), Number(row.user_id)]));
}

export const upsertLoanPayments = (db: Executor, rows: Insertable<DB['loan_payments']>[]) =>
  q.upsertLoanPayments(db, rows);
export const upsertCapitalization = (db: Executor, rows: Insertable<DB['capitalization']>[]) =>
  q.upsertCapitalization(db, rows);
export const exampleLoan = (db: Executor, scope: Scope) => q.exampleLoan(db, scope);
export const exportLoanPayments = (db: Executor) => q.exportLoanPayments(db);
export const exportCapitalization = (db: Executor) => q.exportCapitalization(db);
