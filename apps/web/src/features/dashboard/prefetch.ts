import type { QueryClient } from '@tanstack/react-query';
import { layoutQueries } from '../../shared/api/queries';
import { pickLocation, pickRole } from '../../shared/session/pick';
import { storage } from '../../shared/storage';
import { preloadCharts } from '../../shared/ui/charts-preload';
import { dashboardQueries, graphRange } from './queries';

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
 * The dashboard's loader: its own four calls start beside the layout's rather than after its code and
 * its three calls. The location is the one the layout will pick: the stored one at once when there is one, else,
 * once the locations are in, the first of the role (the session's rule, so the page finds its data in the cache).
 * The role is the one stored at sign-in (else the profile's). Lenders' dashboards make no calls. The chart library
 * starts loading too, but nothing waits for it.
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
  const start = (location: number) => {
    if (started.has(location)) return;
    started.add(location);
    const range = graphRange();
    void client.prefetchQuery(dashboardQueries.locationInfo(location));
    void client.prefetchQuery(dashboardQueries.statistics(location));
    void client.prefetchQuery(dashboardQueries.actualData(location, undefined));
    void client.prefetchQuery(dashboardQueries.graph(location, range.startDate, range.endDate));
  };
  if (storedRole !== 'LENDER') {
    void preloadCharts();
    if (storedLocation) start(storedLocation);
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
