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
    // The profile is known: a later load (its answers stale) refreshes each call, not the layout's.
    prefetchLayout(client);
    expect(paths()).not.toContain(LAYOUT_CALL);
    expect(paths()).toContain('users/data-profile');
  });
});
