import { errorResponseSchema } from '@portal/contract/errors';
import {
  buyRequestSchema,
  callbackRequestSchema,
  deleteLotRequestSchema,
  offerUnitRequestSchema,
  saleLotsResponseSchema,
  saleNotificationRequestSchema,
  saleSuccessResponseSchema,
} from '@portal/contract/sales';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { requireSession, sessionOf } from '../../http/session-auth.ts';
import { unitPictureSvg } from './pictures.ts';
import {
  deleteLot,
  offerUnitForSale,
  requestCallback,
  saleLots,
  sendBuyRequest,
  sendSaleNotification,
} from './service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

export function salesRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const authed = { onRequest: requireSession(ctx) };
    const security = [{ bearer: [] }];
    const tags = ['promo'];
    const ok = { 200: saleSuccessResponseSchema, ...errors };

    app.get(
      '/sale-unit/get-sale-units',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: 'The lots of the marketplace: units offered for sale by investors',
          response: { 200: saleLotsResponseSchema, ...errors },
        },
      },
      async (request) => ({ lots: await saleLots(ctx, sessionOf(request)) }),
    );
    app.post(
      '/sale-unit/offer-unit-for-sale',
      {
        ...authed,
        schema: {
          tags: ['units'],
          security,
          summary:
            "List one of the investor's units for sale: price above 0, the unit must have a monthly income",
          body: offerUnitRequestSchema,
          response: ok,
        },
      },
      async (request) => {
        await offerUnitForSale(ctx, sessionOf(request), request.body);
        return { success: true as const };
      },
    );
    app.post(
      '/sale-unit/delete-lot',
      {
        ...authed,
        schema: {
          tags: ['units'],
          security,
          summary: "Withdraw one of the investor's units from sale",
          body: deleteLotRequestSchema,
          response: ok,
        },
      },
      async (request) => {
        await deleteLot(ctx, sessionOf(request), request.body.unit_id);
        return { success: true as const };
      },
    );
    app.post(
      '/sale-unit/send-notification',
      {
        ...authed,
        schema: {
          tags: ['units'],
          security,
          summary: "Tell the manager of a unit's sale state (listed with its price, or withdrawn)",
          body: saleNotificationRequestSchema,
          response: ok,
        },
      },
      async (request) => ({
        success: true as const,
        requestId: await sendSaleNotification(ctx, sessionOf(request), request.body),
      }),
    );
    app.post(
      '/sale-unit/send-buy-request',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: "A request to buy a lot, for the buyer's manager (refused on one's own lot)",
          body: buyRequestSchema,
          response: ok,
        },
      },
      async (request) => ({
        success: true as const,
        requestId: await sendBuyRequest(ctx, sessionOf(request), request.body),
      }),
    );
    app.post(
      '/suggestions/booking',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: 'A callback request from the promo page to the phone given',
          body: callbackRequestSchema,
          response: ok,
        },
      },
      async (request) => ({
        success: true as const,
        requestId: await requestCallback(ctx, sessionOf(request), request.body.phone),
      }),
    );
    app.get(
      '/media/units/:name',
      {
        schema: {
          tags: ['units'],
          summary: 'A demo picture of a unit (generated drawing, no personal data)',
          params: z.object({ name: z.string().max(40) }),
        },
      },
      async (request, reply) => {
        const svg = unitPictureSvg(request.params.name);
        if (!svg) throw notFound();
        return reply
          .type('image/svg+xml')
          .header('cache-control', 'public, max-age=86400, immutable')
          .send(svg);
      },
    );
  };
}
