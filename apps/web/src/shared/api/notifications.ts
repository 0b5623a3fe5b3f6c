import { queryOptions } from '@tanstack/react-query';
import { call } from './client';
import { queryKeyOf } from './query-key';

/** The activity list and its unread count: the header's bell and the notifications page read them. */
export const notificationQueries = {
  unread: () =>
    queryOptions({
      queryKey: queryKeyOf('GET /notifications/unread-count'),
      queryFn: () => call('GET /notifications/unread-count'),
      // An event another tab or the server made shows within a minute.
      refetchInterval: 60_000,
    }),
  list: () =>
    queryOptions({ queryKey: queryKeyOf('GET /notifications'), queryFn: () => call('GET /notifications') }),
};
