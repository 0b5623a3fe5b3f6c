import { z } from 'zod';
import { defineRoute } from './route.ts';
import { idSchema as id, optionalText, requiredText } from './validation.ts';

/**
 * The console's catalogue: locations, their units with photos, the unit types and stages a unit picks
 * from, and booking sources. Company data, so every manager and admin edits it; owners get 403.
 */

const position = z
  .number({ error: 'validation.invalid' })
  .int({ error: 'validation.invalid' })
  .min(0, { error: 'validation.invalid' })
  .max(100_000, { error: 'validation.invalid' });

export const UNIT_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const UNIT_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const UNIT_PHOTOS_MAX = 20;
export const UNIT_PARTS = ['main', 'periphery'] as const;

export const catalogueIdParamsSchema = z.object({ id });

// Locations

export const infrastructureItemSchema = z.object({
  name: requiredText(200),
  nameEn: optionalText(200),
  count: z
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(1, { error: 'validation.invalid' })
    .max(10_000, { error: 'validation.invalid' }),
});

/** POST /backoffice/catalogue/locations and PUT /backoffice/catalogue/locations/{id}. */
export const catalogueLocationBodySchema = z.object({
  name: requiredText(200),
  nameEn: optionalText(200),
  position: position.optional(),
  existsMain: z.boolean({ error: 'validation.invalid' }).default(false),
  existsPeriphery: z.boolean({ error: 'validation.invalid' }).default(false),
  isPlaceholder: z.boolean({ error: 'validation.invalid' }).default(false),
  distanceKm: z
    .number({ error: 'validation.invalid' })
    .min(0, { error: 'validation.invalid' })
    .max(100_000, { error: 'validation.invalid' })
    .nullable()
    .default(null),
  description: optionalText(2000),
  descriptionEn: optionalText(2000),
  infrastructure: z.array(infrastructureItemSchema).max(50, { error: 'validation.tooLong' }).default([]),
});
export type CatalogueLocationBody = z.input<typeof catalogueLocationBodySchema>;

export const catalogueLocationSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    nameEn: z.string(),
    position: z.number(),
    existsMain: z.boolean(),
    existsPeriphery: z.boolean(),
    isPlaceholder: z.boolean().describe('A non-selectable "coming soon" entry of investors\' location tabs'),
    distanceKm: z.number().nullable(),
    description: z.string(),
    descriptionEn: z.string(),
    infrastructure: z.array(z.object({ name: z.string(), nameEn: z.string(), count: z.number() })),
    unitCount: z.number(),
  })
  .meta({ id: 'CatalogueLocation' });
export type CatalogueLocation = z.infer<typeof catalogueLocationSchema>;
export const catalogueLocationListSchema = z.object({ items: z.array(catalogueLocationSchema) });
export type CatalogueLocationList = z.infer<typeof catalogueLocationListSchema>;

export const catalogueSavedSchema = z.object({ id: z.number() });

// Unit types and stages

/** POST/PUT /backoffice/catalogue/unit-types and /backoffice/catalogue/unit-stages. */
export const unitListItemBodySchema = z.object({
  name: requiredText(200),
  nameEn: optionalText(200),
  position: position.optional(),
});
export type UnitListItemBody = z.input<typeof unitListItemBodySchema>;
export const unitListItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  nameEn: z.string(),
  position: z.number(),
  unitCount: z.number(),
});
export type UnitListItem = z.infer<typeof unitListItemSchema>;
export const unitListSchema = z.object({ items: z.array(unitListItemSchema) });
export type UnitList = z.infer<typeof unitListSchema>;

// Units

export const catalogueUnitsQuerySchema = z.object({ locationId: id });

/** POST /backoffice/catalogue/units and PUT /backoffice/catalogue/units/{id} (locationId must stay the unit's: 400). */
export const catalogueUnitBodySchema = z.object({
  locationId: id,
  unitNumber: requiredText(50),
  name: requiredText(200),
  nameEn: optionalText(200),
  part: z.enum(UNIT_PARTS, { error: 'validation.invalid' }),
  typeId: id,
  stageId: id.nullable().default(null),
  capacity: z
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(0, { error: 'validation.invalid' })
    .max(1000, { error: 'validation.invalid' }),
  area: z
    .number({ error: 'validation.invalid' })
    .min(0, { error: 'validation.invalid' })
    .max(100_000, { error: 'validation.invalid' }),
  dateOfLaunch: z.iso.date({ error: 'validation.invalid' }).nullable().default(null),
});
export type CatalogueUnitBody = z.input<typeof catalogueUnitBodySchema>;

