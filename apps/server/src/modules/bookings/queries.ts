import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import { type Reader, readableLocations, unitLinks } from '../access/service.ts';

/** The tabs of the bookings pages: the locations the user reads (modules/access), in id order. */
export async function bookingLocationRows(db: Executor, reader: Reader) {
  return readableLocations(db, reader)
    .select([
      'locations.id',
      'locations.name',
      'locations.name_en',
      'locations.exists_main',
      'locations.exists_periphery',
    ])
    .orderBy('locations.id')
    .execute();
}

/**
 * The units of a location part, the user's own (held) marked, in one statement with the access check: null when the
 * user does not read the location (modules/access), an empty list when it has no units in that part.
 */
export async function unitsOfLocationPart(
  db: Executor,
  reader: Reader,
  locationId: number,
  part: 'main' | 'periphery',
) {
  const rows = await readableLocations(db, reader)
    .leftJoin('units', (join) =>
      join.onRef('units.location_id', '=', 'locations.id').on('units.part', '=', part),
    )
    .select((eb) => [
      'units.id',
      'units.name',
      'units.name_en',
      'units.unit_number',
      'units.unit_type',
      'units.unit_type_en',
      eb('units.id', 'in', unitLinks(db, reader.userId).select('user_units.unit_id')).as('isOwn'),
    ])
    .where('locations.id', '=', locationId)
    .orderBy('units.id')
    .execute();
  if (rows.length === 0) return null;
  return rows.flatMap(({ id, name, name_en, unit_number, unit_type, unit_type_en, isOwn }) =>
    id === null || name === null || name_en === null || unit_type === null || unit_type_en === null
      ? []
      : [{ id, name, name_en, unit_number, unit_type, unit_type_en, isOwn: Boolean(isOwn) }],
  );
}

export async function repairsOverlapping(db: Executor, unitIds: number[], start: Date, end: Date) {
  if (unitIds.length === 0) return [];
  return db
    .selectFrom('repairs')
    .select(['unit_id', 'starts_at', 'ends_at', 'description'])
    .where('unit_id', 'in', unitIds)
    .where('starts_at', '<', end)
    .where('ends_at', '>', start)
    .orderBy('unit_id')
    .orderBy('starts_at')
    .execute();
}

/**
 * An instant as the client's ISO text (`Date#toISOString`: UTC, milliseconds, `Z`), written by the database: the
 * grid only passes its times on, and parsing thousands of them into Date objects to print them again was most of
 * the call's own processor time.
 */
function isoText(column: string): RawBuilder<string> {
  return sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * The bookings that overlap [start, end) for the grid, the times as ISO text: the index on (unit_id, ends_at,
 * starts_at) serves it (migration 021).
 */
export async function gridBookings(db: Executor, unitIds: number[], start: Date, end: Date) {
  if (unitIds.length === 0) return [];
  return db
    .selectFrom('bookings')
    .leftJoin('booking_sources', 'booking_sources.id', 'bookings.source_id')
    .select([
      'bookings.id',
      'bookings.unit_id',
      isoText('bookings.starts_at').as('starts_at'),
      isoText('bookings.ends_at').as('ends_at'),
      'bookings.status',
      'bookings.guest_amount',
      'bookings.paid_kopecks',
      'bookings.sum_kopecks',
      'booking_sources.id as sourceId',
      'booking_sources.name as sourceName',
      'booking_sources.name_en as sourceNameEn',
      'booking_sources.type as sourceType',
    ])
    .where('bookings.unit_id', 'in', unitIds)
    .where('bookings.starts_at', '<', end)
    .where('bookings.ends_at', '>', start)
    .orderBy('bookings.unit_id')
    .orderBy('bookings.starts_at')
    .execute();
}

/** repairsOverlapping for the grid, the times as ISO text. */
export async function gridRepairs(db: Executor, unitIds: number[], start: Date, end: Date) {
  if (unitIds.length === 0) return [];
  return db
    .selectFrom('repairs')
    .select([
      'unit_id',
      isoText('starts_at').as('starts_at'),
      isoText('ends_at').as('ends_at'),
      'description',
    ])
    .where('unit_id', 'in', unitIds)
    .where('starts_at', '<', end)
    .where('ends_at', '>', start)
    .orderBy('unit_id')
    .orderBy('starts_at')
    .execute();
}

/**
 * What the booking statistics count, of the bookings that overlap [start, end): not cancelled, without the grid's
 * source and payment columns, the times as epoch milliseconds (a number is read far more cheaply than a timestamp's
 * text is parsed).
 */
export async function statisticsBookings(db: Executor, unitIds: number[], start: Date, end: Date) {
  if (unitIds.length === 0) return [];
  const rows = await db
    .selectFrom('bookings')
    .select([
      'unit_id',
      'status',
      'guest_amount',
      'sum_kopecks',
      sql<number>`(extract(epoch from starts_at) * 1000)::float8`.as('starts_ms'),
      sql<number>`(extract(epoch from ends_at) * 1000)::float8`.as('ends_ms'),
    ])
    .where('unit_id', 'in', unitIds)
    .where('status', '!=', 'cancelled')
    .where('starts_at', '<', end)
    .where('ends_at', '>', start)
    .orderBy('unit_id')
    .orderBy('starts_at')
    .execute();
  return rows.map(({ starts_ms, ends_ms, ...row }) => ({
    ...row,
    starts_at: new Date(Number(starts_ms)),
    ends_at: new Date(Number(ends_ms)),
  }));
}
