import { backofficeDocumentsApi, staffDocumentFieldsSchema } from '@portal/contract/backoffice-documents';
import { DOCUMENT_MAX_BYTES } from '@portal/contract/documents';
import { isMessageKey } from '@portal/contract/messages';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { contentDisposition } from '../../http/content-disposition.ts';
import { badRequest } from '../../http/errors.ts';
import { routesOf } from '../../http/route.ts';
import { sessionOf } from '../../http/session-auth.ts';
import * as staff from './backoffice.ts';
import { multipartForm, registerDocumentUploads } from './routes.ts';

export function backofficeDocumentRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    await registerDocumentUploads(app);
    const route = routesOf(app, ctx);
    route(backofficeDocumentsApi.ownerDocuments, async (request) => ({
      documents: await staff.staffOwnerDocuments(ctx, sessionOf(request), request.params.id),
    }));
    route(
      backofficeDocumentsApi.upload,
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
      { bodyLimit: DOCUMENT_MAX_BYTES + 64 * 1024 },
    );
    route(backofficeDocumentsApi.review, async (request) => {
      await staff.staffReviewSignedCopy(ctx, sessionOf(request), request.params.id, request.body);
      return { success: true as const };
    });
    route(backofficeDocumentsApi.download, async (request, reply) => {
      const file = await staff.staffDownload(ctx, sessionOf(request), request.params.uploadId);
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
