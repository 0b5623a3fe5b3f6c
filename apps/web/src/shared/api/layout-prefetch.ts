import type { LayoutResponse } from '@portal/contract/layout';
import type { QueryClient } from '@tanstack/react-query';
import { storage } from '../storage';
import { call } from './client';
import { companySettingsQuery } from './company-settings';
import { notificationQueries } from './notifications';
import { layoutQueries } from './queries';

/**
 * The signed-in layout's loader: starts the layout's calls as the route is entered, while the layout's code is
 * still on its way: its three, and the header's (the bell's count, the requests still open, the company's
 * settings), which would otherwise start only once the layout has rendered. On a first load the six answers come
 * in one call, `users/layout` (six requests waited for the browser's six connections behind the page's files); on
 * a first screen the shell's script has started it already (early-calls.ts: LAYOUT_CALL). Each query takes its
 * part, and asks on its own only when that call fails; later refreshes ask each call. It does not wait for them
 * (the layout shows its own loading state).
 */
export function prefetchLayout(client: QueryClient): null {
  if (!storage.token()) return null;
  const first =
    client.getQueryState(layoutQueries.profile.queryKey) === undefined
      ? call('GET /users/layout').catch(() => null)
      : null;
  const part = <T>(pick: (answer: LayoutResponse) => T | undefined, own: () => Promise<T>) =>
    partOnce(first, pick, own);
  void client.prefetchQuery({
    ...layoutQueries.profile,
    queryFn: part(
      (a) => a.profile,
      () => call('GET /users/data-profile'),
    ),
  });
  void client.prefetchQuery({
    ...layoutQueries.locations,
    queryFn: part(
      (a) => a.locations,
      () => call('GET /users/locations'),
    ),
  });
  void client.prefetchQuery({
    ...layoutQueries.units,
    queryFn: part(
      (a) => a.actives,
      () => call('GET /users/actives'),
    ),
  });
  void client.prefetchQuery({
    ...notificationQueries.unread(),
    queryFn: part(
      (a) => a.unreadCount,
      () => call('GET /notifications/unread-count'),
    ),
  });
  void client.prefetchQuery({
    ...layoutQueries.openRequests,
    queryFn: part(
      (a) => a.openRequests,
      () => call('GET /users/open-requests'),
    ),
  });
  void client.prefetchQuery({
    ...companySettingsQuery(),
    queryFn: part(
      (a) => a.companySettings,
      () => call('GET /company-settings'),
    ),
  });
  return null;
}

/**
 * A query function that takes its part of a combined answer (`first`, null when none was asked or it failed)
 * once, and otherwise asks its own call: when there is no part for it, and on every later run (a refetch reuses
 * the function, and must never get the first load's answer again).
 */
export function partOnce<A, T>(
  first: Promise<A | null> | null,
  pick: (answer: A) => T | null | undefined,
  own: () => Promise<T>,
): () => Promise<T> {
  let taken = !first;
  return () => {
    if (taken || !first) return own();
    taken = true;
    return first.then((answer) => (answer ? pick(answer) : null) ?? own());
  };
}
