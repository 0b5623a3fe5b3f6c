import { queryOptions } from '@tanstack/react-query';
import { call } from '../../shared/api/client';
import { queryKeyOf } from '../../shared/api/query-key';

/** The promo page's calls, as options for its hooks. */
export const promoQueries = {
  lots: () =>
    queryOptions({
      queryKey: queryKeyOf('GET /sale-unit/get-sale-units'),
      queryFn: () => call('GET /sale-unit/get-sale-units'),
    }),
};
