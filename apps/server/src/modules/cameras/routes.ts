import { backofficeCamerasApi, CAMERA_VIEW_MAX_BYTES } from '@portal/contract/backoffice-cameras';
import { camerasApi } from '@portal/contract/cameras';
import { filesApi } from '@portal/contract/files';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { sendWithRanges } from '../../http/byte-ranges.ts';
import { notFound } from '../../http/errors.ts';
import { registerMultipart } from '../../http/multipart.ts';
import { routesOf } from '../../http/route.ts';
import { sessionOf } from '../../http/session-auth.ts';
import { readSingleFile, serveUploadedFiles } from '../../http/uploaded-files.ts';
import * as staff from './backoffice.ts';
import { proxyStream } from './proxy.ts';
import { cameras, hasTestPattern } from './service.ts';
import { livePlaylist, readAsset, SEGMENT_COUNT } from './stream.ts';

/**
 * investor/cameras, and the streams endpoint: GET streams/{locationId}/index.m3u8 (live playlist),
 * streams/{locationId}/segment-{n}.ts and streams/clips/camera-{n}.mp4. Only for signed-in users with access to the
 * location, by the bearer header or a signed URL (issue 15: http/media-access.ts, wired in app.ts).
 */
export function cameraRoutes(ctx: AppContext) {
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
    route(camerasApi.liveStream, async (request, reply) => {
      const stream = await staff.streamByKey(ctx, request.params.key);
      if (!stream) throw notFound();
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const result = await proxyStream(
        stream.stream_url,
        `${request.params['*']}${query}`,
        `/api/v1/streams/live/${stream.proxy_key}/`,
      );
      if (result.status === 404) throw notFound();
      return reply
        .code(result.status)
        .type(result.type)
        .header('cache-control', 'no-cache')
        .send(result.body);
    });
    route(camerasApi.cameras, (request) => cameras(ctx, sessionOf(request)));
    route(camerasApi.clip, async (request, reply) => {
      const n = Number(/^camera-([1-5])\.mp4$/.exec(request.params.name)?.[1]);
      if (!n) throw notFound();
      reply.type('video/mp4').header('cache-control', 'public, max-age=86400');
      return sendWithRanges(request, reply, await readAsset(`clips/camera-${n}.mp4`));
    });
    route(camerasApi.stream, async (request, reply) => {
      const { name } = request.params;
      if (name === 'index.m3u8') {
        // The test pattern plays only where a (demo) row points at it.
        if (!(await hasTestPattern(ctx, Number(request.params.locationId)))) throw notFound();
        return reply
          .type('application/vnd.apple.mpegurl')
          .header('cache-control', 'no-cache')
          .send(livePlaylist(Date.now(), (index, sequence) => `segment-${index}.ts?s=${sequence}`));
      }
      const index = Number(/^segment-(\d)\.ts$/.exec(name)?.[1] ?? Number.NaN);
      if (!Number.isInteger(index) || index < 0 || index >= SEGMENT_COUNT) throw notFound();
      return reply
        .type('video/mp2t')
        .header('cache-control', 'public, max-age=86400')
        .send(await readAsset(`live/segment-${index}.m2ts`));
    });
  };
}
