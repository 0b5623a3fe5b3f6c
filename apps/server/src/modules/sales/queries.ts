import type { Executor } from '../../db/executor.ts';

/** Lots on the marketplace with the owner's unit link, the unit and its location, for the caller to select from. */
export function lotsWithUnits(db: Executor) {
  return db
    .selectFrom('sale_lots')
    .innerJoin('user_units', 'user_units.id', 'sale_lots.user_unit_id')
    .innerJoin('units', 'units.id', 'user_units.unit_id')
    .innerJoin('locations', 'locations.id', 'units.location_id');
}
