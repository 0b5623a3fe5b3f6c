import {
  type BookingSourceList,
  type bookingSourceBodySchema,
  type bookingSourceCreateSchema,
  type CatalogueLocationList,
  type CatalogueUnitList,
  type catalogueLocationBodySchema,
  type catalogueUnitBodySchema,
  UNIT_PHOTO_MAX_BYTES,
  UNIT_PHOTO_TYPES,
  UNIT_PHOTOS_MAX,
  type UnitList,
  type UnitPhotos,
  type unitListItemBodySchema,
} from '@portal/contract/backoffice-catalogue';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/executor.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { keepUpload, type SingleFile, typeByContent } from '../../http/uploaded-files.ts';
import { staffScope } from '../access/service.ts';
import { changesOf, recordAudit } from '../audit/service.ts';
import type { Session } from '../auth/sessions.ts';
import { insertUpload } from '../uploads/service.ts';
import { parseLocationInfo } from './location-info.ts';
import * as q from './queries.ts';

/**
 * The console's catalogue: locations, units with photos, unit types and stages, booking sources. Like news, it is
 * the company's data, so every manager and admin edits it (owners get 403 from requireStaff and staffScope);
 * every change is in the audit log.
 */
type LocationFields = z.output<typeof catalogueLocationBodySchema>;
type UnitFields = z.output<typeof catalogueUnitBodySchema>;
type ListFields = z.output<typeof unitListItemBodySchema>;
type SourceFields = z.output<typeof bookingSourceBodySchema>;
type SourceCreate = z.output<typeof bookingSourceCreateSchema>;

const PHOTO_KIND = 'unit-photo';
export const PHOTO_DIR = 'units';
const PHOTO_URL_PREFIX = `/api/v1/files/${PHOTO_DIR}/`;

const audit = (db: Executor, session: Session, action: string, entity: string, id: number, details: object) =>
  recordAudit(db, { actorUserId: session.userId, action, entity, entityId: id, details });

// Locations

export async function listLocations(ctx: AppContext, session: Session): Promise<CatalogueLocationList> {
  await staffScope(ctx, session);
  const rows = await q.locationRows(ctx.database.db);
  return {
    items: rows.map((row) => {
      const info = parseLocationInfo(row.info);
      return {
        id: row.id,
        name: row.name,
        nameEn: row.name_en,
        position: row.position,
        existsMain: row.exists_main,
        existsPeriphery: row.exists_periphery,
        isPlaceholder: row.is_placeholder,
        distanceKm: info.distanceKm ?? null,
        description: info.description,
        descriptionEn: info.descriptionEn,
        infrastructure: info.infrastructure,
        unitCount: Number(row.unitCount ?? 0),
      };
    }),
  };
}

const locationRow = (body: LocationFields) => ({
  name: body.name,
  name_en: body.nameEn || body.name,
  exists_main: body.existsMain,
  exists_periphery: body.existsPeriphery,
  is_placeholder: body.isPlaceholder,
  info: JSON.stringify({
    distanceKm: body.distanceKm,
    description: body.description,
    descriptionEn: body.descriptionEn || body.description,
    infrastructure: body.infrastructure.map((item) => ({
      name: item.name,
      nameEn: item.nameEn || item.name,
      count: item.count,
    })),
  }),
});

/** A location's fields as the audit log compares them, from its stored row (info as stored or as written). */
function locationFields(row: {
  name: string;
  name_en: string;
  exists_main: boolean;
  exists_periphery: boolean;
  is_placeholder: boolean;
  position: number;
  info: unknown;
}) {
  const info = parseLocationInfo(typeof row.info === 'string' ? JSON.parse(row.info) : row.info);
  return {
    name: row.name,
    nameEn: row.name_en,
    existsMain: row.exists_main,
    existsPeriphery: row.exists_periphery,
    isPlaceholder: row.is_placeholder,
    position: row.position,
    distanceKm: info.distanceKm ?? null,
    description: info.description,
    descriptionEn: info.descriptionEn,
    infrastructure: info.infrastructure,
  };
}

