import { z } from 'zod';
import { successSchema } from './errors.ts';
import { defineRoute } from './route.ts';
import { idSchema } from './validation.ts';

/**
 * A lender's loans and their monthly payments, kept from the client's card in the console: managers for their own
 * clients (another manager's client is 404), admins for all, owners 403. A loan with payments is not deleted (409):
 * its payments are the lender's income history, so they are removed one by one first, on purpose.
 */

/** A month as yyyymm (202702 is February 2027), as the spec's loanTermYearMonth and yearMonth fields carry it. */
const yearMonthValue = z.coerce
  .number({ error: 'validation.required' })
  .int({ error: 'validation.invalid' })
  .refine((value) => value >= 200001 && value <= 299912 && value % 100 >= 1 && value % 100 <= 12, {
    error: 'validation.invalid',
  });

const rubles = z.coerce
  .number({ error: 'validation.invalid' })
  .min(0, { error: 'validation.invalid' })
  .max(1e12, { error: 'validation.invalid' });

/** POST /backoffice/owners/{id}/loans and PUT …/loans/{loanId}: the loan's terms. */
export const loanBodySchema = z
  .object({
    locationId: z.number({ error: 'validation.required' }).int().positive(),
    amount: rubles.refine((value) => value > 0, { error: 'validation.invalid' }),
    issuedAt: z.iso.date({ error: 'validation.invalid' }),
    termYearMonth: yearMonthValue.describe('The month the loan ends (yyyymm)'),
    ratePercent: z.number({ error: 'validation.required' }).min(0).max(100),
  })
  .refine((loan) => loan.termYearMonth >= Number(loan.issuedAt.slice(0, 7).replace('-', '')), {
    error: 'validation.invalid',
    path: ['termYearMonth'],
  });
export type LoanBody = z.input<typeof loanBodySchema>;

const loanParamsSchema = z.object({ id: idSchema, loanId: idSchema });
const loanPaymentParamsSchema = loanParamsSchema.extend({ paymentId: idSchema });

/** POST …/payments and PUT …/payments/{paymentId}: one month's payment to the lender, in rubles. */
export const loanPaymentBodySchema = z.object({
  yearMonth: yearMonthValue,
  amount: rubles,
});
export type LoanPaymentBody = z.input<typeof loanPaymentBodySchema>;

export const loanPaymentSchema = z.object({
  id: z.number().int(),
  yearMonth: z.number().int().describe('yyyymm'),
  amount: z.number().describe('Rubles'),
});
export type LoanPayment = z.infer<typeof loanPaymentSchema>;
export const loanPaymentsResponseSchema = z.object({
  items: z.array(loanPaymentSchema).describe('Newest month first'),
  total: z.number().describe('Rubles paid so far'),
});
export type LoanPayments = z.infer<typeof loanPaymentsResponseSchema>;

export const backofficeLoansApi = {
  updateLoan: defineRoute({
    method: 'PUT',
    path: '/backoffice/owners/:id/loans/:loanId',
    summary: "Correct a lender's loan (location, amount, date, term, rate)",
    tags: ['backoffice'],
    access: 'staff',
    params: loanParamsSchema,
    body: loanBodySchema,
    response: successSchema,
    errors: [404],
  }),
  deleteLoan: defineRoute({
    method: 'DELETE',
    path: '/backoffice/owners/:id/loans/:loanId',
    summary: 'Remove a loan entered by mistake; refused (409) while it has payments',
    tags: ['backoffice'],
    access: 'staff',
    params: loanParamsSchema,
    response: successSchema,
    errors: [404, 409],
  }),
  payments: defineRoute({
    method: 'GET',
    path: '/backoffice/owners/:id/loans/:loanId/payments',
    summary: "A loan's monthly payments, newest first",
    tags: ['backoffice'],
    access: 'staff',
    params: loanParamsSchema,
    response: loanPaymentsResponseSchema,
    errors: [404],
  }),
  createPayment: defineRoute({
    method: 'POST',
    path: '/backoffice/owners/:id/loans/:loanId/payments',
    summary: "Record a month's payment of a loan; a month already paid is 409",
    tags: ['backoffice'],
    access: 'staff',
    params: loanParamsSchema,
    body: loanPaymentBodySchema,
    response: z.object({ id: z.number().int() }),
    errors: [404, 409],
  }),
  updatePayment: defineRoute({
    method: 'PUT',
    path: '/backoffice/owners/:id/loans/:loanId/payments/:paymentId',
    summary: "Correct a loan's payment",
    tags: ['backoffice'],
    access: 'staff',
    params: loanPaymentParamsSchema,
    body: loanPaymentBodySchema,
    response: successSchema,
    errors: [404, 409],
  }),
  deletePayment: defineRoute({
    method: 'DELETE',
    path: '/backoffice/owners/:id/loans/:loanId/payments/:paymentId',
    summary: "Remove a loan's payment",
    tags: ['backoffice'],
    access: 'staff',
    params: loanPaymentParamsSchema,
    response: successSchema,
    errors: [404],
  }),
};
