import { addMonths, lastCompleteMonth } from '@portal/contract/periods';
import type { QueryClient } from '@tanstack/react-query';
import { call } from '../../shared/api/client';
import { partOnce, prefetchLayout } from '../../shared/api/layout-prefetch';
import { nowMs } from '../../shared/clock';
import { currentPick } from '../../shared/session/current-pick';
import { storage } from '../../shared/storage';
import { pickedMonth, yearMonthOfPicked } from '../../shared/time';
import { incomeQueries } from './queries';

/** The page's first range, as the month picker's values: the twelve complete (Moscow) months up to now. */
export function defaultRange(now = nowMs()): [Date, Date] {
  const last = lastCompleteMonth(now);
  return [pickedMonth(addMonths(last, -11)), pickedMonth(last)];
}

/**
 * The income page's loader: its three calls (the statistics, the months of the default range, the units of its
 * last month) start as the route is entered, beside the layout's, for the role and location the layout will pick,
 * instead of once the page's code has arrived and rendered. The page's hooks ask with the same keys and join them.
 * An investor's first load of a location asks for the three answers in one call, `investor-income/first-screen`
 * (one request and one statement instead of three); each query takes its part, and asks on its own only when that
 * call fails, and on every later run (partOnce). A lender's page asks its three calls.
 */
export function prefetchIncome(client: QueryClient): null {
  void startIncomeCalls(client);
  return null;
}

/** prefetchIncome's work; settles once the calls are started (or none are due). */
export async function startIncomeCalls(client: QueryClient, now = nowMs()): Promise<void> {
  if (!storage.token()) return;
  prefetchLayout(client);
  // The layout's own queries show their error; a prefetch has nothing to add.
  const current = await currentPick(client).catch(() => null);
  const location = current?.location?.id;
  if (!current || location === undefined) return;
  const [from, to] = defaultRange(now).map(yearMonthOfPicked) as [number, number];
  const statistics = incomeQueries.statistics(current.role, location);
  const actives = incomeQueries.actives(current.role, location, to);
  if (current.role !== 'INVESTOR') {
    void client.prefetchQuery(statistics);
    void client.prefetchQuery(incomeQueries.lenderIncome(location, from, to));
    void client.prefetchQuery(actives);
    return;
  }
  const income = incomeQueries.investorIncome(location, from, to);
  // One call only when none of the three is known: a query already asked keeps its answer or its own refresh.
  const first = [statistics, income, actives].every((q) => client.getQueryState(q.queryKey) === undefined)
    ? call('GET /investor-income/first-screen', {
        query: { location, yearMonthFrom: from, yearMonthTo: to },
      }).catch(() => null)
    : null;
  void client.prefetchQuery({
    ...statistics,
    queryFn: partOnce(
      first,
      (a) => a.statistics,
      () => call('GET /investor-income/statistics', { query: { location } }),
    ),
  });
  void client.prefetchQuery({
    ...income,
    queryFn: partOnce(
      first,
      (a) => a.income,
      () => call('GET /investor-income', { query: { location, yearMonthFrom: from, yearMonthTo: to } }),
    ),
  });
  void client.prefetchQuery({
    ...actives,
    queryFn: partOnce(
      first,
      (a) => a.actives,
      () => call('GET /investor-income/actives', { query: { location, yearMonth: to } }),
    ),
  });
}
