import type { StaffFaqBody, StaffNewsBody } from '@portal/contract/backoffice-content';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/client';
import { queryKeyOf } from '../../../shared/api/query-key';
import { useRefresh } from '../queries';

export function useStaffNews() {
  return useQuery({
    queryKey: queryKeyOf('GET /backoffice/news'),
    queryFn: () => call('GET /backoffice/news'),
  });
}

export function useStaffFaq() {
  return useQuery({
    queryKey: queryKeyOf('GET /backoffice/faq'),
    queryFn: () => call('GET /backoffice/faq'),
  });
}

export function useNewsMutations() {
  // The owners' news pages in this browser show the change too.
  const refresh = useRefresh('GET /backoffice/news', 'GET /news', 'GET /news/page');
  return {
    save: useMutation({
      mutationFn: ({ id, body }: { id?: number; body: StaffNewsBody }) =>
        id === undefined
          ? call('POST /backoffice/news', { body })
          : call('PUT /backoffice/news/:id', { params: { id }, body }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => call('DELETE /backoffice/news/:id', { params: { id } }),
      onSuccess: refresh,
    }),
  };
}

export function useFaqMutations() {
  const refresh = useRefresh('GET /backoffice/faq', 'GET /faq');
  return {
    save: useMutation({
      mutationFn: ({ id, body }: { id?: number; body: StaffFaqBody }) =>
        id === undefined
          ? call('POST /backoffice/faq', { body })
          : call('PUT /backoffice/faq/:id', { params: { id }, body }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => call('DELETE /backoffice/faq/:id', { params: { id } }),
      onSuccess: refresh,
    }),
  };
}
