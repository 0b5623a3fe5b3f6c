import { type Query, queryOptions } from '@tanstack/react-query';
import { call } from '../../shared/api/client';
import { isQueryOf, queryKeyOf } from '../../shared/api/query-key';

/** The documents page's calls, as options for its hooks. */
export const documentsQueries = {
  own: () =>
    queryOptions({
      queryKey: queryKeyOf('GET /user-document/get-by-user'),
      queryFn: () => call('GET /user-document/get-by-user'),
    }),
  location: () =>
    queryOptions({
      queryKey: queryKeyOf('GET /location-document/get-all'),
      queryFn: () => call('GET /location-document/get-all'),
    }),
  categories: () =>
    queryOptions({
      queryKey: queryKeyOf('GET /document-category'),
      queryFn: () => call('GET /document-category'),
    }),
};

/** Every query of the documents page, for refreshing them all once a document is sent or asked for. */
export const isDocumentsQuery = (query: Query) =>
  isQueryOf(
    query.queryKey,
    'GET /user-document/get-by-user',
    'GET /location-document/get-all',
    'GET /document-category',
  );
