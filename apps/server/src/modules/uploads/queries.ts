import type { Insertable } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { DB } from '../../db/schema.ts';

export async function insertUploadRow(db: Executor, row: Insertable<DB['uploads']>): Promise<number> {
  const inserted = await db.insertInto('uploads').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/** Deletes the rows; answers their storage keys. */
export async function deleteUploadRows(db: Executor, ids: number[]): Promise<string[]> {
  const rows = await db.deleteFrom('uploads').where('id', 'in', ids).returning('storage_key').execute();
  return rows.map((r) => r.storage_key);
}

export async function mimeTypeOfUpload(db: Executor, key: string, kind: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('uploads')
    .select('mime_type')
    .where('storage_key', '=', key)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row?.mime_type;
}
