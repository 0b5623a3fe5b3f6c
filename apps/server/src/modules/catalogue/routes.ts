import { catalogueApi, UNIT_PHOTO_MAX_BYTES } from '@portal/contract/backoffice-catalogue';
import { filesApi } from '@portal/contract/files';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { registerMultipart } from '../../http/multipart.ts';
import { routesOf } from '../../http/route.ts';
import { sessionOf } from '../../http/session-auth.ts';
import { readSingleFile } from '../../http/uploaded-files.ts';
import * as catalogue from './service.ts';

/** The unit lists a unit picks from: the same three calls each, on its own table. */
const LISTS = [
  {
    table: 'unit_types',
    list: catalogueApi.unitTypes,
    create: catalogueApi.createUnitType,
    update: catalogueApi.updateUnitType,
  },
  {
    table: 'unit_stages',
    list: catalogueApi.unitStages,
    create: catalogueApi.createUnitStage,
    update: catalogueApi.updateUnitStage,
  },
] as const;

/** /api/v1/backoffice/catalogue/* (managers and admins) and the public files of unit photos. */
export function catalogueRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    await registerMultipart(app, { maxBytes: UNIT_PHOTO_MAX_BYTES, fields: 5 });
    const route = routesOf(app, ctx);

    route(catalogueApi.locations, (request) => catalogue.listLocations(ctx, sessionOf(request)));
    route(catalogueApi.createLocation, async (request) => ({
      id: await catalogue.saveLocation(ctx, sessionOf(request), undefined, request.body),
    }));
    route(catalogueApi.updateLocation, async (request) => ({
      id: await catalogue.saveLocation(ctx, sessionOf(request), request.params.id, request.body),
    }));

    for (const { table, list, create, update } of LISTS) {
      route(list, (request) => catalogue.listUnitList(ctx, sessionOf(request), table));
      route(create, async (request) => ({
        id: await catalogue.saveUnitListItem(ctx, sessionOf(request), table, undefined, request.body),
      }));
      route(update, async (request) => ({
        id: await catalogue.saveUnitListItem(ctx, sessionOf(request), table, request.params.id, request.body),
      }));
    }

    route(catalogueApi.units, (request) =>
      catalogue.listUnits(ctx, sessionOf(request), request.query.locationId),
    );
    route(catalogueApi.createUnit, async (request) => ({
      id: await catalogue.saveUnit(ctx, sessionOf(request), undefined, request.body),
    }));
    route(catalogueApi.updateUnit, async (request) => ({
      id: await catalogue.saveUnit(ctx, sessionOf(request), request.params.id, request.body),
    }));
    route(
      catalogueApi.addUnitPhoto,
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
      { bodyLimit: UNIT_PHOTO_MAX_BYTES + 64 * 1024 },
    );
    route(catalogueApi.reorderUnitPhotos, (request) =>
      catalogue.reorderUnitPhotos(ctx, sessionOf(request), request.params.id, request.body.urls),
    );
    route(catalogueApi.removeUnitPhoto, (request) =>
      catalogue.removeUnitPhoto(ctx, sessionOf(request), request.params.id, request.query.url),
    );

    route(catalogueApi.bookingSources, (request) => catalogue.listSources(ctx, sessionOf(request)));
    route(catalogueApi.createBookingSource, async (request) => ({
      id: await catalogue.createSource(ctx, sessionOf(request), request.body),
    }));
    route(catalogueApi.updateBookingSource, async (request) => ({
      id: await catalogue.updateSource(ctx, sessionOf(request), request.params.id, request.body),
    }));

    route(filesApi.unitPhoto, async (request, reply) => {
      const file = await catalogue.readUnitPhoto(ctx, request.params.name);
      if (!file) throw notFound();
      return reply
        .type(file.mimeType)
        .header('cache-control', 'private, max-age=86400, immutable')
        .send(file.data);
    });
  };
}
