import { type Expression, type Insertable, type Kysely, sql, type Updateable } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { DB } from '../../db/schema.ts';

/**
 * A location's units for the dashboard's catalogue (unitsByPartOf counts them by type), read by dashboard/location-info
 * and first-screen in their own statements (the location may be first-screen's choice).
 */
export const unitsOfLocationQuery = (db: Kysely<DB>, locationId: number | Expression<number>) =>
  db
    .selectFrom('units')
    .leftJoin('unit_types', 'unit_types.id', 'units.type_id')
    .select([
      'units.part',
      'units.unit_type',
      'units.unit_type_en',
      'units.area',
      'unit_types.position',
      'units.id',
    ])
    .where('units.location_id', '=', locationId)
    .orderBy('units.id');

/** A row of unitsOfLocationQuery, as the driver or JSON gives it. */
export type LocationUnitRow = {
  part: 'main' | 'periphery';
  unit_type: string;
  unit_type_en: string;
  area: unknown;
  position: number | null;
  id: number | string;
};

type UnitsOfType = {
  type: string;
  typeEn: string;
  count: number;
  area: number;
  areaMin: number;
  areaMax: number;
};

/**
 * The units by type of each part (rooms; outbuildings) from unitsOfLocationQuery's rows: the count of each type and
 * its usual area (the most frequent area of the type's units, the smaller on a tie) and the range of its units'
 * areas, types in their list order.
 */
export function unitsByPartOf(rows: LocationUnitRow[]): Record<'main' | 'periphery', UnitsOfType[]> {
  return {
    main: unitsByType(rows.filter((row) => row.part === 'main')),
    periphery: unitsByType(rows.filter((row) => row.part === 'periphery')),
  };
}

function unitsByType(rows: LocationUnitRow[]): UnitsOfType[] {
  const types = new Map<
    string,
    { type: string; typeEn: string; count: number; areas: Map<number, number>; rank: number; first: number }
  >();
  for (const row of rows) {
    const entry = types.get(row.unit_type) ?? {
      type: row.unit_type,
      typeEn: row.unit_type_en,
      count: 0,
      areas: new Map<number, number>(),
      rank: row.position ?? Number.MAX_SAFE_INTEGER,
      first: Number(row.id),
    };
    entry.count += 1;
    const area = Number(row.area);
    entry.areas.set(area, (entry.areas.get(area) ?? 0) + 1);
    types.set(row.unit_type, entry);
  }
  return [...types.values()]
    .sort((a, b) => a.rank - b.rank || a.first - b.first)
    .map(({ type, typeEn, count, areas }) => {
      const [area] = [...areas].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0] ?? [0];
      const sizes = [...areas.keys()];
      return { type, typeEn, count, area, areaMin: Math.min(...sizes), areaMax: Math.max(...sizes) };
    });
}

export async function locationRows(db: Executor) {
  return db
    .selectFrom('locations')
    .selectAll('locations')
    .select((eb) =>
      eb
        .selectFrom('units')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('units.location_id', '=', 'locations.id')
        .as('unitCount'),
    )
    .orderBy('locations.is_placeholder')
    .orderBy('locations.position')
    .orderBy('locations.id')
    .execute();
}

