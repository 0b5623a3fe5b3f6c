import type { DashboardActualData, LocationInfo } from '@portal/contract/finance';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { requireRole } from '../../http/session-auth.ts';
import { addMonths, daysInMonth, firstDayOf, moscowInstant, yearMonthOf } from '../../shared/time.ts';
import type { Session } from '../auth/sessions.ts';
import { kopecksToRubles, percentChange } from '../income/calculations.ts';
import * as incomeQueries from '../income/queries.ts';
import { investorStatistics } from '../income/service.ts';

/** The dashboard's month list starts from January 2022 (spec §9). */
export const FIRST_DASHBOARD_MONTH = 202201;
/** Outbuildings are counted over their 12 open hours a day. */
const OUTBUILDING_HOURS_A_DAY = 12;
const MAX_GRAPH_MONTHS = 60;

async function ownedUnits(ctx: AppContext, session: Session, locationId: number) {
  requireRole(session, 'INVESTOR');
  const units = await incomeQueries.ownedUnitsInLocation(ctx.database.db, session.userId, locationId);
  if (units.length === 0) throw notFound();
  return units;
}

/**
 * Occupancy of the units in each month, %: booked nights over available nights for rooms, booked hours over
 * open hours for outbuildings, averaged over the units. Cancelled bookings do not count.
 */
async function occupancyByMonth(ctx: AppContext, unitIds: number[], fromMonth: number, toMonth: number) {
  const { db } = ctx.database;
  const start = moscowInstant(firstDayOf(fromMonth));
  const end = moscowInstant(firstDayOf(addMonths(toMonth, 1)));
  const units = await db.selectFrom('units').select(['id', 'part']).where('id', 'in', unitIds).execute();
  const bookings = await db
    .selectFrom('bookings')
    .select(['unit_id', 'starts_at', 'ends_at'])
    .where('unit_id', 'in', unitIds)
    .where('status', '!=', 'cancelled')
    .where('starts_at', '<', end)
    .where('ends_at', '>', start)
    .execute();
  const result = new Map<number, number>();
  for (let month = fromMonth; month <= toMonth; month = addMonths(month, 1)) {
    const monthStart = moscowInstant(firstDayOf(month)).getTime();
    const monthEnd = moscowInstant(firstDayOf(addMonths(month, 1))).getTime();
    let share = 0;
    for (const unit of units) {
      const bookedMs = bookings
        .filter((b) => b.unit_id === unit.id)
        .reduce(
          (sum, b) =>
            sum +
            Math.max(
              0,
              Math.min(b.ends_at.getTime(), monthEnd) - Math.max(b.starts_at.getTime(), monthStart),
            ),
          0,
        );
      const availableMs =
        unit.part === 'main'
          ? monthEnd - monthStart
          : daysInMonth(month) * OUTBUILDING_HOURS_A_DAY * 3_600_000;
      share += Math.min(1, bookedMs / availableMs);
    }
    result.set(month, units.length > 0 ? Math.round((share / units.length) * 10_000) / 100 : 0);
  }
  return result;
}

export async function dashboardGraph(
  ctx: AppContext,
  session: Session,
  query: { startDate: string; endDate: string; location: number },
) {
  const units = await ownedUnits(ctx, session, query.location);
  const fromMonth = yearMonthOf(moscowInstant(query.startDate, 12));
  const toMonth = yearMonthOf(moscowInstant(query.endDate, 12));
  if (toMonth < fromMonth) throw badRequest('validation.invalid', 'endDate');
  if (addMonths(fromMonth, MAX_GRAPH_MONTHS) < toMonth) throw badRequest('validation.invalid', 'startDate');
  const occupancy = await occupancyByMonth(
    ctx,
    units.map((u) => u.unitId),
    fromMonth,
    toMonth,
  );
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
  now = new Date(),
): Promise<DashboardActualData> {
  const units = await ownedUnits(ctx, session, query.location);
  const lastComplete = addMonths(yearMonthOf(now), -1);
  const dates: number[] = [];
  for (let month = lastComplete; month >= FIRST_DASHBOARD_MONTH; month = addMonths(month, -1))
    dates.push(month);
  const selected = query.yearMonth ?? lastComplete;
  if (selected < FIRST_DASHBOARD_MONTH || selected > lastComplete)
    throw badRequest('validation.invalid', 'yearMonth');
  const rows = await incomeQueries.incomesOf(
    ctx.database.db,
    units.map((u) => u.userUnitId),
  );
  const totals = new Map<number, number>();
  for (const row of rows) totals.set(row.year_month, (totals.get(row.year_month) ?? 0) + row.amount_kopecks);
  const previous = addMonths(selected, -1);
  const occupancy = await occupancyByMonth(
    ctx,
    units.map((u) => u.unitId),
    previous,
    selected,
  );
  return {
    actualDataDates: dates,
    actualData: [...totals]
      .sort(([a], [b]) => a - b)
      .map(([yearMonth, amount]) => ({ yearMonth, amount: kopecksToRubles(amount) })),
    actualDataInSelectedDate: {
      yearMonth: selected,
      amount: kopecksToRubles(totals.get(selected) ?? 0),
      bookingAmount: occupancy.get(selected) ?? 0,
      previousMonthIncomePercent: percentChange(totals.get(selected) ?? 0, totals.get(previous)),
      previousMonthBookingPercent: percentChange(occupancy.get(selected) ?? 0, occupancy.get(previous)),
    },
  };
}

const storedInfo = z.object({
  distanceKm: z.number().optional(),
  description: z.string().default(''),
  descriptionEn: z.string().default(''),
  units: z
    .array(z.object({ type: z.string(), typeEn: z.string(), count: z.number(), area: z.number() }))
    .default([]),
  infrastructure: z.array(z.object({ name: z.string(), nameEn: z.string(), count: z.number() })).default([]),
});

/** The catalogue entry of a location the user holds units or loans in (any role); others answer 404. */
export async function locationInfo(
  ctx: AppContext,
  session: Session,
  locationId: number,
): Promise<LocationInfo> {
  const { db } = ctx.database;
  const holds = await db
    .selectFrom('locations')
    .select(['locations.id', 'locations.name', 'locations.name_en', 'locations.info'])
    .where('locations.id', '=', locationId)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('user_units')
            .innerJoin('units', 'units.id', 'user_units.unit_id')
            .select('user_units.id')
            .whereRef('units.location_id', '=', 'locations.id')
            .where('user_units.user_id', '=', session.userId),
        ),
        eb.exists(
          eb
            .selectFrom('loans')
            .select('loans.id')
            .whereRef('loans.location_id', '=', 'locations.id')
            .where('loans.user_id', '=', session.userId),
        ),
      ]),
    )
    .executeTakeFirst();
  if (!holds) throw notFound();
  const info = storedInfo.parse(holds.info);
  return {
    id: holds.id,
    name: holds.name,
    nameEn: holds.name_en,
    distanceKm: info.distanceKm ?? null,
    ...info,
  };
}
