import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/client';

/** Mail and SMS that used up their delivery attempts (GET backoffice/outbox/failed). */
export function useFailedOutbox(page: number) {
  return useQuery({
    queryKey: ['backoffice', 'outbox', page],
    queryFn: () => call('GET /backoffice/outbox/failed', { query: { page } }),
    placeholderData: keepPreviousData,
  });
}

/** Queues a failed message again; the list and the audit log are refreshed. */
export function useResendOutbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('POST /backoffice/outbox/:id/resend', { params: { id } }),
    onSuccess: () =>
      Promise.all(
        ['outbox', 'audit'].map((key) => queryClient.invalidateQueries({ queryKey: ['backoffice', key] })),
      ),
  });
}
