import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../shared/api/client';
import { queryKeyOf } from '../../shared/api/query-key';

export type Part = 'main' | 'periphery';

export function useBookingLocations() {
  return useQuery({
    queryKey: queryKeyOf('GET /booking-locations'),
    queryFn: () => call('GET /booking-locations'),
  });
}

export function useBookings(part: Part, location: number | undefined, start: Date, end: Date) {
  const route = part === 'main' ? 'GET /bookings' : 'GET /bookings-periphery';
  const query = { location, startDate: start.toISOString(), endDate: end.toISOString() };
  return useQuery({
    queryKey: queryKeyOf(route, query),
    queryFn: () => call(route, { query }),
    enabled: location !== undefined,
    placeholderData: keepPreviousData,
  });
}

export function useBookingStatistics(part: Part, location: number | undefined, enabled: boolean) {
  const route = part === 'main' ? 'GET /bookings/location-statistics' : 'GET /location-statistics-periphery';
  return useQuery({
    queryKey: queryKeyOf(route, location),
    queryFn: () => call(route, { query: { location } }),
    enabled: enabled && location !== undefined,
  });
}
