import { backofficeReportsApi, REPORT_VIDEO_MAX_BYTES } from '@portal/contract/backoffice-reports';
import { filesApi } from '@portal/contract/files';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { sendWithRanges } from '../../http/byte-ranges.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { readMultipart, registerMultipart } from '../../http/multipart.ts';
import { routesOf } from '../../http/route.ts';
import { sessionOf } from '../../http/session-auth.ts';
import * as reports from './backoffice.ts';

/**
 * The one file of a multipart body as a stream (it is stored chunk by chunk, never held whole); beyond the video
 * limit the stream stops and the file is refused as too large.
 */
async function mediaFile(request: FastifyRequest): Promise<reports.UploadedMedia> {
  const { file: part } = await readMultipart(request, {
    maxBytes: REPORT_VIDEO_MAX_BYTES,
    missingKey: 'reports.fileRequired',
  });
  if (!part) throw badRequest('reports.fileRequired', 'file');
  const { file } = part;
  return { stream: file, name: part.filename, truncated: () => file.truncated };
}

/** /api/v1/backoffice/reports (managers and admins) and the public files of report media. */
export function backofficeReportRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    await registerMultipart(app, { maxBytes: REPORT_VIDEO_MAX_BYTES, fields: 5 });
    const route = routesOf(app, ctx);
    route(backofficeReportsApi.list, (request) =>
      reports.staffReports(ctx, sessionOf(request), request.query.locationId, request.query.page),
    );
    route(backofficeReportsApi.create, async (request) => ({
      id: await reports.saveReport(ctx, sessionOf(request), undefined, request.body),
    }));
    route(backofficeReportsApi.update, async (request) => ({
      id: await reports.saveReport(ctx, sessionOf(request), request.params.id, request.body),
    }));
    route(backofficeReportsApi.delete, async (request) => {
      await reports.deleteReport(ctx, sessionOf(request), request.params.id);
      return { success: true as const };
    });
    route(
      backofficeReportsApi.addMedia,
      async (request) =>
        reports.addMedia(ctx, sessionOf(request), request.params.id, await mediaFile(request)),
      { bodyLimit: REPORT_VIDEO_MAX_BYTES + 64 * 1024 },
    );
    route(backofficeReportsApi.removeMedia, async (request) => {
      await reports.removeMedia(ctx, sessionOf(request), request.params.id, request.params.mediaId);
      return { success: true as const };
    });
    route(filesApi.reportMedia, async (request, reply) => {
      const file = await reports.readReportMedia(ctx, request.params.name);
      if (!file) throw notFound();
      reply.type(file.mimeType).header('cache-control', 'private, max-age=86400, immutable');
      return sendWithRanges(request, reply, file);
    });
  };
}
