import { dashboardApi } from '@portal/contract/finance';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { routesOf } from '../../http/route.ts';
import { sessionOf } from '../../http/session-auth.ts';
import {
  dashboardActualData,
  dashboardFirstScreen,
  dashboardGraph,
  dashboardStatistics,
  locationInfo,
} from './service.ts';

export function dashboardRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const route = routesOf(app, ctx);
    route(dashboardApi.graph, (request) => dashboardGraph(ctx, sessionOf(request), request.query));
    route(dashboardApi.statistics, (request) =>
      dashboardStatistics(ctx, sessionOf(request), request.query.location),
    );
    route(dashboardApi.actualData, (request) => dashboardActualData(ctx, sessionOf(request), request.query));
    route(dashboardApi.firstScreen, (request) =>
      dashboardFirstScreen(ctx, sessionOf(request), request.query),
    );
    route(dashboardApi.locationInfo, (request) =>
      locationInfo(ctx, sessionOf(request), request.query.location),
    );
  };
}