/** Creates (id undefined: the next free id) or updates a location; an unknown id answers 404. */
export async function saveLocation(
  ctx: AppContext,
  session: Session,
  id: number | undefined,
  body: LocationFields,
): Promise<number> {
  await staffScope(ctx, session);
  const details = { name: body.name, isPlaceholder: body.isPlaceholder, position: body.position ?? null };
  if (id === undefined) {
    // Two saves at once may pick the same next id: the primary key refuses the second, which then tries again.
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await ctx.database.db.transaction().execute(async (trx) => {
          const newId = await q.nextLocationId(trx);
          await q.insertLocation(trx, {
            id: newId,
            ...locationRow(body),
            position: body.position ?? (await q.nextLocationPosition(trx)),
          });
          await audit(trx, session, 'catalogue.location.create', 'location', newId, details);
          return newId;
        });
      } catch (error) {
        if (attempt >= 2 || (error as { code?: string }).code !== '23505') throw error;
      }
    }
  }
  return ctx.database.db.transaction().execute(async (trx) => {
    const current = await q.lockLocation(trx, id);
    if (!current) throw notFound();
    if (body.isPlaceholder && (await q.countUnits(trx, id)) > 0) {
      throw badRequest('catalogue.placeholderUnits', 'isPlaceholder');
    }
    const row = { ...locationRow(body), position: body.position ?? current.position };
    await q.updateLocation(trx, id, row);
    await audit(trx, session, 'catalogue.location.update', 'location', id, {
      ...details,
      changes: changesOf(locationFields(current), locationFields(row)),
    });
    return id;
  });
}

// Unit types and stages

const LIST_ENTITY = { unit_types: 'unit_type', unit_stages: 'unit_stage' } as const;

export async function listUnitList(
  ctx: AppContext,
  session: Session,
  table: q.UnitListTable,
): Promise<UnitList> {
  await staffScope(ctx, session);
  const rows = await q.unitListRows(ctx.database.db, table);
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      nameEn: row.name_en,
      position: row.position,
      unitCount: Number(row.unitCount ?? 0),
    })),
  };
}

/** Creates or renames a type or a stage; a rename reaches the units that carry it in the same transaction. */
export async function saveUnitListItem(
  ctx: AppContext,
  session: Session,
  table: q.UnitListTable,
  id: number | undefined,
  body: ListFields,
): Promise<number> {
  await staffScope(ctx, session);
  const entity = LIST_ENTITY[table];
  const nameEn = body.nameEn || body.name;
  return ctx.database.db.transaction().execute(async (trx) => {
    const current = id === undefined ? undefined : await q.unitListItem(trx, table, id);
    if (id !== undefined && !current) throw notFound();
    if (await q.unitListNameTaken(trx, table, body.name, id)) throw badRequest('catalogue.nameTaken', 'name');
    let savedId: number;
    if (id === undefined) {
      const row = await q.insertListItem(trx, table, {
        name: body.name,
        name_en: nameEn,
        position: body.position ?? (await q.nextListPosition(trx, table)),
      });
      savedId = row.id;
    } else {
      await q.updateListItem(trx, table, id, {
        name: body.name,
        name_en: nameEn,
        ...(body.position === undefined ? {} : { position: body.position }),
      });
      if (table === 'unit_types') {
        await q.renameUnitsType(trx, id, body.name, nameEn);
      } else {
        await q.renameUnitsStage(trx, id, body.name, nameEn);
      }
      savedId = id;
    }
    await audit(
      trx,
      session,
      `catalogue.${entity}.${id === undefined ? 'create' : 'update'}`,
      entity,
      savedId,
      {
        name: body.name,
        nameEn,
        ...(current && {
          changes: changesOf(
            { name: current.name, nameEn: current.name_en, position: current.position },
            { name: body.name, nameEn, position: body.position ?? current.position },
          ),
        }),
      },
    );
    return savedId;
  });
}

// Units

export async function listUnits(
  ctx: AppContext,
  session: Session,
  locationId: number,
): Promise<CatalogueUnitList> {
  await staffScope(ctx, session);
  const { db } = ctx.database;
  if (!(await q.locationExists(db, locationId))) throw notFound();
  const rows = await q.unitRows(db, locationId);
  return {
    items: rows.map((row) => ({
      id: row.id,
      locationId: row.location_id,
      unitNumber: row.unit_number,
      name: row.name,
      nameEn: row.name_en,
      part: row.part,
      typeId: row.type_id,
      unitType: row.unit_type,
      unitTypeEn: row.unit_type_en,
      stageId: row.stage_id,
      stage: row.stage,
      stageEn: row.stage_en,
      capacity: row.capacity,
      area: Number(row.area),
      dateOfLaunch: row.date_of_launch,
      imageUrls: row.image_urls,
      ownerCount: Number(row.ownerCount ?? 0),
    })),
  };
}

/** A unit's fields as the audit log compares them, from its stored row. */
const unitFields = (row: {
  unit_number: string | null;
  name: string;
  name_en: string;
  part: string;
  unit_type: string;
  stage: string;
  capacity: number;
  area: number | string;
  date_of_launch: string | null;
}) => ({
  unitNumber: row.unit_number,
  name: row.name,
  nameEn: row.name_en,
  part: row.part,
  // The list items by name: an id says nothing in the audit log, and a renamed item keeps its old name there.
  type: row.unit_type,
  stage: row.stage || null,
  capacity: row.capacity,
  area: Number(row.area),
  dateOfLaunch: row.date_of_launch,
});

