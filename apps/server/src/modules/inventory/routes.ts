import multipart from '@fastify/multipart';
import {
  INVENTORY_PHOTO_MAX_BYTES,
  staffInventoryItemParamsSchema,
  staffInventoryPhotoParamsSchema,
  staffInventoryPhotoSchema,
  staffInventoryQuerySchema,
  staffInventorySchema,
} from '@portal/contract/backoffice-inventory';
import { errorResponseSchema } from '@portal/contract/errors';
import {
  inventoryImagesQuerySchema,
  inventoryImagesResponseSchema,
  inventoryItemsQuerySchema,
  inventoryItemsResponseSchema,
} from '@portal/contract/inventory';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireSession, requireStaff, sessionOf } from '../../http/session-auth.ts';
import { readSingleFile, serveUploadedFiles } from '../../http/uploaded-files.ts';
import * as photos from './photos.ts';
import { inventoryImages, inventoryItems } from './service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

export function inventoryRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    await fastify.register(multipart, {
      limits: { fileSize: INVENTORY_PHOTO_MAX_BYTES, files: 1, fields: 2, parts: 3 },
    });
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const staffed = { onRequest: requireStaff(ctx) };
    app.get(
      '/backoffice/inventory',
      {
        ...staffed,
        schema: {
          tags: ['backoffice'],
          security: [{ bearer: [] }],
          summary: "A unit's inventory items with their real photos (uploaded files and the import's links)",
          querystring: staffInventoryQuerySchema,
          response: { 200: staffInventorySchema, ...errors },
        },
      },
      (request) => photos.staffInventory(ctx, sessionOf(request), request.query.unitId),
    );
    app.post(
      '/backoffice/inventory/items/:id/photos',
      {
        ...staffed,
        bodyLimit: INVENTORY_PHOTO_MAX_BYTES + 64 * 1024,
        schema: {
          tags: ['backoffice'],
          security: [{ bearer: [] }],
          summary:
            'Adds a photo to an item: multipart with one JPEG, PNG or WebP file (at most 10 MB, checked by content)',
          consumes: ['multipart/form-data'],
          params: staffInventoryItemParamsSchema,
          response: { 200: staffInventoryPhotoSchema, ...errors },
        },
      },
      async (request) =>
        photos.addItemPhoto(
          ctx,
          sessionOf(request),
          request.params.id,
          await readSingleFile(ctx, request, {
            dir: photos.INVENTORY_FILES_DIR,
            maxBytes: INVENTORY_PHOTO_MAX_BYTES,
            sizeKey: 'upload.photoSize',
          }),
        ),
    );
    app.delete(
      '/backoffice/inventory/items/:id/photos/:photoId',
      {
        ...staffed,
        schema: {
          tags: ['backoffice'],
          security: [{ bearer: [] }],
          summary: 'Removes a photo from an item',
          params: staffInventoryPhotoParamsSchema,
          response: { 200: z.object({ success: z.literal(true) }), ...errors },
        },
      },
      async (request) => {
        await photos.removeItemPhoto(ctx, sessionOf(request), request.params.id, request.params.photoId);
        return { success: true as const };
      },
    );
    serveUploadedFiles(fastify, ctx, {
      dir: photos.INVENTORY_FILES_DIR,
      kind: photos.INVENTORY_UPLOAD_KIND,
      tags: ['inventory'],
      summary: 'An uploaded inventory photo by its unguessable name (the address the import may name)',
    });
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
