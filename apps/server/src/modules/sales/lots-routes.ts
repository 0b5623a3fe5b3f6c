import multipart from '@fastify/multipart';
import {
  LOT_PHOTO_MAX_BYTES,
  staffLotBodySchema,
  staffLotListSchema,
  staffLotParamsSchema,
  staffLotPhotoParamsSchema,
  staffLotPhotoSchema,
  staffLotSchema,
} from '@portal/contract/backoffice-lots';
import { errorResponseSchema } from '@portal/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireStaff, sessionOf } from '../../http/session-auth.ts';
import { readSingleFile, serveUploadedFiles } from '../../http/uploaded-files.ts';
import * as lots from './company-lots.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const done = z.object({ success: z.literal(true) });

/** /api/v1/backoffice/lots (managers and admins): the lots the company publishes on the promo page. */
export function companyLotRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    await fastify.register(multipart, {
      limits: { fileSize: LOT_PHOTO_MAX_BYTES, files: 1, fields: 2, parts: 3 },
    });
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const authed = { onRequest: requireStaff(ctx) };
    const security = [{ bearer: [] }];
    const tags = ['backoffice'];
    app.get(
      '/backoffice/lots',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: "The company's lots, newest first, published or not",
          response: { 200: staffLotListSchema, ...errors },
        },
      },
      async (request) => ({ items: await lots.staffLots(ctx, sessionOf(request)) }),
    );
    app.post(
      '/backoffice/lots',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: 'A new lot of a unit: prices, profitability, description, label, published or a draft',
          body: staffLotBodySchema,
          response: { 200: staffLotSchema, ...errors },
        },
      },
      (request) => lots.saveLot(ctx, sessionOf(request), undefined, request.body),
    );
    app.put(
      '/backoffice/lots/:id',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: 'Changes a lot; published: false takes it off the promo page',
          params: staffLotParamsSchema,
          body: staffLotBodySchema,
          response: { 200: staffLotSchema, ...errors },
        },
      },
      (request) => lots.saveLot(ctx, sessionOf(request), request.params.id, request.body),
    );
    app.delete(
      '/backoffice/lots/:id',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: 'Deletes a lot with its photos',
          params: staffLotParamsSchema,
          response: { 200: done, ...errors },
        },
      },
      async (request) => {
        await lots.deleteLot(ctx, sessionOf(request), request.params.id);
        return { success: true as const };
      },
    );
    app.post(
      '/backoffice/lots/:id/photos',
      {
        ...authed,
        bodyLimit: LOT_PHOTO_MAX_BYTES + 64 * 1024,
        schema: {
          tags,
          security,
          summary:
            'Adds a photo: multipart with one JPEG, PNG or WebP file (at most 10 MB, checked by content)',
          consumes: ['multipart/form-data'],
          params: staffLotParamsSchema,
          response: { 200: staffLotPhotoSchema, ...errors },
        },
      },
      async (request) =>
        lots.addLotPhoto(
          ctx,
          sessionOf(request),
          request.params.id,
          await readSingleFile(ctx, request, {
            dir: lots.LOT_FILES_DIR,
            maxBytes: LOT_PHOTO_MAX_BYTES,
            sizeKey: 'upload.photoSize',
          }),
        ),
    );
    app.delete(
      '/backoffice/lots/:id/photos/:photoId',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: 'Removes a photo of a lot',
          params: staffLotPhotoParamsSchema,
          response: { 200: done, ...errors },
        },
      },
      async (request) => {
        await lots.removeLotPhoto(ctx, sessionOf(request), request.params.id, request.params.photoId);
        return { success: true as const };
      },
    );
    serveUploadedFiles(fastify, ctx, {
      dir: lots.LOT_FILES_DIR,
      kind: lots.LOT_UPLOAD_KIND,
      tags: ['promo'],
      summary: 'A photo of a company lot by its unguessable name',
    });
  };
}
