import {
  inspectionDetailSchema,
  inspectionQuerySchema,
  locationInspectionsQuerySchema,
  locationInspectionsResponseSchema,
} from '@portal/contract/control';
import { errorResponseSchema } from '@portal/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { requireSession, sessionOf } from '../../http/session-auth.ts';
import { DEMO_PHOTO_NAME, demoPhotoSvg } from './photos.ts';
import { inspection, locationInspections } from './service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

export function controlRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const authed = { onRequest: requireSession(ctx) };
    const security = [{ bearer: [] }];
    const tags = ['control'];
    app.get(
      '/check-office/get-location-inspections',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: "The location's inspections: summary, completed and upcoming",
          querystring: locationInspectionsQuerySchema,
          response: { 200: locationInspectionsResponseSchema, ...errors },
        },
      },
      (request) => locationInspections(ctx, sessionOf(request), request.query.locationId),
    );
    app.get(
      '/check-office/get-inspection',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: 'One inspection with its checklist: groups, subgroups, checks and their photos',
          querystring: inspectionQuerySchema,
          response: { 200: inspectionDetailSchema, ...errors },
        },
      },
      (request) => inspection(ctx, sessionOf(request), request.query.inspectionId),
    );
    app.get(
      '/media/checks/:name',
      {
        schema: {
          tags,
          summary: 'A demo photo of a checklist check (generated picture, no personal data)',
          params: z.object({ name: z.string().max(40) }),
        },
      },
      async (request, reply) => {
        const match = DEMO_PHOTO_NAME.exec(request.params.name.replace(/\.svg$/, ''));
        if (!match) throw notFound();
        return reply
          .type('image/svg+xml')
          .header('cache-control', 'public, max-age=86400, immutable')
          .send(demoPhotoSvg(Number(match[1]), Number(match[2])));
      },
    );
  };
}
