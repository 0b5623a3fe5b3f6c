import { z } from 'zod';
import { defineRoute } from './route.ts';
import { saleSuccessResponseSchema } from './units.ts';
import { idSchema, phoneSchema } from './validation.ts';

/**
 * The promo marketplace (spec, operational areas: the promo page, the promo lot, its validation rules and the
 * sale-unit/* and suggestions/booking calls): investors' units on sale (units.ts) and the company's lots. Money in
 * rubles.
 */

/**
 * A lot of the marketplace, with the spec's field names (the promo lot of Entities and their fields) plus the prices
 * the card shows.
 */
export const saleLotSchema = z
  .object({
    lot_id: z.number().int().describe('Unique within its source'),
    source: z
      .enum(['investor', 'company'])
      .describe(
        'investor: a unit an investor put on sale; company: a lot the company published in the console',
      ),
    unit_id: z.number().int(),
    investor_id: z
      .number()
      .int()
      .describe("The owner offering the unit; owner_investor_id of a buy request (0: the company's lot)"),
    description: z.string().nullable().describe("The company lot's description (investors' lots have none)"),
    descriptionEn: z.string().nullable(),
    name: z.string(),
    nameEn: z.string(),
    photo_url: z.array(z.string()),
    promo: z.string().nullable().describe('A promotion label of the lot, when the manager set one'),
    capacity: z.number().int(),
    area: z.number(),
    part: z.enum(['main', 'periphery']),
    location_id: z.number().int(),
    location: z.string(),
    locationEn: z.string(),
    activeType: z.string(),
    activeTypeEn: z.string(),
    stage: z.string(),
    stageEn: z.string(),
    launchDate: z.string().nullable().describe('yyyy-mm-dd'),
    profit: z
      .number()
      .describe('Annual profitability at the asking price, %: 12 × average monthly income / price'),
    defaultPrice: z.number().describe('Market price of the unit'),
    discountPrice: z.number().nullable().describe('Market price with the marketplace discount'),
    price: z.number().describe("The investor's asking price"),
    isOwn: z.boolean().describe("The lot is the current user's own: no buy request on it"),
  })
  .meta({ id: 'SaleLot' });
export type SaleLot = z.infer<typeof saleLotSchema>;

/** GET sale-unit/get-sale-units */
export const saleLotsResponseSchema = z.object({ lots: z.array(saleLotSchema) });
export type SaleLotsResponse = z.infer<typeof saleLotsResponseSchema>;

/** POST sale-unit/send-buy-request: the spec's request to buy (owner_investor_id, unit_id); path designed here. */
export const buyRequestSchema = z.object({
  owner_investor_id: z.coerce
    .number({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalid') })
    .int({ error: 'validation.invalid' })
    .min(0, { error: 'validation.invalid' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'validation.invalid' })
    .describe('0: a lot the company published (source company)'),
  unit_id: idSchema,
});
export type BuyRequest = z.input<typeof buyRequestSchema>;

/** POST suggestions/booking: the promo page's callback request, sent only with a phone (spec: Validation rules). */
export const callbackRequestSchema = z.object({ phone: phoneSchema });
export type CallbackRequest = z.input<typeof callbackRequestSchema>;

export const promoApi = {
  lots: defineRoute({
    method: 'GET',
    path: '/sale-unit/get-sale-units',
    summary: 'The lots of the marketplace: units offered for sale by investors',
    tags: ['promo'],
    access: 'session',
    response: saleLotsResponseSchema,
    errors: [404],
  }),
  buyRequest: defineRoute({
    method: 'POST',
    path: '/sale-unit/send-buy-request',
    summary: "A request to buy a lot, for the buyer's manager (refused on one's own lot)",
    tags: ['promo'],
    access: 'session',
    body: buyRequestSchema,
    response: saleSuccessResponseSchema,
    errors: [404],
  }),
  callback: defineRoute({
    method: 'POST',
    path: '/suggestions/booking',
    summary: 'A callback request from the promo page to the phone given',
    tags: ['promo'],
    access: 'session',
    body: callbackRequestSchema,
    response: saleSuccessResponseSchema,
    errors: [404],
  }),
};
