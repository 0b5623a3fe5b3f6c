import { camerasApi } from '@portal/contract/cameras';
import { ERROR_CODES } from '@portal/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { sendWithRanges } from '../../http/byte-ranges.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { routesOf } from '../../http/route.ts';
import { sessionOf } from '../../http/session-auth.ts';
import { proxyStream } from './proxy.ts';
import { cameras, hasTestPattern, streamByKey } from './service.ts';
import { livePlaylist, readAsset, SEGMENT_COUNT } from './stream.ts';

/**
 * investor/cameras, and the streams endpoint: GET streams/{locationId}/index.m3u8 (live playlist),
 * streams/{locationId}/segment-{n}.ts and streams/clips/camera-{n}.mp4. Only for signed-in users with access to the
 * location, by the bearer header or a signed URL (http/media-access.ts, wired in app.ts).
 */
export function cameraRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const route = routesOf(app, ctx);
    route(camerasApi.liveStream, async (request, reply) => {
      const stream = await streamByKey(ctx, request.params.key);
      if (!stream) throw notFound();
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const result = await proxyStream(
        stream.stream_url,
        `${request.params['*']}${query}`,
        `/api/v1/streams/live/${stream.proxy_key}/`,
        { allowedHosts: ctx.config.cameraProxyAllowedHosts },
      );
      if (result.status === 404) throw notFound();
      if (result.status === 502) {
        // Said once in the log, so the company learns that the address needs CAMERA_PROXY_ALLOWED_HOSTS.
        if (result.refused)
          request.log.warn({ host: result.refused }, 'camera proxy refused an internal address');
        throw new AppError(502, ERROR_CODES.serviceUnavailable, 'cameras.unavailable');
      }
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
