import type { RequestKindCode, RequestStatus } from '@portal/contract/backoffice';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/client';
import { queryKeyOf } from '../../../shared/api/query-key';
import { PAGE_SIZE, useRefresh } from '../queries';

export function useRequests(filter: {
  kind?: RequestKindCode;
  status?: RequestStatus;
  ownerId?: number;
  page: number;
}) {
  return useQuery({
    queryKey: queryKeyOf('GET /backoffice/requests', filter),
    queryFn: () => call('GET /backoffice/requests', { query: { ...filter, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export function useUpdateRequest() {
  const refresh = useRefresh('GET /backoffice/requests');
  return useMutation({
    mutationFn: (input: { id: number; status: RequestStatus; comment?: string }) =>
      call('PATCH /backoffice/requests/:id', {
        params: { id: input.id },
        body: { status: input.status, comment: input.comment },
      }),
    onSuccess: refresh,
  });
}

export function useAudit(page: number) {
  return useQuery({
    queryKey: queryKeyOf('GET /backoffice/audit', page),
    queryFn: () => call('GET /backoffice/audit', { query: { page, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

/** Mail and SMS that used up their delivery attempts. */
export function useFailedOutbox(page: number) {
  return useQuery({
    queryKey: queryKeyOf('GET /backoffice/outbox/failed', page),
    queryFn: () => call('GET /backoffice/outbox/failed', { query: { page } }),
    placeholderData: keepPreviousData,
  });
}

/** Queues a failed message again. */
export function useResendOutbox() {
  const refresh = useRefresh('GET /backoffice/outbox/failed');
  return useMutation({
    mutationFn: (id: number) => call('POST /backoffice/outbox/:id/resend', { params: { id } }),
    onSuccess: refresh,
  });
}
