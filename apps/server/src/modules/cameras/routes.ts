import { camerasResponseSchema } from '@portal/contract/cameras';
import { errorResponseSchema } from '@portal/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { sendWithRanges } from '../../http/byte-ranges.ts';
import { notFound } from '../../http/errors.ts';
import { requireSession, sessionOf } from '../../http/session-auth.ts';
import { cameras } from './service.ts';
import { livePlaylist, readAsset, SEGMENT_COUNT } from './stream.ts';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema };

/**
 * investor/cameras, and the streams endpoint: GET streams/{locationId}/index.m3u8 (live playlist),
 * streams/{locationId}/segment-{n}.ts and streams/clips/camera-{n}.mp4. Media elements cannot send the bearer
 * header, so the demo media are public, like the site's own static files; they show a test pattern only.
 */
export function cameraRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['cameras'];
    app.get(
      '/investor/cameras',
      {
        onRequest: requireSession(ctx),
        schema: {
          tags,
          security: [{ bearer: [] }],
          summary: "The investor's locations with their five camera views and the live stream",
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
        if (name === 'index.m3u8')
          return reply
            .type('application/vnd.apple.mpegurl')
            .header('cache-control', 'no-cache')
            .send(livePlaylist(Date.now(), (index, sequence) => `segment-${index}.ts?s=${sequence}`));
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
