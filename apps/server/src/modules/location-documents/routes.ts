import {
  backofficeLocationDocumentsApi as api,
  LOCATION_DOCUMENT_MAX_BYTES,
} from '@portal/contract/backoffice-location-documents';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { contentDisposition } from '../../http/content-disposition.ts';
import { registerMultipart } from '../../http/multipart.ts';
import { routesOf } from '../../http/route.ts';
import { sessionOf } from '../../http/session-auth.ts';
import { readSingleFile } from '../../http/uploaded-files.ts';
import * as staff from './service.ts';

/** /api/v1/backoffice/location-documents (managers and admins): documents every owner of a location reads. */
export function backofficeLocationDocumentRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    await registerMultipart(app, { maxBytes: LOCATION_DOCUMENT_MAX_BYTES, fields: 8 });
    const route = routesOf(app, ctx);
    route(api.list, async (request) => ({
      documents: await staff.staffLocationDocuments(ctx, sessionOf(request), request.query.locationId),
    }));
    route(
      api.upload,
      async (request) =>
        staff.uploadLocationDocument(
          ctx,
          sessionOf(request),
          await readSingleFile(ctx, request, {
            dir: staff.LOCATION_DOCUMENT_FILES_DIR,
            maxBytes: LOCATION_DOCUMENT_MAX_BYTES,
            sizeKey: 'documents.fileSize',
          }),
        ),
      { bodyLimit: LOCATION_DOCUMENT_MAX_BYTES + 64 * 1024 },
    );
    route(
      api.replaceFile,
      async (request) =>
        staff.replaceLocationDocumentFile(
          ctx,
          sessionOf(request),
          request.params.id,
          await readSingleFile(ctx, request, {
            dir: staff.LOCATION_DOCUMENT_FILES_DIR,
            maxBytes: LOCATION_DOCUMENT_MAX_BYTES,
            sizeKey: 'documents.fileSize',
          }),
        ),
      { bodyLimit: LOCATION_DOCUMENT_MAX_BYTES + 64 * 1024 },
    );
    route(api.update, (request) =>
      staff.updateLocationDocument(ctx, sessionOf(request), request.params.id, request.body),
    );
    route(api.remove, async (request) => {
      await staff.removeLocationDocument(ctx, sessionOf(request), request.params.id);
      return { success: true as const };
    });
    route(api.download, async (request, reply) => {
      const file = await staff.downloadLocationDocument(ctx, sessionOf(request), request.params.uploadId);
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
