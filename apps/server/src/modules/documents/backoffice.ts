import type { StaffDocumentFields } from '@portal/contract/backoffice-documents';
import type { Document } from '@portal/contract/documents';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { sanitizeHtml } from '../../integrations/html.ts';
import { portalNow } from '../../shared/clock.ts';
import { moscowDate } from '../../shared/time.ts';
import { requireOwnerInScope, staffScope } from '../access/service.ts';
import { recordAudit } from '../audit/service.ts';
import type { Session } from '../auth/sessions.ts';
import * as q from './queries.ts';
import { assertPdf, ownerDocuments, pdfName, readUpload, storePdf } from './service.ts';

/** GET /backoffice/owners/:id/documents: the owner's documents with their signed copies, newest first. */
export async function staffOwnerDocuments(
  ctx: AppContext,
  session: Session,
  ownerId: number,
): Promise<Document[]> {
  const scope = await staffScope(ctx, session);
  const { db } = ctx.database;
  await requireOwnerInScope(db, scope, ownerId);
  return ownerDocuments(db, ownerId);
}

/**
 * POST /backoffice/owners/:id/documents: a PDF for the owner with category, location, optional unit of the owner
 * at that location, and status (1 'needs signature' by default). Written to the audit log.
 */
export async function staffUploadDocument(
  ctx: AppContext,
  session: Session,
  ownerId: number,
  fields: StaffDocumentFields,
  file: { data: Buffer; name: string | undefined },
): Promise<number> {
  const scope = await staffScope(ctx, session);
  const { db } = ctx.database;
  await requireOwnerInScope(db, scope, ownerId);
  await assertPdf(file.data);
  return db.transaction().execute(async (trx) => {
    const category = await q.categoryById(trx, fields.categoryId);
    if (!category) throw badRequest('validation.invalid', 'categoryId');
    const location = await q.documentLocation(trx, fields.locationId);
    if (!location) throw badRequest('validation.invalid', 'locationId');
    if (
      fields.unitId !== undefined &&
      !(await q.ownerHoldsUnitIn(trx, ownerId, fields.unitId, fields.locationId))
    )
      throw badRequest('validation.invalid', 'unitId');
    const number = fields.number || null;
    const upload = await storePdf(ctx, trx, file.data, {
      ownerUserId: ownerId,
      kind: 'document',
      name: pdfName(file.name, `${category.name} ${number ?? ''}`.trim()),
    });
    const documentId = await q.insertDocument(trx, {
      user_id: ownerId,
      category_id: category.id,
      location_id: location.id,
      unit_id: fields.unitId ?? null,
      status_id: fields.statusId,
      number,
      description: sanitizeHtml(fields.description),
      description_en: sanitizeHtml(fields.descriptionEn || fields.description),
      upload_id: upload.id,
      document_date: fields.date ?? moscowDate(portalNow(ctx.config.portalToday)),
      uploaded_by: session.userId,
    });
    await recordAudit(trx, {
      actorUserId: session.userId,
      action: 'owner.document.add',
      entity: 'user',
      entityId: ownerId,
      details: {
        documentId,
        uploadId: upload.id,
        categoryId: category.id,
        locationId: location.id,
        unitId: fields.unitId ?? null,
        statusId: fields.statusId,
        number,
        fileName: file.name ?? null,
        sizeBytes: file.data.length,
      },
    });
    return documentId;
  });
}

/** GET /backoffice/documents/download/:uploadId: a document or a signed copy of an owner the staff member serves. */
export async function staffDownload(ctx: AppContext, session: Session, uploadId: number) {
  const scope = await staffScope(ctx, session);
  const { db } = ctx.database;
  const doc = await q.documentOwnerByUpload(db, uploadId);
  if (!doc) throw notFound();
  await requireOwnerInScope(db, scope, doc.user_id);
  return readUpload(ctx, uploadId);
}
