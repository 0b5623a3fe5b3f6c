import type { DashboardFirstScreen } from '@portal/contract/finance';
import type { QueryClient } from '@tanstack/react-query';
import { call } from '../../shared/api/client';
import { oneCallDue, partOnce, prefetchLayout } from '../../shared/api/layout-prefetch';
import { layoutQueries } from '../../shared/api/queries';
import { pickLocation, pickRole } from '../../shared/session/pick';
import { storage } from '../../shared/storage';
import { preloadCharts } from '../../shared/ui/charts-preload';
import { dashboardQueries, firstScreen, graphRange } from './queries';

/**
 * The dashboard's loader: its own four calls start beside the layout's rather than after its code and its three
 * calls. On the first navigation the four answers come in one call, `dashboard/first-screen`, for the stored
 * location (the server falls back to the first one by the layout's rule when it is no longer the investor's); the
 * shell's script has usually started it already (early-calls.ts). The four queries of the location the layout picks
 * (once the locations are in) take their answers from it, asking on their own only when it is for another location
 * or another chart range, or fails. A later visit asks the one call again for the picked location when two or more
 * of its answers have gone stale. The role is the one stored at sign-in (else the profile's). Lenders' dashboards
 * make no calls. The chart library starts loading too, but nothing waits for it.
 */
export function prefetchDashboard(client: QueryClient): null {
  void startDashboardCalls(client);
  return null;
}

/** prefetchDashboard's work; settles once the location is picked and its calls started (or none are due). */
export function startDashboardCalls(client: QueryClient): Promise<void> {
  if (!storage.token()) return Promise.resolve();
  prefetchLayout(client);
  const storedRole = storage.currentRole();
  const storedLocation = storage.currentLocationId();
  const started = new Set<number>();
  const range = graphRange();
  // The first navigation (the locations not yet known) asks for the four answers in one call with the layout's,
  // instead of after `users/locations`; later ones pick from the locations they have, and ask the one call for the
  // picked location when two or more of its answers are due (gone stale since the last visit).
  const later = client.getQueryData(layoutQueries.locations.queryKey) !== undefined;
  let first: Promise<DashboardFirstScreen | null> | null =
    storedRole !== 'LENDER' && !later ? firstScreen(storedLocation).catch(() => null) : null;
  /** A part of the first screen's answer when it is for this location (partOnce). */
  const part = <T>(
    location: number,
    pick: (answer: DashboardFirstScreen) => T | null,
    own: () => Promise<T>,
  ) => partOnce(first, (answer) => (answer.location === location ? pick(answer) : null), own);
  const queriesOf = (location: number) => ({
    info: dashboardQueries.locationInfo(location),
    statistics: dashboardQueries.statistics(location),
    actualData: dashboardQueries.actualData(location, undefined),
    graph: dashboardQueries.graph(location, range.startDate, range.endDate),
  });
  const start = (location: number) => {
    if (started.has(location)) return;
    started.add(location);
    const { info, statistics, actualData, graph } = queriesOf(location);
    // Registered at once, so the page's hooks join these fetches instead of starting their own.
    void client.prefetchQuery({
      ...info,
      queryFn: part(
        location,
        (a) => a.locationInfo,
        () => call('GET /dashboard/location-info', { query: { location } }),
      ),
    });
    void client.prefetchQuery({
      ...statistics,
      queryFn: part(
        location,
        (a) => a.statistics,
        () => call('GET /dashboard/statistics', { query: { location } }),
      ),
    });
    void client.prefetchQuery({
      ...actualData,
      queryFn: part(
        location,
        (a) => a.actualData,
        () => call('GET /dashboard/actual-data', { query: { location } }),
      ),
    });
    void client.prefetchQuery({
      ...graph,
      queryFn: part(
        location,
        // The server's default range, on its clock: the same as this one but across a midnight.
        (a) => (a.startDate === range.startDate && a.endDate === range.endDate ? a.graph : null),
        () => call('GET /dashboard/graph', { query: { location, ...range } }),
      ),
    });
  };
  if (storedRole !== 'LENDER') {
    void preloadCharts();
    if (storedLocation && !later) start(storedLocation);
    void first?.then((answer) => {
      if (answer?.location) start(answer.location);
    });
  }
  // The role stored at sign-in needs no profile; without one, the session's rule picks it from the profile.
  const role: Promise<string | null> = storedRole
    ? Promise.resolve(storedRole)
    : client.ensureQueryData(layoutQueries.profile).then((profile) =>
        pickRole(
          profile.roles.map((r) => r.code),
          profile.currentRole,
        ),
      );
  return (
    Promise.all([role, client.ensureQueryData(layoutQueries.locations)])
      .then(([current, locations]) => {
        if ((current ?? 'INVESTOR') !== 'INVESTOR') return;
        const location = pickLocation(
          locations.locations.filter((l) => l.roleCode === 'INVESTOR'),
          storedLocation,
        );
        if (!location) return;
        if (later && !first && oneCallDue(client, Object.values(queriesOf(location.id))))
          first = firstScreen(location.id).catch(() => null);
        start(location.id);
      })
      // The layout's own queries show their error; a prefetch has nothing to add.
      .catch(() => undefined)
  );
}
