import type { StaffFaqBody, StaffNewsBody } from '@portal/contract/backoffice-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/client';

type Kind = 'news' | 'faq';

export function useStaffNews() {
  return useQuery({
    queryKey: ['backoffice', 'news'],
    queryFn: () => call('GET /backoffice/news'),
  });
}

export function useStaffFaq() {
  return useQuery({
    queryKey: ['backoffice', 'faq'],
    queryFn: () => call('GET /backoffice/faq'),
  });
}

/** A change of content refreshes the console's list, its audit trail and the owners' pages in this browser. */
function useRefresh(kind: Kind) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [['backoffice', kind], ['backoffice', 'audit'], [kind]].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

export function useNewsMutations() {
  const refresh = useRefresh('news');
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
  const refresh = useRefresh('faq');
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
