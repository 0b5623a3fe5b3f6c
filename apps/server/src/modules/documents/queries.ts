import { DOCUMENT_STATUSES } from '@portal/contract/documents';
import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { DB } from '../../db/schema.ts';
import { type Reader, readableLocationIds, unitLinks } from '../access/service.ts';

export async function categories(db: Executor) {
  return db
    .selectFrom('document_categories')
    .select(['id', 'name', 'name_en'])
    .where('archived_at', 'is', null)
    .orderBy('name')
    .execute();
}

export async function categoryById(db: Executor, id: number) {
  return db
    .selectFrom('document_categories')
    .select(['id', 'name', 'name_en'])
    .where('id', '=', id)
    .where('archived_at', 'is', null)
    .executeTakeFirst();
}

/** The user's documents with category, location, unit and file name, for the caller to narrow. */
export function userDocumentQuery(db: Executor) {
  return db
    .selectFrom('documents as d')
    .innerJoin('document_categories as c', 'c.id', 'd.category_id')
    .leftJoin('locations as l', 'l.id', 'd.location_id')
    .leftJoin('units as u', 'u.id', 'd.unit_id')
    .leftJoin('locations as ul', 'ul.id', 'u.location_id')
    .leftJoin('uploads as f', 'f.id', 'd.upload_id')
    .select([
      'd.id',
      'd.user_id',
      'd.document_date',
      'd.created_at',
      'd.status_id',
      'd.number',
      'd.description',
      'd.description_en',
      'd.upload_id',
      'd.signed_upload_id',
      'd.diadoc_url',
      'd.return_comment',
      'c.id as categoryId',
      'c.name as categoryName',
      'c.name_en as categoryNameEn',
      'l.id as locationId',
      'l.name as locationName',
      'l.name_en as locationNameEn',
      'u.id as unitId',
      'u.name as unitName',
      'u.name_en as unitNameEn',
      'u.unit_number as unitNumber',
      'ul.id as unitLocationId',
      'ul.name as unitLocationName',
      'ul.name_en as unitLocationNameEn',
      'f.original_name as fileName',
    ]);
}

export type UserDocumentRow = Awaited<ReturnType<ReturnType<typeof userDocumentQuery>['execute']>>[number];

/** A user's documents, newest first, at most `limit`. */
export async function documentsOfUser(db: Executor, userId: number, limit: number) {
  return userDocumentQuery(db)
    .where('d.user_id', '=', userId)
    .orderBy('d.document_date', 'desc')
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute();
}

export async function userDocumentById(db: Executor, id: number) {
  return userDocumentQuery(db).where('d.id', '=', id).executeTakeFirstOrThrow();
}

/** Documents of the locations the reader reads (modules/access), newest first, at most `limit`. */
export async function locationDocumentsOf(db: Executor, reader: Reader, limit: number) {
  return db
    .selectFrom('location_documents as d')
    .innerJoin('document_categories as c', 'c.id', 'd.category_id')
    .innerJoin('locations as l', 'l.id', 'd.location_id')
    .leftJoin('uploads as f', 'f.id', 'd.upload_id')
    .select([
      'd.id',
      'd.document_date',
      'd.created_at',
      'd.number',
      'd.description',
      'd.description_en',
      'd.upload_id',
      'c.id as categoryId',
      'c.name as categoryName',
      'c.name_en as categoryNameEn',
      'l.id as locationId',
      'l.name as locationName',
      'l.name_en as locationNameEn',
      'f.original_name as fileName',
    ])
    .where('d.location_id', 'in', readableLocationIds(db, reader))
    .orderBy('d.document_date', 'desc')
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute();
}

export async function insertUpload(db: Executor, row: Insertable<DB['uploads']>) {
  const upload = await db.insertInto('uploads').values(row).returning('id').executeTakeFirstOrThrow();
  return upload.id;
}

