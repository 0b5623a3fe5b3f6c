import type { LoanBody, LoanPaymentBody } from '@portal/contract/backoffice-loans';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/client';
import { queryKeyOf } from '../../../shared/api/query-key';
import { useRefresh } from '../queries';

/** A lender's loans on the client's card, corrected and removed (created with useOwnerMutations' addLoan). */
export function useLoanMutations(id: number) {
  const refresh = useRefresh(
    'GET /backoffice/owners/:id',
    'GET /backoffice/owners/:id/loans/:loanId/payments',
  );
  return {
    update: useMutation({
      mutationFn: ({ loanId, ...body }: LoanBody & { loanId: number }) =>
        call('PUT /backoffice/owners/:id/loans/:loanId', { params: { id, loanId }, body }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (loanId: number) =>
        call('DELETE /backoffice/owners/:id/loans/:loanId', { params: { id, loanId } }),
      onSuccess: refresh,
    }),
  };
}

export function useLoanPayments(id: number, loanId: number) {
  return useQuery({
    queryKey: queryKeyOf('GET /backoffice/owners/:id/loans/:loanId/payments', id, loanId),
    queryFn: () => call('GET /backoffice/owners/:id/loans/:loanId/payments', { params: { id, loanId } }),
  });
}

export function usePaymentMutations(id: number, loanId: number) {
  const refresh = useRefresh('GET /backoffice/owners/:id/loans/:loanId/payments');
  return {
    add: useMutation({
      mutationFn: (body: LoanPaymentBody) =>
        call('POST /backoffice/owners/:id/loans/:loanId/payments', { params: { id, loanId }, body }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ paymentId, ...body }: LoanPaymentBody & { paymentId: number }) =>
        call('PUT /backoffice/owners/:id/loans/:loanId/payments/:paymentId', {
          params: { id, loanId, paymentId },
          body,
        }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (paymentId: number) =>
        call('DELETE /backoffice/owners/:id/loans/:loanId/payments/:paymentId', {
          params: { id, loanId, paymentId },
        }),
      onSuccess: refresh,
    }),
  };
}
