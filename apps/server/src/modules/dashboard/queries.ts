import { type Expression, type Kysely, sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import { hiddenFromPlanner, prepared } from '../../db/prepared.ts';
import type { DB } from '../../db/schema.ts';
import { heldLocations, ownedUnitLinks, type Reader } from '../access/service.ts';
import { type LocationUnitRow, locationUnitsQuery } from '../catalogue/service.ts';
import { type OwnedIncomeSummaryRow, ownedIncomeSummaryQuery } from '../income/service.ts';
import { investorLocationQuery } from '../profile/service.ts';

/** A location as a value, or as an expression of the statement (firstScreenRow's choice). */
type LocationId = number | Expression<number>;

/** A month of the occupancy chart: its yyyymm and its bounds in Moscow time. */
export type MonthWindow = { month: number; start: Date; end: Date };

/**
 * Month windows as the statements' parameters: one array each of months, starts and ends, in PostgreSQL's text form
 * of an array (`{…}`), which both drivers send as it is. Given the arrays, the drivers wrote that text anew on every
 * call: 10 of the 182 KB the dashboard's first screen allocated.
 */
type Windows = { months: string; starts: string; ends: string };

/** The parameters of a list of windows, made once a list (the service keeps its lists: dashboard/service.ts). */
const windowsOf = (months: readonly MonthWindow[]): Windows => {
  let made = madeWindows.get(months);
  if (!made) {
    const arrayText = (values: Array<string | number>) => `{${values.join(',')}}`;
    made = {
      months: arrayText(months.map((m) => m.month)),
      starts: arrayText(months.map((m) => m.start.toISOString())),
      ends: arrayText(months.map((m) => m.end.toISOString())),
    };
    madeWindows.set(months, made);
  }
  return made;
};
const madeWindows = new WeakMap<readonly MonthWindow[], Windows>();

/**
 * The month windows of a statement, once each: `whole` when the window is a whole Moscow month. The tz
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
 * The statements below read two relations their statement defines once (`with`): `owned`, the user's owned units in
 * the location (ownedUnitsIn), and a list of month windows, named by the statement (firstScreenRow has two lists).
 * Defined once a statement, not once a part: the dashboard's first screen found the owned units three times
 * (PostgreSQL 0.57–0.63 → 0.49–0.53 ms of a backend's time a call).
 */
type WindowsName = 'windows' | 'actual_windows' | 'graph_windows';

const ownedRelation = (db: Kysely<DB>, userId: number, locationId: LocationId) =>
  sql`owned as (${ownedUnitsIn(db, userId, locationId)})`;

const windowsRelation = (name: WindowsName, p: Windows) =>
  sql`${sql.table(name)} as materialized (${monthWindowsOf(p)})`;

/**
 * The booked time (ms) of the owned unit `o` in each window of `windows`, cancelled bookings left out: a row a month
 * it has booked time in. A whole month reads the total kept by the triggers of migration 061 by its key; any other
 * window sums the unit's bookings. Each branch's condition on the window alone is checked once a window, before any
 * row is read. Asked unit by unit (lateral), so each month is one index lookup: asked for all the owned units at once
 * and joined after, the planner scanned the totals once a unit and month (1.9 → 0.4 ms for two units over 13 months).
 */
const bookedTimeOfUnit = (windows: WindowsName) => sql<{ month: number; booked_ms: number }>`
  select m.month, k.booked_ms
  from ${sql.table(windows)} m
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

/** ownedUnitsBookedTime's rows, from the statement's `owned` and windows. */
const bookedTimeOf = (windows: WindowsName) => sql<UnitBookedTime>`
    select o.unit_id, o.part, b.month, b.booked_ms
    from owned o
    left join lateral (${bookedTimeOfUnit(windows)}) as b on true
    order by o.unit_id, b.month`;

/**
 * The investor's owned units (modules/access) in a location with their booked time in each month window, in one
 * statement (the units and their time in one round trip): a row a unit and month with booked time, and a row with
 * nulls for a unit with none. No rows: the user owns nothing there.
 */
export async function ownedUnitsBookedTime(
  db: Executor,
  userId: number,
  locationId: number,
  months: readonly MonthWindow[],
) {
  return ownedUnitsBookedTimeStatement(db, { userId, locationId, ...windowsOf(months) });
}

const ownedUnitsBookedTimeStatement = prepared(
  'ownedUnitsBookedTime',
  (db, p: Windows & { userId: number; locationId: number }) => sql<UnitBookedTime>`
    with ${ownedRelation(db, p.userId, p.locationId)}, ${windowsRelation('windows', p)}
    ${bookedTimeOf('windows')}`,
);

/**
 * The dashboard's month figures in one round trip: ownedUnitsBookedTime's rows, and the owned units' incomes summed
 * by month over a month range, once (when they came on each unit's and month's row, PostgreSQL built and the driver
 * parsed the list once a row). The statement has no `from`, so it always answers one row; the type says undefined
 * only because a destructured array may be empty.
 */
export async function ownedUnitsMonthFigures(
  db: Executor,
  userId: number,
  locationId: number,
  months: readonly MonthWindow[],
  incomes: { from: number; to: number },
) {
  const [row] = await ownedUnitsMonthFiguresStatement(db, {
    userId,
    locationId,
    ...windowsOf(months),
    ...incomes,
  });
  return row;
}

const ownedUnitsMonthFiguresStatement = prepared(
  'ownedUnitsMonthFigures',
  (db, p: Windows & { userId: number; locationId: number; from: number; to: number }) => sql<MonthFigures>`
    with ${ownedRelation(db, p.userId, p.locationId)}, ${windowsRelation('windows', p)}
    ${monthFiguresOf('windows', p)}`,
);

/**
 * ownedUnitsMonthFigures' answer: the booked time of the owned units (none owned: empty) and their incomes summed by
 * month, as [yyyymm, kopecks] pairs by month.
 */
export type MonthFigures = { booked_time: UnitBookedTime[]; totals: Array<[number, number]> };

/** ownedUnitsMonthFigures' row, from the statement's `owned` and windows. */
const monthFiguresOf = (windows: WindowsName, incomes: { from: number; to: number }) => sql<MonthFigures>`
    select
      (select coalesce(json_agg(b), '[]') from (${bookedTimeOf(windows)}) as b) as booked_time,
      (${monthTotalsOf(incomes)}) as totals`;

/** The `owned` units' incomes summed by month over a month range, as a JSON list of [yyyymm, kopecks] by month. */
const monthTotalsOf = (p: { from: number; to: number }) => sql<Array<[number, number]>>`
    select coalesce(json_agg(json_build_array(t.year_month, t.amount) order by t.year_month), '[]')
    from (
      select i.year_month, sum(i.amount_kopecks) as amount from incomes i
      where i.user_unit_id = any(array(select user_unit_id from owned))
        and i.year_month >= ${p.from} and i.year_month <= ${p.to}
      group by i.year_month
    ) as t`;

/** The user's owned units in a location, with their link and part, for the statements above. */
const ownedUnitsIn = (db: Kysely<DB>, userId: number, locationId: LocationId) =>
  ownedUnitLinks(db, userId)
    .select(['user_units.id as user_unit_id', 'units.id as unit_id', 'units.part'])
    .where('units.location_id', '=', locationId);

/**
 * location-info's answer in one statement: the catalogue entry of a location the reader reads (modules/access, the
 * check in the same statement; null: not the reader's) and the location's units, each as JSON, as firstScreenRow
 * reads them. The units were a statement of their own beside the entry's.
 */
export async function locationInfoRow(db: Executor, reader: Reader, locationId: number) {
  const [row] = await locationInfoRowStatement(db, { userId: reader.userId, locationId });
  return row;
}

const locationInfoRowStatement = prepared(
  'locationInfoRow',
  (db, { userId, locationId }: { userId: number; locationId: number }) =>
    sql<{ entry: LocationEntryRow | null; units: LocationUnitRow[] }>`
      select
        (select to_json(e) from (${readableLocationEntryQuery(db, userId, locationId)}) as e) as entry,
        (select coalesce(json_agg(u), '[]') from (${locationUnitsQuery(db, locationId)}) as u) as units`,
);

const readableLocationEntryQuery = (db: Kysely<DB>, userId: number, locationId: LocationId) =>
  heldLocations(db, userId)
    .select(['locations.id', 'locations.name', 'locations.name_en', 'locations.info'])
    .where('locations.id', '=', locationId);

/** The catalogue entry of locationInfoRow and firstScreenRow. */
export type LocationEntryRow = { id: number; name: string; name_en: string; info: unknown };

/**
 * Everything dashboard/first-screen answers, in one statement: the location it answers for (`chosen`, the
 * profile's rule), and for it the catalogue entry and its units, the income figures, the month figures and the
 * chart's booked time, each part its own call's statement as JSON, so the parts cannot drift from the calls; the
 * owned units and each list of month windows are defined once for all of them. Six statements in two waves before
 * (the location first).
 */
export async function firstScreenRow(
  db: Executor,
  p: {
    userId: number;
    preferred: number | null;
    graph: readonly MonthWindow[];
    actual: readonly MonthWindow[];
    incomes: { from: number; to: number };
  },
) {
  const graph = windowsOf(p.graph);
  const actual = windowsOf(p.actual);
  const [row] = await firstScreenRowStatement(db, {
    userId: p.userId,
    preferred: p.preferred,
    graphMonths: graph.months,
    graphStarts: graph.starts,
    graphEnds: graph.ends,
    actualMonths: actual.months,
    actualStarts: actual.starts,
    actualEnds: actual.ends,
    from: p.incomes.from,
    to: p.incomes.to,
  });
  return row;
}

const firstScreenRowStatement = prepared(
  'firstScreenRow',
  (
    db,
    p: {
      userId: number;
      preferred: number | null;
      graphMonths: string;
      graphStarts: string;
      graphEnds: string;
      actualMonths: string;
      actualStarts: string;
      actualEnds: string;
      from: number;
      to: number;
    },
  ) => {
    const locationId = sql<number>`(select id from chosen)`;
    const { userId } = p;
    return sql<{
      location: number | null;
      entry: LocationEntryRow | null;
      units: LocationUnitRow[];
      summary: OwnedIncomeSummaryRow | null;
      month_figures: MonthFigures;
      booked_time: UnitBookedTime[];
    }>`
      with chosen as (${investorLocationQuery(db, userId, p.preferred)}),
      ${ownedRelation(db, userId, locationId)},
      ${windowsRelation('actual_windows', { months: p.actualMonths, starts: p.actualStarts, ends: p.actualEnds })},
      ${windowsRelation('graph_windows', { months: p.graphMonths, starts: p.graphStarts, ends: p.graphEnds })}
      select
        (select id from chosen) as location,
        (select to_json(e) from (${readableLocationEntryQuery(db, userId, locationId)}) as e) as entry,
        (select coalesce(json_agg(u), '[]') from (${locationUnitsQuery(db, locationId)}) as u) as units,
        (select to_json(s) from (${ownedIncomeSummaryQuery(db, userId, locationId)}) as s) as summary,
        (select to_json(f) from (${monthFiguresOf('actual_windows', p)}) as f) as month_figures,
        (select coalesce(json_agg(g), '[]') from (${bookedTimeOf('graph_windows')}) as g) as booked_time`;
  },
);
