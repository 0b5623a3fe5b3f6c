import type {
  DashboardActualData,
  DashboardFirstScreen,
  IncomeStatistics,
  LocationInfo,
} from '@portal/contract/finance';
import { availableHours, occupancy, percentChange } from '@portal/contract/money-rules';
import {
  addMonths,
  FIRST_MONTH,
  firstDayOf,
  lastCompleteMonth,
  monthRange,
  nextMonth,
  occupancyChartRange,
  previousMonth,
  yearMonthOf,
} from '@portal/contract/periods';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { portalNow } from '../../shared/clock.ts';
import { toRubles } from '../../shared/money.ts';
import { moscowInstant } from '../../shared/time.ts';
import { hasRole, requireRole } from '../access/service.ts';
import type { Session } from '../auth/sessions.ts';
import { parseLocationInfo } from '../catalogue/location-info.ts';
import { locationUnitsByPartOf } from '../catalogue/service.ts';
import { investorStatistics, investorStatisticsOf, ownedIncomeSummaryOf } from '../income/service.ts';
import * as q from './queries.ts';

const MAX_GRAPH_MONTHS = 60;

/**
 * The months of a range as the windows of their Moscow bounds, made once a range: every owner's dashboard asks for
 * the same few ranges (this month's chart and the last complete month), and making them (dates, then their text as
 * the statements' parameters, q.windowsOf) was a twentieth of the first screen's processor time. A client's own
 * chart range is kept too, among the last WINDOW_RANGES_KEPT.
 */
const monthWindows = (fromMonth: number, toMonth: number): readonly q.MonthWindow[] => {
  const key = fromMonth * 1_000_000 + toMonth;
  let made = windowRanges.get(key);
  if (!made) {
    made = Object.freeze(
      monthRange(fromMonth, toMonth).map((month) =>
        Object.freeze({
          month,
          start: moscowInstant(firstDayOf(month)),
          end: moscowInstant(firstDayOf(nextMonth(month))),
        }),
      ),
    );
    if (windowRanges.size >= WINDOW_RANGES_KEPT) windowRanges.delete(windowRanges.keys().next().value ?? key);
    windowRanges.set(key, made);
  }
  return made;
};
const WINDOW_RANGES_KEPT = 64;
const windowRanges = new Map<number, readonly q.MonthWindow[]>();

/**
 * Occupancy of the units in each month, % (the contract's money rules: booked time over the time each unit can be
 * booked, averaged over the units). Cancelled bookings do not count. The booked time of each unit in each month is
 * summed in SQL (queries.ownedUnitsBookedTime: a row a unit and month, whatever the number of bookings).
 */
function occupancyByMonth(rows: q.UnitBookedTime[], months: readonly q.MonthWindow[]) {
  const units = new Map<number, q.UnitBookedTime['part']>();
  // Keyed by a number (unit × 10⁶ + yyyymm), not a text made for every row and every look-up; filled in a loop, not
  // from a pair made for each row.
  const bookedMs = new Map<number, number>();
  for (const row of rows) {
    units.set(row.unit_id, row.part);
    bookedMs.set(row.unit_id * 1e6 + (row.month ?? 0), Number(row.booked_ms ?? 0));
  }
  const result = new Map<number, number>();
  for (const { month } of months) {
    const shares = [...units].map(([unitId, part]) => ({
      booked: bookedMs.get(unitId * 1e6 + month) ?? 0,
      available: availableHours(part, month) * 3_600_000,
    }));
    result.set(month, occupancy(shares));
  }
  return result;
}

/**
 * The rows of the investor's owned units in a location (modules/access), read with what the call needs in the
 * same statement: 404 when the user owns nothing there, as on every location page.
 */
async function ownedUnitRows<T>(session: Session, read: () => Promise<T[]>): Promise<T[]> {
  requireRole(session, 'INVESTOR');
  const rows = await read();
  if (rows.length === 0) throw notFound();
  return rows;
}

