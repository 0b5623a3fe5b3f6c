import { layoutApi } from '@portal/contract/layout';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { routesOf } from '../../http/route.ts';
import { sessionOf } from '../../http/session-auth.ts';
import { layoutAnswers } from './service.ts';

export function layoutRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const route = routesOf(app, ctx);
    route(layoutApi.layout, (request) => layoutAnswers(ctx, sessionOf(request)));
  };
}
