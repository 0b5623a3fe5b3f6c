import type { BookingLocations, BookingStatistic, BookingsResponse } from '@portal/contract/bookings';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';

export type Part = 'main' | 'periphery';

export function useBookingLocations() {
  return useQuery({
    queryKey: ['booking-locations'],
    queryFn: () => api<BookingLocations>('booking-locations'),
  });
}

export function useBookings(part: Part, location: number | undefined, start: Date, end: Date) {
  return useQuery({
    queryKey: ['bookings', part, location, start.toISOString(), end.toISOString()],
    queryFn: () =>
      api<BookingsResponse>(part === 'main' ? 'bookings' : 'bookings-periphery', {
        query: { location, startDate: start.toISOString(), endDate: end.toISOString() },
      }),
    enabled: location !== undefined,
    placeholderData: keepPreviousData,
  });
}

export function useBookingStatistics(part: Part, location: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['booking-statistics', part, location],
    queryFn: () =>
      api<BookingStatistic>(
        part === 'main' ? 'bookings/location-statistics' : 'location-statistics-periphery',
        { query: { location } },
      ),
    enabled: enabled && location !== undefined,
  });
}