/** The chart's months of a range (60 at most), or 400. */
function chartMonths(range: { startDate: string; endDate: string }) {
  const fromMonth = yearMonthOf(moscowInstant(range.startDate, 12));
  const toMonth = yearMonthOf(moscowInstant(range.endDate, 12));
  if (toMonth < fromMonth) throw badRequest('validation.invalid', 'endDate');
  if (addMonths(fromMonth, MAX_GRAPH_MONTHS) < toMonth) throw badRequest('validation.invalid', 'startDate');
  return monthWindows(fromMonth, toMonth);
}

/** dashboard/graph's answer from its rows. */
function graphOf(rows: q.UnitBookedTime[], months: readonly q.MonthWindow[]) {
  return {
    points: [...occupancyByMonth(rows, months)].map(([month, bookingAmount]) => ({
      date: `${firstDayOf(month).slice(0, 8)}05`,
      bookingAmount,
    })),
  };
}

export async function dashboardGraph(
  ctx: AppContext,
  session: Session,
  query: { startDate: string; endDate: string; location: number },
) {
  const months = chartMonths(query);
  const rows = await ownedUnitRows(session, () =>
    q.ownedUnitsBookedTime(ctx.database.db, session.userId, query.location, months),
  );
  return graphOf(rows, months);
}

/** dashboard/statistics' answer: four of the income page's figures. */
const dashboardStatisticsOf = (stats: IncomeStatistics) => ({
  invested: stats.invested,
  totalIncome: stats.totalIncome,
  averagePercentForYear: stats.averagePercentForYear,
  averageMonthlyIncome: stats.averageMonthlyIncome,
});

export async function dashboardStatistics(ctx: AppContext, session: Session, location: number) {
  return dashboardStatisticsOf(await investorStatistics(ctx, session, location));
}

/** The months actual-data reads: the chosen one (the last complete by default) and the one before, and the totals'. */
function actualDataMonths(now: Date, yearMonth?: number) {
  const lastComplete = lastCompleteMonth(now);
  const selected = yearMonth ?? lastComplete;
  if (selected < FIRST_MONTH || selected > lastComplete) throw badRequest('validation.invalid', 'yearMonth');
  const previous = previousMonth(selected);
  // The totals are the dropdown's months and the one before the first (its comparison), so the answer follows the
  // calendar, not the length of the history.
  return {
    lastComplete,
    selected,
    previous,
    windows: monthWindows(previous, selected),
    incomes: { from: previousMonth(FIRST_MONTH), to: lastComplete },
  };
}

/** dashboard/actual-data's answer from its figures. */
function actualDataOf(
  figures: q.MonthFigures,
  { lastComplete, selected, previous, windows }: ReturnType<typeof actualDataMonths>,
): DashboardActualData {
  const occupancy = occupancyByMonth(figures.booked_time, windows);
  // [yyyymm, kopecks] by month, as the statement orders them.
  const { totals } = figures;
  const totalOf = (month: number) => {
    const pair = totals.find(([yearMonth]) => yearMonth === month);
    return pair ? Number(pair[1]) : undefined;
  };
  return {
    actualDataDates: monthRange(FIRST_MONTH, lastComplete).reverse(),
    actualData: totals
      .filter(([yearMonth]) => yearMonth >= FIRST_MONTH)
      .map(([yearMonth, amount]) => ({ yearMonth, amount: toRubles(Number(amount)) })),
    actualDataInSelectedDate: {
      yearMonth: selected,
      amount: toRubles(totalOf(selected) ?? 0),
      bookingAmount: occupancy.get(selected) ?? 0,
      previousMonthIncomePercent: percentChange(totalOf(selected) ?? 0, totalOf(previous)),
      previousMonthBookingPercent: percentChange(occupancy.get(selected) ?? 0, occupancy.get(previous)),
    },
  };
}

