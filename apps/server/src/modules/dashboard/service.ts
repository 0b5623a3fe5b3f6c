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
import type { Session } from '../auth/sessions.ts';
import { parseLocationInfo } from '../catalogue/location-info.ts';
import { locationUnitsByType } from '../catalogue/service.ts';
import { investorStatistics, investorUnits, monthlyIncomeTotals } from '../income/service.ts';
import { investorLocation } from '../profile/service.ts';
import * as q from './queries.ts';

const MAX_GRAPH_MONTHS = 60;

/**
 * Occupancy of the units in each month, % (the contract's money rules: booked time over the time each unit can be
 * booked, averaged over the units). Cancelled bookings do not count. The booked time of each unit in each month is
 * summed in SQL: one row a unit and month, whatever the number of bookings.
 */
async function occupancyByMonth(
  ctx: AppContext,
  units: Array<{ unitId: number; part: 'main' | 'periphery' }>,
  fromMonth: number,
  toMonth: number,
) {
  const months: q.MonthWindow[] = monthRange(fromMonth, toMonth).map((month) => ({
    month,
    start: moscowInstant(firstDayOf(month)),
    end: moscowInstant(firstDayOf(nextMonth(month))),
  }));
  // The units' parts come with the owned units: one statement here, the booked time.
  const booked = await q.bookedTimeByMonth(
    ctx.database.db,
    units.map((u) => u.unitId),
    months,
  );
  const bookedMs = new Map(booked.map((row) => [`${row.month}:${row.unit_id}`, Number(row.booked_ms)]));
  const result = new Map<number, number>();
  for (const { month } of months) {
    const shares = units.map((unit) => ({
      booked: bookedMs.get(`${month}:${unit.unitId}`) ?? 0,
      available: availableHours(unit.part, month) * 3_600_000,
    }));
    result.set(month, occupancy(shares));
  }
  return result;
}

/** The investor's units of a location (investorUnits), read once when one request builds several answers. */
type Units = ReturnType<typeof investorUnits>;

export async function dashboardGraph(
  ctx: AppContext,
  session: Session,
  query: { startDate: string; endDate: string; location: number },
  unitsOfLocation: Units = investorUnits(ctx, session, query.location),
) {
  const units = await unitsOfLocation;
  const fromMonth = yearMonthOf(moscowInstant(query.startDate, 12));
  const toMonth = yearMonthOf(moscowInstant(query.endDate, 12));
  if (toMonth < fromMonth) throw badRequest('validation.invalid', 'endDate');
  if (addMonths(fromMonth, MAX_GRAPH_MONTHS) < toMonth) throw badRequest('validation.invalid', 'startDate');
  const occupancy = await occupancyByMonth(ctx, units, fromMonth, toMonth);
  return {
    points: [...occupancy].map(([month, bookingAmount]) => ({
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
  unitsOfLocation: Units = investorUnits(ctx, session, query.location),
): Promise<DashboardActualData> {
  const units = await unitsOfLocation;
  const lastComplete = lastCompleteMonth(now);
  const dates = monthRange(FIRST_MONTH, lastComplete).reverse();
  const selected = query.yearMonth ?? lastComplete;
  if (selected < FIRST_MONTH || selected > lastComplete) throw badRequest('validation.invalid', 'yearMonth');
  const previous = previousMonth(selected);
  // Monthly totals summed in SQL, and the occupancy, at once. The totals are the dropdown's months and the
  // one before the first (its comparison), so the answer follows the calendar, not the length of the history.
  const [monthTotals, occupancy] = await Promise.all([
    monthlyIncomeTotals(
      ctx,
      units.map((u) => u.userUnitId),
      { from: previousMonth(FIRST_MONTH), to: lastComplete },
    ),
    occupancyByMonth(ctx, units, previous, selected),
  ]);
  const totals = new Map(monthTotals.map((row) => [row.yearMonth, row.amount]));
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
 * GET dashboard/first-screen: the four answers for the location the client picks without a stored one (the first of
 * the investor's locations that is not a placeholder, as pickLocation in the web client), each as its own call
 * answers it; nulls for a user who is not an investor or has no such location.
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
  // The occupancy and the months read the same units: once.
  const units = investorUnits(ctx, session, location);
  try {
    const [info, statistics, actualData, graph] = await Promise.all([
      locationInfo(ctx, session, location),
      dashboardStatistics(ctx, session, location),
      dashboardActualData(ctx, session, { location }, portalNow(ctx.config.portalToday), units),
      dashboardGraph(ctx, session, { ...range, location }, units),
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
  const holds = await q.readableLocationEntry(db, session, locationId);
  if (!holds) throw notFound();
  // The console edits the entry (modules/catalogue); the units by type are counted from the location's units.
  const info = parseLocationInfo(holds.info);
  const [units, periphery] = await Promise.all([
    locationUnitsByType(db, holds.id, 'main'),
    locationUnitsByType(db, holds.id, 'periphery'),
  ]);
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
