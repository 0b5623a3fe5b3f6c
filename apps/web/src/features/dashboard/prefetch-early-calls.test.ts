import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { closeEarlyCalls } from '../../shared/api/early-calls';
import { recordFetches, runShellScript, signedInShell } from '../../test/early-calls';
import { startDashboardCalls } from './prefetch';
import { graphRange } from './queries';

vi.mock('../../shared/ui/charts-preload', () => ({ preloadCharts: () => Promise.resolve() }));

/** An investor's answers: two locations, and the first screen of the one asked for (else the first). */
function answerOf(url: string): unknown {
  if (url.endsWith('users/layout'))
    return {
      profile: { roles: [{ code: 'INVESTOR', name: '', nameEn: '' }], currentRole: 'INVESTOR' },
      locations: {
        locations: [
          { id: 2, roleCode: 'INVESTOR', isPlaceholder: false },
          { id: 3, roleCode: 'INVESTOR', isPlaceholder: false },
        ],
      },
      actives: { actives: [] },
      unreadCount: { unread: 0 },
      openRequests: { requests: [] },
      companySettings: {},
    };
  if (url.includes('dashboard/first-screen'))
    return {
      location: Number(/location=(\d+)/.exec(url)?.[1] ?? 2),
      ...graphRange(),
      locationInfo: { id: 2 },
      statistics: { invested: 1 },
      actualData: { actualDataDates: [] },
      graph: { points: [] },
    };
  return {};
}

signedInShell();

describe("the dashboard's loaders after the shell's early calls", () => {
  it("serves every call of the dashboard's loaders, so the client asks for none of them again", async () => {
    for (const stored of [null, '3']) {
      if (stored) localStorage.setItem('user_current_location_id', stored);
      const asked = recordFetches(answerOf);
      runShellScript();
      const early = asked.length;
      const client = new QueryClient();
      await startDashboardCalls(client);
      // Every query the loaders started is answered, and from the script's calls: none was asked again.
      await vi.waitFor(() =>
        expect(
          client.getQueryCache().findAll({ predicate: (query) => query.state.status !== 'success' }),
        ).toEqual([]),
      );
      expect(client.getQueryCache().getAll().length).toBeGreaterThanOrEqual(10);
      expect(asked.length).toBe(early);
      closeEarlyCalls();
    }
  });

  it('asks again on its own when the early call failed', async () => {
    const asked = recordFetches(answerOf);
    runShellScript();
    const answers = (window as unknown as { __portalEarlyCalls: Record<string, Promise<Response>> })
      .__portalEarlyCalls;
    answers['/api/v1/users/layout'] = Promise.reject(new TypeError('offline'));
    const client = new QueryClient();
    await startDashboardCalls(client);
    await vi.waitFor(() =>
      expect(asked.filter((call) => call.url === '/api/v1/users/layout')).toHaveLength(2),
    );
  });
});
