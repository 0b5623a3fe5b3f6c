import type { Insertable } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { DB } from '../../db/schema.ts';
import { isCurrentLink } from '../access/service.ts';

/**
 * Lots on the marketplace with the owner's unit link, the unit and its location, for the caller to select from. A
 * link that ended (modules/access) no longer offers its lot.
 */
export function lotsWithUnits(db: Executor) {
  return db
    .selectFrom('sale_lots')
    .innerJoin('user_units', 'user_units.id', 'sale_lots.user_unit_id')
    .innerJoin('units', 'units.id', 'user_units.unit_id')
    .innerJoin('locations', 'locations.id', 'units.location_id')
    .where(isCurrentLink);
}

/** Every owner's lot on sale with its unit and location, newest first. */
export async function listedLots(db: Executor) {
  return lotsWithUnits(db)
    .select([
      'sale_lots.id as lotId',
      'sale_lots.default_price_kopecks',
      'sale_lots.discount_price_kopecks',
      'sale_lots.promo',
      'sale_lots.listed_at',
      'user_units.id as userUnitId',
      'user_units.user_id',
      'user_units.sale_price_kopecks',
      'units.id as unitId',
      'units.name',
      'units.name_en',
      'units.image_urls',
      'units.capacity',
      'units.area',
      'units.part',
      'units.unit_type',
      'units.unit_type_en',
      'units.stage',
      'units.stage_en',
      'units.date_of_launch',
      'locations.id as locationId',
      'locations.name as locationName',
      'locations.name_en as locationNameEn',
    ])
    .where('user_units.is_sale', '=', true)
    .where('user_units.sale_price_kopecks', 'is not', null)
    .orderBy('sale_lots.listed_at', 'desc')
    .orderBy('sale_lots.id', 'desc')
    .execute();
}

/** A lot on sale by that owner (relation owner), for a buy request. */
export async function lotOnSale(db: Executor, ownerId: number, unitId: number) {
  return lotsWithUnits(db)
    .select([
      'sale_lots.id as lotId',
      'user_units.sale_price_kopecks',
      'units.name',
      'locations.name as locationName',
    ])
    .where('user_units.user_id', '=', ownerId)
    .where('user_units.unit_id', '=', unitId)
    .where('user_units.relation', '=', 'owner')
    .where('user_units.is_sale', '=', true)
    .executeTakeFirst();
}

/** The company's lots with their unit and location, for the caller to filter and order. */
function companyLotsWithUnits(db: Executor) {
  return db
    .selectFrom('company_lots as l')
    .innerJoin('units', 'units.id', 'l.unit_id')
    .innerJoin('locations', 'locations.id', 'units.location_id')
    .selectAll('l')
    .select([
      'units.name as unit_name',
      'units.name_en as unit_name_en',
      'units.image_urls',
      'units.capacity',
      'units.area',
      'units.part',
      'units.unit_type',
      'units.unit_type_en',
      'units.stage',
      'units.stage_en',
      'units.date_of_launch',
      'locations.id as location_id',
      'locations.name as location_name',
      'locations.name_en as location_name_en',
    ]);
}

export type CompanyLotRow = NonNullable<Awaited<ReturnType<typeof companyLotById>>>;

export async function publishedCompanyLotRows(db: Executor) {
  return companyLotsWithUnits(db).where('l.published', '=', true).execute();
}

/** The newest published company lot of a unit. */
export async function publishedCompanyLotOfUnit(db: Executor, unitId: number) {
  return companyLotsWithUnits(db)
    .where('l.unit_id', '=', unitId)
    .where('l.published', '=', true)
    .orderBy('l.id', 'desc')
    .executeTakeFirst();
}

/** The company's lots, newest first (at most 500). */
export async function companyLotRows(db: Executor) {
  return companyLotsWithUnits(db)
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(500)
    .execute();
}

export async function companyLotById(db: Executor, id: number) {
  return companyLotsWithUnits(db).where('l.id', '=', id).executeTakeFirst();
}

/** The photos of some company lots, by lot then in order. */
export async function companyLotPhotos(db: Executor, lotIds: number[]) {
  if (lotIds.length === 0) return [];
  return db
    .selectFrom('company_lot_photos')
    .select(['id', 'lot_id', 'public_url'])
    .where('lot_id', 'in', lotIds)
    .orderBy('lot_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function unitName(db: Executor, unitId: number) {
  return db.selectFrom('units').select('name').where('id', '=', unitId).executeTakeFirst();
}

/** A company lot as it stands, locked for the rest of the transaction. */
export async function companyLotForUpdate(db: Executor, id: number) {
  return db.selectFrom('company_lots').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Stores a new company lot (id undefined) or changes one; answers its id. */
export async function saveCompanyLot(
  db: Executor,
  id: number | undefined,
  values: Insertable<DB['company_lots']>,
) {
  return id === undefined
    ? await db.insertInto('company_lots').values(values).returning('id').executeTakeFirstOrThrow()
    : await db
        .updateTable('company_lots')
        .set(values)
        .where('id', '=', id)
        .returning('id')
        .executeTakeFirstOrThrow();
}

export async function companyLotUploadIds(db: Executor, lotId: number) {
  return db
    .selectFrom('company_lot_photos')
    .select('upload_id')
    .where('lot_id', '=', lotId)
    .where('upload_id', 'is not', null)
    .execute();
}

/** Deletes a company lot; answers its unit, or undefined for an unknown lot. */
export async function deleteCompanyLot(db: Executor, id: number) {
  return db.deleteFrom('company_lots').where('id', '=', id).returning('unit_id').executeTakeFirst();
}

/** Locks a company lot's row for the rest of the transaction; answers undefined for an unknown lot. */
export async function lockCompanyLot(db: Executor, lotId: number) {
  return db.selectFrom('company_lots').select('id').where('id', '=', lotId).forUpdate().executeTakeFirst();
}

export async function companyLotPhotoPositions(db: Executor, lotId: number) {
  return db.selectFrom('company_lot_photos').select('position').where('lot_id', '=', lotId).execute();
}

export async function insertCompanyLotPhoto(
  db: Executor,
  photo: { lotId: number; position: number; publicUrl: string; uploadId: number },
) {
  return db
    .insertInto('company_lot_photos')
    .values({
      lot_id: photo.lotId,
      position: photo.position,
      public_url: photo.publicUrl,
      upload_id: photo.uploadId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Deletes a photo of a company lot; answers its upload, or undefined when the lot has no such photo. */
export async function deleteCompanyLotPhoto(db: Executor, lotId: number, photoId: number) {
  return db
    .deleteFrom('company_lot_photos')
    .where('id', '=', photoId)
    .where('lot_id', '=', lotId)
    .returning('upload_id')
    .executeTakeFirst();
}
