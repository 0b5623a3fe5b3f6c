import type { DashboardActualData, DashboardFirstScreen, LocationInfo } from '@portal/contract/finance';
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
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { portalNow } from '../../shared/clock.ts';
import { toRubles } from '../../shared/money.ts';
import { moscowInstant } from '../../shared/time.ts';
import { requireRole } from '../access/service.ts';
import type { Session } from '../auth/sessions.ts';
import { parseLocationInfo } from '../catalogue/location-info.ts';
import { locationUnitsByPart } from '../catalogue/service.ts';
import { investorStatistics } from '../income/service.ts';
import { investorLocation } from '../profile/service.ts';
import * as q from './queries.ts';

const MAX_GRAPH_MONTHS = 60;

/** The months of a range as the windows of their Moscow bounds. */
const monthWindows = (fromMonth: number, toMonth: number): q.MonthWindow[] =>
  monthRange(fromMonth, toMonth).map((month) => ({
    month,
    start: moscowInstant(firstDayOf(month)),
    end: moscowInstant(firstDayOf(nextMonth(month))),
  }));

/**
 * Occupancy of the units in each month, % (the contract's money rules: booked time over the time each unit can be
 * booked, averaged over the units). Cancelled bookings do not count. The booked time of each unit in each month is
 * summed in SQL (queries.ownedUnitsBookedTime: a row a unit and month, whatever the number of bookings).
 */
function occupancyByMonth(rows: q.UnitBookedTime[], months: q.MonthWindow[]) {
  const units = new Map(rows.map((row) => [row.unit_id, row.part]));
  const bookedMs = new Map(rows.map((row) => [`${row.month}:${row.unit_id}`, Number(row.booked_ms ?? 0)]));
  const result = new Map<number, number>();
  for (const { month } of months) {
    const shares = [...units].map(([unitId, part]) => ({
      booked: bookedMs.get(`${month}:${unitId}`) ?? 0,
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

export async function dashboardGraph(
  ctx: AppContext,
  session: Session,
  query: { startDate: string; endDate: string; location: number },
) {
  const fromMonth = yearMonthOf(moscowInstant(query.startDate, 12));
  const toMonth = yearMonthOf(moscowInstant(query.endDate, 12));
  if (toMonth < fromMonth) throw badRequest('validation.invalid', 'endDate');
  if (addMonths(fromMonth, MAX_GRAPH_MONTHS) < toMonth) throw badRequest('validation.invalid', 'startDate');
  const months = monthWindows(fromMonth, toMonth);
  const rows = await ownedUnitRows(session, () =>
    q.ownedUnitsBookedTime(ctx.database.db, session.userId, query.location, months),
  );
  return {
    points: [...occupancyByMonth(rows, months)].map(([month, bookingAmount]) => ({
      date: `${firstDayOf(month).slice(0, 8)}05`,
      bookingAmount,
    })),
  };
}

export async function dashboardStatistics(ctx: AppContext, session: Session, location: number) {
  const stats = await investorStatistics(ctx, session, location);
  return {
    invested: stats.invested,
    totalIncome: stats.totalIncome,
    averagePercentForYear: stats.averagePercentForYear,
    averageMonthlyIncome: stats.averageMonthlyIncome,
  };
}

/** The month dropdown from January 2022 to the last complete month and the chosen month against the one before. */
export async function dashboardActualData(
  ctx: AppContext,
  session: Session,
  query: { location: number; yearMonth?: number | undefined },
  now = portalNow(ctx.config.portalToday),
): Promise<DashboardActualData> {
  const lastComplete = lastCompleteMonth(now);
  const dates = monthRange(FIRST_MONTH, lastComplete).reverse();
  const selected = query.yearMonth ?? lastComplete;
  if (selected < FIRST_MONTH || selected > lastComplete) throw badRequest('validation.invalid', 'yearMonth');
  const previous = previousMonth(selected);
  // The units, their monthly totals summed in SQL and the two months' booked time, in one statement. The totals are
  // the dropdown's months and the one before the first (its comparison), so the answer follows the calendar, not
  // the length of the history.
  const months = monthWindows(previous, selected);
  const rows = await ownedUnitRows(session, () =>
    q.ownedUnitsMonthFigures(ctx.database.db, session.userId, query.location, months, {
      from: previousMonth(FIRST_MONTH),
      to: lastComplete,
    }),
  );
  const occupancy = occupancyByMonth(rows, months);
  const totals = new Map((rows[0]?.totals ?? []).map(([yearMonth, amount]) => [yearMonth, Number(amount)]));
  return {
    actualDataDates: dates,
    actualData: [...totals]
      .filter(([yearMonth]) => yearMonth >= FIRST_MONTH)
      .sort(([a], [b]) => a - b)
      .map(([yearMonth, amount]) => ({ yearMonth, amount: toRubles(amount) })),
    actualDataInSelectedDate: {
      yearMonth: selected,
      amount: toRubles(totals.get(selected) ?? 0),
      bookingAmount: occupancy.get(selected) ?? 0,
      previousMonthIncomePercent: percentChange(totals.get(selected) ?? 0, totals.get(previous)),
      previousMonthBookingPercent: percentChange(occupancy.get(selected) ?? 0, occupancy.get(previous)),
    },
  };
}

/**
 * GET dashboard/first-screen: the four answers for the location the client picks (the stored one while it is the
 * investor's, else the first of the investor's locations that is not a placeholder, as pickLocation in the web
 * client), each as its own call answers it; nulls for a user who is not an investor or has no such location.
 */
export async function dashboardFirstScreen(
  ctx: AppContext,
  session: Session,
  query: { startDate?: string; endDate?: string; location?: number },
): Promise<DashboardFirstScreen> {
  const range =
    query.startDate && query.endDate
      ? { startDate: query.startDate, endDate: query.endDate }
      : occupancyChartRange(portalNow(ctx.config.portalToday));
  const none = {
    location: null,
    ...range,
    locationInfo: null,
    statistics: null,
    actualData: null,
    graph: null,
  };
  const location = await investorLocation(ctx, session, query.location);
  if (location === null) return none;
  try {
    const [info, statistics, actualData, graph] = await Promise.all([
      locationInfo(ctx, session, location),
      dashboardStatistics(ctx, session, location),
      dashboardActualData(ctx, session, { location }),
      dashboardGraph(ctx, session, { ...range, location }),
    ]);
    return { location, ...range, locationInfo: info, statistics, actualData, graph };
  } catch (error) {
    // Units that ended since the locations were read: the client's own calls will say so.
    if (error instanceof AppError && error.status === 404) return none;
    throw error;
  }
}

/** The catalogue entry of a location the user reads (modules/access: units or loans there, any role); else 404. */
export async function locationInfo(
  ctx: AppContext,
  session: Session,
  locationId: number,
): Promise<LocationInfo> {
  const { db } = ctx.database;
  // The units are read beside the access check (one wave of statements), and dropped when it fails.
  const [holds, { main: units, periphery }] = await Promise.all([
    q.readableLocationEntry(db, session, locationId),
    locationUnitsByPart(db, locationId),
  ]);
  if (!holds) throw notFound();
  // The console edits the entry (modules/catalogue); the units by type are counted from the location's units.
  const info = parseLocationInfo(holds.info);
  return {
    id: holds.id,
    name: holds.name,
    nameEn: holds.name_en,
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
