import { unitsApi } from '@portal/contract/units';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { routesOf } from '../../http/route.ts';
import { sessionOf } from '../../http/session-auth.ts';
import { unitPictureSvg } from './pictures.ts';
import { deleteLot, offerUnitForSale, sendSaleNotification } from './service.ts';

export function unitRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const route = routesOf(app, ctx);
    route(unitsApi.offerUnit, async (request) => {
      await offerUnitForSale(ctx, sessionOf(request), request.body);
      return { success: true as const };
    });
    route(unitsApi.deleteLot, async (request) => {
      await deleteLot(ctx, sessionOf(request), request.body.unit_id);
      return { success: true as const };
    });
    route(unitsApi.notification, async (request) => ({
      success: true as const,
      requestId: await sendSaleNotification(ctx, sessionOf(request), request.body),
    }));
    route(unitsApi.unitPicture, async (request, reply) => {
      const svg = unitPictureSvg(request.params.name);
      if (!svg) throw notFound();
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400, immutable')
        .send(svg);
    });
  };
}
