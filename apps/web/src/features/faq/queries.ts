import { queryOptions } from '@tanstack/react-query';
import { call } from '../../shared/api/client';
import { queryKeyOf } from '../../shared/api/query-key';

/** The FAQ page's read. */
export const faqQueries = {
  list: () => queryOptions({ queryKey: queryKeyOf('GET /faq'), queryFn: () => call('GET /faq') }),
};
