import {
  type BookingLocations,
  type BookingStatistic,
  type BookingsResponse,
  GUEST_CATEGORY_IDS,
  UNIT_STATUS_IDS,
} from '@portal/contract/bookings';
import { occupancy } from '@portal/contract/money-rules';
import { firstDayOf, nextMonth, previousMonth, yearMonthOf } from '@portal/contract/periods';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { jsonText } from '../../http/serializer.ts';
import { portalNow } from '../../shared/clock.ts';
import { toRubles } from '../../shared/money.ts';
import { addDays, moscowDate, moscowInstant } from '../../shared/time.ts';
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

/**
 * GET bookings / bookings-periphery: units grouped by type (in the order of their first unit) with the bookings and
 * repairs of the window, of any location the user reads (modules/access; others are 404). The groups come from the
 * database as the answer's JSON text, in one statement (q.gridGroups), and the answer goes out as its text (jsonText:
 * tests check it against the contract's serializer).
 */
export async function bookings(
  ctx: AppContext,
  session: Session,
  query: { location: number; startDate: string; endDate: string },
  part: Part,
): Promise<BookingsResponse> {
  const start = new Date(query.startDate);
  const end = new Date(query.endDate);
  const groups = await q.gridGroups(ctx.database.db, session, query.location, part, { start, end });
  if (groups === null) throw notFound();
  return jsonText<BookingsResponse>(
    `{"startDate":${JSON.stringify(start.toISOString())},"endDate":${JSON.stringify(end.toISOString())},` +
      `"groups":[${groups}]}`,
  );
}

/**
 * The summary blocks of the bookings page for today (Moscow): load, income and average price of this and last
 * month, guests by source and units by status, all counted by the database. Cancelled bookings count nowhere.
 */
export async function bookingStatistics(
  ctx: AppContext,
  session: Session,
  locationId: number,
  part: Part,
  now = portalNow(ctx.config.portalToday),
): Promise<BookingStatistic> {
  const today = moscowDate(now);
  const thisMonth = yearMonthOf(now);
  const figures = await q.statisticsFigures(ctx.database.db, session, locationId, part, {
    now,
    today: moscowInstant(today),
    tomorrow: moscowInstant(addDays(today, 1)),
    lastMonth: moscowInstant(firstDayOf(previousMonth(thisMonth))),
    thisMonth: moscowInstant(firstDayOf(thisMonth)),
    nextMonth: moscowInstant(firstDayOf(nextMonth(thisMonth))),
  });
  if (!figures) throw notFound();
  return {
    countOfUnits: figures.units,
    loadToday: {
      countOfUnits: figures.loaded,
      // Each unit is taken (1) or free (0) of 1.
      percentOfUnits: occupancy(
        Array.from({ length: figures.units }, (_, i) => ({
          booked: i < figures.loaded ? 1 : 0,
          available: 1,
        })),
      ),
    },
    income: {
      thisMonth: toRubles(figures.revenue_this_month),
      lastMonth: toRubles(figures.revenue_last_month),
    },
    // Keyed by the contract's ids (the spec's entities: guests by category id, units by status id).
    guestsToday: byId(GUEST_CATEGORY_IDS, figures),
    unitsStatus: byId(UNIT_STATUS_IDS, figures),
    averageRoomPrice: {
      thisMonth: toRubles(figures.average_this_month),
      lastMonth: toRubles(figures.average_last_month),
    },
  };
}

/** Counts named as the keys of `ids`, keyed by their ids instead: every id is present. */
function byId<K extends string>(
  ids: Record<K, number>,
  counts: Record<NoInfer<K>, number>,
): Record<string, number> {
  return Object.fromEntries(Object.entries<number>(ids).map(([key, id]) => [String(id), counts[key as K]]));
}
