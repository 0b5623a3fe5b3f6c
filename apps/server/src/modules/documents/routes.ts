import { backofficeIdParamsSchema } from '@portal/contract/backoffice';
import {
  staffDocumentCreatedSchema,
  staffDocumentFieldsSchema,
  staffDocumentsResponseSchema,
  staffDownloadParamsSchema,
} from '@portal/contract/backoffice-documents';
import {
  DOCUMENT_MAX_BYTES,
  documentCategoriesResponseSchema,
  documentRequestResponseSchema,
  documentRequestSchema,
  documentsResponseSchema,
  downloadParamsSchema,
  reuploadQuerySchema,
  reuploadResponseSchema,
} from '@portal/contract/documents';
import { errorResponseSchema } from '@portal/contract/errors';
import { isMessageKey } from '@portal/contract/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { contentDisposition } from '../../http/content-disposition.ts';
import { badRequest } from '../../http/errors.ts';
import { readMultipart, readMultipartForm, readWhole, registerMultipart } from '../../http/multipart.ts';
import { requireSession, requireStaff, sessionOf } from '../../http/session-auth.ts';
import * as staff from './backoffice.ts';
import * as documents from './service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
};

/** A document upload: one PDF of at most DOCUMENT_MAX_BYTES (else 413), read whole. */
const upload = {
  maxBytes: DOCUMENT_MAX_BYTES,
  missingKey: 'documents.fileRequired',
  tooLarge: documents.fileTooLarge,
} as const;

/** The one file of a multipart body, read whole. */
export async function multipartFile(
  request: FastifyRequest,
): Promise<{ data: Buffer; name: string | undefined }> {
  const { file } = await readMultipart(request, upload);
  if (!file) throw badRequest('documents.fileRequired', 'file');
  return readWhole(file, upload);
}

/** Multipart parsing for the upload routes of a plugin scope. */
function registerDocumentUploads(app: FastifyInstance) {
  return registerMultipart(app, { maxBytes: DOCUMENT_MAX_BYTES, fields: 10, parts: 12 });
}

export function documentRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    await registerDocumentUploads(fastify);
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const authed = { onRequest: requireSession(ctx) };
    const security = [{ bearer: [] }];
    const tags = ['documents'];
    app.get(
      '/user-document/get-by-user',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: "The user's documents, newest first",
          response: { 200: documentsResponseSchema, ...errors },
        },
      },
      async (request) => ({ documents: await documents.userDocuments(ctx, sessionOf(request)) }),
    );
    app.get(
      '/location-document/get-all',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: 'Documents of the locations where the user holds units or loans, newest first',
          response: { 200: documentsResponseSchema, ...errors },
        },
      },
      async (request) => ({ documents: await documents.locationDocuments(ctx, sessionOf(request)) }),
    );
    app.get(
      '/document-category',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: 'Document categories',
          response: { 200: documentCategoriesResponseSchema, ...errors },
        },
      },
      async () => ({ categories: await documents.documentCategories(ctx) }),
    );
    app.post(
      '/user-document/send-document-request',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: 'Request a document of a category from the manager (stored and mailed)',
          body: documentRequestSchema,
          response: { 200: documentRequestResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        requestId: await documents.sendDocumentRequest(ctx, sessionOf(request), request.body),
      }),
    );
    app.post(
      '/user-document/reupload',
      {
        ...authed,
        bodyLimit: DOCUMENT_MAX_BYTES + 64 * 1024,
        schema: {
          tags,
          security,
          summary:
            'Upload the signed copy of a document waiting for the signature: multipart with one PDF file (at most 10 MB)',
          consumes: ['multipart/form-data'],
          querystring: reuploadQuerySchema,
          response: { 200: reuploadResponseSchema, 413: errorResponseSchema, ...errors },
        },
      },
      async (request) =>
        documents.reuploadDocument(
          ctx,
          sessionOf(request),
          request.query.uploadsId,
          await multipartFile(request),
        ),
    );
    app.get(
      '/download/document/:id',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary:
            'Download the PDF of a document by its uploadsId (own documents and those of own locations)',
          params: downloadParamsSchema,
          produces: ['application/pdf'],
        },
      },
      async (request, reply) => {
        const file = await documents.downloadDocument(ctx, sessionOf(request), request.params.id);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', contentDisposition(file.name))
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .header('content-length', file.size)
          .send(file.data);
      },
    );
  };
}

/** The fields and the one PDF of a multipart form; fields beyond the file are strings. */
export function multipartForm(request: FastifyRequest) {
  return readMultipartForm(request, upload);
}

export function backofficeDocumentRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    await registerDocumentUploads(fastify);
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const base = { onRequest: requireStaff(ctx) };
    const tags = ['backoffice'];
    const security = [{ bearer: [] }];
    const staffErrors = { ...errors, 403: errorResponseSchema };
    app.get(
      '/backoffice/owners/:id/documents',
      {
        ...base,
        schema: {
          tags,
          security,
          summary: "The owner's documents with their signed copies",
          params: backofficeIdParamsSchema,
          response: { 200: staffDocumentsResponseSchema, ...staffErrors },
        },
      },
      async (request) => ({
        documents: await staff.staffOwnerDocuments(ctx, sessionOf(request), request.params.id),
      }),
    );
    app.post(
      '/backoffice/owners/:id/documents',
      {
        ...base,
        bodyLimit: DOCUMENT_MAX_BYTES + 64 * 1024,
        schema: {
          tags,
          security,
          summary:
            'Upload a PDF for the owner: multipart with file, categoryId, locationId, unitId?, statusId (1 by default), number?, description?, descriptionEn?, date?',
          consumes: ['multipart/form-data'],
          params: backofficeIdParamsSchema,
          response: { 200: staffDocumentCreatedSchema, 413: errorResponseSchema, ...staffErrors },
        },
      },
      async (request) => {
        const session = sessionOf(request);
        const { fields, file } = await multipartForm(request);
        const parsed = staffDocumentFieldsSchema.safeParse(fields);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          const field = String(issue?.path[0] ?? 'body');
          const key = issue && isMessageKey(issue.message) ? issue.message : 'validation.invalid';
          throw badRequest(key, field);
        }
        if (!file) throw badRequest('documents.fileRequired', 'file');
        const documentId = await staff.staffUploadDocument(
          ctx,
          session,
          request.params.id,
          parsed.data,
          file,
        );
        return { success: true as const, documentId };
      },
    );
    app.get(
      '/backoffice/documents/download/:uploadId',
      {
        ...base,
        schema: {
          tags,
          security,
          summary: 'Download a document or a signed copy of an owner the staff member serves',
          params: staffDownloadParamsSchema,
          produces: ['application/pdf'],
        },
      },
      async (request, reply) => {
        const file = await staff.staffDownload(ctx, sessionOf(request), request.params.uploadId);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', contentDisposition(file.name))
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .header('content-length', file.size)
          .send(file.data);
      },
    );
  };
}
