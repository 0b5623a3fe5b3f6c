import { z } from 'zod';
import { successSchema } from './errors.ts';
import { defineRoute } from './route.ts';
import { MAX_SALE_PRICE } from './units.ts';
import { idSchema as id, optionalText, trimmedText } from './validation.ts';

/** Lots the company publishes on the promo page, beside units put on sale by investors. Money in rubles. */

export const LOT_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const LOT_PHOTOS_MAX = 20;
/** Photos of lots and inventory items: images only, told by content. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const staffLotParamsSchema = z.object({ id });
export const staffLotPhotoParamsSchema = z.object({ id, photoId: id });

export const staffLotPhotoSchema = z.object({ id: z.number(), url: z.string() });
export type StaffLotPhoto = z.infer<typeof staffLotPhotoSchema>;

export const staffLotSchema = z.object({
  id: z.number(),
  unitId: z.number(),
  unitName: z.string(),
  unitNameEn: z.string().describe('Empty when the unit has no English name'),
  locationId: z.number(),
  locationName: z.string(),
  locationNameEn: z.string().describe('Empty when the location has no English name'),
  price: z.number(),
  discountPrice: z.number().nullable(),
  profit: z.number().nullable().describe('Annual profitability shown on the card, %'),
  description: z.string(),
  descriptionEn: z.string(),
  promo: z.string().nullable().describe('The label on the card'),
  published: z.boolean(),
  publishedAt: z.string().nullable(),
  photos: z.array(staffLotPhotoSchema),
});
export type StaffLot = z.infer<typeof staffLotSchema>;
export const staffLotListSchema = z.object({ items: z.array(staffLotSchema) });
export type StaffLotList = z.infer<typeof staffLotListSchema>;

const price = z.coerce
  .number({ error: (issue) => (issue.input === undefined ? 'sale.priceRequired' : 'sale.pricePositive') })
  .positive({ error: 'sale.pricePositive' })
  .max(MAX_SALE_PRICE, { error: 'sale.priceTooHigh' })
  .refine((value) => Math.round(value * 100) > 0, { error: 'sale.pricePositive' });
const emptyToNull = (value: unknown) => (value === '' || value === undefined ? null : value);

/** POST /backoffice/lots and PUT /backoffice/lots/{id}. English empty → Russian. */
export const staffLotBodySchema = z
  .object({
    unitId: id,
    price,
    discountPrice: z.preprocess(emptyToNull, price.nullable()),
    profit: z.preprocess(
      emptyToNull,
      z.coerce
        .number({ error: 'validation.invalid' })
        .min(0, { error: 'validation.invalid' })
        .max(1000, { error: 'validation.invalid' })
        .nullable(),
    ),
    description: optionalText(5000),
    descriptionEn: optionalText(5000),
    promo: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
      trimmedText(100).nullable().optional().default(null),
    ),
    published: z.boolean({ error: 'validation.invalid' }).optional().default(false),
  })
  .refine((body) => body.discountPrice === null || body.discountPrice < body.price, {
    error: 'lots.discountBelowPrice',
    path: ['discountPrice'],
  });
export type StaffLotBody = z.input<typeof staffLotBodySchema>;

/** /api/v1/backoffice/lots (managers and admins): the lots the company publishes on the promo page. */
export const backofficeLotsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/backoffice/lots',
    summary: "The company's lots, newest first, published or not",
    tags: ['backoffice'],
    access: 'staff',
    response: staffLotListSchema,
    errors: [404],
  }),
  create: defineRoute({
    method: 'POST',
    path: '/backoffice/lots',
    summary: 'A new lot of a unit: prices, profitability, description, label, published or a draft',
    tags: ['backoffice'],
    access: 'staff',
    body: staffLotBodySchema,
    response: staffLotSchema,
    errors: [404],
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/backoffice/lots/:id',
    summary: 'Changes a lot; published: false takes it off the promo page',
    tags: ['backoffice'],
    access: 'staff',
    params: staffLotParamsSchema,
    body: staffLotBodySchema,
    response: staffLotSchema,
    errors: [404],
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/backoffice/lots/:id',
    summary: 'Deletes a lot with its photos',
    tags: ['backoffice'],
    access: 'staff',
    params: staffLotParamsSchema,
    response: successSchema,
    errors: [404],
  }),
  addPhoto: defineRoute({
    method: 'POST',
    path: '/backoffice/lots/:id/photos',
    summary: 'Adds a photo: multipart with one JPEG, PNG or WebP file (at most 10 MB, checked by content)',
    tags: ['backoffice'],
    access: 'staff',
    params: staffLotParamsSchema,
    consumes: ['multipart/form-data'],
    response: staffLotPhotoSchema,
    errors: [404],
  }),
  removePhoto: defineRoute({
    method: 'DELETE',
    path: '/backoffice/lots/:id/photos/:photoId',
    summary: 'Removes a photo of a lot',
    tags: ['backoffice'],
    access: 'staff',
    params: staffLotPhotoParamsSchema,
    response: successSchema,
    errors: [404],
  }),
};
