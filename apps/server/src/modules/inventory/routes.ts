import { errorResponseSchema } from '@portal/contract/errors';
import {
  inventoryImagesQuerySchema,
  inventoryImagesResponseSchema,
  inventoryItemsQuerySchema,
  inventoryItemsResponseSchema,
} from '@portal/contract/inventory';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireSession, sessionOf } from '../../http/session-auth.ts';
import { inventoryImages, inventoryItems } from './service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

export function inventoryRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const authed = { onRequest: requireSession(ctx) };
    const security = [{ bearer: [] }];
    const tags = ['inventory'];
    app.get(
      '/id-logic/items',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: "The inventory of one of the investor's units (403 for lenders)",
          querystring: inventoryItemsQuerySchema,
          response: { 200: inventoryItemsResponseSchema, ...errors },
        },
      },
      (request) => inventoryItems(ctx, sessionOf(request), request.query.unitId),
    );
    app.get(
      '/id-logic/item/images',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: 'The current photos of an inventory item, base64',
          querystring: inventoryImagesQuerySchema,
          response: { 200: inventoryImagesResponseSchema, ...errors },
        },
      },
      (request) => inventoryImages(ctx, sessionOf(request), request.query.itemId),
    );
  };
}
