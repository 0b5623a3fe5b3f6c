import { reportsApi } from '@portal/contract/reports';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { routesOf } from '../../http/route.ts';
import { sessionOf } from '../../http/session-auth.ts';
import { REPORT_PICTURE_NAME, reportPictureSvg } from './pictures.ts';
import { locationReports, unitReports } from './service.ts';

export function reportRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const route = routesOf(app, ctx);
    route(reportsApi.unitReports, (request) => unitReports(ctx, sessionOf(request), request.query.unitId));
    route(reportsApi.locationReports, (request) =>
      locationReports(ctx, sessionOf(request), request.query.locationId),
    );
    route(reportsApi.reportPicture, async (request, reply) => {
      const match = REPORT_PICTURE_NAME.exec(request.params.name.replace(/\.svg$/, ''));
      if (!match) throw notFound();
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400, immutable')
        .send(reportPictureSvg(Number(match[1]), Number(match[2])));
    });
  };
}
