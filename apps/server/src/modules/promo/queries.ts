import type { Executor } from '../../db/executor.ts';

/** Lots on the marketplace with the owner's unit link, the unit and its location, for the caller to select from. */
export function lotsWithUnits(db: Executor) {
  return db
    .selectFrom('sale_lots')
    .innerJoin('user_units', 'user_units.id', 'sale_lots.user_unit_id')
    .innerJoin('units', 'units.id', 'user_units.unit_id')
    .innerJoin('locations', 'locations.id', 'units.location_id');
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
