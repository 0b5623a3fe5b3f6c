import { INVENTORY_PHOTO_MAX_BYTES } from '@portal/contract/backoffice-inventory';
import { filesApi } from '@portal/contract/files';
import { inventoryApi } from '@portal/contract/inventory';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { registerMultipart } from '../../http/multipart.ts';
import { routesOf } from '../../http/route.ts';
import { sessionOf } from '../../http/session-auth.ts';
import { readSingleFile, serveUploadedFiles } from '../../http/uploaded-files.ts';
import * as photos from './backoffice.ts';

/** The console's side of the inventory (managers and admins): items with their real photos, and the photos. */
export function backofficeInventoryRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    await registerMultipart(app, { maxBytes: INVENTORY_PHOTO_MAX_BYTES, fields: 2 });
    const route = routesOf(app, ctx);
    route(inventoryApi.staffInventory, (request) =>
      photos.staffInventory(ctx, sessionOf(request), request.query.unitId),
    );
    route(
      inventoryApi.addItemPhoto,
      async (request) =>
        photos.addItemPhoto(
          ctx,
          sessionOf(request),
          request.params.id,
          await readSingleFile(ctx, request, {
            dir: photos.INVENTORY_FILES_DIR,
            maxBytes: INVENTORY_PHOTO_MAX_BYTES,
            sizeKey: 'upload.photoSize',
          }),
        ),
      { bodyLimit: INVENTORY_PHOTO_MAX_BYTES + 64 * 1024 },
    );
    route(inventoryApi.removeItemPhoto, async (request) => {
      await photos.removeItemPhoto(ctx, sessionOf(request), request.params.id, request.params.photoId);
      return { success: true as const };
    });
    serveUploadedFiles(app, ctx, filesApi.inventoryPhoto, {
      dir: photos.INVENTORY_FILES_DIR,
      kind: photos.INVENTORY_UPLOAD_KIND,
    });
  };
}
