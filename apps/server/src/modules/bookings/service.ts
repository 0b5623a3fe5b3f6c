import type { BookingLocations, BookingStatistic, BookingsResponse } from '@portal/contract/bookings';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { addMonths, firstDayOf, moscowDate, moscowInstant, yearMonthOf } from '../../shared/time.ts';
import type { Session } from '../auth/sessions.ts';
import { kopecksToRubles } from '../income/calculations.ts';
import * as q from './queries.ts';

type Part = 'main' | 'periphery';

export async function bookingLocations(ctx: AppContext, session: Session): Promise<BookingLocations> {
  const rows = await q.bookingLocationRows(ctx.database.db, session.userId);
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

/** The units of a location part the user may see: any location they hold something in; others are 404. */
async function visibleUnits(ctx: AppContext, session: Session, locationId: number, part: Part) {
  const { db } = ctx.database;
  const allowed = await q.bookingLocationRows(db, session.userId);
  if (!allowed.some((l) => l.id === locationId)) throw notFound();
  return q.unitsOfLocationPart(db, session.userId, locationId, part);
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
    q.bookingsOverlapping(ctx.database.db, ids, start, end),
    q.repairsOverlapping(ctx.database.db, ids, start, end),
  ]);
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
      bookings: bookingRows
        .filter((b) => b.unit_id === unit.id)
        .map((b) => ({
          id: b.id,
          startDateTime: b.starts_at.toISOString(),
          endDateTime: b.ends_at.toISOString(),
          status: b.status.toLowerCase(),
          guestAmount: b.guest_amount,
          source:
            b.sourceId === null
              ? null
              : { id: b.sourceId, name: b.sourceName ?? '', type: b.sourceType ?? '' },
          paid: kopecksToRubles(b.paid_kopecks),
          sum: kopecksToRubles(b.sum_kopecks),
        })),
      repairs: repairRows
        .filter((r) => r.unit_id === unit.id)
        .map((r) => ({
          startDateTime: r.starts_at.toISOString(),
          endDateTime: r.ends_at.toISOString(),
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
  now = new Date(),
): Promise<BookingStatistic> {
  const units = await visibleUnits(ctx, session, locationId, part);
  const ids = units.map((u) => u.id);
  const thisMonth = yearMonthOf(now);
  const from = moscowInstant(firstDayOf(addMonths(thisMonth, -1)));
  const to = moscowInstant(firstDayOf(addMonths(thisMonth, 1)));
  const rows = (await q.bookingsOverlapping(ctx.database.db, ids, from, to)).filter(
    (b) => b.status.toLowerCase() !== 'cancelled',
  );
  const repairs = await q.repairsOverlapping(ctx.database.db, ids, now, new Date(now.getTime() + 1));
  const today = moscowDate(now);
  // Rooms are taken while a stay covers this moment; outbuildings when they have a session today.
  const current = rows.filter((b) =>
    part === 'main' ? b.starts_at <= now && b.ends_at > now : moscowDate(b.starts_at) === today,
  );
  const loaded = new Set(current.map((b) => b.unit_id));
  const guestsToday: Record<string, number> = {};
  for (const b of current) {
    const key = String(b.sourceId ?? 'unknown');
    guestsToday[key] = (guestsToday[key] ?? 0) + b.guest_amount;
  }
  const unitsStatus: Record<string, number> = { free: 0, new: 0, checkedin: 0, repair: 0 };
  for (const unit of units) {
    const booking = current.find((b) => b.unit_id === unit.id);
    const status = repairs.some((r) => r.unit_id === unit.id)
      ? 'repair'
      : booking
        ? booking.status.toLowerCase() === 'checkedin'
          ? 'checkedin'
          : 'new'
        : 'free';
    unitsStatus[status] = (unitsStatus[status] ?? 0) + 1;
  }
  const monthFigures = (month: number) => {
    const inMonth = rows.filter((b) => yearMonthOf(b.starts_at) === month);
    const revenue = inMonth.reduce((sum, b) => sum + b.sum_kopecks, 0);
    // Average price of a night for rooms, of an hour for outbuildings.
    const unitsSold = inMonth.reduce(
      (sum, b) =>
        sum +
        Math.max(
          1,
          Math.round(
            (b.ends_at.getTime() - b.starts_at.getTime()) / (part === 'main' ? 86_400_000 : 3_600_000),
          ),
        ),
      0,
    );
    return {
      revenue: kopecksToRubles(revenue),
      average: unitsSold > 0 ? kopecksToRubles(Math.round(revenue / unitsSold)) : 0,
    };
  };
  const current0 = monthFigures(thisMonth);
  const last = monthFigures(addMonths(thisMonth, -1));
  return {
    countOfUnits: units.length,
    loadToday: {
      countOfUnits: loaded.size,
      percentOfUnits: units.length > 0 ? Math.round((loaded.size / units.length) * 10_000) / 100 : 0,
    },
    income: { thisMonth: current0.revenue, lastMonth: last.revenue },
    guestsToday,
    unitsStatus,
    averageRoomPrice: { thisMonth: current0.average, lastMonth: last.average },
  };
}
