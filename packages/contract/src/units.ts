import { z } from 'zod';
import { defineRoute } from './route.ts';
import { idSchema } from './validation.ts';

/**
 * An investor's own units for sale (spec, operational areas: the units page, the unit sale's states, its validation
 * rules and the sale-unit/* calls); the marketplace that lists them is promo.ts. Money in rubles.
 */

/** The highest asking price accepted, rubles (a billion: far above any unit, far below bigint limits). */
export const MAX_SALE_PRICE = 1_000_000_000;

/** POST sale-unit/offer-unit-for-sale: a price above 0 (spec: Validation rules), for one of the user's own units. */
export const offerUnitRequestSchema = z.object({
  unit_id: idSchema,
  price: z.coerce
    .number({ error: (issue) => (issue.input === undefined ? 'sale.priceRequired' : 'sale.pricePositive') })
    .positive({ error: 'sale.pricePositive' })
    .max(MAX_SALE_PRICE, { error: 'sale.priceTooHigh' })
    // Kopecks are the smallest unit: a price that rounds to 0 is no price.
    .refine((value) => Math.round(value * 100) > 0, { error: 'sale.pricePositive' })
    .transform((value) => Math.round(value * 100) / 100),
});
export type OfferUnitRequest = z.input<typeof offerUnitRequestSchema>;

/** POST sale-unit/delete-lot */
export const deleteLotRequestSchema = z.object({ unit_id: idSchema });
export type DeleteLotRequest = z.input<typeof deleteLotRequestSchema>;

/** POST sale-unit/send-notification: tells the manager of the unit's sale state (listed or withdrawn). */
export const saleNotificationRequestSchema = z.object({ unit_id: idSchema });
export type SaleNotificationRequest = z.input<typeof saleNotificationRequestSchema>;

/** Every sale call answers success; requests to the manager also carry the stored request id. */
export const saleSuccessResponseSchema = z.object({
  success: z.literal(true),
  requestId: z.number().int().optional(),
});
export type SaleSuccessResponse = z.infer<typeof saleSuccessResponseSchema>;

/** GET media/units/{name}: a demo picture of a unit by its generated name. */
export const unitPictureParamsSchema = z.object({ name: z.string().max(40) });

export const unitsApi = {
  offerUnit: defineRoute({
    method: 'POST',
    path: '/sale-unit/offer-unit-for-sale',
    summary: "List one of the investor's units for sale: price above 0, the unit must have a monthly income",
    tags: ['units'],
    access: 'session',
    body: offerUnitRequestSchema,
    response: saleSuccessResponseSchema,
    errors: [404],
  }),
  deleteLot: defineRoute({
    method: 'POST',
    path: '/sale-unit/delete-lot',
    summary: "Withdraw one of the investor's units from sale",
    tags: ['units'],
    access: 'session',
    body: deleteLotRequestSchema,
    response: saleSuccessResponseSchema,
    errors: [404],
  }),
  notification: defineRoute({
    method: 'POST',
    path: '/sale-unit/send-notification',
    summary: "Tell the manager of a unit's sale state (listed with its price, or withdrawn)",
    tags: ['units'],
    access: 'session',
    body: saleNotificationRequestSchema,
    response: saleSuccessResponseSchema,
    errors: [404],
  }),
  unitPicture: defineRoute({
    method: 'GET',
    path: '/media/units/:name',
    summary: 'A demo picture of a unit (generated drawing, no personal data)',
    tags: ['units'],
    access: 'public',
    params: unitPictureParamsSchema,
    response: 'file',
    errors: [404],
  }),
};
