import { type Insertable, sql, type Updateable } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { DB } from '../../db/schema.ts';

// ---- the catalogue kinds ----

/** The locations that have units. */
export async function locationIdsWithUnits(db: Executor) {
  return db.selectFrom('units').select('location_id').distinct().execute();
}

export async function locationById(db: Executor, id: number) {
  return db.selectFrom('locations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The place after the last location. */
export async function nextLocationPosition(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('locations')
    .select(sql<number>`coalesce(max(position), 0) + 1`.as('p'))
    .executeTakeFirstOrThrow();
  return Number(row.p);
}

export async function insertLocation(db: Executor, row: Insertable<DB['locations']>) {
  await db.insertInto('locations').values(row).execute();
}

export async function updateLocation(db: Executor, id: number, row: Updateable<DB['locations']>) {
  await db.updateTable('locations').set(row).where('id', '=', id).execute();
}

export async function locationPlaceholderFlags(db: Executor) {
  return db.selectFrom('locations').select(['id', 'is_placeholder']).execute();
}

export async function unitByNumber(db: Executor, locationId: number, unitNumber: string) {
  return db
    .selectFrom('units')
    .selectAll()
    .where('location_id', '=', locationId)
    .where('unit_number', '=', unitNumber)
    .executeTakeFirst();
}

export async function insertUnit(db: Executor, row: Insertable<DB['units']>) {
  await db.insertInto('units').values(row).execute();
}

export async function updateUnit(db: Executor, id: number, row: Updateable<DB['units']>) {
  await db.updateTable('units').set(row).where('id', '=', id).execute();
}

/** Marks that a location has units in a part (main or periphery). */
export async function markLocationPart(db: Executor, locationId: number, part: 'main' | 'periphery') {
  await db
    .updateTable('locations')
    .set(part === 'main' ? { exists_main: true } : { exists_periphery: true })
    .where('id', '=', locationId)
    .execute();
}
