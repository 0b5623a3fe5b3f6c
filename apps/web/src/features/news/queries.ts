import type { RoleCode } from '@portal/contract/constants';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../shared/api/client';
import { queryKeyOf } from '../../shared/api/query-key';

/** The news page's reads: its title image, and a page of the news of a role. */
export const newsQueries = {
  titles: () =>
    queryOptions({ queryKey: queryKeyOf('GET /news/page'), queryFn: () => call('GET /news/page') }),
  page: (role: RoleCode, pageSize: number | null, pageId: number) =>
    queryOptions({
      queryKey: queryKeyOf('GET /news', role, pageSize, pageId),
      queryFn: () => call('GET /news', { query: { pageId, rolesForNews: role, pageSize: pageSize ?? 4 } }),
    }),
};