export async function uploadById(db: Executor, id: number) {
  return db
    .selectFrom('uploads')
    .select(['storage_key', 'original_name'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The user's own document whose file (not the signed copy) is that upload. */
export async function ownDocumentByUpload(db: Executor, userId: number, uploadId: number) {
  return db
    .selectFrom('documents')
    .select(['id', 'status_id', 'signed_upload_id'])
    .where('user_id', '=', userId)
    .where('upload_id', '=', uploadId)
    .executeTakeFirst();
}

/** Moves a document waiting for the signature to 'in progress' with the signed copy; false when it no longer waits. */
export async function markSigned(db: Executor, documentId: number, signedUploadId: number) {
  const updated = await db
    .updateTable('documents')
    .set({
      status_id: DOCUMENT_STATUSES.inProgress,
      signed_upload_id: signedUploadId,
      signed_at: new Date(),
      return_comment: null,
    })
    .where('id', '=', documentId)
    .where('status_id', '=', DOCUMENT_STATUSES.needsSignature)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** A document of any owner by id, locked for the manager's decision on its signed copy. */
export async function documentForReview(db: Executor, documentId: number) {
  return db
    .selectFrom('documents as d')
    .innerJoin('document_categories as c', 'c.id', 'd.category_id')
    .select([
      'd.id',
      'd.user_id',
      'd.status_id',
      'd.number',
      'd.signed_upload_id',
      'c.name as categoryName',
      'c.name_en as categoryNameEn',
    ])
    .where('d.id', '=', documentId)
    .forUpdate('d')
    .executeTakeFirst();
}

/** The manager's decision on a signed copy: signed (done), or returned (needs the signature again) with a comment. */
export async function setReviewOutcome(
  db: Executor,
  documentId: number,
  outcome: { statusId: number; returnComment: string | null },
) {
  await db
    .updateTable('documents')
    .set({ status_id: outcome.statusId, return_comment: outcome.returnComment })
    .where('id', '=', documentId)
    .execute();
}

export async function countAwaitingSignature(db: Executor, userId: number) {
  const row = await db
    .selectFrom('documents')
    .select(sql<number>`count(*)`.as('n'))
    .where('user_id', '=', userId)
    .where('status_id', '=', DOCUMENT_STATUSES.needsSignature)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether the upload is the file or the signed copy of one of the user's documents. */
export async function isOwnDocumentFile(db: Executor, userId: number, uploadId: number) {
  const row = await db
    .selectFrom('documents')
    .select('id')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('upload_id', '=', uploadId), eb('signed_upload_id', '=', uploadId)]))
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the upload is the file of a document of a location the reader reads (modules/access). */
export async function isReadableLocationDocumentFile(db: Executor, reader: Reader, uploadId: number) {
  const row = await db
    .selectFrom('location_documents')
    .select('id')
    .where('upload_id', '=', uploadId)
    .where('location_id', 'in', readableLocationIds(db, reader))
    .executeTakeFirst();
  return row !== undefined;
}

/** The owner of the document whose file or signed copy is that upload (the console's download). */
export async function documentOwnerByUpload(db: Executor, uploadId: number) {
  return db
    .selectFrom('documents')
    .select('user_id')
    .where((eb) => eb.or([eb('upload_id', '=', uploadId), eb('signed_upload_id', '=', uploadId)]))
    .executeTakeFirst();
}

/** A location a document may name: any but a placeholder. */
export async function documentLocation(db: Executor, id: number) {
  return db
    .selectFrom('locations')
    .select('id')
    .where('id', '=', id)
    .where('is_placeholder', '=', false)
    .executeTakeFirst();
}

/** Whether the owner holds the unit (either relation, modules/access) and it is in that location. */
export async function ownerHoldsUnitIn(db: Executor, ownerId: number, unitId: number, locationId: number) {
  const row = await unitLinks(db, ownerId)
    .select('units.id')
    .where('units.id', '=', unitId)
    .where('units.location_id', '=', locationId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertDocument(db: Executor, row: Insertable<DB['documents']>) {
  const doc = await db.insertInto('documents').values(row).returning('id').executeTakeFirstOrThrow();
  return doc.id;
}

/** The statements' category by its name (the company may have made it; an archived one still serves). */
export async function categoryByName(db: Executor, name: string) {
  return db.selectFrom('document_categories').select('id').where('name', '=', name).executeTakeFirst();
}

/** Makes a category under a lock of this transaction, so two instances making it at once make one. */
export async function createCategoryOnce(db: Executor, row: { name: string; name_en: string }) {
  await sql`select pg_advisory_xact_lock(hashtext('document-category:' || ${row.name}))`.execute(db);
  const existing = await categoryByName(db, row.name);
  if (existing) return existing.id;
  const next = await db
    .selectFrom('document_categories')
    .select(sql<number>`coalesce(max(id), 0) + 1`.as('id'))
    .executeTakeFirstOrThrow();
  await db
    .insertInto('document_categories')
    .values({ id: Number(next.id), ...row })
    .execute();
  return Number(next.id);
}

/** Points an existing document at a new file (a statement made again); false when the document is gone. */
export async function replaceDocumentFile(db: Executor, documentId: number, uploadId: number) {
  const result = await db
    .updateTable('documents')
    .set({ upload_id: uploadId })
    .where('id', '=', documentId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