export const catalogueUnitSchema = z
  .object({
    id: z.number(),
    locationId: z.number(),
    unitNumber: z.string().nullable(),
    name: z.string(),
    nameEn: z.string(),
    part: z.enum(UNIT_PARTS),
    typeId: z.number().nullable(),
    unitType: z.string(),
    unitTypeEn: z.string(),
    stageId: z.number().nullable(),
    stage: z.string(),
    stageEn: z.string(),
    capacity: z.number(),
    area: z.number(),
    dateOfLaunch: z.string().nullable(),
    imageUrls: z.array(z.string()).describe('In the order owners see them'),
    ownerCount: z.number(),
  })
  .meta({ id: 'CatalogueUnit' });
export type CatalogueUnit = z.infer<typeof catalogueUnitSchema>;
export const catalogueUnitListSchema = z.object({ items: z.array(catalogueUnitSchema) });
export type CatalogueUnitList = z.infer<typeof catalogueUnitListSchema>;

/** DELETE /backoffice/catalogue/units/{id}/photos?url= */
export const unitPhotoQuerySchema = z.object({ url: requiredText(500) });
/** PUT /backoffice/catalogue/units/{id}/photos: the unit's photos in their new order (the same set). */
export const unitPhotoOrderSchema = z.object({
  urls: z
    .array(z.string({ error: 'validation.invalid' }))
    .max(UNIT_PHOTOS_MAX, { error: 'validation.tooLong' }),
});
export const unitPhotosSchema = z.object({ imageUrls: z.array(z.string()) });
export type UnitPhotos = z.infer<typeof unitPhotosSchema>;

// Booking sources

/** POST /backoffice/catalogue/booking-sources: the id is the PMS's (the bookings import names it). */
export const bookingSourceBodySchema = z.object({
  name: requiredText(200),
  nameEn: optionalText(200),
  type: requiredText(50),
});
export const bookingSourceCreateSchema = bookingSourceBodySchema.extend({
  id: z
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(0, { error: 'validation.invalid' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'validation.invalid' }),
});
export type BookingSourceBody = z.input<typeof bookingSourceBodySchema>;
export type BookingSourceCreate = z.input<typeof bookingSourceCreateSchema>;
export const bookingSourceParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(0, { error: 'validation.invalid' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'validation.invalid' }),
});
export const bookingSourceSchema = z.object({
  id: z.number(),
  name: z.string(),
  nameEn: z.string(),
  type: z.string(),
  bookingCount: z.number(),
});
export type BookingSource = z.infer<typeof bookingSourceSchema>;
export const bookingSourceListSchema = z.object({ items: z.array(bookingSourceSchema) });
export type BookingSourceList = z.infer<typeof bookingSourceListSchema>;

