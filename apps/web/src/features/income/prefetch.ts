import { addMonths, lastCompleteMonth } from '@portal/contract/periods';
import type { QueryClient } from '@tanstack/react-query';
import { prefetchLayout } from '../../shared/api/layout-prefetch';
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
  void client.prefetchQuery(incomeQueries.statistics(current.role, location));
  if (current.role === 'INVESTOR')
    void client.prefetchQuery(incomeQueries.investorIncome(location, from, to));
  else void client.prefetchQuery(incomeQueries.lenderIncome(location, from, to));
  void client.prefetchQuery(incomeQueries.actives(current.role, location, to));
}
