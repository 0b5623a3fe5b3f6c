import { type Kysely, sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import { prepared } from '../../db/prepared.ts';
import type { DB } from '../../db/schema.ts';
import { heldLocations, ownedUnitLinks, type Reader } from '../access/service.ts';

/** A month of the occupancy chart: its yyyymm and its bounds in Moscow time. */
export type MonthWindow = { month: number; start: Date; end: Date };

/** Month windows as the statements' parameters: one array each of months, starts and ends. */
type Windows = { months: number[]; starts: string[]; ends: string[] };

const windows = (months: MonthWindow[]): Windows => ({
  months: months.map((m) => m.month),
  starts: months.map((m) => m.start.toISOString()),
  ends: months.map((m) => m.end.toISOString()),
});

/**
 * The booked time (ms) of each unit of the statement's `owned` in each month window, cancelled bookings left out:
 * one row a unit and month. A window that is a whole Moscow month, as the chart's are, reads the total kept by the
 * triggers of migration 061; any other window sums its bookings. The tz database puts Moscow's month bounds before
 * its last change of offset (October 2014) an hour from the portal's fixed UTC+3, so those months are such windows.
 * The arrays go in through subselects, so the planner does not see their length: seen, two months (actual-data)
 * planned cheaper than its generic plan and the database planned the statement anew on every call, which cost
 * more than running it (PostgreSQL 1.3 → 0.7 ms of processor time a call, PGlite 1.6 → 0.7).
 */
const bookedTimeOfOwned = (p: Windows) => sql<{ month: number; unit_id: number; booked_ms: number }>`
  select m.month, k.unit_id, k.booked_ms
  from unnest((select ${p.months}::int[]), (select ${p.starts}::timestamptz[]), (select ${p.ends}::timestamptz[]))
    as m (month, starts, ends)
  cross join lateral moscow_month(m.month) as w
  -- each branch's condition on the window alone is checked once a window, before any row is read
  cross join lateral (
    select t.unit_id, t.booked_ms from booked_time_by_month t
    where (m.starts, m.ends) = (w.starts, w.ends)
      and t.unit_id = any(array(select unit_id from owned)) and t.year_month = m.month
    union all
    select b.unit_id,
           sum(extract(epoch from least(b.ends_at, m.ends) - greatest(b.starts_at, m.starts)) * 1000)
    from bookings b
    where (m.starts, m.ends) <> (w.starts, w.ends)
      and b.unit_id = any(array(select unit_id from owned)) and b.status != 'cancelled'
      and b.starts_at < m.ends and b.ends_at > m.starts
    group by b.unit_id
  ) as k`;

/** A row of ownedUnitsBookedTime: an owned unit, and a month it has booked time in (none: nulls). */
export type UnitBookedTime = {
  unit_id: number;
  part: 'main' | 'periphery';
  month: number | null;
  booked_ms: number | null;
};

/**
 * The investor's owned units (modules/access) in a location with their booked time in each month window, in one
 * statement (the units and their time in one round trip): a row a unit and month with booked time, and a row with
 * nulls for a unit with none. No rows: the user owns nothing there.
 */
export async function ownedUnitsBookedTime(
  db: Executor,
  userId: number,
  locationId: number,
  months: MonthWindow[],
) {
  return ownedUnitsBookedTimeStatement(db, { userId, locationId, ...windows(months) });
}

const ownedUnitsBookedTimeStatement = prepared(
  'ownedUnitsBookedTime',
  (db, p: Windows & { userId: number; locationId: number }) => sql<UnitBookedTime>`
    with owned as (${ownedUnitsIn(db, p.userId, p.locationId)})
    select o.unit_id, o.part, b.month, b.booked_ms
    from owned o
    left join (${bookedTimeOfOwned(p)}) as b on b.unit_id = o.unit_id
    order by o.unit_id, b.month`,
);

/**
 * ownedUnitsBookedTime's rows, each also carrying the owned units' incomes summed by month over a month range (one
 * list, the same on every row, as [yyyymm, kopecks] pairs): the dashboard's month figures in one round trip.
 */
export async function ownedUnitsMonthFigures(
  db: Executor,
  userId: number,
  locationId: number,
  months: MonthWindow[],
  incomes: { from: number; to: number },
) {
  return ownedUnitsMonthFiguresStatement(db, { userId, locationId, ...windows(months), ...incomes });
}

const ownedUnitsMonthFiguresStatement = prepared(
  'ownedUnitsMonthFigures',
  (db, p: Windows & { userId: number; locationId: number; from: number; to: number }) => sql<
    UnitBookedTime & { totals: Array<[number, number]> }
  >`
    with owned as (${ownedUnitsIn(db, p.userId, p.locationId)}),
    totals as (
      select coalesce(json_agg(json_build_array(t.year_month, t.amount) order by t.year_month), '[]') as totals
      from (
        select i.year_month, sum(i.amount_kopecks) as amount from incomes i
        where i.user_unit_id = any(array(select user_unit_id from owned))
          and i.year_month >= ${p.from} and i.year_month <= ${p.to}
        group by i.year_month
      ) as t
    )
    select o.unit_id, o.part, b.month, b.booked_ms, totals.totals
    from owned o
    cross join totals
    left join (${bookedTimeOfOwned(p)}) as b on b.unit_id = o.unit_id
    order by o.unit_id, b.month`,
);

/** The user's owned units in a location, with their link and part, for the statements above. */
const ownedUnitsIn = (db: Kysely<DB>, userId: number, locationId: number) =>
  ownedUnitLinks(db, userId)
    .select(['user_units.id as user_unit_id', 'units.id as unit_id', 'units.part'])
    .where('units.location_id', '=', locationId);

/** The catalogue entry of a location the reader reads (modules/access), the check in the same statement. */
export async function readableLocationEntry(db: Executor, reader: Reader, locationId: number) {
  const [row] = await readableLocationEntryStatement(db, { userId: reader.userId, locationId });
  return row;
}

const readableLocationEntryStatement = prepared(
  'readableLocationEntry',
  (db, { userId, locationId }: { userId: number; locationId: number }) =>
    heldLocations(db, userId)
      .select(['locations.id', 'locations.name', 'locations.name_en', 'locations.info'])
      .where('locations.id', '=', locationId),
);
