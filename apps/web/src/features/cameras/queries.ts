import { queryOptions } from '@tanstack/react-query';
import { call } from '../../shared/api/client';

/** The cameras page's call, as options for its hook. */
export const camerasQueries = {
  cameras: () =>
    queryOptions({
      queryKey: ['cameras'],
      queryFn: () => call('GET /investor/cameras'),
    }),
};
