import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The API as the prefetch sees it: each call waits until the test answers it. */
const calls: Array<{ path: string; query?: Record<string, unknown>; answer: (value: unknown) => void }> = [];
vi.mock('../../shared/api/client', () => ({
  // `call('GET /users/locations', { query })` is recorded by its path, `users/locations`.
  call: (key: string, input?: { query?: Record<string, unknown> }) =>
    new Promise((answer) =>
      calls.push({ path: key.slice(key.indexOf(' /') + 2), query: input?.query, answer }),
    ),
}));
vi.mock('../../shared/ui/charts-preload', () => ({ preloadCharts: () => Promise.resolve() }));

const { prefetchDashboard, startDashboardCalls } = await import('./prefetch');

const profile = { roles: [{ code: 'INVESTOR', name: '', nameEn: '' }], currentRole: 'INVESTOR' };
const locations = {
  locations: [
    { id: 2, roleCode: 'INVESTOR', isPlaceholder: false },
    { id: 3, roleCode: 'INVESTOR', isPlaceholder: false },
  ],
};
const paths = () => calls.map((c) => `${c.path}${c.query?.location ? `@${c.query.location}` : ''}`);
const answer = (path: string, value: unknown) => calls.find((c) => c.path === path)?.answer(value);

beforeEach(() => {
  calls.length = 0;
  localStorage.clear();
  localStorage.setItem('user_jwt_token', 'token');
});
afterEach(() => localStorage.clear());

describe("the dashboard's route loader", () => {
  it("starts the dashboard's four calls with the layout's, for the stored location", () => {
    localStorage.setItem('user_current_location_id', '3');
    prefetchDashboard(new QueryClient());
    expect(paths().sort()).toEqual(
      [
        'users/data-profile',
        'users/locations',
        'users/actives',
        'dashboard/location-info@3',
        'dashboard/statistics@3',
        'dashboard/actual-data@3',
        'dashboard/graph@3',
      ].sort(),
    );
  });

  it('without a stored location, starts them as soon as the profile and the locations are in', async () => {
    const started = startDashboardCalls(new QueryClient());
    expect(paths().filter((p) => p.startsWith('dashboard/'))).toEqual([]);
    answer('users/data-profile', profile);
    answer('users/locations', locations);
    await started;
    // The layout's pick: the first location of the role; the units list is not waited for.
    expect(paths().filter((p) => p.startsWith('dashboard/'))).toEqual([
      'dashboard/location-info@2',
      'dashboard/statistics@2',
      'dashboard/actual-data@2',
      'dashboard/graph@2',
    ]);
  });

  it('with the role stored at sign-in, waits for the locations only', async () => {
    localStorage.setItem('user_current_role', 'INVESTOR');
    const started = startDashboardCalls(new QueryClient());
    answer('users/locations', locations);
    await started;
    expect(paths().filter((p) => p.startsWith('dashboard/'))).toHaveLength(4);
  });

  it('starts none of them for a lender, and nothing without a token', async () => {
    localStorage.setItem('user_current_role', 'LENDER');
    const started = startDashboardCalls(new QueryClient());
    answer('users/data-profile', { ...profile, roles: [{ code: 'LENDER' }], currentRole: 'LENDER' });
    answer('users/locations', locations);
    await started;
    expect(paths().filter((p) => p.startsWith('dashboard/'))).toEqual([]);
    calls.length = 0;
    localStorage.clear();
    prefetchDashboard(new QueryClient());
    expect(calls).toEqual([]);
  });
});
