import type { Executor } from '../../db/executor.ts';
import { type Reader, readableLocationIds } from '../access/service.ts';

export async function inspectionsOfLocation(db: Executor, locationId: number) {
  return db
    .selectFrom('inspections')
    .leftJoin('inspection_checks', 'inspection_checks.inspection_id', 'inspections.id')
    .select((eb) => [
      'inspections.id',
      'inspections.pattern_name',
      'inspections.pattern_name_en',
      'inspections.list_name',
      'inspections.list_name_en',
      'inspections.kind',
      'inspections.inspection_date',
      'inspections.is_completed',
      eb.fn.count<number>('inspection_checks.id').as('total'),
      eb.fn
        .count<number>('inspection_checks.id')
        .filterWhere('inspection_checks.status', '=', 1)
        .as('passed'),
    ])
    .where('inspections.location_id', '=', locationId)
    .groupBy('inspections.id')
    .orderBy('inspections.inspection_date')
    .execute();
}

/** An inspection of a location the reader reads (modules/access), with the check in the same statement. */
export async function inspectionById(db: Executor, reader: Reader, id: number) {
  return db
    .selectFrom('inspections')
    .selectAll()
    .where('id', '=', id)
    .where('location_id', 'in', readableLocationIds(db, reader))
    .executeTakeFirst();
}

export async function checksOf(db: Executor, inspectionId: number) {
  return db
    .selectFrom('inspection_checks')
    .selectAll()
    .where('inspection_id', '=', inspectionId)
    .orderBy('position')
    .execute();
}
