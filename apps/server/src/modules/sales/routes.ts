import { salesApi } from '@portal/contract/sales';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { routesOf } from '../../http/route.ts';
import { sessionOf } from '../../http/session-auth.ts';
import { unitPictureSvg } from './pictures.ts';
import {
  deleteLot,
  offerUnitForSale,
  requestCallback,
  saleLots,
  sendBuyRequest,
  sendSaleNotification,
} from './service.ts';

export function salesRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const route = routesOf(app, ctx);
    route(salesApi.lots, async (request) => ({ lots: await saleLots(ctx, sessionOf(request)) }));
    route(salesApi.offerUnit, async (request) => {
      await offerUnitForSale(ctx, sessionOf(request), request.body);
      return { success: true as const };
    });
    route(salesApi.deleteLot, async (request) => {
      await deleteLot(ctx, sessionOf(request), request.body.unit_id);
      return { success: true as const };
    });
    route(salesApi.notification, async (request) => ({
      success: true as const,
      requestId: await sendSaleNotification(ctx, sessionOf(request), request.body),
    }));
    route(salesApi.buyRequest, async (request) => ({
      success: true as const,
      requestId: await sendBuyRequest(ctx, sessionOf(request), request.body),
    }));
    route(salesApi.callback, async (request) => ({
      success: true as const,
      requestId: await requestCallback(ctx, sessionOf(request), request.body.phone),
    }));
    route(salesApi.unitPicture, async (request, reply) => {
      const svg = unitPictureSvg(request.params.name);
      if (!svg) throw notFound();
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400, immutable')
        .send(svg);
    });
  };
}
