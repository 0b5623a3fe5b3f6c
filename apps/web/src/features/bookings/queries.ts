import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../shared/api/client';

export type Part = 'main' | 'periphery';

export function useBookingLocations() {
  return useQuery({
    queryKey: ['booking-locations'],
    queryFn: () => call('GET /booking-locations'),
  });
}

export function useBookings(part: Part, location: number | undefined, start: Date, end: Date) {
  return useQuery({
    queryKey: ['bookings', part, location, start.toISOString(), end.toISOString()],
    queryFn: () => {
      const query = { location, startDate: start.toISOString(), endDate: end.toISOString() };
      return part === 'main' ? call('GET /bookings', { query }) : call('GET /bookings-periphery', { query });
    },
    enabled: location !== undefined,
    placeholderData: keepPreviousData,
  });
}

export function useBookingStatistics(part: Part, location: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['booking-statistics', part, location],
    queryFn: () =>
      part === 'main'
        ? call('GET /bookings/location-statistics', { query: { location } })
        : call('GET /location-statistics-periphery', { query: { location } }),
    enabled: enabled && location !== undefined,
  });
}
