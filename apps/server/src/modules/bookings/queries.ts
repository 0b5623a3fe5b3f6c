import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import { hiddenFromPlanner, prepared } from '../../db/prepared.ts';
import { heldLocations, type Reader, unitLinks } from '../access/service.ts';

/** The tabs of the bookings pages: the locations the user reads (modules/access), in id order. */
export const bookingLocationRows = (db: Executor, reader: Reader) =>
  bookingLocationRowsStatement(db, { userId: reader.userId });

const bookingLocationRowsStatement = prepared('bookingLocationRows', (db, { userId }: { userId: number }) =>
  heldLocations(db, userId)
    .select([
      'locations.id',
      'locations.name',
      'locations.name_en',
      'locations.exists_main',
      'locations.exists_periphery',
    ])
    .orderBy('locations.id'),
);

/**
 * An instant as the client's ISO text (`Date#toISOString`: UTC, milliseconds, `Z`), written by the database: the
 * grid only passes its times on. Migration 064's `booking_grid_head` writes a booking's times the same way (a
 * migration cannot call this); bookings.test.ts compares both with `toISOString`.
 */
function isoText(column: string): RawBuilder<string> {
  return sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * The grid of a location part as the JSON text of the answer's groups (bookingGroupSchema: fields in the contract's
 * order), written by the database: its units grouped by type in the order of each type's first unit, the user's own
 * (held) marked, each with its bookings and repairs that overlap [start, end). A 60-day grid holds hundreds of
 * bookings, which Node no longer parses, builds and joins one by one. One statement with the access check: null when
 * the user does not read the location (modules/access), an empty text when it has no units in that part. The index on
 * (unit_id, ends_at, starts_at) serves the bookings (migration 021); each booking's JSON and each source's are kept
 * with their rows (migrations 064, 065), and the repairs, a few a unit, are read in one pass for all the units.
 */
export async function gridGroups(
  db: Executor,
  reader: Reader,
  locationId: number,
  part: 'main' | 'periphery',
  window: { start: Date; end: Date },
): Promise<string | null> {
  const [row] = await gridGroupsStatement(db, { userId: reader.userId, locationId, part, ...window });
  return row?.readable ? row.groups : null;
}

const gridGroupsStatement = prepared(
  'gridGroups',
  (db, p: { userId: number; locationId: number; part: 'main' | 'periphery'; start: Date; end: Date }) => {
    // A readable location's row with null unit columns when the part has no units (a left join).
    const units = heldLocations(db, p.userId)
      .leftJoin('units', (join) =>
        join.onRef('units.location_id', '=', 'locations.id').on('units.part', '=', p.part),
      )
      .select((eb) => [
        'units.id',
        'units.name',
        'units.name_en',
        'units.unit_number',
        'units.unit_type',
        'units.unit_type_en',
        eb('units.id', 'in', unitLinks(db, p.userId).select('user_units.unit_id')).as('isOwn'),
      ])
      .where('locations.id', '=', p.locationId);
    const [start, end] = [hiddenFromPlanner(p.start, 'timestamptz'), hiddenFromPlanner(p.end, 'timestamptz')];
    return sql<{ readable: boolean; groups: string }>`
      with unit as materialized (${units}),
      -- The repairs of all the units in one pass: a few a unit, found by one scan rather than one scan a unit.
      -- Materialized: inlined, the planner joined it to each unit by a nested loop that sorted and grouped every
      -- repair once a unit (12 units: 0.28 of the statement's 0.9 ms, and growing with units × repairs).
      repair_text as materialized (
        select r.unit_id, '[' || string_agg(
            '{"startDateTime":"' || ${isoText('r.starts_at')}
            || '","endDateTime":"' || ${isoText('r.ends_at')}
            || '","description":' || to_json(r.description)::text
            || '}', ',' order by r.starts_at, r.id) || ']' as text
        from repairs r
        where r.unit_id in (select id from unit) and r.starts_at < ${end} and r.ends_at > ${start}
        group by r.unit_id
      ),
      unit_text as (
        select unit.id, unit.unit_type, unit.unit_type_en,
          '{"id":' || unit.id || ',"name":' || to_json(unit.name)::text || ',"nameEn":' || to_json(unit.name_en)::text
          || ',"unitNumber":' || coalesce(to_json(unit.unit_number)::text, 'null')
          || ',"isOwn":' || unit."isOwn"::text
          || ',"bookings":' || coalesce((select '[' || string_agg(
              -- The booking's JSON and its source's are kept with their rows (migrations 064, 065).
              b.grid_head || coalesce(s.grid_text, 'null') || b.grid_tail, ',' order by b.starts_at, b.id) || ']'
            from bookings b left join booking_sources s on s.id = b.source_id
            where b.unit_id = unit.id and b.starts_at < ${end} and b.ends_at > ${start}), '[]')
          || ',"repairs":' || coalesce(repair_text.text, '[]')
          || '}' as text
        from unit left join repair_text on repair_text.unit_id = unit.id
        where unit.id is not null
      ),
      group_text as (
        select min(id) as first_unit,
          '{"name":' || to_json(unit_type)::text
          || ',"nameEn":' || to_json((array_agg(unit_type_en order by id))[1])::text
          || ',"units":[' || string_agg(text, ',' order by id) || ']}' as text
        from unit_text
        group by unit_type
      )
      select exists (select from unit) as readable,
        coalesce((select string_agg(text, ',' order by first_unit) from group_text), '') as groups`;
  },
);

/** The instants the booking statistics are counted at: now, the Moscow day and the months around it. */
export type StatisticsInstants = {
  now: Date;
  today: Date;
  tomorrow: Date;
  lastMonth: Date;
  thisMonth: Date;
  nextMonth: Date;
};

