import { z } from 'zod';
import { defineRoute } from './route.ts';
import { idSchema, optionalText } from './validation.ts';

/**
 * Documents (spec, operational areas: the documents page, the document entity, its statuses, validation rules, calls
 * and category colours). Dates are yyyy-mm-dd.
 */

/**
 * Status ids of the spec (States and transitions): 1 needs signature, 13 in progress, 3 done, 2 grey check, -1 alert.
 */
export const DOCUMENT_STATUSES = {
  needsSignature: 1,
  inProgress: 13,
  done: 3,
  noSignature: 2,
  alert: -1,
} as const;

/** The largest PDF an owner or a manager may upload. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

export const documentCategorySchema = z.object({ id: z.number(), name: z.string(), nameEn: z.string() });
export type DocumentCategory = z.infer<typeof documentCategorySchema>;

export const documentSchema = z
  .object({
    id: z.number(),
    kind: z
      .enum(['user', 'location'])
      .describe("The user's own document or a document of one of their locations"),
    date: z.string().describe('yyyy-mm-dd, the date of the document'),
    rawDate: z.string().describe('ISO instant of the document date'),
    createDate: z.string().describe('ISO instant when the document was added'),
    category: documentCategorySchema,
    location: z.object({ id: z.number(), name: z.string() }).nullable(),
    locationEn: z.string().nullable(),
    unit: z
      .object({
        id: z.number(),
        name: z.string(),
        nameEn: z.string(),
        unitNumber: z.string(),
        locationName: z.string(),
        locationId: z.number(),
        locationNameEn: z.string(),
      })
      .nullable(),
    docNum: z.string().nullable(),
    number: z.string().nullable(),
    description: z.string().describe('Sanitized HTML'),
    descriptionEn: z.string().describe('Sanitized HTML'),
    status: z.object({ id: z.number(), name: z.string(), nameEn: z.string() }),
    uploadsId: z.number().nullable().describe('The file: download/document/{uploadsId}'),
    name: z.string().describe('The file name'),
    diadocUrl: z
      .string()
      .nullable()
      .describe('The page of this document in the electronic document service (isDiadoc users)'),
    signedUploadsId: z.number().nullable().describe('The signed copy the owner uploaded'),
    returnComment: z
      .string()
      .nullable()
      .describe("The manager's comment when the signed copy was returned; null once a new copy is uploaded"),
  })
  .meta({ id: 'Document' });
export type Document = z.infer<typeof documentSchema>;

/** GET user-document/get-by-user and GET location-document/get-all. */
export const documentsResponseSchema = z
  .object({ documents: z.array(documentSchema) })
  .meta({ id: 'Documents' });
export type DocumentsResponse = z.infer<typeof documentsResponseSchema>;

/** GET document-category. */
export const documentCategoriesResponseSchema = z
  .object({ categories: z.array(documentCategorySchema) })
  .meta({ id: 'DocumentCategories' });
export type DocumentCategoriesResponse = z.infer<typeof documentCategoriesResponseSchema>;

/**
 * POST user-document/send-document-request: sent only with a category (spec: Validation rules); the comment is
 * optional.
 */
export const documentRequestSchema = z.object({
  category: z
    .number({ error: 'documents.categoryRequired' })
    .int()
    .positive({ error: 'documents.categoryRequired' }),
  comment: optionalText(2000),
});
export type DocumentRequest = z.input<typeof documentRequestSchema>;

export const documentRequestResponseSchema = z.object({ success: z.literal(true), requestId: z.number() });

/** POST user-document/reupload?uploadsId={id}: multipart with one PDF file. */
export const reuploadQuerySchema = z.object({ uploadsId: idSchema });
export const reuploadResponseSchema = z
  .object({ document: documentSchema, needSign: z.boolean() })
  .meta({ id: 'DocumentReupload' });
export type ReuploadResponse = z.infer<typeof reuploadResponseSchema>;

export const downloadParamsSchema = z.object({ id: idSchema });

export const documentsApi = {
  userDocuments: defineRoute({
    method: 'GET',
    path: '/user-document/get-by-user',
    summary: "The user's documents, newest first",
    tags: ['documents'],
    access: 'session',
    response: documentsResponseSchema,
    errors: [404],
  }),
  locationDocuments: defineRoute({
    method: 'GET',
    path: '/location-document/get-all',
    summary: 'Documents of the locations where the user holds units or loans, newest first',
    tags: ['documents'],
    access: 'session',
    response: documentsResponseSchema,
    errors: [404],
  }),
  categories: defineRoute({
    method: 'GET',
    path: '/document-category',
    summary: 'Document categories',
    tags: ['documents'],
    access: 'session',
    response: documentCategoriesResponseSchema,
    errors: [404],
  }),
  request: defineRoute({
    method: 'POST',
    path: '/user-document/send-document-request',
    summary: 'Request a document of a category from the manager (stored and mailed)',
    tags: ['documents'],
    access: 'session',
    body: documentRequestSchema,
    response: documentRequestResponseSchema,
    errors: [404],
  }),
  reupload: defineRoute({
    method: 'POST',
    path: '/user-document/reupload',
    summary:
      'Upload the signed copy of a document waiting for the signature: multipart with one PDF file (at most 10 MB)',
    tags: ['documents'],
    access: 'session',
    query: reuploadQuerySchema,
    consumes: ['multipart/form-data'],
    response: reuploadResponseSchema,
    errors: [404, 413],
  }),
  download: defineRoute({
    method: 'GET',
    path: '/download/document/:id',
    summary: 'Download the PDF of a document by its uploadsId (own documents and those of own locations)',
    tags: ['documents'],
    access: 'session',
    params: downloadParamsSchema,
    response: 'file',
    produces: ['application/pdf'],
    errors: [404],
  }),
};
