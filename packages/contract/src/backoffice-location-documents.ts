import { z } from 'zod';
import { DOCUMENT_MAX_BYTES } from './documents.ts';
import { successSchema } from './errors.ts';
import { defineRoute } from './route.ts';
import { idSchema as id, optionalText } from './validation.ts';

/**
 * The console's documents of a location: PDFs every owner with a unit or a loan there reads on the documents page
 * (they need no signature). The company's content, so every manager and admin keeps them; every change is audited.
 */

export const LOCATION_DOCUMENT_MAX_BYTES = DOCUMENT_MAX_BYTES;

export const staffLocationDocumentsQuerySchema = z.object({ locationId: id.optional() });
export const staffLocationDocumentParamsSchema = z.object({ id });

const isoDate = z
  .string({ error: 'validation.required' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.invalid' })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), { error: 'validation.invalid' });

/** PUT /backoffice/location-documents/{id}, and the text fields of the multipart POST (English empty → Russian). */
export const staffLocationDocumentBodySchema = z.object({
  locationId: id,
  categoryId: id,
  number: optionalText(100),
  date: isoDate,
  description: optionalText(4000),
  descriptionEn: optionalText(4000),
});
export type StaffLocationDocumentBody = z.input<typeof staffLocationDocumentBodySchema>;
export type StaffLocationDocumentFields = z.output<typeof staffLocationDocumentBodySchema>;

export const staffLocationDocumentSchema = z
  .object({
    id: z.number(),
    locationId: z.number(),
    locationName: z.string(),
    locationNameEn: z.string(),
    categoryId: z.number(),
    categoryName: z.string(),
    categoryNameEn: z.string(),
    number: z.string().nullable(),
    date: z.string().describe('yyyy-mm-dd'),
    description: z.string(),
    descriptionEn: z.string(),
    uploadId: z
      .number()
      .nullable()
      .describe('The PDF: GET /backoffice/location-documents/download/{uploadId}'),
    fileName: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'StaffLocationDocument' });
export type StaffLocationDocument = z.infer<typeof staffLocationDocumentSchema>;

export const staffLocationDocumentsSchema = z.object({ documents: z.array(staffLocationDocumentSchema) });
export type StaffLocationDocuments = z.infer<typeof staffLocationDocumentsSchema>;

export const staffLocationDocumentDownloadParamsSchema = z.object({ uploadId: id });

/** Documents of the locations in the console (managers and admins). */
export const backofficeLocationDocumentsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/backoffice/location-documents',
    summary: "Documents of the locations, newest first; locationId narrows to one location's",
    tags: ['backoffice'],
    access: 'staff',
    query: staffLocationDocumentsQuerySchema,
    response: staffLocationDocumentsSchema,
  }),
  upload: defineRoute({
    method: 'POST',
    path: '/backoffice/location-documents',
    summary:
      'Uploads a document of a location: multipart with locationId, categoryId (not archived), number?, date, description?, descriptionEn? and then one PDF file (checked by content, at most 10 MB)',
    tags: ['backoffice'],
    access: 'staff',
    consumes: ['multipart/form-data'],
    response: staffLocationDocumentSchema,
    errors: [404],
  }),
  replaceFile: defineRoute({
    method: 'POST',
    path: '/backoffice/location-documents/:id/file',
    summary:
      "Attaches a PDF to a location's document or replaces its PDF (a document imported without a file gets it here): multipart with one PDF file (checked by content, at most 10 MB)",
    tags: ['backoffice'],
    access: 'staff',
    params: staffLocationDocumentParamsSchema,
    consumes: ['multipart/form-data'],
    response: staffLocationDocumentSchema,
    errors: [404],
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/backoffice/location-documents/:id',
    summary: "Changes a location document's location, category, number, date and descriptions",
    tags: ['backoffice'],
    access: 'staff',
    params: staffLocationDocumentParamsSchema,
    body: staffLocationDocumentBodySchema,
    response: staffLocationDocumentSchema,
    errors: [404],
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/backoffice/location-documents/:id',
    summary: 'Deletes a location document with its file',
    tags: ['backoffice'],
    access: 'staff',
    params: staffLocationDocumentParamsSchema,
    response: successSchema,
    errors: [404],
  }),
  download: defineRoute({
    method: 'GET',
    path: '/backoffice/location-documents/download/:uploadId',
    summary: "The PDF of a location's document",
    tags: ['backoffice'],
    access: 'staff',
    params: staffLocationDocumentDownloadParamsSchema,
    response: 'file',
    produces: ['application/pdf'],
    errors: [404],
  }),
};
