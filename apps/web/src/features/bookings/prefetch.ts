import type { QueryClient } from '@tanstack/react-query';
import { prefetchLayout } from '../../shared/api/layout-prefetch';
import { currentPick } from '../../shared/session/current-pick';
import { storage } from '../../shared/storage';
import { bookingQueries, type Part } from './queries';

/**
 * A bookings page's loader: the booking locations and the statistics start as the route is entered, beside the
 * layout's calls, instead of once the page's code has arrived and rendered: an investor's for the location the
 * layout will pick, a lender's for the first booking location of the part (the page's first tab). The page's hooks
 * ask with the same keys and join them.
 */
export function prefetchBookings(client: QueryClient, part: Part): null {
  void startBookingCalls(client, part);
  return null;
}

/** prefetchBookings' work; settles once the calls are started (or none are due). */
export async function startBookingCalls(client: QueryClient, part: Part): Promise<void> {
  if (!storage.token()) return;
  prefetchLayout(client);
  void client.prefetchQuery(bookingQueries.locations);
  // The layout's and the page's own queries show their errors; a prefetch has nothing to add.
  const current = await currentPick(client).catch(() => null);
  if (!current) return;
  let location = current.location?.id;
  if (current.role !== 'INVESTOR') {
    const tabs = await client.ensureQueryData(bookingQueries.locations).catch(() => null);
    location = (part === 'main' ? tabs?.main : tabs?.periphery)?.[0]?.id;
  }
  if (location === undefined) return;
  // The grid's own window is the page's to ask: it grows its first window to the view and loads at the edges from
  // when its answer comes, and an answer there before the page renders left it without a later edge (end-to-end:
  // tests/bookings.test.ts).
  void client.prefetchQuery(bookingQueries.statistics(part, location));
}
