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
