import type { QueryClient } from '@tanstack/react-query';
import { prefetchLayout } from '../../shared/api/layout-prefetch';
import { now } from '../../shared/clock';
import { currentPick } from '../../shared/session/current-pick';
import { storage } from '../../shared/storage';
import { bookingQueries, type Part } from './queries';
import { initialWindow } from './window';

/**
 * A bookings page's loader: the booking locations, the grid's initial window and the statistics start as the route
 * is entered, beside the layout's calls, instead of once the page's code has arrived and rendered: an investor's for
 * the location the layout will pick, a lender's for the first booking location of the part (the page's first tab).
 * The page's hooks ask with the same keys and join them.
 */
export function prefetchBookings(client: QueryClient, part: Part): null {
  void startBookingCalls(client, part);
  return null;
}

/** prefetchBookings' work; settles once the calls are started (or none are due). */
export async function startBookingCalls(client: QueryClient, part: Part, today = now()): Promise<void> {
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
  const window = initialWindow(today);
  void client.prefetchQuery(bookingQueries.bookings(part, location, window.start, window.end));
  void client.prefetchQuery(bookingQueries.statistics(part, location));
}
