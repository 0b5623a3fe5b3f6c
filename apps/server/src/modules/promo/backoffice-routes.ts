import { backofficeLotsApi, LOT_PHOTO_MAX_BYTES } from '@portal/contract/backoffice-lots';
import { filesApi } from '@portal/contract/files';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { registerMultipart } from '../../http/multipart.ts';
import { routesOf } from '../../http/route.ts';
import { sessionOf } from '../../http/session-auth.ts';
import { readSingleFile, serveUploadedFiles } from '../../http/uploaded-files.ts';
import * as lots from './backoffice.ts';

/** /api/v1/backoffice/lots (managers and admins): the lots the company publishes on the promo page. */
export function backofficePromoRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    await registerMultipart(app, { maxBytes: LOT_PHOTO_MAX_BYTES, fields: 2 });
    const route = routesOf(app, ctx);
    route(backofficeLotsApi.list, async (request) => ({
      items: await lots.staffLots(ctx, sessionOf(request)),
    }));
    route(backofficeLotsApi.create, (request) =>
      lots.saveLot(ctx, sessionOf(request), undefined, request.body),
    );
    route(backofficeLotsApi.update, (request) =>
      lots.saveLot(ctx, sessionOf(request), request.params.id, request.body),
    );
    route(backofficeLotsApi.remove, async (request) => {
      await lots.deleteLot(ctx, sessionOf(request), request.params.id);
      return { success: true as const };
    });
    route(
      backofficeLotsApi.addPhoto,
      async (request) =>
        lots.addLotPhoto(
          ctx,
          sessionOf(request),
          request.params.id,
          await readSingleFile(ctx, request, {
            dir: lots.LOT_FILES_DIR,
            maxBytes: LOT_PHOTO_MAX_BYTES,
            sizeKey: 'upload.photoSize',
          }),
        ),
      { bodyLimit: LOT_PHOTO_MAX_BYTES + 64 * 1024 },
    );
    route(backofficeLotsApi.removePhoto, async (request) => {
      await lots.removeLotPhoto(ctx, sessionOf(request), request.params.id, request.params.photoId);
      return { success: true as const };
    });
    serveUploadedFiles(app, ctx, filesApi.lotPhoto, {
      dir: lots.LOT_FILES_DIR,
      kind: lots.LOT_UPLOAD_KIND,
    });
  };
}
