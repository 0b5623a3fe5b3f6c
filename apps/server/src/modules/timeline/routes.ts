import { errorResponseSchema } from '@portal/contract/errors';
import {
  locationReportsQuerySchema,
  locationTimelineQuerySchema,
  locationTimelineResponseSchema,
  mediaReportsResponseSchema,
  unitReportsQuerySchema,
  unitTimelineQuerySchema,
  unitTimelineSchema,
} from '@portal/contract/timeline';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { requireSession, sessionOf } from '../../http/session-auth.ts';
import { REPORT_PICTURE_NAME, reportPictureSvg } from './pictures.ts';
import { locationReports, locationTimeline, unitReports, unitTimeline } from './service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

export function timelineRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const authed = { onRequest: requireSession(ctx) };
    const security = [{ bearer: [] }];
    const tags = ['timeline'];
    app.get(
      '/timeline/get-timeline',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: "A unit's capitalization and construction timeline, by the user's unit link (userUnitId)",
          querystring: unitTimelineQuerySchema,
          response: { 200: unitTimelineSchema, ...errors },
        },
      },
      (request) => unitTimeline(ctx, sessionOf(request), request.query.userUnitId),
    );
    app.get(
      '/timeline/get-timeline-location',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary:
            "The location's timeline (levels 1–3) and its periphery stages (for owners of units there). " +
            'Lenders also read locations 1, 2 and 3, their fixed tabs.',
          querystring: locationTimelineQuerySchema,
          response: { 200: locationTimelineResponseSchema, ...errors },
        },
      },
      (request) => locationTimeline(ctx, sessionOf(request), request.query.locationId),
    );
    app.get(
      '/timeline/report/unit',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: "Photo and video reports of the user's unit, newest first",
          querystring: unitReportsQuerySchema,
          response: { 200: mediaReportsResponseSchema, ...errors },
        },
      },
      (request) => unitReports(ctx, sessionOf(request), request.query.unitId),
    );
    app.get(
      '/timeline/report/location',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: 'Photo and video reports of the whole location, newest first',
          querystring: locationReportsQuerySchema,
          response: { 200: mediaReportsResponseSchema, ...errors },
        },
      },
      (request) => locationReports(ctx, sessionOf(request), request.query.locationId),
    );
    app.get(
      '/media/reports/:name',
      {
        schema: {
          tags,
          summary: 'A demo photo of a media report (generated picture, no personal data)',
          params: z.object({ name: z.string().max(40) }),
        },
      },
      async (request, reply) => {
        const match = REPORT_PICTURE_NAME.exec(request.params.name.replace(/\.svg$/, ''));
        if (!match) throw notFound();
        return reply
          .type('image/svg+xml')
          .header('cache-control', 'public, max-age=86400, immutable')
          .send(reportPictureSvg(Number(match[1]), Number(match[2])));
      },
    );
  };
}
