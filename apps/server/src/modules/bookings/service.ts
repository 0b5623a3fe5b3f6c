import {
  type BookingLocations,
  type BookingStatistic,
  type BookingsResponse,
  GUEST_CATEGORY_IDS,
  type GuestCategory,
  UNIT_STATUS_IDS,
  type UnitStatus,
} from '@portal/contract/bookings';
import { averagePrice, occupancy } from '@portal/contract/money-rules';
import { firstDayOf, nextMonth, previousMonth, yearMonthOf } from '@portal/contract/periods';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { portalNow } from '../../shared/clock.ts';
import { toRubles } from '../../shared/money.ts';
import { moscowDate, moscowInstant } from '../../shared/time.ts';
import type { Session } from '../auth/sessions.ts';
import * as q from './queries.ts';

type Part = 'main' | 'periphery';

export async function bookingLocations(ctx: AppContext, session: Session): Promise<BookingLocations> {
  const rows = await q.bookingLocationRows(ctx.database.db, session);
  const toLocation = (r: (typeof rows)[number]) => ({
    id: r.id,
    name: r.name,
    nameEn: r.name_en,
    existsMain: r.exists_main,
    existsPeriphery: r.exists_periphery,
  });
  return {
    main: rows.filter((r) => r.exists_main).map(toLocation),
    periphery: rows.filter((r) => r.exists_periphery).map(toLocation),
  };
}

/** The units of a location part the user may see: any location they read (modules/access); others are 404. */
async function visibleUnits(ctx: AppContext, session: Session, locationId: number, part: Part) {
  // The check and the units in one statement.
  const units = await q.unitsOfLocationPart(ctx.database.db, session, locationId, part);
  if (!units) throw notFound();
  return units;
}

/** GET bookings / bookings-periphery: units grouped by type with the bookings and repairs of the window. */
export async function bookings(
  ctx: AppContext,
  session: Session,
  query: { location: number; startDate: string; endDate: string },
  part: Part,
): Promise<BookingsResponse> {
  const start = new Date(query.startDate);
  const end = new Date(query.endDate);
  const units = await visibleUnits(ctx, session, query.location, part);
  const ids = units.map((u) => u.id);
  const [bookingRows, repairRows] = await Promise.all([
    q.gridBookings(ctx.database.db, ids, start, end),
    q.gridRepairs(ctx.database.db, ids, start, end),
  ]);
  const bookingsOf = groupByUnit(bookingRows);
  const repairsOf = groupByUnit(repairRows);
  const groups = new Map<string, BookingsResponse['groups'][number]>();
  for (const unit of units) {
    const group = groups.get(unit.unit_type) ?? {
      name: unit.unit_type,
      nameEn: unit.unit_type_en,
      units: [],
    };
    groups.set(unit.unit_type, group);
    group.units.push({
      id: unit.id,
      name: unit.name,
      nameEn: unit.name_en,
      unitNumber: unit.unit_number,
      isOwn: Boolean(unit.isOwn),
      bookings: (bookingsOf.get(unit.id) ?? []).map((b) => ({
        id: b.id,
        startDateTime: b.starts_at,
        endDateTime: b.ends_at,
        status: b.status,
        guestAmount: b.guest_amount,
        source:
          b.sourceId === null
            ? null
            : {
                id: b.sourceId,
                name: b.sourceName ?? '',
                nameEn: b.sourceNameEn ?? b.sourceName ?? '',
                type: b.sourceType ?? '',
              },
        paid: toRubles(b.paid_kopecks),
        sum: toRubles(b.sum_kopecks),
      })),
      repairs: (repairsOf.get(unit.id) ?? []).map((r) => ({
        startDateTime: r.starts_at,
        endDateTime: r.ends_at,
        description: r.description,
      })),
    });
  }
  return { startDate: start.toISOString(), endDate: end.toISOString(), groups: [...groups.values()] };
}

/**
 * The summary blocks of the bookings page for today (Moscow): load, income and average price of this and last
 * month, guests by source and units by status. Cancelled bookings count nowhere.
 */
