import type { StaffDocumentFields } from '@portal/contract/backoffice-documents';
import type { Document } from '@portal/contract/documents';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { sanitizeHtml } from '../../integrations/html.ts';
import { moscowDate } from '../../shared/time.ts';
import { recordAudit } from '../audit/service.ts';
import type { Session } from '../auth/sessions.ts';
import * as q from '../backoffice/queries.ts';
import { staffScope } from '../backoffice/service.ts';
import { assertPdf, ownerDocuments, pdfName, readUpload, storePdf } from './service.ts';

/** GET /backoffice/owners/:id/documents: the owner's documents with their signed copies, newest first. */
export async function staffOwnerDocuments(
  ctx: AppContext,
  session: Session,
  ownerId: number,
): Promise<Document[]> {
  const scope = await staffScope(ctx, session);
  const { db } = ctx.database;
  if (!(await q.ownerInScope(db, scope, ownerId))) throw notFound();
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
  if (!(await q.ownerInScope(db, scope, ownerId))) throw notFound();
  await assertPdf(file.data);
  return db.transaction().execute(async (trx) => {
    const category = await trx
      .selectFrom('document_categories')
      .select(['id', 'name'])
      .where('id', '=', fields.categoryId)
      .executeTakeFirst();
    if (!category) throw badRequest('validation.invalid', 'categoryId');
    const location = await trx
      .selectFrom('locations')
      .select('id')
      .where('id', '=', fields.locationId)
      .where('is_placeholder', '=', false)
      .executeTakeFirst();
    if (!location) throw badRequest('validation.invalid', 'locationId');
    if (fields.unitId !== undefined) {
      const unit = await trx
        .selectFrom('user_units')
        .innerJoin('units', 'units.id', 'user_units.unit_id')
        .select('units.id')
        .where('user_units.user_id', '=', ownerId)
        .where('units.id', '=', fields.unitId)
        .where('units.location_id', '=', fields.locationId)
        .executeTakeFirst();
      if (!unit) throw badRequest('validation.invalid', 'unitId');
    }
    const number = fields.number || null;
    const upload = await storePdf(ctx, trx, file.data, {
      ownerUserId: ownerId,
      kind: 'document',
      name: pdfName(file.name, `${category.name} ${number ?? ''}`.trim()),
    });
    const doc = await trx
      .insertInto('documents')
      .values({
        user_id: ownerId,
        category_id: category.id,
        location_id: location.id,
        unit_id: fields.unitId ?? null,
        status_id: fields.statusId,
        number,
        description: sanitizeHtml(fields.description),
        description_en: sanitizeHtml(fields.descriptionEn || fields.description),
        upload_id: upload.id,
        document_date: fields.date ?? moscowDate(new Date()),
        uploaded_by: session.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actorUserId: session.userId,
      action: 'owner.document.add',
      entity: 'user',
      entityId: ownerId,
      details: {
        documentId: doc.id,
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
    return doc.id;
  });
}

/** GET /backoffice/documents/download/:uploadId: a document or a signed copy of an owner the staff member serves. */
export async function staffDownload(ctx: AppContext, session: Session, uploadId: number) {
  const scope = await staffScope(ctx, session);
  const { db } = ctx.database;
  const doc = await db
    .selectFrom('documents')
    .select('user_id')
    .where((eb) => eb.or([eb('upload_id', '=', uploadId), eb('signed_upload_id', '=', uploadId)]))
    .executeTakeFirst();
  if (!doc || !(await q.ownerInScope(db, scope, doc.user_id))) throw notFound();
  return readUpload(ctx, uploadId);
}
