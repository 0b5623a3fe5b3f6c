import { queryOptions } from '@tanstack/react-query';
import { call } from './client';
import { queryKeyOf } from './query-key';

/** The current financial report: its own page shows it, the lender's dashboard offers its download (one cache). */
export const financialReportQuery = () =>
  queryOptions({
    queryKey: queryKeyOf('GET /financial-report'),
    queryFn: () => call('GET /financial-report'),
  });
