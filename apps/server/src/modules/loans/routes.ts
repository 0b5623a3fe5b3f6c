import { backofficeLoansApi } from '@portal/contract/backoffice-loans';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { routesOf } from '../../http/route.ts';
import { sessionOf } from '../../http/session-auth.ts';
import * as loans from './service.ts';

/** /api/v1/backoffice/owners/{id}/loans/*: a lender's loans and payments (managers for their clients, admins). */
export function backofficeLoanRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const route = routesOf(app, ctx);
    const ids = (params: { id: number; loanId: number; paymentId: number }) => ({
      ownerId: params.id,
      loanId: params.loanId,
      paymentId: params.paymentId,
    });

    route(backofficeLoansApi.updateLoan, async (request) => {
      await loans.updateLoan(ctx, sessionOf(request), request.params.id, request.params.loanId, request.body);
      return { success: true as const };
    });
    route(backofficeLoansApi.deleteLoan, async (request) => {
      await loans.deleteLoan(ctx, sessionOf(request), request.params.id, request.params.loanId);
      return { success: true as const };
    });
    route(backofficeLoansApi.payments, (request) =>
      loans.listPayments(ctx, sessionOf(request), request.params.id, request.params.loanId),
    );
    route(backofficeLoansApi.createPayment, async (request) => ({
      id: await loans.createPayment(
        ctx,
        sessionOf(request),
        request.params.id,
        request.params.loanId,
        request.body,
      ),
    }));
    route(backofficeLoansApi.updatePayment, async (request) => {
      await loans.updatePayment(ctx, sessionOf(request), ids(request.params), request.body);
      return { success: true as const };
    });
    route(backofficeLoansApi.deletePayment, async (request) => {
      await loans.deletePayment(ctx, sessionOf(request), ids(request.params));
      return { success: true as const };
    });
  };
}
