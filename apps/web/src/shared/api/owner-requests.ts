import { queryOptions } from '@tanstack/react-query';
import { call } from './client';
import { queryKeyOf } from './query-key';

/** The user's requests with the manager's answers (GET users/requests): the profile and the documents page list them. */
export const ownerRequestsQuery = () =>
  queryOptions({
    queryKey: queryKeyOf('GET /users/requests'),
    queryFn: () => call('GET /users/requests'),
  });
