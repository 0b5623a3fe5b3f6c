import { queryOptions } from '@tanstack/react-query';
import { call } from '../../shared/api/client';
import { queryKeyOf } from '../../shared/api/query-key';

/** The assets page's call: the cards of the owned units (a sale or a withdrawal refreshes them). */
export const unitsQueries = {
  cards: () =>
    queryOptions({
      queryKey: queryKeyOf('GET /users/actives-info'),
      queryFn: () => call('GET /users/actives-info'),
    }),
};
