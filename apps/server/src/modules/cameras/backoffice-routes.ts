import { backofficeCamerasApi, CAMERA_VIEW_MAX_BYTES } from '@portal/contract/backoffice-cameras';
import { filesApi } from '@portal/contract/files';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { registerMultipart } from '../../http/multipart.ts';
import { routesOf } from '../../http/route.ts';
import { sessionOf } from '../../http/session-auth.ts';
import { readSingleFile, serveUploadedFiles } from '../../http/uploaded-files.ts';
import * as staff from './backoffice.ts';

/** /api/v1/backoffice/cameras (managers and admins): streams and views of a location, and the uploaded views. */
export function backofficeCameraRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    await registerMultipart(app, { maxBytes: CAMERA_VIEW_MAX_BYTES, fields: 5 });
    const route = routesOf(app, ctx);
    route(backofficeCamerasApi.cameras, (request) =>
      staff.staffCameras(ctx, sessionOf(request), request.query.locationId),
    );
    route(backofficeCamerasApi.saveStream, (request) =>
      staff.saveStream(ctx, sessionOf(request), request.params.locationId, request.body.streamUrl),
    );
    route(
      backofficeCamerasApi.addView,
      async (request) =>
        staff.addView(
          ctx,
          sessionOf(request),
          request.params.locationId,
          await readSingleFile(ctx, request, {
            dir: staff.CAMERA_FILES_DIR,
            maxBytes: CAMERA_VIEW_MAX_BYTES,
            sizeKey: 'upload.videoSize',
          }),
        ),
      { bodyLimit: CAMERA_VIEW_MAX_BYTES + 64 * 1024 },
    );
    route(backofficeCamerasApi.updateView, (request) =>
      staff.updateView(ctx, sessionOf(request), request.params.id, request.body),
    );
    route(backofficeCamerasApi.removeView, async (request) => {
      await staff.removeView(ctx, sessionOf(request), request.params.id);
      return { success: true as const };
    });
    serveUploadedFiles(app, ctx, filesApi.cameraView, {
      dir: staff.CAMERA_FILES_DIR,
      kind: staff.CAMERA_UPLOAD_KIND,
    });
  };
}