/** The month dropdown from January 2022 to the last complete month and the chosen month against the one before. */
export async function dashboardActualData(
  ctx: AppContext,
  session: Session,
  query: { location: number; yearMonth?: number | undefined },
  now = portalNow(ctx.config.portalToday),
): Promise<DashboardActualData> {
  const months = actualDataMonths(now, query.yearMonth);
  requireRole(session, 'INVESTOR');
  // The units' booked time in the two months and their monthly totals summed in SQL, in one statement; 404 when the
  // user owns nothing there, as on every location page.
  const figures = await q.ownedUnitsMonthFigures(
    ctx.database.db,
    session.userId,
    query.location,
    months.windows,
    months.incomes,
  );
  if (!figures?.booked_time.length) throw notFound();
  return actualDataOf(figures, months);
}

/**
 * GET dashboard/first-screen: the four answers for the location the client picks (the stored one while it is the
 * investor's, else the first of the investor's locations that is not a placeholder, as pickLocation in the web
 * client), each as its own call answers it, from one statement (q.firstScreenRow); nulls for a user who is not an
 * investor or has no such location.
 */
export async function dashboardFirstScreen(
  ctx: AppContext,
  session: Session,
  query: { startDate?: string; endDate?: string; location?: number },
): Promise<DashboardFirstScreen> {
  const now = portalNow(ctx.config.portalToday);
  const range =
    query.startDate && query.endDate
      ? { startDate: query.startDate, endDate: query.endDate }
      : occupancyChartRange(now);
  const none = {
    location: null,
    ...range,
    locationInfo: null,
    statistics: null,
    actualData: null,
    graph: null,
  };
  if (!hasRole(session, 'INVESTOR')) return none;
  const graph = chartMonths(range);
  const actual = actualDataMonths(now);
  const row = await q.firstScreenRow(ctx.database.db, {
    userId: session.userId,
    preferred: query.location ?? null,
    graph,
    actual: actual.windows,
    incomes: actual.incomes,
  });
  const statistics = investorStatisticsOf(ownedIncomeSummaryOf(row?.summary ?? undefined));
  // No location, or units that ended since the locations were read: the client's own calls will say so.
  if (!row || row.location === null || !row.entry || !statistics) return none;
  return {
    location: row.location,
    ...range,
    locationInfo: locationInfoOf(row.entry, locationUnitsByPartOf(row.units)),
    statistics: dashboardStatisticsOf(statistics),
    actualData: actualDataOf(row.month_figures, actual),
    graph: graphOf(row.booked_time, graph),
  };
}

/** The catalogue entry of a location the user reads (modules/access: units or loans there, any role); else 404. */
export async function locationInfo(
  ctx: AppContext,
  session: Session,
  locationId: number,
): Promise<LocationInfo> {
  // The units are read in the access check's statement, and dropped when it fails.
  const row = await q.locationInfoRow(ctx.database.db, session, locationId);
  if (!row?.entry) throw notFound();
  return locationInfoOf(row.entry, locationUnitsByPartOf(row.units));
}

/** location-info's answer from the location's entry and its units by part. */
function locationInfoOf(
  entry: q.LocationEntryRow,
  { main: units, periphery }: ReturnType<typeof locationUnitsByPartOf>,
): LocationInfo {
  // The console edits the entry (modules/catalogue); the units by type are counted from the location's units.
  const info = parseLocationInfo(entry.info);
  return {
    id: entry.id,
    name: entry.name,
    nameEn: entry.name_en,
    distanceKm: info.distanceKm ?? null,
    description: info.description,
    descriptionEn: info.descriptionEn,
    // The spec's catalogue lists rooms as the units and the outbuildings (banyas, banya complexes, pontoon banyas)
    // with the infrastructure: the periphery units are counted there, after the entry's own infrastructure.
    units,
    infrastructure: [
      ...info.infrastructure,
      ...periphery.map((u) => ({
        name: u.type,
        nameEn: u.typeEn,
        count: u.count,
      })),
    ],
  };
}
