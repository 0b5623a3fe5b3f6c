import {
  LOCATION_DOCUMENT_MAX_BYTES,
  type StaffLocationDocument,
  type StaffLocationDocumentFields,
  staffLocationDocumentBodySchema,
} from '@portal/contract/backoffice-location-documents';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/executor.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import {
  deleteStoredFiles,
  keepUpload,
  parseFields,
  type SingleFile,
  typeByContent,
} from '../../http/uploaded-files.ts';
import { sanitizeHtml } from '../../integrations/html.ts';
import { staffScope } from '../access/service.ts';
import { changesOf, recordAudit } from '../audit/service.ts';
import type { Session } from '../auth/sessions.ts';
import { isDocumentLocation, isOpenCategory, readUpload } from '../documents/service.ts';
import { deleteUploads, insertUpload } from '../uploads/service.ts';
import * as q from './queries.ts';

/**
 * The console's documents of a location: the company's content, kept by every manager and admin (owners read them on
 * their documents page, modules/documents). A PDF by content within the documents' limit; every change is audited.
 */
export const LOCATION_DOCUMENT_FILES_DIR = 'location-documents';
const UPLOAD_KIND = 'location-document';
/** A list is bounded (the design's API rules). */
const LIST_LIMIT = 1000;

const isoDate = (date: string | Date) => (typeof date === 'string' ? date : date.toISOString().slice(0, 10));

const documentOf = (row: q.LocationDocumentRow): StaffLocationDocument => ({
  id: Number(row.id),
  locationId: row.location_id,
  locationName: row.locationName,
  locationNameEn: row.locationNameEn,
  categoryId: row.category_id,
  categoryName: row.categoryName,
  categoryNameEn: row.categoryNameEn,
  number: row.number,
  date: isoDate(row.document_date),
  description: row.description,
  descriptionEn: row.description_en,
  uploadId: row.upload_id === null ? null : Number(row.upload_id),
  fileName: row.fileName,
  createdAt: new Date(row.created_at).toISOString(),
});

async function documentAnswer(db: Executor, id: number) {
  const row = await q.documentById(db, id);
  if (!row) throw notFound();
  return documentOf(row);
}

export async function staffLocationDocuments(
  ctx: AppContext,
  session: Session,
  locationId: number | undefined,
): Promise<StaffLocationDocument[]> {
  await staffScope(ctx, session);
  const rows = await q.documentsOf(ctx.database.db, locationId, LIST_LIMIT);
  return rows.map(documentOf);
}

/**
 * The stored fields of a document: a placeholder location or an archived category is refused, but for the category
 * an edited document already has (archiving takes a category out of new uploads, not from its documents).
 */
async function storedFields(db: Executor, fields: StaffLocationDocumentFields, keptCategoryId?: number) {
  if (!(await isDocumentLocation(db, fields.locationId)))
    throw badRequest('validation.invalid', 'locationId');
  if (fields.categoryId !== keptCategoryId && !(await isOpenCategory(db, fields.categoryId)))
    throw badRequest('documents.categoryRequired', 'categoryId');
  const description = sanitizeHtml(fields.description);
  return {
    location_id: fields.locationId,
    category_id: fields.categoryId,
    number: fields.number || null,
    document_date: fields.date,
    description,
    description_en: sanitizeHtml(fields.descriptionEn) || description,
  };
}

const audited = (row: {
  location_id: number;
  category_id: number;
  number: string | null;
  document_date: string | Date;
  description: string;
  description_en: string;
}) => ({
  locationId: row.location_id,
  categoryId: row.category_id,
  number: row.number,
  date: isoDate(row.document_date),
  description: row.description,
  descriptionEn: row.description_en,
});

/** Records an uploaded PDF (already in the store) as a document of a location; a refused one leaves the store. */
export async function uploadLocationDocument(
  ctx: AppContext,
  session: Session,
  file: SingleFile,
): Promise<StaffLocationDocument> {
  return keepUpload(ctx, file, async () => {
    await staffScope(ctx, session);
    const fields = parseFields(staffLocationDocumentBodySchema, file.fields);
    const mime = await typeByContent(
      ctx.files,
      file,
      ['application/pdf'] as const,
      LOCATION_DOCUMENT_MAX_BYTES,
      {
        type: 'documents.fileType',
        size: 'documents.fileSize',
      },
    );
    return ctx.database.db.transaction().execute(async (trx) => {
      const row = await storedFields(trx, fields);
      const uploadId = await insertUpload(trx, {
        key: file.key,
        kind: UPLOAD_KIND,
        mime,
        size: file.size,
        name: file.name,
      });
      const id = await q.insertDocument(trx, { ...row, upload_id: uploadId });
      await recordAudit(trx, {
        actorUserId: session.userId,
        action: 'content.location-document.add',
        entity: 'location_document',
        entityId: id,
        details: { ...audited(row), uploadId, fileName: file.name ?? null, sizeBytes: file.size },
      });
      return documentAnswer(trx, id);
    });
  });
}

