import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { LAYOUT_CALL } from '../../shared/api/early-calls';
import { layout, profile } from '../../test/layout-answer';
import { answer, calls, paths, signedInForEachTest } from '../../test/pending-calls';

vi.mock('../../shared/api/client', async () => ({
  call: (await import('../../test/pending-calls')).pendingCall,
}));
vi.mock('../../shared/ui/charts-preload', () => ({ preloadCharts: () => Promise.resolve() }));

const { prefetchDashboard, startDashboardCalls } = await import('./prefetch');
const { dashboardQueries, graphRange } = await import('./queries');

/** The layout's one call on a first load (its three answers and the header's): the shell's script asks for it too. */
const LAYOUT = [LAYOUT_CALL];

/** The first screen's answer for location 2 and the client's chart range. */
const screen = {
  location: 2,
  ...graphRange(),
  locationInfo: { id: 2 },
  statistics: { invested: 1 },
  actualData: { actualDataDates: [] },
  graph: { points: [] },
};

signedInForEachTest();

describe("the dashboard's route loader", () => {
  it("asks for the dashboard's four answers in one call with the layout's, for the stored location", async () => {
    localStorage.setItem('user_current_location_id', '3');
    const client = new QueryClient();
    prefetchDashboard(client);
    expect(paths().sort()).toEqual([...LAYOUT, 'dashboard/first-screen@3'].sort());
    // The stored location's four queries wait for its answer instead of asking on their own.
    const range = graphRange();
    answer('dashboard/first-screen', { ...screen, location: 3 });
    await vi.waitFor(() =>
      expect(client.getQueryData(dashboardQueries.graph(3, range.startDate, range.endDate).queryKey)).toEqual(
        screen.graph,
      ),
    );
    expect(paths().filter((p) => p.startsWith('dashboard/'))).toEqual(['dashboard/first-screen@3']);
  });

  it("asks for the chart on its own when the first screen's range is not the client's (a midnight between)", async () => {
    localStorage.setItem('user_current_location_id', '3');
    const client = new QueryClient();
    prefetchDashboard(client);
    answer('dashboard/first-screen', { ...screen, location: 3, startDate: '2020-01-01' });
    await vi.waitFor(() => expect(paths()).toContain('dashboard/graph@3'));
    expect(client.getQueryData(dashboardQueries.statistics(3).queryKey)).toEqual(screen.statistics);
    expect(
      paths()
        .filter((p) => p.startsWith('dashboard/'))
        .sort(),
    ).toEqual(['dashboard/first-screen@3', 'dashboard/graph@3'].sort());
  });

  it('without a stored location, asks for the four answers in one call at once and files each under its own key', async () => {
    const client = new QueryClient();
    const started = startDashboardCalls(client);
    // One wave: the layout's calls and the first screen, nothing waits for the locations.
    expect(paths().sort()).toEqual([...LAYOUT, 'dashboard/first-screen'].sort());
    answer('dashboard/first-screen', screen);
    answer(LAYOUT_CALL, layout());
    await started;
    const range = graphRange();
    await vi.waitFor(() => {
      expect(client.getQueryData(dashboardQueries.statistics(2).queryKey)).toEqual(screen.statistics);
      expect(client.getQueryData(dashboardQueries.locationInfo(2).queryKey)).toEqual(screen.locationInfo);
      expect(client.getQueryData(dashboardQueries.actualData(2, undefined).queryKey)).toEqual(
        screen.actualData,
      );
      expect(client.getQueryData(dashboardQueries.graph(2, range.startDate, range.endDate).queryKey)).toEqual(
        screen.graph,
      );
    });
    expect(paths().filter((p) => p.startsWith('dashboard/'))).toEqual(['dashboard/first-screen']);
  });

  it('when the locations come first, their calls wait for the first screen instead of asking again', async () => {
    localStorage.setItem('user_current_role', 'INVESTOR');
    const client = new QueryClient();
    const started = startDashboardCalls(client);
    answer(LAYOUT_CALL, layout());
    await started;
    expect(paths().filter((p) => p.startsWith('dashboard/'))).toEqual(['dashboard/first-screen']);
    // The server picked no location (say the list changed in between): each call asks on its own.
    answer('dashboard/first-screen', {
      location: null,
      ...graphRange(),
      locationInfo: null,
      statistics: null,
      actualData: null,
      graph: null,
    });
    await vi.waitFor(() =>
      expect(
        paths()
          .filter((p) => p.startsWith('dashboard/') && p !== 'dashboard/first-screen')
          .sort(),
      ).toEqual(
        [
          'dashboard/location-info@2',
          'dashboard/statistics@2',
          'dashboard/actual-data@2',
          'dashboard/graph@2',
        ].sort(),
      ),
    );
  });

  it('asks for no first screen once the locations are known (a later visit to the dashboard)', async () => {
    localStorage.setItem('user_current_role', 'INVESTOR');
    // The app's client keeps answers fresh for 30 s (shared/api/query-client.ts).
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    const started = startDashboardCalls(client);
    answer(LAYOUT_CALL, layout());
    answer('dashboard/first-screen', {
      ...screen,
      locationInfo: {},
      statistics: {},
      actualData: {},
      graph: {},
    });
    await started;
    await vi.waitFor(() => expect(client.getQueryData(dashboardQueries.statistics(2).queryKey)).toEqual({}));
    calls.length = 0;
    await startDashboardCalls(client);
    expect(paths().filter((p) => p.startsWith('dashboard/'))).toEqual([]);
  });

  it('asks the one call again on a later visit once the answers have gone stale', async () => {
    // Noon, so that the minute below never crosses a midnight (the chart's range would change with the day).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T12:00:00+03:00'));
    try {
      localStorage.setItem('user_current_role', 'INVESTOR');
      const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
      const started = startDashboardCalls(client);
      answer(LAYOUT_CALL, layout());
      answer('dashboard/first-screen', { ...screen, ...graphRange() });
      await started;
      await vi.waitFor(() =>
        expect(client.getQueryData(dashboardQueries.statistics(2).queryKey)).toEqual({ invested: 1 }),
      );
      // A minute later: the layout's answers in its one call, the location's four in the dashboard's.
      vi.advanceTimersByTime(60_000);
      calls.length = 0;
      const again = startDashboardCalls(client);
      await again;
      expect(paths()).toEqual([LAYOUT_CALL, 'dashboard/first-screen@2']);
      answer('dashboard/first-screen', { ...screen, ...graphRange(), statistics: { invested: 7 } });
      await vi.waitFor(() =>
        expect(client.getQueryData(dashboardQueries.statistics(2).queryKey)).toEqual({ invested: 7 }),
      );
      expect(client.getQueryData(dashboardQueries.locationInfo(2).queryKey)).toEqual({ id: 2 });
      expect(paths()).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('starts none of them for a lender, and nothing without a token', async () => {
    localStorage.setItem('user_current_role', 'LENDER');
    const started = startDashboardCalls(new QueryClient());
    answer(
      LAYOUT_CALL,
      layout({ profile: { ...profile, roles: [{ code: 'LENDER' }], currentRole: 'LENDER' } }),
    );
    await started;
    expect(paths().filter((p) => p.startsWith('dashboard/'))).toEqual([]);
    calls.length = 0;
    localStorage.clear();
    prefetchDashboard(new QueryClient());
    expect(calls).toEqual([]);
  });
});
