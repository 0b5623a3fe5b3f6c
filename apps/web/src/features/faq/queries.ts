import { queryOptions } from '@tanstack/react-query';
import { call } from '../../shared/api/client';

/** The FAQ page's read. */
export const faqQueries = {
  list: () => queryOptions({ queryKey: ['faq'], queryFn: () => call('GET /faq') }),
};
