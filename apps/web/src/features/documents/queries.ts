import { queryOptions } from '@tanstack/react-query';
import { call } from '../../shared/api/client';

/** The documents page's calls, as options for its hooks (['documents'] refreshes them all). */
export const documentsQueries = {
  own: () =>
    queryOptions({
      queryKey: ['documents', 'own'],
      queryFn: () => call('GET /user-document/get-by-user'),
    }),
  location: () =>
    queryOptions({
      queryKey: ['documents', 'location'],
      queryFn: () => call('GET /location-document/get-all'),
    }),
  categories: () =>
    queryOptions({
      queryKey: ['documents', 'categories'],
      queryFn: () => call('GET /document-category'),
    }),
};
