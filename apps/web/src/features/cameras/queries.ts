import { queryOptions } from '@tanstack/react-query';
import { call } from '../../shared/api/client';
import { queryKeyOf } from '../../shared/api/query-key';

/** The cameras page's call, as options for its hook. */
export const camerasQueries = {
  cameras: () =>
    queryOptions({
      queryKey: queryKeyOf('GET /investor/cameras'),
      queryFn: () => call('GET /investor/cameras'),
    }),
};
