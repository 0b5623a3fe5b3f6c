import { queryOptions } from '@tanstack/react-query';
import { call } from '../../shared/api/client';

/** The assets page's call: the cards of the owned units (a sale or a withdrawal refreshes them). */
export const unitsQueries = {
  cards: () =>
    queryOptions({
      queryKey: ['units', 'cards'],
      queryFn: () => call('GET /users/actives-info'),
    }),
};
