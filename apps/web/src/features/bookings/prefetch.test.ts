import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { LAYOUT_CALL } from '../../shared/api/early-calls';
import { layout, profile } from '../../test/layout-answer';
import { answer, calls, paths, signedInForEachTest } from '../../test/pending-calls';

vi.mock('../../shared/api/client', async () => ({
  call: (await import('../../test/pending-calls')).pendingCall,
}));

const { prefetchBookings, startBookingCalls } = await import('./prefetch');
const { bookingQueries } = await import('./queries');

signedInForEachTest();

describe("the bookings pages' route loader", () => {
  it("starts the statistics for the investor's location with the layout's, and leaves the grid to the page", async () => {
    localStorage.setItem('user_current_location_id', '3');
    const client = new QueryClient();
    const started = startBookingCalls(client, 'main');
    expect(paths().sort()).toEqual([LAYOUT_CALL, 'booking-locations'].sort());
    answer(LAYOUT_CALL, layout());
    await started;
    expect(paths().sort()).toEqual(
      [LAYOUT_CALL, 'booking-locations', 'bookings/location-statistics@3'].sort(),
    );
    // The page's hook finds the answer under its own key.
    answer('bookings/location-statistics', { todayLoad: 1 });
    await vi.waitFor(() =>
      expect(client.getQueryData(bookingQueries.statistics('main', 3).queryKey)).toEqual({ todayLoad: 1 }),
    );
  });

  it("asks the outbuildings' calls on the periphery page", async () => {
    const started = startBookingCalls(new QueryClient(), 'periphery');
    answer(LAYOUT_CALL, layout());
    await started;
    expect(
      paths()
        .filter((p) => p !== LAYOUT_CALL && p !== 'booking-locations')
        .sort(),
    ).toEqual(['location-statistics-periphery@2']);
  });

  it("asks for a lender's first booking location of the part, once the booking locations are in", async () => {
    const started = startBookingCalls(new QueryClient(), 'periphery');
    answer(
      LAYOUT_CALL,
      layout({ profile: { ...profile, roles: [{ code: 'LENDER' }], currentRole: 'LENDER' } }),
    );
    await vi.waitFor(() => expect(calls.length).toBe(2));
    answer('booking-locations', { main: [{ id: 7 }], periphery: [{ id: 8 }, { id: 9 }] });
    await started;
    expect(
      paths()
        .filter((p) => p !== LAYOUT_CALL && p !== 'booking-locations')
        .sort(),
    ).toEqual(['location-statistics-periphery@8']);
  });

  it('starts nothing without a token', () => {
    localStorage.clear();
    prefetchBookings(new QueryClient(), 'main');
    expect(calls).toEqual([]);
  });
});
