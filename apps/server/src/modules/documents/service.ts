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
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/executor.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { sanitizeHtml } from '../../integrations/html.ts';
import type { Session } from '../auth/sessions.ts';
import { createManagerRequest } from '../requests/service.ts';
import * as q from './queries.ts';

/** Names of the spec's status ids (States and transitions). */
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

/** The newest documents first; a list is bounded (the design's API rules). */
const LIST_LIMIT = 1000;

export async function documentCategories(ctx: AppContext): Promise<DocumentCategory[]> {
  const rows = await q.categories(ctx.database.db);
  return rows.map((r) => ({ id: r.id, name: r.name, nameEn: r.name_en }));
}

const isoDate = (date: string | Date) => (typeof date === 'string' ? date : date.toISOString().slice(0, 10));

function toDocument(row: q.UserDocumentRow): Document {
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
    returnComment: row.return_comment,
  };
}

/** GET user-document/get-by-user: the user's own documents, newest first. */
export async function userDocuments(ctx: AppContext, session: Session): Promise<Document[]> {
  const rows = await q.documentsOfUser(ctx.database.db, session.userId, LIST_LIMIT);
  return rows.map(toDocument);
}

/** The documents of one owner, for the back office. */
export async function ownerDocuments(db: Executor, userId: number): Promise<Document[]> {
  const rows = await q.documentsOfUser(db, userId, LIST_LIMIT);
  return rows.map(toDocument);
}

/** GET location-document/get-all: documents of the locations where the user holds units or loans. */
export async function locationDocuments(ctx: AppContext, session: Session): Promise<Document[]> {
  // The locations the user reads (modules/access): units or loans there.
  const rows = await q.locationDocumentsOf(ctx.database.db, session, LIST_LIMIT);
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
      returnComment: null,
    };
  });
}

/** Checks an uploaded file: a PDF by its content and at most DOCUMENT_MAX_BYTES. */
/** Whether a new or moved document may take the category: one that exists and is not archived. */
export async function isOpenCategory(db: Executor, categoryId: number): Promise<boolean> {
  return (await q.categoryById(db, categoryId)) !== undefined;
}

/** Whether a document may name the location: any but a placeholder. */
export async function isDocumentLocation(db: Executor, locationId: number): Promise<boolean> {
  return (await q.documentLocation(db, locationId)) !== undefined;
}

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
  const id = await q.insertUpload(db, {
    storage_key: key,
    owner_user_id: input.ownerUserId,
    kind: input.kind,
    mime_type: 'application/pdf',
    size_bytes: data.length,
    original_name: input.name,
  });
  return { id, key };
}

/** A file name for a document's upload: the original name without path parts, ending in .pdf. */
export function pdfName(name: string | undefined, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop()?.trim().slice(0, 200) || fallback;
  return base.toLowerCase().endsWith('.pdf') ? base : `${base}.pdf`;
}

/**
 * POST user-document/reupload?uploadsId={id}: the owner's signed copy of a document waiting for the signature.
 * The document moves to 'in progress' (13) while the manager checks the signature: the copy reaches the manager's
 * inbox and mail in the same transaction. Answers the document and needSign.
 */
export async function reuploadDocument(
  ctx: AppContext,
  session: Session,
  uploadsId: number,
  file: { data: Buffer; name: string | undefined },
): Promise<{ document: Document; needSign: boolean }> {
  const { db } = ctx.database;
  const doc = await q.ownDocumentByUpload(db, session.userId, uploadsId);
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
    if (!(await q.markSigned(trx, doc.id, upload.id)))
      throw badRequest('documents.notAwaitingSignature', 'uploadsId');
    const row = await q.userDocumentById(trx, doc.id);
    await createManagerRequest(ctx, trx, session.userId, 'signed_document', {
      documentId: row.id,
      category: row.categoryName,
      number: row.number ?? '—',
    });
    const left = await q.countAwaitingSignature(trx, session.userId);
    return { document: toDocument(row), needSign: left > 0 };
  });
  ctx.outbox.nudge();
  return result;
}

/** The file of an upload, with its name, for a Content-Disposition. */
export async function readUpload(
  ctx: AppContext,
  uploadId: number,
): Promise<{ data: Readable; size: number; name: string }> {
  const upload = await q.uploadById(ctx.database.db, uploadId);
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
  const own = await q.isOwnDocumentFile(db, session.userId, uploadId);
  if (!own && !(await q.isReadableLocationDocumentFile(db, session, uploadId))) throw notFound();
  return readUpload(ctx, uploadId);
}

/** POST user-document/send-document-request: stored for the manager and mailed through the outbox. */
export async function sendDocumentRequest(
  ctx: AppContext,
  session: Session,
  input: { category: number; comment: string },
): Promise<number> {
  const { db } = ctx.database;
  const category = await q.categoryById(db, input.category);
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

/** The category of the owners' statements: «Отчёты», made on first use (a fresh database has no categories). */
export const STATEMENTS_CATEGORY = { name: 'Отчёты', name_en: 'Statements' } as const;

export async function statementsCategoryId(db: Executor): Promise<number> {
  const existing = await q.categoryByName(db, STATEMENTS_CATEGORY.name);
  return existing ? existing.id : q.createCategoryOnce(db, STATEMENTS_CATEGORY);
}

/**
 * Files a PDF the portal made (an owner's statement) among the owner's documents, needing no signature; with
 * `replace`, the document of an earlier version takes the new file instead. Answers the document's id.
 */
export async function fileOwnerPdf(
  ctx: AppContext,
  db: Executor,
  input: {
    ownerId: number;
    data: Buffer;
    name: string;
    description: string;
    descriptionEn: string;
    date: string;
    replace: number | null;
  },
): Promise<number> {
  const upload = await storePdf(ctx, db, input.data, {
    ownerUserId: input.ownerId,
    kind: 'document',
    name: pdfName(input.name, 'statement.pdf'),
  });
  if (input.replace !== null && (await q.replaceDocumentFile(db, input.replace, upload.id)))
    return input.replace;
  return q.insertDocument(db, {
    user_id: input.ownerId,
    category_id: await statementsCategoryId(db),
    location_id: null,
    unit_id: null,
    status_id: DOCUMENT_STATUSES.noSignature,
    number: null,
    description: sanitizeHtml(input.description),
    description_en: sanitizeHtml(input.descriptionEn),
    upload_id: upload.id,
    document_date: input.date,
    uploaded_by: null,
  });
}
