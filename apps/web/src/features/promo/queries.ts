import { queryOptions } from '@tanstack/react-query';
import { call } from '../../shared/api/client';

/** The promo page's calls, as options for its hooks. */
export const promoQueries = {
  lots: () =>
    queryOptions({
      queryKey: ['promo', 'lots'],
      queryFn: () => call('GET /sale-unit/get-sale-units'),
    }),
};