/** Creates (id undefined) or updates a unit; the location is fixed once the unit exists. */
export async function saveUnit(
  ctx: AppContext,
  session: Session,
  id: number | undefined,
  body: UnitFields,
): Promise<number> {
  await staffScope(ctx, session);
  return ctx.database.db.transaction().execute(async (trx) => {
    const current = id === undefined ? undefined : await q.lockUnit(trx, id);
    if (id !== undefined && !current) throw notFound();
    // A unit stays in its location (its bookings, timeline and reports are the location's).
    if (current && current.location_id !== body.locationId)
      throw badRequest('validation.invalid', 'locationId');
    const locationId = body.locationId;
    const location = await q.lockLocation(trx, locationId);
    if (!location) throw badRequest('validation.invalid', 'locationId');
    if (location.is_placeholder) throw badRequest('catalogue.placeholderUnits', 'locationId');
    const type = await q.unitListItem(trx, 'unit_types', body.typeId);
    if (!type) throw badRequest('validation.invalid', 'typeId');
    const stage = body.stageId === null ? null : await q.unitListItem(trx, 'unit_stages', body.stageId);
    if (body.stageId !== null && !stage) throw badRequest('validation.invalid', 'stageId');
    if (await q.unitNumberTaken(trx, locationId, body.unitNumber, id)) {
      throw badRequest('catalogue.unitNumberTaken', 'unitNumber');
    }
    const row = {
      unit_number: body.unitNumber,
      name: body.name,
      name_en: body.nameEn || body.name,
      part: body.part,
      type_id: type.id,
      unit_type: type.name,
      unit_type_en: type.name_en,
      stage_id: stage?.id ?? null,
      stage: stage?.name ?? '',
      stage_en: stage?.name_en ?? '',
      capacity: body.capacity,
      area: Math.round(body.area * 100) / 100,
      date_of_launch: body.dateOfLaunch,
    };
    let savedId: number;
    if (id === undefined) {
      const created = await q.insertUnit(trx, { location_id: locationId, ...row, image_urls: '[]' });
      savedId = created.id;
    } else {
      await q.updateUnit(trx, id, row);
      savedId = id;
    }
    await q.markLocationPart(trx, locationId, body.part);
    await audit(trx, session, `catalogue.unit.${id === undefined ? 'create' : 'update'}`, 'unit', savedId, {
      locationId,
      unitNumber: body.unitNumber,
      name: body.name,
      ...(current && { changes: changesOf(unitFields(current), unitFields(row)) }),
    });
    return savedId;
  });
}

/** Adds a photo (JPEG, PNG or WebP by content, at most 10 MB; streamed into the store) to a unit, last in order. */
export async function addUnitPhoto(
  ctx: AppContext,
  session: Session,
  unitId: number,
  file: SingleFile,
): Promise<UnitPhotos> {
  return keepUpload(ctx, file, async () => {
    await staffScope(ctx, session);
    const mime = await typeByContent(ctx.files, file, UNIT_PHOTO_TYPES, UNIT_PHOTO_MAX_BYTES, {
      type: 'catalogue.photoType',
      size: 'catalogue.photoSize',
    });
    // The key is the photo's only address for owners' <img>, so it is long and random (readSingleFile's).
    const { key, publicUrl: url } = file;
    return ctx.database.db.transaction().execute(async (trx) => {
      const unit = await q.lockUnit(trx, unitId);
      if (!unit) throw notFound();
      if (unit.image_urls.length >= UNIT_PHOTOS_MAX) throw badRequest('catalogue.photoCount', 'file');
      const uploadId = await insertUpload(trx, {
        key,
        kind: PHOTO_KIND,
        mime,
        size: file.size,
        name: file.name,
      });
      const imageUrls = [...unit.image_urls, url];
      await q.setUnitImageUrls(trx, unitId, imageUrls);
      await audit(trx, session, 'catalogue.unit.photo.add', 'unit', unitId, {
        url,
        uploadId,
        mimeType: mime,
        sizeBytes: file.size,
      });
      return { imageUrls };
    });
  });
}