/**
 * The booking statistics of a location part, counted by the database in one statement with the access check:
 * undefined when the user does not read the location (modules/access). Cancelled bookings count nowhere. Today: the
 * units, those taken (rooms by a stay covering now, outbuildings by a session starting today) and their guests by
 * where they are in the stay, the units by status. The months: revenue and average price (kopecks) of the stays
 * that start in this and in last (Moscow) month, as the contract's averagePrice counts them.
 */
export async function statisticsFigures(
  db: Executor,
  reader: Reader,
  locationId: number,
  part: 'main' | 'periphery',
  at: StatisticsInstants,
) {
  const [row] = await statisticsStatements[part](db, { userId: reader.userId, locationId, ...at });
  return row;
}

/** One prepared statement a part: what is counted as taken today, and the slot a stay is sold by, differ. */
const statisticsStatements = {
  main: statisticsStatement('main'),
  periphery: statisticsStatement('periphery'),
};

function statisticsStatement(part: 'main' | 'periphery') {
  return prepared(
    `bookingStatistics_${part}`,
    (db, at: { userId: number; locationId: number } & StatisticsInstants) => {
      // ×100 the demo's bookings, planned for each call's instants: 2.0 ms a call; with the generic plan 0.9.
      const instant = (value: Date) => hiddenFromPlanner(value, 'timestamptz');
      const [now, today, tomorrow] = [instant(at.now), instant(at.today), instant(at.tomorrow)];
      const [lastMonth, thisMonth, nextMonth] = [
        instant(at.lastMonth),
        instant(at.thisMonth),
        instant(at.nextMonth),
      ];
      const location = heldLocations(db, at.userId)
        .where('locations.id', '=', at.locationId)
        .select('locations.id');
      // The bounds on ends_at follow from the others (a stay ends after it starts): they let the index on
      // (unit_id, ends_at, starts_at) skip the history.
      const taking =
        part === 'main'
          ? sql`bookings.starts_at <= ${now} and bookings.ends_at > ${now}`
          : sql`bookings.starts_at >= ${today} and bookings.starts_at < ${tomorrow} and bookings.ends_at > ${today}`;
      // A stay is sold by the night (rooms) or the hour (outbuildings), at least one; numeric rounds half up as
      // Math.round does (float8 would round half to even).
      const slotSeconds = sql.lit(part === 'main' ? 86_400 : 3_600);
      return sql<{
        units: number;
        loaded: number;
        free: number;
        booked: number;
        checkedin: number;
        repair: number;
        arriving: number;
        staying: number;
        departing: number;
        revenue_this_month: number;
        revenue_last_month: number;
        average_this_month: number;
        average_last_month: number;
      }>`
    with location as ${location},
    unit as (
      select units.id from units join location on location.id = units.location_id where units.part = ${sql.lit(part)}
    ),
    -- Unit by unit through the index; "offset 0" keeps the planner from joining all the bookings instead: without
    -- it the generic plan scanned every booking of every location (0.76 → 0.32 ms on the demo, and growing with the
    -- history).
    taken as (
      select unit.id as unit_id, b.status, b.guest_amount, b.starts_at, b.ends_at
      from unit
      cross join lateral (
        select bookings.status, bookings.guest_amount, bookings.starts_at, bookings.ends_at
        from bookings
        where bookings.unit_id = unit.id and bookings.status <> 'cancelled' and ${taking}
        offset 0
      ) as b
    ),
    -- Materialized: each unit's subqueries run once, not once for each count below.
    unit_today as materialized (
      select
        exists (
          select from repairs
          where repairs.unit_id = unit.id and repairs.starts_at <= ${now} and repairs.ends_at > ${now}
        ) as repaired,
        -- A unit taken twice has the status of the earlier stay.
        (select taken.status from taken where taken.unit_id = unit.id order by taken.starts_at limit 1) as status
      from unit
    ),
    sold as (
      select
        bookings.starts_at >= ${thisMonth} as this_month,
        bookings.sum_kopecks,
        greatest(1, round(extract(epoch from bookings.ends_at - bookings.starts_at)::numeric / ${slotSeconds})) as slots
      from bookings
      where bookings.unit_id in (select id from unit) and bookings.status <> 'cancelled'
        and bookings.starts_at >= ${lastMonth} and bookings.starts_at < ${nextMonth}
        and bookings.ends_at > ${lastMonth}
    )
    select unit_counts.*, guests.*, months.*
    from location,
      (select
        count(*) as units,
        count(status) as loaded,
        count(*) filter (where not repaired and status is null) as free,
        count(*) filter (where not repaired and status <> 'checkedin') as booked,
        count(*) filter (where not repaired and status = 'checkedin') as checkedin,
        count(*) filter (where repaired) as repair
      from unit_today) as unit_counts,
      -- A stay of today started before tomorrow and ends after today began.
      (select
        coalesce(sum(guest_amount) filter (where starts_at >= ${today}), 0) as arriving,
        coalesce(sum(guest_amount) filter (where starts_at < ${today} and ends_at >= ${tomorrow}), 0) as staying,
        coalesce(sum(guest_amount) filter (where starts_at < ${today} and ends_at < ${tomorrow}), 0) as departing
      from taken) as guests,
      (select
        coalesce(sum(sum_kopecks) filter (where this_month), 0) as revenue_this_month,
        coalesce(sum(sum_kopecks) filter (where not this_month), 0) as revenue_last_month,
        coalesce(round(sum(sum_kopecks) filter (where this_month) / sum(slots) filter (where this_month)), 0)
          as average_this_month,
        coalesce(round(sum(sum_kopecks) filter (where not this_month) / sum(slots) filter (where not this_month)), 0)
          as average_last_month
      from sold) as months`;
    },
  );
}
