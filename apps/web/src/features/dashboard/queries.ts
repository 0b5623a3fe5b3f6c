import type { DashboardFirstScreen } from '@portal/contract/finance';
import { occupancyChartRange } from '@portal/contract/periods';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../shared/api/client';
import { queryKeyOf } from '../../shared/api/query-key';
import { nowMs } from '../../shared/clock';

/**
 * The dashboard's four calls, as options shared by the page's hooks and the route's loader (prefetch.ts), which
 * starts them as the route is entered, beside the layout's own calls rather than after them.
 */
export const dashboardQueries = {
  locationInfo: (location: number) =>
    queryOptions({
      queryKey: queryKeyOf('GET /dashboard/location-info', location),
      queryFn: () => call('GET /dashboard/location-info', { query: { location } }),
    }),
  statistics: (location: number) =>
    queryOptions({
      queryKey: queryKeyOf('GET /dashboard/statistics', location),
      queryFn: () => call('GET /dashboard/statistics', { query: { location } }),
    }),
  actualData: (location: number, yearMonth: number | undefined) =>
    queryOptions({
      queryKey: queryKeyOf('GET /dashboard/actual-data', location, yearMonth),
      queryFn: () => call('GET /dashboard/actual-data', { query: { location, yearMonth } }),
    }),
  graph: (location: number, startDate: string, endDate: string) =>
    queryOptions({
      queryKey: queryKeyOf('GET /dashboard/graph', location, startDate, endDate),
      queryFn: () => call('GET /dashboard/graph', { query: { location, startDate, endDate } }),
    }),
};

/**
 * The dashboard's four answers in one call, for the stored location (else the one the server picks by the layout's
 * rule) and the chart's default range: asked with the layout's calls, so the figures need not wait for
 * `users/locations` (prefetch.ts). The URL is the one the shell's script asks for (early-calls.ts). Not cached
 * under its own key.
 */
export function firstScreen(location: number | null): Promise<DashboardFirstScreen> {
  return call('GET /dashboard/first-screen', { query: { location: location ?? undefined } });
}

/** The chart starts where booking data starts: twelve (Moscow) months back, up to today on the portal's clock. */
export function graphRange(now = nowMs()) {
  return occupancyChartRange(now);
}

// Disabled until the location is known; the key then names it (0 never reaches the server).
export function useLocationInfo(location: number | undefined) {
  return useQuery({ ...dashboardQueries.locationInfo(location ?? 0), enabled: location !== undefined });
}

export function useDashboardStatistics(location: number | undefined) {
  return useQuery({ ...dashboardQueries.statistics(location ?? 0), enabled: location !== undefined });
}

export function useActualData(location: number | undefined, yearMonth: number | undefined) {
  return useQuery({
    ...dashboardQueries.actualData(location ?? 0, yearMonth),
    enabled: location !== undefined,
    placeholderData: (previous) => previous,
  });
}

export function useOccupancyGraph(location: number | undefined, startDate: string, endDate: string) {
  return useQuery({
    ...dashboardQueries.graph(location ?? 0, startDate, endDate),
    enabled: location !== undefined,
  });
}
