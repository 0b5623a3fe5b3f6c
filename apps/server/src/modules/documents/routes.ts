import { DOCUMENT_MAX_BYTES, documentsApi } from '@portal/contract/documents';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { contentDisposition } from '../../http/content-disposition.ts';
import { badRequest } from '../../http/errors.ts';
import { readMultipart, readMultipartForm, readWhole, registerMultipart } from '../../http/multipart.ts';
import { routesOf } from '../../http/route.ts';
import { sessionOf } from '../../http/session-auth.ts';
import * as documents from './service.ts';

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
export function registerDocumentUploads(app: FastifyInstance) {
  return registerMultipart(app, { maxBytes: DOCUMENT_MAX_BYTES, fields: 10, parts: 12 });
}

export function documentRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    await registerDocumentUploads(app);
    const route = routesOf(app, ctx);
    route(documentsApi.userDocuments, async (request) => ({
      documents: await documents.userDocuments(ctx, sessionOf(request)),
    }));
    route(documentsApi.locationDocuments, async (request) => ({
      documents: await documents.locationDocuments(ctx, sessionOf(request)),
    }));
    route(documentsApi.categories, async () => ({ categories: await documents.documentCategories(ctx) }));
    route(documentsApi.request, async (request) => ({
      success: true as const,
      requestId: await documents.sendDocumentRequest(ctx, sessionOf(request), request.body),
    }));
    route(
      documentsApi.reupload,
      async (request) =>
        documents.reuploadDocument(
          ctx,
          sessionOf(request),
          request.query.uploadsId,
          await multipartFile(request),
        ),
      { bodyLimit: DOCUMENT_MAX_BYTES + 64 * 1024 },
    );
    route(documentsApi.download, async (request, reply) => {
      const file = await documents.downloadDocument(ctx, sessionOf(request), request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(file.name))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-length', file.size)
        .send(file.data);
    });
  };
}

/** The fields and the one PDF of a multipart form; fields beyond the file are strings. */
export function multipartForm(request: FastifyRequest) {
  return readMultipartForm(request, upload);
}