export async function bookingStatistics(
  ctx: AppContext,
  session: Session,
  locationId: number,
  part: Part,
  now = portalNow(ctx.config.portalToday),
): Promise<BookingStatistic> {
  const units = await visibleUnits(ctx, session, locationId, part);
  const ids = units.map((u) => u.id);
  const thisMonth = yearMonthOf(now);
  const from = moscowInstant(firstDayOf(previousMonth(thisMonth)));
  const to = moscowInstant(firstDayOf(nextMonth(thisMonth)));
  // Cancelled bookings count nowhere: the query leaves them out.
  const [rows, repairs] = await Promise.all([
    q.statisticsBookings(ctx.database.db, ids, from, to),
    q.repairsOverlapping(ctx.database.db, ids, now, new Date(now.getTime() + 1)),
  ]);
  const today = moscowDate(now);
  // Rooms are taken while a stay covers this moment; outbuildings when they have a session today.
  const current = rows.filter((b) =>
    part === 'main' ? b.starts_at <= now && b.ends_at > now : moscowDate(b.starts_at) === today,
  );
  const loaded = new Set(current.map((b) => b.unit_id));
  // Keyed by the contract's ids (the spec's entities: guests by category id, units by status id); every id is present.
  const guestsToday: Record<string, number> = Object.fromEntries(
    Object.values(GUEST_CATEGORY_IDS).map((id) => [String(id), 0]),
  );
  for (const b of current) {
    const category: GuestCategory =
      moscowDate(b.starts_at) === today
        ? 'arriving'
        : moscowDate(b.ends_at) === today
          ? 'departing'
          : 'staying';
    const key = String(GUEST_CATEGORY_IDS[category]);
    guestsToday[key] = (guestsToday[key] ?? 0) + b.guest_amount;
  }
  const unitsStatus: Record<string, number> = Object.fromEntries(
    Object.values(UNIT_STATUS_IDS).map((id) => [String(id), 0]),
  );
  for (const unit of units) {
    const booking = current.find((b) => b.unit_id === unit.id);
    const status: UnitStatus = repairs.some((r) => r.unit_id === unit.id)
      ? 'repair'
      : booking
        ? booking.status === 'checkedin'
          ? 'checkedin'
          : 'booked'
        : 'free';
    const key = String(UNIT_STATUS_IDS[status]);
    unitsStatus[key] = (unitsStatus[key] ?? 0) + 1;
  }
  const monthFigures = (month: number) => {
    const inMonth = rows.filter((b) => yearMonthOf(b.starts_at) === month);
    const stays = inMonth.map((b) => ({
      amount: b.sum_kopecks,
      startMs: b.starts_at.getTime(),
      endMs: b.ends_at.getTime(),
    }));
    return {
      revenue: toRubles(inMonth.reduce((sum, b) => sum + b.sum_kopecks, 0)),
      // Average price of a night for rooms, of an hour for outbuildings.
      average: toRubles(averagePrice(stays, part)),
    };
  };
  const current0 = monthFigures(thisMonth);
  const last = monthFigures(previousMonth(thisMonth));
  return {
    countOfUnits: units.length,
    loadToday: {
      countOfUnits: loaded.size,
      percentOfUnits: occupancy(units.map((u) => ({ booked: loaded.has(u.id) ? 1 : 0, available: 1 }))),
    },
    income: { thisMonth: current0.revenue, lastMonth: last.revenue },
    guestsToday,
    unitsStatus,
    averageRoomPrice: { thisMonth: current0.average, lastMonth: last.average },
  };
}

/** Rows by their unit, in their order: one pass instead of a filter per unit. */
function groupByUnit<T extends { unit_id: number }>(rows: T[]): Map<number, T[]> {
  const byUnit = new Map<number, T[]>();
  for (const row of rows) {
    const list = byUnit.get(row.unit_id);
    if (list) list.push(row);
    else byUnit.set(row.unit_id, [row]);
  }
  return byUnit;
}
