import multipart from '@fastify/multipart';
import {
  REPORT_VIDEO_MAX_BYTES,
  staffReportBodySchema,
  staffReportListQuerySchema,
  staffReportListSchema,
  staffReportMediaAddedSchema,
  staffReportMediaParamsSchema,
  staffReportParamsSchema,
  staffReportSavedSchema,
} from '@portal/contract/backoffice-reports';
import { errorResponseSchema } from '@portal/contract/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { sendWithRanges } from '../../http/byte-ranges.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { requireStaff, sessionOf } from '../../http/session-auth.ts';
import * as reports from './service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const deleted = z.object({ success: z.literal(true) });

/**
 * The one file of a multipart body as a stream (it is stored chunk by chunk, never held whole); beyond the video
 * limit the stream stops and the file is refused as too large.
 */
async function mediaFile(request: FastifyRequest): Promise<reports.UploadedMedia> {
  if (!request.isMultipart()) throw badRequest('reports.fileRequired', 'file');
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file({ limits: { fileSize: REPORT_VIDEO_MAX_BYTES, files: 1 } });
  } catch {
    throw badRequest('reports.fileRequired', 'file');
  }
  if (!part) throw badRequest('reports.fileRequired', 'file');
  const { file } = part;
  return { stream: file, name: part.filename, truncated: () => file.truncated };
}

/** /api/v1/backoffice/reports (managers and admins) and the public files of report media. */
export function backofficeReportRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    await fastify.register(multipart, {
      limits: { fileSize: REPORT_VIDEO_MAX_BYTES, files: 1, fields: 5, parts: 6 },
    });
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const authed = { onRequest: requireStaff(ctx) };
    const security = [{ bearer: [] }];
    const tags = ['backoffice'];
    app.get(
      '/backoffice/reports',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: "A location's photo and video reports (whole location and units), newest first, 20 a page",
          querystring: staffReportListQuerySchema,
          response: { 200: staffReportListSchema, ...errors },
        },
      },
      (request) =>
        reports.staffReports(ctx, sessionOf(request), request.query.locationId, request.query.page),
    );
    app.post(
      '/backoffice/reports',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: 'A new report of a location or of one of its units',
          body: staffReportBodySchema,
          response: { 200: staffReportSavedSchema, ...errors },
        },
      },
      async (request) => ({ id: await reports.saveReport(ctx, sessionOf(request), undefined, request.body) }),
    );
    app.put(
      '/backoffice/reports/:id',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: 'Changes a report',
          params: staffReportParamsSchema,
          body: staffReportBodySchema,
          response: { 200: staffReportSavedSchema, ...errors },
        },
      },
      async (request) => ({
        id: await reports.saveReport(ctx, sessionOf(request), request.params.id, request.body),
      }),
    );
    app.delete(
      '/backoffice/reports/:id',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: 'Deletes a report with its media',
          params: staffReportParamsSchema,
          response: { 200: deleted, ...errors },
        },
      },
      async (request) => {
        await reports.deleteReport(ctx, sessionOf(request), request.params.id);
        return { success: true as const };
      },
    );
    app.post(
      '/backoffice/reports/:id/media',
      {
        ...authed,
        bodyLimit: REPORT_VIDEO_MAX_BYTES + 64 * 1024,
        schema: {
          tags,
          security,
          summary:
            'Adds a photo or video: multipart with one file, JPEG, PNG or WebP (at most 10 MB) or MP4 (at most 50 MB), checked by content',
          consumes: ['multipart/form-data'],
          params: staffReportParamsSchema,
          response: { 200: staffReportMediaAddedSchema, ...errors },
        },
      },
      async (request) =>
        reports.addMedia(ctx, sessionOf(request), request.params.id, await mediaFile(request)),
    );
    app.delete(
      '/backoffice/reports/:id/media/:mediaId',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: 'Removes a photo or video from a report',
          params: staffReportMediaParamsSchema,
          response: { 200: deleted, ...errors },
        },
      },
      async (request) => {
        await reports.removeMedia(ctx, sessionOf(request), request.params.id, request.params.mediaId);
        return { success: true as const };
      },
    );
    app.get(
      '/files/reports/:name',
      {
        schema: {
          tags: ['timeline'],
          summary: 'An uploaded photo or video of a media report (by its unguessable name, like avatars)',
          params: z.object({ name: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }),
        },
      },
      async (request, reply) => {
        const file = await reports.readReportMedia(ctx, request.params.name);
        if (!file) throw notFound();
        reply.type(file.mimeType).header('cache-control', 'private, max-age=86400, immutable');
        return sendWithRanges(request, reply, file);
      },
    );
  };
}