/** /api/v1/backoffice/catalogue/*: managers and admins (owners get 403). */
export const catalogueApi = {
  locations: defineRoute({
    method: 'GET',
    path: '/backoffice/catalogue/locations',
    summary: 'Every location with its dashboard catalogue entry, placeholders last',
    tags: ['backoffice'],
    access: 'staff',
    response: catalogueLocationListSchema,
    errors: [404],
  }),
  createLocation: defineRoute({
    method: 'POST',
    path: '/backoffice/catalogue/locations',
    summary: 'A new location (the next free id)',
    tags: ['backoffice'],
    access: 'staff',
    body: catalogueLocationBodySchema,
    response: catalogueSavedSchema,
    errors: [404],
  }),
  updateLocation: defineRoute({
    method: 'PUT',
    path: '/backoffice/catalogue/locations/:id',
    summary: 'Changes a location',
    tags: ['backoffice'],
    access: 'staff',
    params: catalogueIdParamsSchema,
    body: catalogueLocationBodySchema,
    response: catalogueSavedSchema,
    errors: [404],
  }),
  unitTypes: defineRoute({
    method: 'GET',
    path: '/backoffice/catalogue/unit-types',
    summary: 'The unit type list in its order, with the number of units of each',
    tags: ['backoffice'],
    access: 'staff',
    response: unitListSchema,
    errors: [404],
  }),
  createUnitType: defineRoute({
    method: 'POST',
    path: '/backoffice/catalogue/unit-types',
    summary: 'A new unit type',
    tags: ['backoffice'],
    access: 'staff',
    body: unitListItemBodySchema,
    response: catalogueSavedSchema,
    errors: [404],
  }),
  updateUnitType: defineRoute({
    method: 'PUT',
    path: '/backoffice/catalogue/unit-types/:id',
    summary: 'Renames a unit type (its units show the new names)',
    tags: ['backoffice'],
    access: 'staff',
    params: catalogueIdParamsSchema,
    body: unitListItemBodySchema,
    response: catalogueSavedSchema,
    errors: [404],
  }),
  unitStages: defineRoute({
    method: 'GET',
    path: '/backoffice/catalogue/unit-stages',
    summary: 'The unit stage list in its order, with the number of units of each',
    tags: ['backoffice'],
    access: 'staff',
    response: unitListSchema,
    errors: [404],
  }),
  createUnitStage: defineRoute({
    method: 'POST',
    path: '/backoffice/catalogue/unit-stages',
    summary: 'A new unit stage',
    tags: ['backoffice'],
    access: 'staff',
    body: unitListItemBodySchema,
    response: catalogueSavedSchema,
    errors: [404],
  }),
  updateUnitStage: defineRoute({
    method: 'PUT',
    path: '/backoffice/catalogue/unit-stages/:id',
    summary: 'Renames a unit stage (its units show the new names)',
    tags: ['backoffice'],
    access: 'staff',
    params: catalogueIdParamsSchema,
    body: unitListItemBodySchema,
    response: catalogueSavedSchema,
    errors: [404],
  }),
  units: defineRoute({
    method: 'GET',
    path: '/backoffice/catalogue/units',
    summary: "A location's units",
    tags: ['backoffice'],
    access: 'staff',
    query: catalogueUnitsQuerySchema,
    response: catalogueUnitListSchema,
    errors: [404],
  }),
  createUnit: defineRoute({
    method: 'POST',
    path: '/backoffice/catalogue/units',
    summary: 'A new unit of a location',
    tags: ['backoffice'],
    access: 'staff',
    body: catalogueUnitBodySchema,
    response: catalogueSavedSchema,
    errors: [404],
  }),
  updateUnit: defineRoute({
    method: 'PUT',
    path: '/backoffice/catalogue/units/:id',
    summary: 'Changes a unit (its location stays)',
    tags: ['backoffice'],
    access: 'staff',
    params: catalogueIdParamsSchema,
    body: catalogueUnitBodySchema,
    response: catalogueSavedSchema,
    errors: [404],
  }),
  addUnitPhoto: defineRoute({
    method: 'POST',
    path: '/backoffice/catalogue/units/:id/photos',
    summary: 'Adds a photo: multipart with one file, JPEG, PNG or WebP up to 10 MB, checked by content',
    tags: ['backoffice'],
    access: 'staff',
    params: catalogueIdParamsSchema,
    consumes: ['multipart/form-data'],
    response: unitPhotosSchema,
    errors: [404],
  }),
  reorderUnitPhotos: defineRoute({
    method: 'PUT',
    path: '/backoffice/catalogue/units/:id/photos',
    summary: "Puts the unit's photos in a new order (the same photos)",
    tags: ['backoffice'],
    access: 'staff',
    params: catalogueIdParamsSchema,
    body: unitPhotoOrderSchema,
    response: unitPhotosSchema,
    errors: [404],
  }),
  removeUnitPhoto: defineRoute({
    method: 'DELETE',
    path: '/backoffice/catalogue/units/:id/photos',
    summary: 'Removes a photo from a unit',
    tags: ['backoffice'],
    access: 'staff',
    params: catalogueIdParamsSchema,
    query: unitPhotoQuerySchema,
    response: unitPhotosSchema,
    errors: [404],
  }),
  bookingSources: defineRoute({
    method: 'GET',
    path: '/backoffice/catalogue/booking-sources',
    summary: 'Booking sources (the PMS ids) with both language names',
    tags: ['backoffice'],
    access: 'staff',
    response: bookingSourceListSchema,
    errors: [404],
  }),
  createBookingSource: defineRoute({
    method: 'POST',
    path: '/backoffice/catalogue/booking-sources',
    summary: 'A new booking source with the id the PMS gives it',
    tags: ['backoffice'],
    access: 'staff',
    body: bookingSourceCreateSchema,
    response: catalogueSavedSchema,
    errors: [404],
  }),
  updateBookingSource: defineRoute({
    method: 'PUT',
    path: '/backoffice/catalogue/booking-sources/:id',
    summary: 'Renames a booking source',
    tags: ['backoffice'],
    access: 'staff',
    params: bookingSourceParamsSchema,
    body: bookingSourceBodySchema,
    response: catalogueSavedSchema,
    errors: [404],
  }),
};
