import type {
  StaffFaqBody,
  StaffFaqEntry,
  StaffNewsBody,
  StaffNewsEntry,
} from '@portal/contract/backoffice-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';

type Kind = 'news' | 'faq';

export function useStaffNews() {
  return useQuery({
    queryKey: ['backoffice', 'news'],
    queryFn: () => api<{ items: StaffNewsEntry[] }>('backoffice/news'),
  });
}

export function useStaffFaq() {
  return useQuery({
    queryKey: ['backoffice', 'faq'],
    queryFn: () => api<{ items: StaffFaqEntry[] }>('backoffice/faq'),
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

function useContentMutations<Body>(kind: Kind) {
  const refresh = useRefresh(kind);
  return {
    save: useMutation({
      mutationFn: ({ id, body }: { id?: number; body: Body }) =>
        api<{ id: number }>(id === undefined ? `backoffice/${kind}` : `backoffice/${kind}/${id}`, {
          method: id === undefined ? 'POST' : 'PUT',
          body,
        }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api(`backoffice/${kind}/${id}`, { method: 'DELETE' }),
      onSuccess: refresh,
    }),
  };
}

export const useNewsMutations = () => useContentMutations<StaffNewsBody>('news');
export const useFaqMutations = () => useContentMutations<StaffFaqBody>('faq');
