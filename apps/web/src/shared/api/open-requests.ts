import { requestSubject, type SubjectRequestKind } from '@portal/contract/request-subjects';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ownerRequestsQuery } from './owner-requests';
import { layoutQueries } from './queries';

export const openRequestsKey = layoutQueries.openRequests.queryKey;

/**
 * The user's requests to the manager that are still open (GET users/open-requests), so a button that
 * sent one says «Заявка отправлена» and stays disabled across reloads until the manager completes it. A failed
 * call is an empty list (spec: Error catalogue): the server still refuses a duplicate with 409.
 */
export function useOpenRequests() {
  const queryClient = useQueryClient();
  const query = useQuery(layoutQueries.openRequests);
  const requests = query.data?.requests ?? [];
  /** Whether a request of the kind about the subject is open (the whole kind when no subject is given). */
  const isOpen = useCallback(
    (kind: SubjectRequestKind, subject: string = requestSubject.whole) =>
      requests.some((request) => request.kind === kind && request.subject === subject),
    [requests],
  );
  /** After a request is sent (or refused as a duplicate): read the list again, and the requests with answers. */
  const refresh = useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: openRequestsKey }),
        queryClient.invalidateQueries({ queryKey: ownerRequestsQuery().queryKey }),
      ]),
    [queryClient],
  );
  return { isOpen, refresh, ready: !query.isPending };
}

export { requestSubject };
