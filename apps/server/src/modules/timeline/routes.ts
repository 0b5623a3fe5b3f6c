import { timelineApi } from '@portal/contract/timeline';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { routesOf } from '../../http/route.ts';
import { sessionOf } from '../../http/session-auth.ts';
import { locationTimeline, unitTimeline } from './service.ts';

export function timelineRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const route = routesOf(app, ctx);
    route(timelineApi.unitTimeline, (request) =>
      unitTimeline(ctx, sessionOf(request), request.query.userUnitId),
    );
    route(timelineApi.locationTimeline, (request) =>
      locationTimeline(ctx, sessionOf(request), request.query.locationId),
    );
  };
}
