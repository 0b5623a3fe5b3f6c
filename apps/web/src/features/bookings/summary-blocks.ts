import type { BookingStatistic } from '@portal/contract/bookings';

/**
 * Which summary blocks of the bookings page a location shows, from its own statistics rather than from fixed ids: the
 * load block wherever the location has units of the page's part, the income, guests, status and price blocks once
 * those units have bookings this or last month (a location still being built has units but nothing to sum).
 */
export function summaryBlocks(statistics: BookingStatistic | undefined): { load: boolean; summary: boolean } {
  if (!statistics || statistics.countOfUnits === 0) return { load: false, summary: false };
  const booked =
    statistics.income.thisMonth > 0 ||
    statistics.income.lastMonth > 0 ||
    statistics.loadToday.countOfUnits > 0 ||
    Object.values(statistics.guestsToday).some((n) => n > 0);
  return { load: true, summary: booked };
}
