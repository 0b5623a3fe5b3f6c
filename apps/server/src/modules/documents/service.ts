import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_STATUSES,
  type Document,
  type DocumentCategory,
} from '@portal/contract/documents';
import { ERROR_CODES } from '@portal/contract/errors';
import { fileTypeFromBuffer } from 'file-type';
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/executor.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { sanitizeHtml } from '../../integrations/html.ts';
import type { Session } from '../auth/sessions.ts';
import { createManagerRequest } from '../requests/service.ts';
import { latin } from './pdf.ts';

/** Names of the spec's status ids (§4). */
const STATUS_NAMES: Record<number, { name: string; nameEn: string }> = {
  [DOCUMENT_STATUSES.needsSignature]: { name: 'Требует подписи', nameEn: 'Needs signature' },
  [DOCUMENT_STATUSES.inProgress]: { name: 'В работе', nameEn: 'In progress' },
  [DOCUMENT_STATUSES.done]: { name: 'Подписан', nameEn: 'Signed' },
  [DOCUMENT_STATUSES.noSignature]: { name: 'Не требует подписи', nameEn: 'No signature needed' },
  [DOCUMENT_STATUSES.alert]: { name: 'Требует внимания', nameEn: 'Needs attention' },
};
export const statusOf = (id: number) => ({
  id,
  ...(STATUS_NAMES[id] ?? { name: String(id), nameEn: String(id) }),
});

/** The newest documents first; a list is bounded (DESIGN §3). */
const LIST_LIMIT = 1000;

export async function documentCategories(ctx: AppContext): Promise<DocumentCategory[]> {
  const rows = await ctx.database.db
    .selectFrom('document_categories')
    .select(['id', 'name', 'name_en'])
    .orderBy('name')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, nameEn: r.name_en }));
}

/** Locations where the user owns units or lent money. */
export function userLocationIds(db: Executor, userId: number) {
  return db
    .selectFrom('user_units')
    .innerJoin('units', 'units.id', 'user_units.unit_id')
    .select('units.location_id as id')
    .where('user_units.user_id', '=', userId)
    .union(db.selectFrom('loans').select('loans.location_id as id').where('loans.user_id', '=', userId));
}

