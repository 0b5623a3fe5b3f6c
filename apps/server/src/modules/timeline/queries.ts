import type { Executor } from '../../db/executor.ts';

/** The user's own link to a unit (owned or lent against): get-timeline names it by its id. */
export async function userUnitOf(db: Executor, userId: number, userUnitId: number) {
  return db
    .selectFrom('user_units')
    .select(['id', 'unit_id'])
    .where('id', '=', userUnitId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function holdsUnit(db: Executor, userId: number, unitId: number) {
  const row = await db
    .selectFrom('user_units')
    .select('id')
    .where('unit_id', '=', unitId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function ownsUnitIn(db: Executor, userId: number, locationId: number) {
  const row = await db
    .selectFrom('user_units')
    .innerJoin('units', 'units.id', 'user_units.unit_id')
    .select('user_units.id')
    .where('user_units.user_id', '=', userId)
    .where('user_units.relation', '=', 'owner')
    .where('units.location_id', '=', locationId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function locationOf(db: Executor, locationId: number) {
  return db
    .selectFrom('locations')
    .select(['name', 'name_en'])
    .where('id', '=', locationId)
    .where('is_placeholder', '=', false)
    .executeTakeFirst();
}

export async function unitTimeline(db: Executor, unitId: number) {
  return db.selectFrom('unit_timelines').selectAll().where('unit_id', '=', unitId).executeTakeFirst();
}

export async function unitStages(db: Executor, unitId: number) {
  return db
    .selectFrom('unit_timeline_stages')
    .selectAll()
    .where('unit_id', '=', unitId)
    .orderBy('seq')
    .execute();
}

export async function locationStages(db: Executor, locationId: number, kind: 'location' | 'periphery') {
  return db
    .selectFrom('location_timeline_stages')
    .selectAll()
    .where('location_id', '=', locationId)
    .where('kind', '=', kind)
    .orderBy('seq')
    .execute();
}

/** Reports of a unit, or the whole-location reports (no unit) of a location; newest first. */
export async function reports(db: Executor, of: { unitId: number } | { locationId: number }) {
  let query = db.selectFrom('media_reports').selectAll();
  query =
    'unitId' in of
      ? query.where('unit_id', '=', of.unitId)
      : query.where('location_id', '=', of.locationId).where('unit_id', 'is', null);
  return query.orderBy('report_date', 'desc').orderBy('id', 'desc').execute();
}

export async function uploadsOf(db: Executor, reportIds: number[]) {
  if (reportIds.length === 0) return [];
  return db
    .selectFrom('media_report_uploads')
    .selectAll()
    .where('report_id', 'in', reportIds)
    .orderBy('report_id')
    .orderBy('position')
    .execute();
}
