import { type Insertable, sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { DB } from '../../db/schema.ts';

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

export async function reportLocation(db: Executor, locationId: number) {
  return db
    .selectFrom('locations')
    .select('id')
    .where('id', '=', locationId)
    .where('is_placeholder', '=', false)
    .executeTakeFirst();
}

export async function unitInLocation(db: Executor, unitId: number, locationId: number) {
  return db
    .selectFrom('units')
    .select('id')
    .where('id', '=', unitId)
    .where('location_id', '=', locationId)
    .executeTakeFirst();
}

/** A page of a location's reports (whole-location and units'), newest first, with the unit's name. */
export async function locationReports(db: Executor, locationId: number, limit: number, offset: number) {
  return db
    .selectFrom('media_reports as r')
    .leftJoin('units as u', 'u.id', 'r.unit_id')
    .selectAll('r')
    .select(['u.name as unit_name', 'u.name_en as unit_name_en'])
    .where('r.location_id', '=', locationId)
    .orderBy('r.report_date', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countLocationReports(db: Executor, locationId: number) {
  const row = await db
    .selectFrom('media_reports')
    .select(sql<number>`count(*)`.as('n'))
    .where('location_id', '=', locationId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function mediaOf(db: Executor, reportIds: number[]) {
  if (reportIds.length === 0) return [];
  return db
    .selectFrom('media_report_uploads')
    .select(['id', 'report_id', 'public_url', 'mime_type'])
    .where('report_id', 'in', reportIds)
    .orderBy('report_id')
    .orderBy('position')
    .execute();
}

/** A report as it stands, locked for the rest of the transaction (the audit log compares it with the change). */
export async function reportForUpdate(db: Executor, reportId: number) {
  return db.selectFrom('media_reports').selectAll().where('id', '=', reportId).forUpdate().executeTakeFirst();
}

/** Locks the report row, so concurrent uploads to it take distinct positions. */
export async function lockReport(db: Executor, reportId: number) {
  return db
    .selectFrom('media_reports')
    .select(['id', 'title'])
    .where('id', '=', reportId)
    .forUpdate()
    .executeTakeFirst();
}

export async function nextPosition(db: Executor, reportId: number) {
  const row = await db
    .selectFrom('media_report_uploads')
    .select(sql<number>`coalesce(max(position), -1) + 1`.as('next'))
    .where('report_id', '=', reportId)
    .executeTakeFirstOrThrow();
  return Number(row.next);
}

/** Storage keys of the files uploaded to a report (demo media have none). */
export async function uploadKeysOf(db: Executor, reportId: number) {
  return db
    .selectFrom('media_report_uploads as m')
    .innerJoin('uploads as up', 'up.id', 'm.upload_id')
    .select(['up.id', 'up.storage_key'])
    .where('m.report_id', '=', reportId)
    .execute();
}

export async function deleteUploads(db: Executor, ids: number[]) {
  if (ids.length === 0) return;
  await db.deleteFrom('uploads').where('id', 'in', ids).execute();
}

export async function reportUpload(db: Executor, storageKey: string) {
  return db
    .selectFrom('uploads')
    .select('mime_type')
    .where('storage_key', '=', storageKey)
    .where('kind', '=', 'report-media')
    .executeTakeFirst();
}

/** Inserts (id undefined) or updates a report; answers its id, or undefined when the id is not there. */
export async function saveReportRow(
  db: Executor,
  id: number | undefined,
  row: Insertable<DB['media_reports']>,
) {
  const saved =
    id === undefined
      ? await db.insertInto('media_reports').values(row).returning('id').executeTakeFirstOrThrow()
      : await db
          .updateTable('media_reports')
          .set(row)
          .where('id', '=', id)
          .returning('id')
          .executeTakeFirst();
  return saved?.id;
}

export async function deleteReportRow(db: Executor, id: number) {
  await db.deleteFrom('media_reports').where('id', '=', id).execute();
}

/** The uploads row of a report's file; answers its id. */
export async function insertMediaUpload(db: Executor, row: Insertable<DB['uploads']>) {
  const upload = await db.insertInto('uploads').values(row).returning('id').executeTakeFirstOrThrow();
  return upload.id;
}

export async function insertReportMedia(db: Executor, row: Insertable<DB['media_report_uploads']>) {
  return db.insertInto('media_report_uploads').values(row).returning('id').executeTakeFirstOrThrow();
}

/** Deletes one file of a report; answers its upload and URL, or undefined when it was not there. */
export async function deleteReportMedia(db: Executor, reportId: number, mediaId: number) {
  return db
    .deleteFrom('media_report_uploads')
    .where('id', '=', mediaId)
    .where('report_id', '=', reportId)
    .returning(['upload_id', 'public_url'])
    .executeTakeFirst();
}

/** Deletes an uploads row; answers its storage key, or undefined when it was not there. */
export async function deleteUpload(db: Executor, id: number) {
  return db.deleteFrom('uploads').where('id', '=', id).returning('storage_key').executeTakeFirst();
}

/** A location's names, for the owners' event of a new report. */
export async function reportPlaceName(db: Executor, locationId: number) {
  return db
    .selectFrom('locations')
    .select(['name', 'name_en'])
    .where('id', '=', locationId)
    .executeTakeFirst();
}
