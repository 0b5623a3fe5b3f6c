import { queryOptions } from '@tanstack/react-query';
import { call } from '../../shared/api/client';
import { queryKeyOf } from '../../shared/api/query-key';

/** The profile page's own reads (the profile itself is the layout's: shared/api/queries.ts). */
export const profileQueries = {
  sessions: () =>
    queryOptions({ queryKey: queryKeyOf('GET /users/sessions'), queryFn: () => call('GET /users/sessions') }),
};
