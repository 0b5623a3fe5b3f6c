import type { Executor } from '../../db/executor.ts';

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
