import { type Kysely, sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import { hiddenFromPlanner, prepared } from '../../db/prepared.ts';
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
 * The month windows of a statement, once each (`windows`): `whole` when the window is a whole Moscow month. The tz
 * database puts Moscow's month bounds before its last change of offset (October 2014) an hour from the portal's
 * fixed UTC+3, so those months are not whole. The planner does not see the arrays' length: seen, two months
 * (actual-data) planned cheaper than its generic plan and the database planned the statement anew on every call,
 * which cost more than running it (PostgreSQL 1.3 → 0.7 ms of processor time a call, PGlite 1.6 → 0.7).
 */
const monthWindowsOf = (p: Windows) => sql`
  select m.month, m.starts, m.ends, (m.starts, m.ends) = (w.starts, w.ends) as whole
  from unnest(
    ${hiddenFromPlanner(p.months, 'int[]')},
    ${hiddenFromPlanner(p.starts, 'timestamptz[]')},
    ${hiddenFromPlanner(p.ends, 'timestamptz[]')}
  ) as m (month, starts, ends)
  cross join lateral moscow_month(m.month) as w`;

/**
 * The booked time (ms) of the owned unit `o` in each of `windows`, cancelled bookings left out: a row a month it has
 * booked time in. A whole month reads the total kept by the triggers of migration 061 by its key; any other window
 * sums the unit's bookings. Each branch's condition on the window alone is checked once a window, before any row is
 * read. Asked unit by unit (lateral), so each month is one index lookup: asked for all the owned units at once and
 * joined after, the planner scanned the totals once a unit and month (1.9 → 0.4 ms for two units over 13 months).
 */
const bookedTimeOfUnit = sql<{ month: number; booked_ms: number }>`
  select m.month, k.booked_ms
  from windows m
  cross join lateral (
    select t.booked_ms from booked_time_by_month t
    where m.whole and t.unit_id = o.unit_id and t.year_month = m.month
    union all
    select sum(extract(epoch from least(b.ends_at, m.ends) - greatest(b.starts_at, m.starts)) * 1000)
    from bookings b
    where not m.whole and b.unit_id = o.unit_id and b.status != 'cancelled'
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
    with owned as (${ownedUnitsIn(db, p.userId, p.locationId)}),
    windows as materialized (${monthWindowsOf(p)})
    select o.unit_id, o.part, b.month, b.booked_ms
    from owned o
    left join lateral (${bookedTimeOfUnit}) as b on true
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
    ),
    windows as materialized (${monthWindowsOf(p)})
    select o.unit_id, o.part, b.month, b.booked_ms, totals.totals
    from owned o
    cross join totals
    left join lateral (${bookedTimeOfUnit}) as b on true
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
