import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { layout, locations, profile } from '../../test/layout-answer';
import { answer, calls, paths, signedInForEachTest } from '../../test/pending-calls';
import { LAYOUT_CALL } from './early-calls';

vi.mock('./client', async () => ({ call: (await import('../../test/pending-calls')).pendingCall }));

const { prefetchLayout } = await import('./layout-prefetch');
const { layoutQueries } = await import('./queries');
const { notificationQueries } = await import('./notifications');
const { companySettingsQuery } = await import('./company-settings');

signedInForEachTest();

describe("the signed-in layout's loader", () => {
  it('asks once on a first load and files each of the six parts under its own call', async () => {
    const client = new QueryClient();
    prefetchLayout(client);
    expect(paths()).toEqual([LAYOUT_CALL]);
    answer(LAYOUT_CALL, layout());
    await vi.waitFor(() => {
      expect(client.getQueryData(layoutQueries.profile.queryKey)).toEqual(profile);
      expect(client.getQueryData(layoutQueries.locations.queryKey)).toEqual(locations);
      expect(client.getQueryData(layoutQueries.units.queryKey)).toEqual({ actives: [] });
      expect(client.getQueryData(notificationQueries.unread().queryKey)).toEqual({ unread: 3 });
      expect(client.getQueryData(layoutQueries.openRequests.queryKey)).toEqual({ requests: [] });
      expect(client.getQueryData(companySettingsQuery().queryKey)).toEqual({ companyName: 'Сосны' });
    });
    expect(paths()).toEqual([LAYOUT_CALL]);
    // A refetch asks the call of its own, not the first load's answer again.
    void client.refetchQueries({ queryKey: notificationQueries.unread().queryKey });
    await vi.waitFor(() => expect(paths()).toEqual([LAYOUT_CALL, 'notifications/unread-count']));
  });

  it('asks each call on its own when the one call fails, and on a later load', async () => {
    const client = new QueryClient();
    prefetchLayout(client);
    calls.find((c) => c.path === LAYOUT_CALL)?.answer(Promise.reject(new Error('offline')));
    const own = [
      'users/data-profile',
      'users/locations',
      'users/actives',
      'notifications/unread-count',
      'users/open-requests',
      'company-settings',
    ];
    await vi.waitFor(() => expect(paths().sort()).toEqual([LAYOUT_CALL, ...own].sort()));
    answer('users/data-profile', profile);
    await vi.waitFor(() => expect(client.getQueryData(layoutQueries.profile.queryKey)).toEqual(profile));
    calls.length = 0;
    // A later load with the profile's answer stale and the five others still being asked: the profile asks its own
    // call again (one request either way), the others are joined.
    prefetchLayout(client);
    expect(paths()).toEqual(['users/data-profile']);
  });

  it('asks the one call again on a later load once two or more answers are stale; a fresh one keeps its answer', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // The app's freshness: 30 s, the company's settings 5 minutes.
      const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
      prefetchLayout(client);
      answer(LAYOUT_CALL, layout());
      await vi.waitFor(() => expect(client.getQueryData(layoutQueries.profile.queryKey)).toEqual(profile));
      // Within 30 s nothing is asked again.
      vi.advanceTimersByTime(20_000);
      calls.length = 0;
      prefetchLayout(client);
      expect(paths()).toEqual([]);
      // Past 30 s five answers are stale: one request instead of five.
      vi.advanceTimersByTime(15_000);
      prefetchLayout(client);
      expect(paths()).toEqual([LAYOUT_CALL]);
      answer(
        LAYOUT_CALL,
        layout({ profile: { ...profile, name: 'Пётр' }, companySettings: { companyName: 'Другая' } }),
      );
      await vi.waitFor(() =>
        expect(client.getQueryData(layoutQueries.profile.queryKey)).toMatchObject({ name: 'Пётр' }),
      );
      expect(client.getQueryData(companySettingsQuery().queryKey)).toEqual({ companyName: 'Сосны' });
      expect(paths()).toEqual([LAYOUT_CALL]);
    } finally {
      vi.useRealTimers();
    }
  });
});
