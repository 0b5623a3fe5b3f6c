import { promoApi } from '@portal/contract/promo';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { routesOf } from '../../http/route.ts';
import { sessionOf } from '../../http/session-auth.ts';
import { requestCallback, saleLots, sendBuyRequest } from './service.ts';

export function promoRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const route = routesOf(app, ctx);
    route(promoApi.lots, async (request) => ({ lots: await saleLots(ctx, sessionOf(request)) }));
    route(promoApi.buyRequest, async (request) => ({
      success: true as const,
      requestId: await sendBuyRequest(ctx, sessionOf(request), request.body),
    }));
    route(promoApi.callback, async (request) => ({
      success: true as const,
      requestId: await requestCallback(ctx, sessionOf(request), request.body.phone),
    }));
  };
}
