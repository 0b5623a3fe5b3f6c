import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../shared/api/client';
import { queryKeyOf } from '../../shared/api/query-key';

export type Part = 'main' | 'periphery';

/** The bookings pages' calls, as options shared by their hooks and the route loader (prefetch.ts). */
export const bookingQueries = {
  locations: queryOptions({
    queryKey: queryKeyOf('GET /booking-locations'),
    queryFn: () => call('GET /booking-locations'),
  }),
  bookings: (part: Part, location: number, start: Date, end: Date) => {
    const route = part === 'main' ? 'GET /bookings' : 'GET /bookings-periphery';
    const query = { location, startDate: start.toISOString(), endDate: end.toISOString() };
    return queryOptions({ queryKey: queryKeyOf(route, query), queryFn: () => call(route, { query }) });
  },
  statistics: (part: Part, location: number) => {
    const route =
      part === 'main' ? 'GET /bookings/location-statistics' : 'GET /location-statistics-periphery';
    return queryOptions({
      queryKey: queryKeyOf(route, location),
      queryFn: () => call(route, { query: { location } }),
    });
  },
};

export function useBookingLocations() {
  return useQuery(bookingQueries.locations);
}

// Disabled until the location is known; the key then names it (0 never reaches the server).
export function useBookings(part: Part, location: number | undefined, start: Date, end: Date) {
  return useQuery({
    ...bookingQueries.bookings(part, location ?? 0, start, end),
    enabled: location !== undefined,
    placeholderData: keepPreviousData,
  });
}

export function useBookingStatistics(part: Part, location: number | undefined, enabled: boolean) {
  return useQuery({
    ...bookingQueries.statistics(part, location ?? 0),
    enabled: enabled && location !== undefined,
  });
}
