import { addMonths, lastCompleteMonth } from '@portal/contract/periods';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { call } from '../../shared/api/client';
import { oneCallDue, partOnce, prefetchLayout } from '../../shared/api/layout-prefetch';
import { nowMs } from '../../shared/clock';
import { currentPick } from '../../shared/session/current-pick';
import { storage } from '../../shared/storage';
import { pickedMonth, yearMonthOfPicked } from '../../shared/time';
import { incomeQueries, incomeRoutes } from './queries';

/** The page's first range, as the month picker's values: the twelve complete (Moscow) months up to now. */
export function defaultRange(now = nowMs()): [Date, Date] {
  const last = lastCompleteMonth(now);
  return [pickedMonth(addMonths(last, -11)), pickedMonth(last)];
}

/**
 * The income page's loader: its three calls (the statistics, the months of the default range, the units of its
 * last month) start as the route is entered, beside the layout's, for the role and location the layout will pick,
 * instead of once the page's code has arrived and rendered. The page's hooks ask with the same keys and join them.
 * The first load of a location, and a later one after its answers have gone stale, asks for the three answers in
 * one call (`investor-income/first-screen` or `lender-income/first-screen`: one request and one statement instead of
 * three); each query takes its part, and asks on its own only when that call fails, and on every later run
 * (partOnce).
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
  const range = { location, yearMonthFrom: from, yearMonthTo: to };
  const month = { location, yearMonth: to };
  const routes = incomeRoutes[current.role];
  startParts(
    client,
    {
      statistics: incomeQueries.statistics(current.role, location).queryKey,
      income: (current.role === 'INVESTOR' ? incomeQueries.investorIncome : incomeQueries.lenderIncome)(
        location,
        from,
        to,
      ).queryKey,
      actives: incomeQueries.actives(current.role, location, to).queryKey,
    },
    () => call(routes.firstScreen, { query: range }),
    {
      statistics: () => call(routes.statistics, { query: { location } }),
      income: () => call(routes.income, { query: range }),
      actives: () => call(routes.actives, { query: month }),
    },
  );
}

type Parts<S, I, A> = { statistics: S; income: I; actives: A };

/**
 * The page's three queries, each taking its part of the one call (partOnce). The one call is asked when two or
 * more of them are due (oneCallDue): on a first visit, and on a visit after their answers have gone stale.
 */
function startParts<S, I, A>(
  client: QueryClient,
  keys: Record<keyof Parts<S, I, A>, QueryKey>,
  one: () => Promise<Parts<S, I, A>>,
  own: { [K in keyof Parts<S, I, A>]: () => Promise<Parts<S, I, A>[K]> },
) {
  const first = oneCallDue(
    client,
    Object.values(keys).map((queryKey) => ({ queryKey })),
  )
    ? one().catch(() => null)
    : null;
  void client.prefetchQuery({
    queryKey: keys.statistics,
    queryFn: partOnce(first, (a) => a.statistics, own.statistics),
  });
  void client.prefetchQuery({
    queryKey: keys.income,
    queryFn: partOnce(first, (a) => a.income, own.income),
  });
  void client.prefetchQuery({
    queryKey: keys.actives,
    queryFn: partOnce(first, (a) => a.actives, own.actives),
  });
}
