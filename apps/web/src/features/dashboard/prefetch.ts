import type { DashboardFirstScreen } from '@portal/contract/finance';
import type { QueryClient } from '@tanstack/react-query';
import { call } from '../../shared/api/client';
import { layoutQueries } from '../../shared/api/queries';
import { pickLocation, pickRole } from '../../shared/session/pick';
import { storage } from '../../shared/storage';
import { preloadCharts } from '../../shared/ui/charts-preload';
import { dashboardQueries, firstScreen, graphRange } from './queries';

/**
 * The signed-in layout's loader: starts the layout's three calls as the route is entered, while the layout's code
 * is still on its way. It does not wait for them (the layout shows its own loading state).
 */
export function prefetchLayout(client: QueryClient): null {
  if (!storage.token()) return null;
  void client.prefetchQuery(layoutQueries.profile);
  void client.prefetchQuery(layoutQueries.locations);
  void client.prefetchQuery(layoutQueries.units);
  return null;
}

/**
 * The dashboard's loader: its own four calls start beside the layout's rather than after its code and its three
 * calls. With a stored location they start at once; without one (a first visit) the four answers come in one call,
 * `dashboard/first-screen`, for the location the server picks by the layout's rule, and the four queries of the
 * location the layout picks (once the locations are in) take their answers from it, asking on their own only when it
 * is for another location or fails. The role is the one stored at sign-in (else the profile's). Lenders' dashboards
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
  // A first visit (no stored location, the locations not yet known) asks for the four answers in one call with the
  // layout's, instead of after `users/locations`; the server picks the location as pickLocation does. A later visit
  // picks from the locations it has.
  const first =
    storedRole !== 'LENDER' && !storedLocation && !client.getQueryData(layoutQueries.locations.queryKey)
      ? firstScreen(range).catch(() => null)
      : null;
  /** A part of the first screen's answer when it is for this location, else the call of its own. */
  const part =
    <T>(location: number, pick: (answer: DashboardFirstScreen) => T | null, own: () => Promise<T>) =>
    (): Promise<T> =>
      first ? first.then((answer) => (answer?.location === location ? pick(answer) : null) ?? own()) : own();
  const start = (location: number) => {
    if (started.has(location)) return;
    started.add(location);
    const info = dashboardQueries.locationInfo(location);
    const statistics = dashboardQueries.statistics(location);
    const actualData = dashboardQueries.actualData(location, undefined);
    const graph = dashboardQueries.graph(location, range.startDate, range.endDate);
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
        (a) => a.graph,
        () => call('GET /dashboard/graph', { query: { location, ...range } }),
      ),
    });
  };
  if (storedRole !== 'LENDER') {
    void preloadCharts();
    if (storedLocation) start(storedLocation);
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
        if (location) start(location.id);
      })
      // The layout's own queries show their error; a prefetch has nothing to add.
      .catch(() => undefined)
  );
}