export async function lockLocation(db: Executor, id: number) {
  return db.selectFrom('locations').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function countUnits(db: Executor, locationId: number) {
  const row = await db
    .selectFrom('units')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('location_id', '=', locationId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The next free location id (locations have integer ids that other data and the imports name). */
export async function nextLocationId(db: Executor) {
  const row = await db
    .selectFrom('locations')
    .select(sql<number>`coalesce(max(id), 0) + 1`.as('id'))
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function nextLocationPosition(db: Executor) {
  const row = await db
    .selectFrom('locations')
    .select(sql<number>`coalesce(max(position), 0) + 1`.as('position'))
    .executeTakeFirstOrThrow();
  return Number(row.position);
}

export type UnitListTable = 'unit_types' | 'unit_stages';

export async function unitListRows(db: Executor, table: UnitListTable) {
  const column = table === 'unit_types' ? 'type_id' : 'stage_id';
  return db
    .selectFrom(table)
    .selectAll(table)
    .select((eb) =>
      eb
        .selectFrom('units')
        .select(eb.fn.countAll<number>().as('n'))
        .where(sql.ref(`units.${column}`), '=', sql.ref(`${table}.id`))
        .as('unitCount'),
    )
    .orderBy(`${table}.position`)
    .orderBy(`${table}.id`)
    .execute();
}

export async function unitListItem(db: Executor, table: UnitListTable, id: number) {
  return db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();
}

export async function unitListNameTaken(db: Executor, table: UnitListTable, name: string, except?: number) {
  let query = db.selectFrom(table).select('id').where('name', '=', name);
  if (except !== undefined) query = query.where('id', '<>', except);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function nextListPosition(db: Executor, table: UnitListTable) {
  const row = await db
    .selectFrom(table)
    .select(sql<number>`coalesce(max(position), 0) + 1`.as('position'))
    .executeTakeFirstOrThrow();
  return Number(row.position);
}

/** A type or a stage by its Russian name, made when missing (the units import names them by text). */
export async function ensureListItem(db: Executor, table: UnitListTable, name: string, nameEn: string) {
  const found = await db.selectFrom(table).selectAll().where('name', '=', name).executeTakeFirst();
  if (found) return found;
  return db
    .insertInto(table)
    .values({ name, name_en: nameEn || name, position: await nextListPosition(db, table) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Links units whose type or stage is only a name (the demo seed writes names) to the lists, making the missing
 * entries: the same as 018_catalogue.sql does for a database made before it.
 */
export async function linkUnitLists(db: Executor) {
  await sql`insert into unit_types (name, name_en, position)
    select unit_type, min(unit_type_en), (select coalesce(max(position), 0) from unit_types) + row_number() over (order by min(id))
    from units where type_id is null group by unit_type
    on conflict (name) do nothing`.execute(db);
  await sql`update units set type_id = unit_types.id from unit_types
    where units.type_id is null and unit_types.name = units.unit_type`.execute(db);
  await sql`insert into unit_stages (name, name_en, position)
    select stage, min(stage_en), (select coalesce(max(position), 0) from unit_stages) + row_number() over (order by min(id))
    from units where stage_id is null and stage <> '' group by stage
    on conflict (name) do nothing`.execute(db);
  await sql`update units set stage_id = unit_stages.id from unit_stages
    where units.stage_id is null and unit_stages.name = units.stage`.execute(db);
}

const unitColumns = [
  'units.id',
  'units.location_id',
  'units.unit_number',
  'units.name',
  'units.name_en',
  'units.part',
  'units.type_id',
  'units.unit_type',
  'units.unit_type_en',
  'units.stage_id',
  'units.stage',
  'units.stage_en',
  'units.capacity',
  'units.area',
  'units.date_of_launch',
  'units.image_urls',
] as const;

export async function unitRows(db: Executor, locationId: number) {
  return db
    .selectFrom('units')
    .select(unitColumns)
    .select((eb) =>
      eb
        .selectFrom('user_units')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('user_units.unit_id', '=', 'units.id')
        .as('ownerCount'),
    )
    .where('units.location_id', '=', locationId)
    .orderBy('units.part')
    .orderBy('units.unit_number')
    .orderBy('units.id')
    .execute();
}

export async function lockUnit(db: Executor, id: number) {
  return db.selectFrom('units').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function unitNumberTaken(db: Executor, locationId: number, unitNumber: string, except?: number) {
  let query = db
    .selectFrom('units')
    .select('id')
    .where('location_id', '=', locationId)
    .where('unit_number', '=', unitNumber);
  if (except !== undefined) query = query.where('id', '<>', except);
  return (await query.executeTakeFirst()) !== undefined;
}

/** A location that has a unit of a part shows that part to owners (menus, booking pages). */
export async function markLocationPart(db: Executor, locationId: number, part: 'main' | 'periphery') {
  await db
    .updateTable('locations')
    .set(part === 'main' ? { exists_main: true } : { exists_periphery: true })
    .where('id', '=', locationId)
    .execute();
}

export async function sourceRows(db: Executor) {
  return db
    .selectFrom('booking_sources')
    .select(['booking_sources.id', 'booking_sources.name', 'booking_sources.name_en', 'booking_sources.type'])
    .select((eb) =>
      eb
        .selectFrom('bookings')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('bookings.source_id', '=', 'booking_sources.id')
        .as('bookingCount'),
    )
    .orderBy('booking_sources.id')
    .execute();
}

export async function unitPhotoUpload(db: Executor, key: string) {
  return db
    .selectFrom('uploads')
    .select(['id', 'mime_type'])
    .where('storage_key', '=', key)
    .where('kind', '=', 'unit-photo')
    .executeTakeFirst();
}

export async function locationExists(db: Executor, locationId: number): Promise<boolean> {
  const row = await db.selectFrom('locations').select('id').where('id', '=', locationId).executeTakeFirst();
  return row !== undefined;
}

export async function insertLocation(db: Executor, row: Insertable<DB['locations']>) {
  await db.insertInto('locations').values(row).execute();
}

export async function updateLocation(db: Executor, id: number, row: Updateable<DB['locations']>) {
  await db.updateTable('locations').set(row).where('id', '=', id).execute();
}

export async function insertListItem(
  db: Executor,
  table: UnitListTable,
  item: { name: string; name_en: string; position: number },
) {
  return db.insertInto(table).values(item).returning('id').executeTakeFirstOrThrow();
}

export async function updateListItem(
  db: Executor,
  table: UnitListTable,
  id: number,
  item: { name: string; name_en: string; position?: number },
) {
  await db.updateTable(table).set(item).where('id', '=', id).execute();
}

/** Gives a renamed unit type its new names on every unit of that type. */
export async function renameUnitsType(db: Executor, typeId: number, name: string, nameEn: string) {
  await db
    .updateTable('units')
    .set({ unit_type: name, unit_type_en: nameEn })
    .where('type_id', '=', typeId)
    .execute();
}

/** Gives a renamed stage its new names on every unit at that stage. */
export async function renameUnitsStage(db: Executor, stageId: number, name: string, nameEn: string) {
  await db
    .updateTable('units')
    .set({ stage: name, stage_en: nameEn })
    .where('stage_id', '=', stageId)
    .execute();
}

export async function insertUnit(db: Executor, row: Insertable<DB['units']>) {
  return db.insertInto('units').values(row).returning('id').executeTakeFirstOrThrow();
}

export async function updateUnit(db: Executor, id: number, row: Updateable<DB['units']>) {
  await db.updateTable('units').set(row).where('id', '=', id).execute();
}

export async function setUnitImageUrls(db: Executor, unitId: number, imageUrls: string[]) {
  await db
    .updateTable('units')
    .set({ image_urls: JSON.stringify(imageUrls) })
    .where('id', '=', unitId)
    .execute();
}

/** Deletes the uploads row of a stored file of a kind; answers its key, or undefined when there is none. */
export async function deleteUploadByKey(db: Executor, storageKey: string, kind: string) {
  return db
    .deleteFrom('uploads')
    .where('storage_key', '=', storageKey)
    .where('kind', '=', kind)
    .returning('storage_key')
    .executeTakeFirst();
}

export async function sourceExists(db: Executor, id: number): Promise<boolean> {
  const row = await db.selectFrom('booking_sources').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

export async function insertSource(db: Executor, source: Insertable<DB['booking_sources']>) {
  await db.insertInto('booking_sources').values(source).execute();
}

/** A booking source's names and type, locked until the update commits; undefined for an unknown source. */
export async function lockSource(db: Executor, id: number) {
  return db
    .selectFrom('booking_sources')
    .select(['name', 'name_en', 'type'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Saves a booking source's names and type (the database rewrites its grid text, migration 065). */
export async function updateSource(db: Executor, id: number, source: Updateable<DB['booking_sources']>) {
  return db
    .updateTable('booking_sources')
    .set(source)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
}