export async function updateLocationDocument(
  ctx: AppContext,
  session: Session,
  id: number,
  fields: StaffLocationDocumentFields,
): Promise<StaffLocationDocument> {
  await staffScope(ctx, session);
  return ctx.database.db.transaction().execute(async (trx) => {
    const before = await q.lockDocument(trx, id);
    if (!before) throw notFound();
    const row = await storedFields(trx, fields, before.category_id);
    const changes = changesOf(audited(before), audited(row));
    if (Object.keys(changes).length > 0) {
      await q.updateDocument(trx, id, row);
      await recordAudit(trx, {
        actorUserId: session.userId,
        action: 'content.location-document.update',
        entity: 'location_document',
        entityId: id,
        details: { locationId: row.location_id, changes },
      });
    }
    return documentAnswer(trx, id);
  });
}

/**
 * Attaches a PDF to a document, or replaces its PDF: a document imported as a row of the register gets its file
 * here. The old file leaves the store once the change is committed; a refused one never stays.
 */
export async function replaceLocationDocumentFile(
  ctx: AppContext,
  session: Session,
  id: number,
  file: SingleFile,
): Promise<StaffLocationDocument> {
  const { answer, keys } = await keepUpload(ctx, file, async () => {
    await staffScope(ctx, session);
    const mime = await typeByContent(
      ctx.files,
      file,
      ['application/pdf'] as const,
      LOCATION_DOCUMENT_MAX_BYTES,
      { type: 'documents.fileType', size: 'documents.fileSize' },
    );
    return ctx.database.db.transaction().execute(async (trx) => {
      const before = await q.lockDocument(trx, id);
      if (!before) throw notFound();
      const uploadId = await insertUpload(trx, {
        key: file.key,
        kind: UPLOAD_KIND,
        mime,
        size: file.size,
        name: file.name,
      });
      await q.updateDocument(trx, id, { upload_id: uploadId });
      const keys = await deleteUploads(trx, before.upload_id === null ? [] : [Number(before.upload_id)]);
      await recordAudit(trx, {
        actorUserId: session.userId,
        action: 'content.location-document.file',
        entity: 'location_document',
        entityId: id,
        details: {
          locationId: before.location_id,
          changes: changesOf(
            { uploadId: before.upload_id === null ? null : Number(before.upload_id) },
            { uploadId },
          ),
          fileName: file.name ?? null,
          sizeBytes: file.size,
        },
      });
      return { answer: await documentAnswer(trx, id), keys };
    });
  });
  await deleteStoredFiles(ctx, keys);
  return answer;
}

/**
 * The register's rows from an import: a document is known by its id, or else by its location, category and number,
 * so the same file loaded again changes nothing; a row of a new number adds a document without a file (attached in
 * the console). The import has checked the ids, locations and categories.
 */
export async function upsertLocationDocuments(
  db: Executor,
  rows: Array<{
    id?: number;
    locationId: number;
    categoryId: number;
    number: string;
    date: string;
    description: string;
    descriptionEn: string;
  }>,
): Promise<{ inserted: number; updated: number }> {
  let inserted = 0;
  let updated = 0;
  for (const row of rows) {
    const description = sanitizeHtml(row.description);
    const stored = {
      location_id: row.locationId,
      category_id: row.categoryId,
      number: row.number || null,
      document_date: row.date,
      description,
      description_en: sanitizeHtml(row.descriptionEn) || description,
    };
    const existing =
      row.id === undefined
        ? await q.documentByNumber(db, row.locationId, row.categoryId, row.number)
        : await q.lockDocument(db, row.id);
    if (!existing) {
      await q.insertDocument(db, { ...stored, upload_id: null });
      inserted += 1;
    } else if (Object.keys(changesOf(audited(existing), audited(stored))).length > 0) {
      await q.updateDocument(db, Number(existing.id), stored);
      updated += 1;
    }
  }
  return { inserted, updated };
}

/** The register in the import's columns: every document, oldest first. */
export async function exportLocationDocuments(db: Executor) {
  return (await q.allDocuments(db)).map((row) => ({
    id: Number(row.id),
    locationId: row.location_id,
    categoryId: row.category_id,
    number: row.number ?? '',
    date: isoDate(row.document_date),
    description: row.description,
    descriptionEn: row.description_en === row.description ? '' : row.description_en,
  }));
}

/** Deletes a document with its upload; the file leaves the store once the deletion is committed. */
export async function removeLocationDocument(ctx: AppContext, session: Session, id: number): Promise<void> {
  await staffScope(ctx, session);
  const keys = await ctx.database.db.transaction().execute(async (trx) => {
    const doc = await q.deleteDocument(trx, id);
    if (!doc) throw notFound();
    const keys = await deleteUploads(trx, doc.upload_id === null ? [] : [Number(doc.upload_id)]);
    await recordAudit(trx, {
      actorUserId: session.userId,
      action: 'content.location-document.remove',
      entity: 'location_document',
      entityId: id,
      details: {
        locationId: doc.location_id,
        categoryId: doc.category_id,
        number: doc.number,
        uploadId: doc.upload_id,
      },
    });
    return keys;
  });
  await deleteStoredFiles(ctx, keys);
}

/** The PDF of a location's document, for the console. */
export async function downloadLocationDocument(ctx: AppContext, session: Session, uploadId: number) {
  await staffScope(ctx, session);
  if (!(await q.isLocationDocumentFile(ctx.database.db, uploadId))) throw notFound();
  return readUpload(ctx, uploadId);
}
