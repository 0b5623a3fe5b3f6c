import { requestsApi } from '@portal/contract/requests';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { routesOf } from '../../http/route.ts';
import { sessionOf } from '../../http/session-auth.ts';
import { openRequests, ownerRequests } from './service.ts';

export function requestRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const route = routesOf(app, ctx);
    route(requestsApi.open, async (request) => ({
      requests: await openRequests(ctx.database.db, sessionOf(request).userId),
    }));
    route(requestsApi.mine, async (request) => ({
      requests: await ownerRequests(ctx.database.db, sessionOf(request).userId),
    }));
  };
}
