import type { Executor } from '../../db/executor.ts';

/** Locations where the user owns units, lent against units, or holds a loan. */
export async function bookingLocationRows(db: Executor, userId: number) {
  return db
    .selectFrom('locations')
    .select(['id', 'name', 'name_en', 'exists_main', 'exists_periphery'])
    .where('is_placeholder', '=', false)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('user_units')
            .innerJoin('units', 'units.id', 'user_units.unit_id')
            .select('user_units.id')
            .whereRef('units.location_id', '=', 'locations.id')
            .where('user_units.user_id', '=', userId),
        ),
        eb.exists(
          eb
            .selectFrom('loans')
            .select('loans.id')
            .whereRef('loans.location_id', '=', 'locations.id')
            .where('loans.user_id', '=', userId),
        ),
      ]),
    )
    .orderBy('id')
    .execute();
}

export async function unitsOfLocationPart(
  db: Executor,
  userId: number,
  locationId: number,
  part: 'main' | 'periphery',
) {
  return db
    .selectFrom('units')
    .select([
      'units.id',
      'units.name',
      'units.name_en',
      'units.unit_number',
      'units.unit_type',
      'units.unit_type_en',
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom('user_units')
              .select('user_units.id')
              .whereRef('user_units.unit_id', '=', 'units.id')
              .where('user_units.user_id', '=', userId),
          )
          .as('isOwn'),
    ])
    .where('units.location_id', '=', locationId)
    .where('units.part', '=', part)
    .orderBy('units.id')
    .execute();
}

/** Bookings that overlap [start, end): the index on (unit_id, ends_at, starts_at) serves it (migration 021). */
export async function bookingsOverlapping(db: Executor, unitIds: number[], start: Date, end: Date) {
  if (unitIds.length === 0) return [];
  return db
    .selectFrom('bookings')
    .leftJoin('booking_sources', 'booking_sources.id', 'bookings.source_id')
    .select([
      'bookings.id',
      'bookings.unit_id',
      'bookings.starts_at',
      'bookings.ends_at',
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
