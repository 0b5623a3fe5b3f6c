import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { LAYOUT_CALL } from '../../shared/api/early-calls';
import { yearMonthOfPicked } from '../../shared/time';
import { layout, profile } from '../../test/layout-answer';
import { answer, calls, fail, paths, signedInForEachTest } from '../../test/pending-calls';

vi.mock('../../shared/api/client', async () => ({
  call: (await import('../../test/pending-calls')).pendingCall,
}));

const { defaultRange, prefetchIncome, startIncomeCalls } = await import('./prefetch');
const { incomeQueries } = await import('./queries');

const NOW = Date.parse('2026-11-22T12:00:00+03:00');

signedInForEachTest();

describe("the income page's route loader", () => {
  it("asks an investor's three answers in one call with the layout's, for the location the layout picks", async () => {
    localStorage.setItem('user_current_location_id', '3');
    const client = new QueryClient();
    const started = startIncomeCalls(client, NOW);
    expect(paths()).toEqual([LAYOUT_CALL]);
    answer(LAYOUT_CALL, layout());
    await started;
    expect(paths()).toEqual([LAYOUT_CALL, 'investor-income/first-screen@3']);
    // The default range: the twelve complete months before this one (the actives are of its last).
    expect(calls[1]?.query).toEqual({ location: 3, yearMonthFrom: 202511, yearMonthTo: 202610 });
    // The page's hooks find each part under its own call's key.
    answer('investor-income/first-screen', {
      statistics: { invested: 1 },
      income: { units: [], periodIncome: 2, periodPercent: 0 },
      actives: { yearMonth: 202610, actives: [] },
    });
    await vi.waitFor(() =>
      expect(client.getQueryData(incomeQueries.actives('INVESTOR', 3, 202610).queryKey)).toEqual({
        yearMonth: 202610,
        actives: [],
      }),
    );
    expect(client.getQueryData(incomeQueries.statistics('INVESTOR', 3).queryKey)).toEqual({ invested: 1 });
    expect(client.getQueryData(incomeQueries.investorIncome(3, 202511, 202610).queryKey)).toMatchObject({
      periodIncome: 2,
    });
    expect(paths()).toHaveLength(2);
  });

  it('asks each call on its own when the one call fails, or when it is the only one due', async () => {
    localStorage.setItem('user_current_location_id', '3');
    // The app's freshness: an answer of the last 30 s is not asked again.
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    const started = startIncomeCalls(client, NOW);
    answer(LAYOUT_CALL, layout());
    await started;
    fail('investor-income/first-screen');
    await vi.waitFor(() =>
      expect(paths().slice(2).sort()).toEqual(
        ['investor-income@3', 'investor-income/actives@3', 'investor-income/statistics@3'].sort(),
      ),
    );
    // The range and the month of the page's own calls.
    expect(calls.find((c) => c.path === 'investor-income')?.query).toMatchObject({
      yearMonthFrom: 202511,
      yearMonthTo: 202610,
    });
    expect(calls.find((c) => c.path === 'investor-income/actives')?.query).toMatchObject({
      yearMonth: 202610,
    });
    answer('investor-income/statistics', { invested: 1 });
    await vi.waitFor(() =>
      expect(client.getQueryData(incomeQueries.statistics('INVESTOR', 3).queryKey)).toEqual({ invested: 1 }),
    );
    // Back on the page with the statistics fresh and the months still being asked: the units, the only part due,
    // ask their own call.
    const actives = incomeQueries.actives('INVESTOR', 3, 202610).queryKey;
    calls.length = 0;
    client.removeQueries({ queryKey: actives });
    await startIncomeCalls(client, NOW);
    expect(paths()).toEqual(['investor-income/actives@3']);
    // With the months gone as well, the two come in the one call; the fresh statistics keep their answer.
    calls.length = 0;
    client.removeQueries({ queryKey: actives });
    client.removeQueries({ queryKey: incomeQueries.investorIncome(3, 202511, 202610).queryKey });
    await startIncomeCalls(client, NOW);
    expect(paths()).toEqual(['investor-income/first-screen@3']);
    answer('investor-income/first-screen', {
      statistics: { invested: 9 },
      income: { units: [], periodIncome: 2, periodPercent: 0 },
      actives: { yearMonth: 202610, actives: [] },
    });
    await vi.waitFor(() => expect(client.getQueryData(actives)).toMatchObject({ yearMonth: 202610 }));
    expect(client.getQueryData(incomeQueries.statistics('INVESTOR', 3).queryKey)).toEqual({ invested: 1 });
  });

  it('asks the three answers in one call again on a visit after they have gone stale', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      localStorage.setItem('user_current_location_id', '3');
      const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
      const started = startIncomeCalls(client, NOW);
      answer(LAYOUT_CALL, layout());
      await started;
      answer('investor-income/first-screen', {
        statistics: { invested: 1 },
        income: { units: [], periodIncome: 2, periodPercent: 0 },
        actives: { yearMonth: 202610, actives: [] },
      });
      const statistics = incomeQueries.statistics('INVESTOR', 3).queryKey;
      await vi.waitFor(() => expect(client.getQueryData(statistics)).toEqual({ invested: 1 }));
      // Back within 30 s: the answers are fresh, nothing is asked.
      vi.advanceTimersByTime(10_000);
      calls.length = 0;
      await startIncomeCalls(client, NOW);
      expect(paths()).toEqual([]);
      // Back a minute later: the layout's answers and the page's three, one request each.
      vi.advanceTimersByTime(60_000);
      const again = startIncomeCalls(client, NOW);
      expect(paths()).toEqual([LAYOUT_CALL]);
      answer(LAYOUT_CALL, layout());
      await again;
      expect(paths()).toEqual([LAYOUT_CALL, 'investor-income/first-screen@3']);
      answer('investor-income/first-screen', {
        statistics: { invested: 5 },
        income: { units: [], periodIncome: 2, periodPercent: 0 },
        actives: { yearMonth: 202610, actives: [] },
      });
      await vi.waitFor(() => expect(client.getQueryData(statistics)).toEqual({ invested: 5 }));
      expect(paths()).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("asks a lender's three answers in one call for the lender's first location", async () => {
    const client = new QueryClient();
    const started = startIncomeCalls(client, NOW);
    answer(
      LAYOUT_CALL,
      layout({
        profile: { ...profile, roles: [{ code: 'LENDER' }], currentRole: 'LENDER' },
        locations: { locations: [{ id: 5, roleCode: 'LENDER', isPlaceholder: false }] },
      }),
    );
    await started;
    expect(paths()).toEqual([LAYOUT_CALL, 'lender-income/first-screen@5']);
    expect(calls[1]?.query).toEqual({ location: 5, yearMonthFrom: 202511, yearMonthTo: 202610 });
    answer('lender-income/first-screen', {
      statistics: { invested: 3 },
      income: { incomes: [], periodIncome: 0 },
      actives: { yearMonth: 202610, actives: [] },
    });
    await vi.waitFor(() =>
      expect(client.getQueryData(incomeQueries.lenderIncome(5, 202511, 202610).queryKey)).toEqual({
        incomes: [],
        periodIncome: 0,
      }),
    );
    expect(client.getQueryData(incomeQueries.statistics('LENDER', 5).queryKey)).toEqual({ invested: 3 });
    expect(client.getQueryData(incomeQueries.actives('LENDER', 5, 202610).queryKey)).toMatchObject({
      yearMonth: 202610,
    });
    // Failed: each of the lender's own calls.
    calls.length = 0;
    const again = new QueryClient();
    const second = startIncomeCalls(again, NOW);
    answer(
      LAYOUT_CALL,
      layout({
        profile: { ...profile, roles: [{ code: 'LENDER' }], currentRole: 'LENDER' },
        locations: { locations: [{ id: 5, roleCode: 'LENDER', isPlaceholder: false }] },
      }),
    );
    await second;
    fail('lender-income/first-screen');
    await vi.waitFor(() =>
      expect(paths().slice(2).sort()).toEqual(
        ['lender-income/actives@5', 'lender-income/statistics@5', 'lender-income@5'].sort(),
      ),
    );
  });

  it('starts none of them without a location, nor anything without a token', async () => {
    const started = startIncomeCalls(new QueryClient(), NOW);
    answer(LAYOUT_CALL, layout({ locations: { locations: [] } }));
    await started;
    expect(paths()).toEqual([LAYOUT_CALL]);
    calls.length = 0;
    localStorage.clear();
    prefetchIncome(new QueryClient());
    expect(calls).toEqual([]);
  });

  it('defaults to the twelve complete Moscow months before the current one', () => {
    const range = (instant: string) => defaultRange(Date.parse(instant)).map(yearMonthOfPicked);
    expect(range('2026-11-22T12:00:00+03:00')).toEqual([202511, 202610]);
    // 22:30 UTC on 30 November is 1 December in Moscow: November is complete.
    expect(range('2026-11-30T22:30:00Z')).toEqual([202512, 202611]);
    expect(range('2027-01-01T00:10:00+03:00')).toEqual([202601, 202612]);
  });
});
