import multipart from '@fastify/multipart';
import {
  bookingSourceBodySchema,
  bookingSourceCreateSchema,
  bookingSourceListSchema,
  bookingSourceParamsSchema,
  catalogueIdParamsSchema,
  catalogueLocationBodySchema,
  catalogueLocationListSchema,
  catalogueSavedSchema,
  catalogueUnitBodySchema,
  catalogueUnitListSchema,
  catalogueUnitsQuerySchema,
  UNIT_PHOTO_MAX_BYTES,
  unitListItemBodySchema,
  unitListSchema,
  unitPhotoOrderSchema,
  unitPhotoQuerySchema,
  unitPhotosSchema,
} from '@portal/contract/backoffice-catalogue';
import { errorResponseSchema } from '@portal/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { requireStaff, sessionOf } from '../../http/session-auth.ts';
import { readSingleFile } from '../../http/uploaded-files.ts';
import * as catalogue from './service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

const LISTS = [
  { path: 'unit-types', table: 'unit_types', what: 'unit type' },
  { path: 'unit-stages', table: 'unit_stages', what: 'unit stage' },
] as const;

/** /api/v1/backoffice/catalogue/* (managers and admins) and the public files of unit photos. */
export function catalogueRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    await fastify.register(multipart, {
      limits: { fileSize: UNIT_PHOTO_MAX_BYTES, files: 1, fields: 5, parts: 6 },
    });
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const authed = { onRequest: requireStaff(ctx) };
    const security = [{ bearer: [] }];
    const tags = ['backoffice'];
    const base = '/backoffice/catalogue';

    app.get(
      `${base}/locations`,
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: 'Every location with its dashboard catalogue entry, placeholders last',
          response: { 200: catalogueLocationListSchema, ...errors },
        },
      },
      (request) => catalogue.listLocations(ctx, sessionOf(request)),
    );
    app.post(
      `${base}/locations`,
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: 'A new location (the next free id)',
          body: catalogueLocationBodySchema,
          response: { 200: catalogueSavedSchema, ...errors },
        },
      },
      async (request) => ({
        id: await catalogue.saveLocation(ctx, sessionOf(request), undefined, request.body),
      }),
    );
    app.put(
      `${base}/locations/:id`,
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: 'Changes a location',
          params: catalogueIdParamsSchema,
          body: catalogueLocationBodySchema,
          response: { 200: catalogueSavedSchema, ...errors },
        },
      },
      async (request) => ({
        id: await catalogue.saveLocation(ctx, sessionOf(request), request.params.id, request.body),
      }),
    );

    for (const list of LISTS) {
      app.get(
        `${base}/${list.path}`,
        {
          ...authed,
          schema: {
            tags,
            security,
            summary: `The ${list.what} list in its order, with the number of units of each`,
            response: { 200: unitListSchema, ...errors },
          },
        },
        (request) => catalogue.listUnitList(ctx, sessionOf(request), list.table),
      );
      app.post(
        `${base}/${list.path}`,
        {
          ...authed,
          schema: {
            tags,
            security,
            summary: `A new ${list.what}`,
            body: unitListItemBodySchema,
            response: { 200: catalogueSavedSchema, ...errors },
          },
        },
        async (request) => ({
          id: await catalogue.saveUnitListItem(ctx, sessionOf(request), list.table, undefined, request.body),
        }),
      );
      app.put(
        `${base}/${list.path}/:id`,
        {
          ...authed,
          schema: {
            tags,
            security,
            summary: `Renames a ${list.what} (its units show the new names)`,
            params: catalogueIdParamsSchema,
            body: unitListItemBodySchema,
            response: { 200: catalogueSavedSchema, ...errors },
          },
        },
        async (request) => ({
          id: await catalogue.saveUnitListItem(
            ctx,
            sessionOf(request),
            list.table,
            request.params.id,
            request.body,
          ),
        }),
      );
    }

    app.get(
      `${base}/units`,
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: "A location's units",
          querystring: catalogueUnitsQuerySchema,
          response: { 200: catalogueUnitListSchema, ...errors },
        },
      },
      (request) => catalogue.listUnits(ctx, sessionOf(request), request.query.locationId),
    );
    app.post(
      `${base}/units`,
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: 'A new unit of a location',
          body: catalogueUnitBodySchema,
          response: { 200: catalogueSavedSchema, ...errors },
        },
      },
      async (request) => ({ id: await catalogue.saveUnit(ctx, sessionOf(request), undefined, request.body) }),
    );
    app.put(
      `${base}/units/:id`,
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: 'Changes a unit (its location stays)',
          params: catalogueIdParamsSchema,
          body: catalogueUnitBodySchema,
          response: { 200: catalogueSavedSchema, ...errors },
        },
      },
      async (request) => ({
        id: await catalogue.saveUnit(ctx, sessionOf(request), request.params.id, request.body),
      }),
    );
    app.post(
      `${base}/units/:id/photos`,
      {
        ...authed,
        bodyLimit: UNIT_PHOTO_MAX_BYTES + 64 * 1024,
        schema: {
          tags,
          security,
          summary: 'Adds a photo: multipart with one file, JPEG, PNG or WebP up to 10 MB, checked by content',
          consumes: ['multipart/form-data'],
          params: catalogueIdParamsSchema,
          response: { 200: unitPhotosSchema, ...errors },
        },
      },
      async (request) =>
        catalogue.addUnitPhoto(
          ctx,
          sessionOf(request),
          request.params.id,
          await readSingleFile(ctx, request, {
            dir: catalogue.PHOTO_DIR,
            maxBytes: UNIT_PHOTO_MAX_BYTES,
            sizeKey: 'catalogue.photoSize',
          }),
        ),
    );
    app.put(
      `${base}/units/:id/photos`,
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: "Puts the unit's photos in a new order (the same photos)",
          params: catalogueIdParamsSchema,
          body: unitPhotoOrderSchema,
          response: { 200: unitPhotosSchema, ...errors },
        },
      },
      async (request) =>
        catalogue.reorderUnitPhotos(ctx, sessionOf(request), request.params.id, request.body.urls),
    );
    app.delete(
      `${base}/units/:id/photos`,
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: 'Removes a photo from a unit',
          params: catalogueIdParamsSchema,
          querystring: unitPhotoQuerySchema,
          response: { 200: unitPhotosSchema, ...errors },
        },
      },
      async (request) =>
        catalogue.removeUnitPhoto(ctx, sessionOf(request), request.params.id, request.query.url),
    );

    app.get(
      `${base}/booking-sources`,
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: 'Booking sources (the PMS ids) with both language names',
          response: { 200: bookingSourceListSchema, ...errors },
        },
      },
      (request) => catalogue.listSources(ctx, sessionOf(request)),
    );
    app.post(
      `${base}/booking-sources`,
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: 'A new booking source with the id the PMS gives it',
          body: bookingSourceCreateSchema,
          response: { 200: catalogueSavedSchema, ...errors },
        },
      },
      async (request) => ({ id: await catalogue.createSource(ctx, sessionOf(request), request.body) }),
    );
    app.put(
      `${base}/booking-sources/:id`,
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: 'Renames a booking source',
          params: bookingSourceParamsSchema,
          body: bookingSourceBodySchema,
          response: { 200: catalogueSavedSchema, ...errors },
        },
      },
      async (request) => ({
        id: await catalogue.updateSource(ctx, sessionOf(request), request.params.id, request.body),
      }),
    );

    app.get(
      '/files/units/:name',
      {
        schema: {
          tags: ['units'],
          summary: 'An uploaded unit photo (by its unguessable name, like report media)',
          params: z.object({ name: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }),
        },
      },
      async (request, reply) => {
        const file = await catalogue.readUnitPhoto(ctx, request.params.name);
        if (!file) throw notFound();
        reply.type(file.mimeType).header('cache-control', 'private, max-age=86400, immutable');
        return file.data;
      },
    );
  };
}
