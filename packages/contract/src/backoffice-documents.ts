import { z } from 'zod';
import { backofficeIdParamsSchema } from './backoffice.ts';
import { DOCUMENT_STATUSES, documentSchema } from './documents.ts';
import { successSchema } from './errors.ts';
import { defineRoute } from './route.ts';
import { idSchema as id, optionalText } from './validation.ts';

/**
 * The managers' console, documents of an owner: the list (with the owner's signed copies) and the upload of a
 * PDF for the owner. A new document 'needs signature' (status 1) by default, which raises the owner's needSign.
 */

const optionalId = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  id.optional(),
);

export const STAFF_DOCUMENT_STATUSES = [
  DOCUMENT_STATUSES.needsSignature,
  DOCUMENT_STATUSES.inProgress,
  DOCUMENT_STATUSES.done,
  DOCUMENT_STATUSES.noSignature,
  DOCUMENT_STATUSES.alert,
] as const;

/** The text fields of POST /backoffice/owners/:id/documents (multipart, beside the one PDF file `file`). */
export const staffDocumentFieldsSchema = z.object({
  categoryId: id,
  locationId: id,
  unitId: optionalId,
  statusId: z.preprocess(
    (value) => (value === undefined || value === '' ? DOCUMENT_STATUSES.needsSignature : value),
    z.coerce
      .number({ error: 'validation.invalid' })
      .int({ error: 'validation.invalid' })
      .refine((value) => (STAFF_DOCUMENT_STATUSES as readonly number[]).includes(value), {
        error: 'validation.invalid',
      }),
  ),
  number: optionalText(100),
  description: optionalText(4000),
  descriptionEn: optionalText(4000),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.invalid' })
    .optional(),
});
export type StaffDocumentFields = z.output<typeof staffDocumentFieldsSchema>;

export const staffDocumentsResponseSchema = z
  .object({ documents: z.array(documentSchema) })
  .meta({ id: 'StaffOwnerDocuments' });
export type StaffDocumentsResponse = z.infer<typeof staffDocumentsResponseSchema>;

export const staffDocumentCreatedSchema = z.object({ success: z.literal(true), documentId: z.number() });

export const staffDownloadParamsSchema = z.object({ uploadId: id });

/**
 * POST /backoffice/documents/:id/review: the manager's decision on the owner's signed copy (the document is
 * 'in progress', 13). Signed: the document becomes 'done' (3, «Подписан»). Returned: it needs the signature again
 * (1) and the owner reads the comment, which is required.
 */
export const signedCopyReviewSchema = z
  .object({
    decision: z.enum(['signed', 'returned'], { error: 'validation.invalid' }),
    comment: optionalText(2000),
  })
  .refine((review) => review.decision === 'signed' || Boolean(review.comment), {
    error: 'documents.returnCommentRequired',
    path: ['comment'],
  });
export type SignedCopyReview = z.input<typeof signedCopyReviewSchema>;

/** An owner's documents in the console (managers and admins). */
export const backofficeDocumentsApi = {
  ownerDocuments: defineRoute({
    method: 'GET',
    path: '/backoffice/owners/:id/documents',
    summary: "The owner's documents with their signed copies",
    tags: ['backoffice'],
    access: 'staff',
    params: backofficeIdParamsSchema,
    response: staffDocumentsResponseSchema,
    errors: [404],
  }),
  upload: defineRoute({
    method: 'POST',
    path: '/backoffice/owners/:id/documents',
    summary:
      'Upload a PDF for the owner: multipart with file, categoryId, locationId, unitId?, statusId (1 by default), number?, description?, descriptionEn?, date?',
    tags: ['backoffice'],
    access: 'staff',
    params: backofficeIdParamsSchema,
    consumes: ['multipart/form-data'],
    response: staffDocumentCreatedSchema,
    errors: [404, 413],
  }),
  review: defineRoute({
    method: 'POST',
    path: '/backoffice/documents/:id/review',
    summary:
      "Mark the owner's signed copy signed, or return it to the owner with a comment; closes its inbox request",
    tags: ['backoffice'],
    access: 'staff',
    params: backofficeIdParamsSchema,
    body: signedCopyReviewSchema,
    response: successSchema,
    errors: [404],
  }),
  download: defineRoute({
    method: 'GET',
    path: '/backoffice/documents/download/:uploadId',
    summary: 'Download a document or a signed copy of an owner the staff member serves',
    tags: ['backoffice'],
    access: 'staff',
    params: staffDownloadParamsSchema,
    response: 'file',
    produces: ['application/pdf'],
    errors: [404],
  }),
};