function userDocumentQuery(db: Executor) {
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

type UserDocumentRow = Awaited<ReturnType<ReturnType<typeof userDocumentQuery>['execute']>>[number];

const isoDate = (date: string | Date) => (typeof date === 'string' ? date : date.toISOString().slice(0, 10));

function toDocument(row: UserDocumentRow): Document {
  const date = isoDate(row.document_date);
  return {
    id: row.id,
    kind: 'user',
    date,
    rawDate: `${date}T00:00:00.000Z`,
    createDate: new Date(row.created_at).toISOString(),
    category: { id: row.categoryId, name: row.categoryName, nameEn: row.categoryNameEn },
    location: row.locationId === null ? null : { id: row.locationId, name: row.locationName ?? '' },
    locationEn: row.locationNameEn,
    unit:
      row.unitId === null
        ? null
        : {
            id: row.unitId,
            name: row.unitName ?? '',
            nameEn: row.unitNameEn ?? '',
            unitNumber: row.unitNumber ?? '',
            locationId: row.unitLocationId ?? 0,
            locationName: row.unitLocationName ?? '',
            locationNameEn: row.unitLocationNameEn ?? '',
          },
    docNum: row.number,
    number: row.number,
    description: sanitizeHtml(row.description),
    descriptionEn: sanitizeHtml(row.description_en),
    status: statusOf(row.status_id),
    uploadsId: row.upload_id,
    name: row.fileName ?? `${row.categoryName} ${row.number ?? row.id}.pdf`,
    diadocUrl: row.diadoc_url,
    signedUploadsId: row.signed_upload_id,
  };
}

/** GET user-document/get-by-user: the user's own documents, newest first. */
export async function userDocuments(ctx: AppContext, session: Session): Promise<Document[]> {
  const rows = await userDocumentQuery(ctx.database.db)
    .where('d.user_id', '=', session.userId)
    .orderBy('d.document_date', 'desc')
    .orderBy('d.id', 'desc')
    .limit(LIST_LIMIT)
    .execute();
  return rows.map(toDocument);
}

/** The documents of one owner, for the back office. */
export async function ownerDocuments(db: Executor, userId: number): Promise<Document[]> {
  const rows = await userDocumentQuery(db)
    .where('d.user_id', '=', userId)
    .orderBy('d.document_date', 'desc')
    .orderBy('d.id', 'desc')
    .limit(LIST_LIMIT)
    .execute();
  return rows.map(toDocument);
}

/** GET location-document/get-all: documents of the locations where the user holds units or loans. */
export async function locationDocuments(ctx: AppContext, session: Session): Promise<Document[]> {
  const { db } = ctx.database;
  const rows = await db
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
    .where('d.location_id', 'in', userLocationIds(db, session.userId))
    .orderBy('d.document_date', 'desc')
    .orderBy('d.id', 'desc')
    .limit(LIST_LIMIT)
    .execute();
  return rows.map((row) => {
    const date = isoDate(row.document_date);
    return {
      id: row.id,
      kind: 'location' as const,
      date,
      rawDate: `${date}T00:00:00.000Z`,
      createDate: new Date(row.created_at).toISOString(),
      category: { id: row.categoryId, name: row.categoryName, nameEn: row.categoryNameEn },
      location: { id: row.locationId, name: row.locationName },
      locationEn: row.locationNameEn,
      unit: null,
      docNum: row.number,
      number: row.number,
      description: sanitizeHtml(row.description),
      descriptionEn: sanitizeHtml(row.description_en),
      status: statusOf(DOCUMENT_STATUSES.noSignature),
      uploadsId: row.upload_id,
      name: row.fileName ?? `${row.categoryName} ${row.number ?? row.id}.pdf`,
      diadocUrl: null,
      signedUploadsId: null,
    };
  });
}

/** Checks an uploaded file: a PDF by its content and at most DOCUMENT_MAX_BYTES. */
export async function assertPdf(data: Buffer): Promise<void> {
  if (data.length > DOCUMENT_MAX_BYTES) throw fileTooLarge();
  if (data.length === 0) throw badRequest('documents.fileRequired', 'file');
  const type = await fileTypeFromBuffer(data);
  if (type?.mime !== 'application/pdf') throw badRequest('documents.fileType', 'file');
}

export const fileTooLarge = () =>
  new AppError(413, ERROR_CODES.tooLarge, 'documents.fileSize', { fields: { file: 'documents.fileSize' } });

/** Stores a PDF in the file store and its uploads row; answers the upload id. */
export async function storePdf(
  ctx: AppContext,
  db: Executor,
  data: Buffer,
  input: { ownerUserId: number | null; kind: string; name: string },
): Promise<{ id: number; key: string }> {
  const key = `documents/${randomBytes(18).toString('base64url')}`;
  // Through the caller's transaction: the file lands with the document's rows, or not at all.
  await ctx.files.within(db).put(key, data, { contentType: 'application/pdf' });
  const upload = await db
    .insertInto('uploads')
    .values({
      storage_key: key,
      owner_user_id: input.ownerUserId,
      kind: input.kind,
      mime_type: 'application/pdf',
      size_bytes: data.length,
      original_name: input.name,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: upload.id, key };
}

/** A file name for a document's upload: the original name without path parts, ending in .pdf. */
export function pdfName(name: string | undefined, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop()?.trim().slice(0, 200) || fallback;
  return base.toLowerCase().endsWith('.pdf') ? base : `${base}.pdf`;
}

/**
 * POST user-document/reupload?uploadsId={id}: the owner's signed copy of a document waiting for the signature.
 * The document moves to 'in progress' (13) while the manager checks the signature; answers it and needSign.
 */
export async function reuploadDocument(
  ctx: AppContext,
  session: Session,
  uploadsId: number,
  file: { data: Buffer; name: string | undefined },
): Promise<{ document: Document; needSign: boolean }> {
  const { db } = ctx.database;
  const doc = await db
    .selectFrom('documents')
    .select(['id', 'status_id', 'signed_upload_id'])
    .where('user_id', '=', session.userId)
    .where('upload_id', '=', uploadsId)
    .executeTakeFirst();
  if (!doc) throw notFound();
  if (doc.status_id !== DOCUMENT_STATUSES.needsSignature)
    throw badRequest('documents.notAwaitingSignature', 'uploadsId');
  await assertPdf(file.data);
  const result = await db.transaction().execute(async (trx) => {
    const upload = await storePdf(ctx, trx, file.data, {
      ownerUserId: session.userId,
      kind: 'signed-document',
      name: pdfName(file.name, `signed-${doc.id}.pdf`),
    });
    const updated = await trx
      .updateTable('documents')
      .set({ status_id: DOCUMENT_STATUSES.inProgress, signed_upload_id: upload.id, signed_at: new Date() })
      .where('id', '=', doc.id)
      .where('status_id', '=', DOCUMENT_STATUSES.needsSignature)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw badRequest('documents.notAwaitingSignature', 'uploadsId');
    const row = await userDocumentQuery(trx).where('d.id', '=', doc.id).executeTakeFirstOrThrow();
    const left = await trx
      .selectFrom('documents')
      .select(sql<number>`count(*)`.as('n'))
      .where('user_id', '=', session.userId)
      .where('status_id', '=', DOCUMENT_STATUSES.needsSignature)
      .executeTakeFirstOrThrow();
    return { document: toDocument(row), needSign: Number(left.n) > 0 };
  });
  return result;
}

/** The file of an upload, with its name, for a Content-Disposition. */
export async function readUpload(
  ctx: AppContext,
  uploadId: number,
): Promise<{ data: Readable; size: number; name: string }> {
  const upload = await ctx.database.db
    .selectFrom('uploads')
    .select(['storage_key', 'original_name'])
    .where('id', '=', uploadId)
    .executeTakeFirst();
  if (!upload) throw notFound();
  // Streamed from the store chunk by chunk, never held whole.
  const info = await ctx.files.stat(upload.storage_key);
  const data = info ? await ctx.files.openRead(upload.storage_key) : null;
  if (!info || !data) throw notFound();
  return { data, size: info.size, name: upload.original_name ?? `document-${uploadId}.pdf` };
}

/**
 * GET download/document/{id} (the uploadsId of a document): a file of one of the user's documents (the document
 * or the signed copy) or of a document of one of the user's locations; anything else is 404.
 */
export async function downloadDocument(ctx: AppContext, session: Session, uploadId: number) {
  const { db } = ctx.database;
  const own = await db
    .selectFrom('documents')
    .select('id')
    .where('user_id', '=', session.userId)
    .where((eb) => eb.or([eb('upload_id', '=', uploadId), eb('signed_upload_id', '=', uploadId)]))
    .executeTakeFirst();
  const ofLocation = own
    ? undefined
    : await db
        .selectFrom('location_documents')
        .select('id')
        .where('upload_id', '=', uploadId)
        .where('location_id', 'in', userLocationIds(db, session.userId))
        .executeTakeFirst();
  if (!own && !ofLocation) throw notFound();
  return readUpload(ctx, uploadId);
}

/** Content-Disposition for a download: an ASCII fallback and the UTF-8 name after RFC 5987 / 6266. */
export function contentDisposition(name: string): string {
  const fallback = latin(name).replace(/["\\]/g, '').trim() || 'document.pdf';
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** POST user-document/send-document-request: stored for the manager and mailed through the outbox. */
export async function sendDocumentRequest(
  ctx: AppContext,
  session: Session,
  input: { category: number; comment: string },
): Promise<number> {
  const { db } = ctx.database;
  const category = await db
    .selectFrom('document_categories')
    .select(['id', 'name'])
    .where('id', '=', input.category)
    .executeTakeFirst();
  if (!category) throw badRequest('documents.categoryRequired', 'category');
  const id = await db.transaction().execute((trx) =>
    createManagerRequest(ctx, trx, session.userId, 'document', {
      category: category.name,
      categoryId: category.id,
      comment: input.comment || '—',
    }),
  );
  ctx.outbox.nudge();
  return id;
}
