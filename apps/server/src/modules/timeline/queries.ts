import type { Executor } from '../../db/executor.ts';
import { type Reader, readableLocations } from '../access/service.ts';

/** A location whose timeline the reader reads, lenders' fixed tabs included (modules/access): one statement. */
export async function readableLocation(db: Executor, reader: Reader, locationId: number) {
  return readableLocations(db, reader, { lenderTabs: true })
    .select(['locations.name', 'locations.name_en'])
    .where('locations.id', '=', locationId)
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
