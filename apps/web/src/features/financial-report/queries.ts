import { queryOptions } from '@tanstack/react-query';
import { call } from '../../shared/api/client';

/** The financial report page's call, as options for its hook. */
export const financialReportQueries = {
  current: () =>
    queryOptions({
      queryKey: ['financial-report'],
      queryFn: () => call('GET /financial-report'),
    }),
};
