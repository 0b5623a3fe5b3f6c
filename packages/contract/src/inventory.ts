import { z } from 'zod';
import {
  staffInventoryItemParamsSchema,
  staffInventoryPhotoParamsSchema,
  staffInventoryPhotoSchema,
  staffInventoryQuerySchema,
  staffInventorySchema,
} from './backoffice-inventory.ts';
import { successSchema } from './errors.ts';
import { defineRoute } from './route.ts';
import { idSchema } from './validation.ts';

/**
 * Inventory (spec, operational areas: the inventory page, the inventory item, the id-logic/* calls). Cost in rubles.
 */

export const inventoryItemsQuerySchema = z.object({ unitId: idSchema });
export const inventoryImagesQuerySchema = z.object({ itemId: idSchema });

export const inventoryItemSchema = z.object({
  ItemID: z.number(),
  ItemName: z.string(),
  ItemNameEn: z.string(),
  InvNumber: z.string(),
  Cost: z.number(),
  InvStatus: z.boolean().nullable().describe('true found, false not found, null not checked'),
  InvDate: z.string().nullable().describe('yyyy-mm-dd'),
  preparedDate: z.string().nullable().describe('InvDate prepared for display: dd.mm.yyyy'),
  LocID: z.number().describe('The space of the unit'),
  LocName: z.string(),
  LocNameEn: z.string(),
  imageCount: z.number(),
});
export type InventoryItem = z.infer<typeof inventoryItemSchema>;

/** GET id-logic/items: the inventory of one of the investor's units. */
export const inventoryItemsResponseSchema = z
  .object({ items: z.array(inventoryItemSchema) })
  .meta({ id: 'InventoryItems' });
export type InventoryItems = z.infer<typeof inventoryItemsResponseSchema>;

/**
 * GET id-logic/item/images: the current photos of an item, base64 image bytes with their type; a photo the import
 * names by an https URL comes as that url (its bytes are not fetched by the server).
 */
export const inventoryImagesResponseSchema = z
  .object({
    images: z.array(
      z.object({
        Image: z.string().describe('Base64 bytes; empty when the photo is a link'),
        mimeType: z.string(),
        url: z.string().optional().describe('An https photo the import named: shown from there'),
      }),
    ),
  })
  .meta({ id: 'InventoryImages' });
export type InventoryImages = z.infer<typeof inventoryImagesResponseSchema>;

/** The owner's inventory calls and the console's photos of the items (managers and admins). */
export const inventoryApi = {
  staffInventory: defineRoute({
    method: 'GET',
    path: '/backoffice/inventory',
    summary: "A unit's inventory items with their real photos (uploaded files and the import's links)",
    tags: ['backoffice'],
    access: 'staff',
    query: staffInventoryQuerySchema,
    response: staffInventorySchema,
    errors: [404],
  }),
  addItemPhoto: defineRoute({
    method: 'POST',
    path: '/backoffice/inventory/items/:id/photos',
    summary:
      'Adds a photo to an item: multipart with one JPEG, PNG or WebP file (at most 10 MB, checked by content)',
    tags: ['backoffice'],
    access: 'staff',
    params: staffInventoryItemParamsSchema,
    consumes: ['multipart/form-data'],
    response: staffInventoryPhotoSchema,
    errors: [404],
  }),
  removeItemPhoto: defineRoute({
    method: 'DELETE',
    path: '/backoffice/inventory/items/:id/photos/:photoId',
    summary: 'Removes a photo from an item',
    tags: ['backoffice'],
    access: 'staff',
    params: staffInventoryPhotoParamsSchema,
    response: successSchema,
    errors: [404],
  }),
  items: defineRoute({
    method: 'GET',
    path: '/id-logic/items',
    summary: "The inventory of one of the investor's units (403 for lenders)",
    tags: ['inventory'],
    access: 'session',
    query: inventoryItemsQuerySchema,
    response: inventoryItemsResponseSchema,
    errors: [404],
  }),
  itemImages: defineRoute({
    method: 'GET',
    path: '/id-logic/item/images',
    summary: 'The current photos of an inventory item, base64',
    tags: ['inventory'],
    access: 'session',
    query: inventoryImagesQuerySchema,
    response: inventoryImagesResponseSchema,
    errors: [404],
  }),
};
