import { inventoryApi } from '@portal/contract/inventory';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { routesOf } from '../../http/route.ts';
import { sessionOf } from '../../http/session-auth.ts';
import { inventoryImages, inventoryItems } from './service.ts';

export function inventoryRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const route = routesOf(app, ctx);
    route(inventoryApi.items, (request) => inventoryItems(ctx, sessionOf(request), request.query.unitId));
    route(inventoryApi.itemImages, (request) =>
      inventoryImages(ctx, sessionOf(request), request.query.itemId),
    );
  };
}
