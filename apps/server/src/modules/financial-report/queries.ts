import type { Insertable } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { DB } from '../../db/schema.ts';

/** The one current report is row 1. */
const CURRENT = 1;

export async function currentReportRow(db: Executor) {
  return db.selectFrom('financial_reports').selectAll().where('id', '=', CURRENT).executeTakeFirst();
}

/** The current report's kind and upload, locked for its replacement. */
export async function lockedReportRow(db: Executor) {
  return db
    .selectFrom('financial_reports')
    .select(['kind', 'upload_id', 'title'])
    .where('id', '=', CURRENT)
    .forUpdate()
    .executeTakeFirst();
}

/** Stores the current report, replacing the one before. */
export async function saveReportRow(db: Executor, row: Omit<Insertable<DB['financial_reports']>, 'id'>) {
  await db
    .insertInto('financial_reports')
    .values({ id: CURRENT, ...row })
    .onConflict((c) => c.column('id').doUpdateSet(row))
    .execute();
}

/** Deletes the current report; answers its row, or undefined when there was none. */
export async function deleteReportRow(db: Executor) {
  return db.deleteFrom('financial_reports').where('id', '=', CURRENT).returningAll().executeTakeFirst();
}
