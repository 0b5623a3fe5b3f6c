import { z } from 'zod';
import { idSchema as id } from './validation.ts';

/** Real photos of inventory items in the console: uploaded files beside the import's https URLs. */

export const INVENTORY_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const INVENTORY_PHOTOS_MAX = 20;

export const staffInventoryQuerySchema = z.object({ unitId: id });
export const staffInventoryItemParamsSchema = z.object({ id });
export const staffInventoryPhotoParamsSchema = z.object({ id, photoId: id });

export const staffInventoryPhotoSchema = z.object({
  id: z.number(),
  url: z
    .string()
    .describe('An https URL, or the uploaded file (/api/v1/files/inventory/…): what the photos column names'),
  uploaded: z.boolean(),
});
export type StaffInventoryPhoto = z.infer<typeof staffInventoryPhotoSchema>;

export const staffInventoryItemSchema = z.object({
  id: z.number(),
  invNumber: z.string(),
  name: z.string(),
  spaceName: z.string(),
  photos: z.array(staffInventoryPhotoSchema),
});
export type StaffInventoryItem = z.infer<typeof staffInventoryItemSchema>;

/** GET /backoffice/inventory?unitId= */
export const staffInventorySchema = z.object({ items: z.array(staffInventoryItemSchema) });
export type StaffInventory = z.infer<typeof staffInventorySchema>;
