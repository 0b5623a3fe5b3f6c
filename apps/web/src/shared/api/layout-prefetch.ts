import type { LayoutResponse } from '@portal/contract/layout';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
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
 * a first screen the shell's script has started it already (early-calls.ts: LAYOUT_CALL). A later navigation asks
 * the one call again when two or more of the answers have gone stale (oneCallDue). Each query takes its part, and
 * asks on its own only when that call fails; its refreshes (a refetch, a poll) ask its own call. It does not wait
 * for them (the layout shows its own loading state).
 */
export function prefetchLayout(client: QueryClient): null {
  if (!storage.token()) return null;
  const parts = [
    layoutQueries.profile,
    layoutQueries.locations,
    layoutQueries.units,
    notificationQueries.unread(),
    layoutQueries.openRequests,
    companySettingsQuery(),
  ];
  const first = oneCallDue(client, parts) ? call('GET /users/layout').catch(() => null) : null;
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
 * Whether a screen's one call should bring its parts (those queries' answers): when two or more of them are due,
 * so one request replaces several. That is every part on a first load, and on a later visit those whose answers
 * have gone stale. A part is due when nothing is known of it, or its answer is older than its staleTime and no
 * fetch of it is under way (that one is joined instead); a fresh part keeps its answer.
 */
export function oneCallDue(
  client: QueryClient,
  parts: ReadonlyArray<{ queryKey: QueryKey; staleTime?: unknown }>,
): boolean {
  return parts.filter((part) => isDue(client, part)).length >= 2;
}

function isDue(client: QueryClient, part: { queryKey: QueryKey; staleTime?: unknown }): boolean {
  const query = client.getQueryCache().find({ queryKey: part.queryKey, exact: true });
  if (!query) return true;
  if (query.state.fetchStatus !== 'idle') return false;
  // The part's own freshness (the company's settings keep 5 minutes), else the client's (the app's 30 s).
  const staleTime = part.staleTime ?? client.getDefaultOptions().queries?.staleTime;
  return query.isStaleByTime(typeof staleTime === 'number' || staleTime === 'static' ? staleTime : 0);
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
