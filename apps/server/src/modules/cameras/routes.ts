import {
  CAMERA_VIEW_MAX_BYTES,
  staffCameraLocationParamsSchema,
  staffCameraStreamBodySchema,
  staffCamerasQuerySchema,
  staffCamerasSchema,
  staffCameraViewBodySchema,
  staffCameraViewParamsSchema,
  staffCameraViewSchema,
} from '@portal/contract/backoffice-cameras';
import { camerasResponseSchema } from '@portal/contract/cameras';
import { errorResponseSchema } from '@portal/contract/errors';
import { filesApi } from '@portal/contract/files';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { sendWithRanges } from '../../http/byte-ranges.ts';
import { notFound } from '../../http/errors.ts';
import { registerMultipart } from '../../http/multipart.ts';
import { requireSession, requireStaff, sessionOf } from '../../http/session-auth.ts';
import { readSingleFile, serveUploadedFiles } from '../../http/uploaded-files.ts';
import * as staff from './backoffice.ts';
import { proxyStream } from './proxy.ts';
import { cameras, hasTestPattern } from './service.ts';
import { livePlaylist, readAsset, SEGMENT_COUNT } from './stream.ts';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema };
const staffErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/**
 * investor/cameras, and the streams endpoint: GET streams/{locationId}/index.m3u8 (live playlist),
 * streams/{locationId}/segment-{n}.ts and streams/clips/camera-{n}.mp4. Only for signed-in users with access to the
 * location, by the bearer header or a signed URL (issue 15: http/media-access.ts, wired in app.ts).
 */
export function cameraRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    await registerMultipart(fastify, { maxBytes: CAMERA_VIEW_MAX_BYTES, fields: 5 });
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['cameras'];
    const staffed = { onRequest: requireStaff(ctx) };
    const security = [{ bearer: [] }];
    const staffTags = ['backoffice'];
    app.get(
      '/backoffice/cameras',
      {
        ...staffed,
        schema: {
          tags: staffTags,
          security,
          summary: "A location's cameras: the live stream's address and the looping views",
          querystring: staffCamerasQuerySchema,
          response: { 200: staffCamerasSchema, ...staffErrors },
        },
      },
      (request) => staff.staffCameras(ctx, sessionOf(request), request.query.locationId),
    );
    app.put(
      '/backoffice/cameras/:locationId/stream',
      {
        ...staffed,
        schema: {
          tags: staffTags,
          security,
          summary:
            'Sets the https HLS playlist of the live camera (proxied for owners); empty or null removes it',
          params: staffCameraLocationParamsSchema,
          body: staffCameraStreamBodySchema,
          response: { 200: staffCamerasSchema, ...staffErrors },
        },
      },
      (request) =>
        staff.saveStream(ctx, sessionOf(request), request.params.locationId, request.body.streamUrl),
    );
    app.post(
      '/backoffice/cameras/:locationId/views',
      {
        ...staffed,
        bodyLimit: CAMERA_VIEW_MAX_BYTES + 64 * 1024,
        schema: {
          tags: staffTags,
          security,
          summary:
            'Adds a looping view: multipart with the fields title, titleEn and then one MP4 file (at most 50 MB, checked by content); five a location',
          consumes: ['multipart/form-data'],
          params: staffCameraLocationParamsSchema,
          response: { 200: staffCameraViewSchema, ...staffErrors },
        },
      },
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
    );
    app.put(
      '/backoffice/cameras/views/:id',
      {
        ...staffed,
        schema: {
          tags: staffTags,
          security,
          summary: "Changes a view's titles",
          params: staffCameraViewParamsSchema,
          body: staffCameraViewBodySchema,
          response: { 200: staffCameraViewSchema, ...staffErrors },
        },
      },
      (request) => staff.updateView(ctx, sessionOf(request), request.params.id, request.body),
    );
    app.delete(
      '/backoffice/cameras/views/:id',
      {
        ...staffed,
        schema: {
          tags: staffTags,
          security,
          summary: 'Removes a view with its file',
          params: staffCameraViewParamsSchema,
          response: { 200: z.object({ success: z.literal(true) }), ...staffErrors },
        },
      },
      async (request) => {
        await staff.removeView(ctx, sessionOf(request), request.params.id);
        return { success: true as const };
      },
    );
    serveUploadedFiles(fastify, ctx, filesApi.cameraView, {
      dir: staff.CAMERA_FILES_DIR,
      kind: staff.CAMERA_UPLOAD_KIND,
    });
    app.get(
      '/streams/live/:key/*',
      {
        schema: {
          tags,
          summary:
            "The proxied live camera: the stored playlist and what it names, only below the stored playlist's directory",
          params: z.object({ key: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/), '*': z.string().max(1000) }),
        },
      },
      async (request, reply) => {
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
      },
    );
    app.get(
      '/investor/cameras',
      {
        onRequest: requireSession(ctx),
        schema: {
          tags,
          security: [{ bearer: [] }],
          summary: "The investor's locations with cameras: up to five looping views and the live stream",
          response: { 200: camerasResponseSchema, ...errors },
        },
      },
      (request) => cameras(ctx, sessionOf(request)),
    );
    app.get(
      '/streams/clips/:name',
      {
        schema: {
          tags,
          summary: 'A looping camera view (mp4)',
          params: z.object({ name: z.string().max(20) }),
        },
      },
      async (request, reply) => {
        const n = Number(/^camera-([1-5])\.mp4$/.exec(request.params.name)?.[1]);
        if (!n) throw notFound();
        reply.type('video/mp4').header('cache-control', 'public, max-age=86400');
        return sendWithRanges(request, reply, await readAsset(`clips/camera-${n}.mp4`));
      },
    );
    app.get(
      '/streams/:locationId/:name',
      {
        schema: {
          tags,
          summary: 'The live HLS stream of a location: index.m3u8 and its MPEG-TS segments',
          params: z.object({ locationId: z.string().regex(/^\d{1,9}$/), name: z.string().max(40) }),
        },
      },
      async (request, reply) => {
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
      },
    );
  };
}