/** Removes a photo from a unit; an uploaded one leaves the file store too. */
export async function removeUnitPhoto(
  ctx: AppContext,
  session: Session,
  unitId: number,
  url: string,
): Promise<UnitPhotos> {
  await staffScope(ctx, session);
  const result = await ctx.database.db.transaction().execute(async (trx) => {
    const unit = await q.lockUnit(trx, unitId);
    if (!unit?.image_urls.includes(url)) throw notFound();
    const imageUrls = unit.image_urls.filter((u) => u !== url);
    await q.setUnitImageUrls(trx, unitId, imageUrls);
    let key: string | undefined;
    if (url.startsWith(PHOTO_URL_PREFIX)) {
      const gone = await q.deleteUploadByKey(
        trx,
        `${PHOTO_DIR}/${url.slice(PHOTO_URL_PREFIX.length)}`,
        PHOTO_KIND,
      );
      key = gone?.storage_key;
    }
    await audit(trx, session, 'catalogue.unit.photo.remove', 'unit', unitId, { url });
    return { imageUrls, key };
  });
  if (result.key) await ctx.files.delete(result.key);
  return { imageUrls: result.imageUrls };
}

/** Puts a unit's photos in a new order: the same photos, each once, else 400. */
export async function reorderUnitPhotos(
  ctx: AppContext,
  session: Session,
  unitId: number,
  urls: string[],
): Promise<UnitPhotos> {
  await staffScope(ctx, session);
  return ctx.database.db.transaction().execute(async (trx) => {
    const unit = await q.lockUnit(trx, unitId);
    if (!unit) throw notFound();
    const same =
      urls.length === unit.image_urls.length &&
      new Set(urls).size === urls.length &&
      urls.every((u) => unit.image_urls.includes(u));
    if (!same) throw badRequest('catalogue.photoOrder', 'urls');
    await q.setUnitImageUrls(trx, unitId, urls);
    await audit(trx, session, 'catalogue.unit.photo.order', 'unit', unitId, { urls });
    return { imageUrls: urls };
  });
}

/** An uploaded unit photo, served by its unguessable key so owners' <img> loads it without a header. */
export async function readUnitPhoto(
  ctx: AppContext,
  name: string,
): Promise<{ data: Buffer; mimeType: string } | null> {
  const key = `${PHOTO_DIR}/${name}`;
  const upload = await q.unitPhotoUpload(ctx.database.db, key);
  if (!upload) return null;
  const data = await ctx.files.get(key);
  return data ? { data, mimeType: upload.mime_type } : null;
}

// Booking sources

export async function listSources(ctx: AppContext, session: Session): Promise<BookingSourceList> {
  await staffScope(ctx, session);
  const rows = await q.sourceRows(ctx.database.db);
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      nameEn: row.name_en,
      type: row.type,
      bookingCount: Number(row.bookingCount ?? 0),
    })),
  };
}

export async function createSource(ctx: AppContext, session: Session, body: SourceCreate): Promise<number> {
  await staffScope(ctx, session);
  return ctx.database.db.transaction().execute(async (trx) => {
    if (await q.sourceExists(trx, body.id)) throw badRequest('catalogue.sourceTaken', 'id');
    await q.insertSource(trx, {
      id: body.id,
      name: body.name,
      name_en: body.nameEn || body.name,
      type: body.type,
    });
    await audit(trx, session, 'catalogue.booking_source.create', 'booking_source', body.id, {
      name: body.name,
      type: body.type,
    });
    return body.id;
  });
}

export async function updateSource(
  ctx: AppContext,
  session: Session,
  id: number,
  body: SourceFields,
): Promise<number> {
  await staffScope(ctx, session);
  return ctx.database.db.transaction().execute(async (trx) => {
    const current = await q.lockSource(trx, id);
    if (!current) throw notFound();
    const row = { name: body.name, name_en: body.nameEn || body.name, type: body.type };
    await q.updateSource(trx, id, row);
    await audit(trx, session, 'catalogue.booking_source.update', 'booking_source', id, {
      name: body.name,
      type: body.type,
      changes: changesOf(
        { name: current.name, nameEn: current.name_en, type: current.type },
        { name: row.name, nameEn: row.name_en, type: row.type },
      ),
    });
    return id;
  });
}

/**
 * The dashboard's catalogue entry, a location's units by type (count and usual area) of each part: the statement and
 * the reading of its rows, for dashboard/location-info and first-screen to read in their own statements.
 */
export const locationUnitsQuery = q.unitsOfLocationQuery;
export const locationUnitsByPartOf = q.unitsByPartOf;
export type LocationUnitRow = q.LocationUnitRow;

/** The catalogue imports: a unit type or stage entry by its name, made (with the English name) when new. */
export function ensureUnitListItem(db: Executor, table: q.UnitListTable, name: string, nameEn: string) {
  return q.ensureListItem(db, table, name, nameEn);
}
