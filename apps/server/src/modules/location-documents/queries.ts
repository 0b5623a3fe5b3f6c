import type { Insertable, Updateable } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { DB } from '../../db/schema.ts';

/** Documents of the locations with their location, category and file name, newest first. */
function documentQuery(db: Executor) {
  return db
    .selectFrom('location_documents as d')
    .innerJoin('document_categories as c', 'c.id', 'd.category_id')
    .innerJoin('locations as l', 'l.id', 'd.location_id')
    .leftJoin('uploads as f', 'f.id', 'd.upload_id')
    .select([
      'd.id',
      'd.location_id',
      'd.category_id',
      'd.number',
      'd.document_date',
      'd.description',
      'd.description_en',
      'd.upload_id',
      'd.created_at',
      'l.name as locationName',
      'l.name_en as locationNameEn',
      'c.name as categoryName',
      'c.name_en as categoryNameEn',
      'f.original_name as fileName',
    ]);
}

export type LocationDocumentRow = Awaited<ReturnType<ReturnType<typeof documentQuery>['execute']>>[number];

export async function documentsOf(db: Executor, locationId: number | undefined, limit: number) {
  let query = documentQuery(db);
  if (locationId !== undefined) query = query.where('d.location_id', '=', locationId);
  return query.orderBy('d.document_date', 'desc').orderBy('d.id', 'desc').limit(limit).execute();
}

/** Every document, oldest first (the import's export). */
export async function allDocuments(db: Executor) {
  return db.selectFrom('location_documents').selectAll().orderBy('id').execute();
}

export async function documentById(db: Executor, id: number) {
  return documentQuery(db).where('d.id', '=', id).executeTakeFirst();
}

/** The oldest document of a location's category with that number (the import's key). */
export async function documentByNumber(db: Executor, locationId: number, categoryId: number, number: string) {
  return db
    .selectFrom('location_documents')
    .selectAll()
    .where('location_id', '=', locationId)
    .where('category_id', '=', categoryId)
    .where('number', '=', number)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** A document's row, locked for a change. */
export async function lockDocument(db: Executor, id: number) {
  return db.selectFrom('location_documents').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function insertDocument(db: Executor, row: Insertable<DB['location_documents']>) {
  const doc = await db.insertInto('location_documents').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(doc.id);
}

export async function updateDocument(db: Executor, id: number, row: Updateable<DB['location_documents']>) {
  await db.updateTable('location_documents').set(row).where('id', '=', id).execute();
}

export async function deleteDocument(db: Executor, id: number) {
  return db
    .deleteFrom('location_documents')
    .where('id', '=', id)
    .returning(['id', 'location_id', 'category_id', 'number', 'upload_id'])
    .executeTakeFirst();
}

/** Whether the upload is the file of a location's document (the console's download). */
export async function isLocationDocumentFile(db: Executor, uploadId: number) {
  const row = await db
    .selectFrom('location_documents')
    .select('id')
    .where('upload_id', '=', uploadId)
    .executeTakeFirst();
  return row !== undefined;
}
