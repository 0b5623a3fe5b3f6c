import { controlApi } from '@portal/contract/control';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { routesOf } from '../../http/route.ts';
import { sessionOf } from '../../http/session-auth.ts';
import { DEMO_PHOTO_NAME, demoPhotoSvg } from './photos.ts';
import { inspection, locationInspections } from './service.ts';

export function controlRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const route = routesOf(app, ctx);
    route(controlApi.locationInspections, (request) =>
      locationInspections(ctx, sessionOf(request), request.query.locationId),
    );
    route(controlApi.inspection, (request) =>
      inspection(ctx, sessionOf(request), request.query.inspectionId),
    );
    route(controlApi.checkPhoto, async (request, reply) => {
      const match = DEMO_PHOTO_NAME.exec(request.params.name.replace(/\.svg$/, ''));
      if (!match) throw notFound();
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400, immutable')
        .send(demoPhotoSvg(Number(match[1]), Number(match[2])));
    });
  };
}
