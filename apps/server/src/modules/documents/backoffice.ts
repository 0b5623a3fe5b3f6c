import type { SignedCopyReview, StaffDocumentFields } from '@portal/contract/backoffice-documents';
import { DOCUMENT_STATUSES, type Document } from '@portal/contract/documents';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { sanitizeHtml } from '../../integrations/html.ts';
import { portalNow } from '../../shared/clock.ts';
import { moscowDate } from '../../shared/time.ts';
import { requireOwnerInScope, staffScope } from '../access/service.ts';
import { recordAudit } from '../audit/service.ts';
import type { Session } from '../auth/sessions.ts';
import { notify } from '../notifications/service.ts';
import { completeSignedCopyRequest } from '../requests/service.ts';
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
  const id = await db.transaction().execute(async (trx) => {
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
    if (fields.statusId === DOCUMENT_STATUSES.needsSignature) {
      await notify(trx, [ownerId], {
        kind: 'signature',
        eventKey: `document:${documentId}`,
        params: { documentId, category: category.name, categoryEn: category.name_en, number },
        link: '/documents/',
      });
    }
    return documentId;
  });
  ctx.outbox.nudge();
  return id;
}

/**
 * POST /backoffice/documents/:id/review: the manager's decision on the owner's signed copy of a document in progress.
 * Signed: «Подписан» (3). Returned: the document needs the owner's signature again (1, which raises needSign) and
 * the owner reads the comment beside it. Either way the copy's inbox request is done, and the audit keeps the
 * status before and after.
 */
export async function staffReviewSignedCopy(
  ctx: AppContext,
  session: Session,
  documentId: number,
  review: SignedCopyReview,
): Promise<void> {
  const scope = await staffScope(ctx, session);
  await ctx.database.db.transaction().execute(async (trx) => {
    const doc = await q.documentForReview(trx, documentId);
    if (!doc) throw notFound();
    await requireOwnerInScope(trx, scope, doc.user_id);
    if (doc.status_id !== DOCUMENT_STATUSES.inProgress || doc.signed_upload_id === null)
      throw badRequest('documents.notAwaitingReview');
    const signed = review.decision === 'signed';
    const comment = review.comment?.trim() || null;
    if (!signed && !comment) throw badRequest('documents.returnCommentRequired', 'comment');
    const statusId = signed ? DOCUMENT_STATUSES.done : DOCUMENT_STATUSES.needsSignature;
    await q.setReviewOutcome(trx, doc.id, { statusId, returnComment: signed ? null : comment });
    await completeSignedCopyRequest(trx, doc.user_id, doc.id, comment);
    // A copy returned and signed again is another event: the key counts the copies the manager decided on.
    await notify(trx, [doc.user_id], {
      kind: 'document_review',
      eventKey: `document:${doc.id}:copy:${doc.signed_upload_id}`,
      params: {
        documentId: doc.id,
        category: doc.categoryName,
        categoryEn: doc.categoryNameEn,
        number: doc.number,
        decision: review.decision,
        comment,
      },
      link: '/documents/',
    });
    await recordAudit(trx, {
      actorUserId: session.userId,
      action: signed ? 'owner.document.signed' : 'owner.document.returned',
      entity: 'user',
      entityId: doc.user_id,
      details: {
        documentId: doc.id,
        signedUploadId: doc.signed_upload_id,
        before: { statusId: doc.status_id },
        after: { statusId, returnComment: signed ? null : comment },
      },
    });
  });
  ctx.outbox.nudge();
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
