import { type Insertable, sql, type Updateable } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { DB } from '../../db/schema.ts';
import { ownersInScope, type Scope } from '../access/service.ts';

/** Advisory lock namespace of imports (the second key is the kind's hash): one import of a kind at a time. */
const IMPORT_LOCK_NAMESPACE = 7_404_552;

/**
 * Waits for the transaction's turn to import this kind (held until the transaction ends): a wait for the import
 * before it, not a stuck lock, so the statement timeout bounds it rather than the requests' lock timeout.
 */
export async function lockImportOfKind(db: Executor, kindName: string) {
  await sql`select set_config('lock_timeout', '0', true)`.execute(db);
  await sql`select pg_advisory_xact_lock(${IMPORT_LOCK_NAMESPACE}, hashtext(${kindName}))`.execute(db);
  await sql`set local lock_timeout to default`.execute(db);
}

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

// ---- the data kinds (bookings, incomes, outcomes, inventory, inspections, timelines) ----

/** Sets each column to the incoming row's value (an upsert's update). */
const fromExcluded = (columns: string[]) =>
  Object.fromEntries(columns.map((c) => [c, sql.ref(`excluded.${c}`)]));

/** True when any of the columns differs from the incoming row's: an upsert updates only then. */
const distinct = (table: string, columns: string[]) =>
  sql<boolean>`${sql.raw(
    `(${columns.map((c) => `${table}.${c}`).join(', ')}) is distinct from (${columns.map((c) => `excluded.${c}`).join(', ')})`,
  )}`;

/** Whether an upserted row was inserted (true) or updated (false); rows left unchanged are not returned. */
const wasInserted = () => sql<boolean>`xmax = 0`.as('inserted');

export async function unitIds(db: Executor) {
  return db.selectFrom('units').select('id').execute();
}

/** The locations rows may name: every one but the placeholders. */
export async function realLocationIds(db: Executor) {
  return db.selectFrom('locations').select('id').where('is_placeholder', '=', false).execute();
}

export async function bookingSourceIds(db: Executor) {
  return db.selectFrom('booking_sources').select('id').execute();
}

/** The owners' links to their units (user_units of relation owner), which incomes belong to. */
export async function ownerUnitLinks(db: Executor) {
  return db
    .selectFrom('user_units')
    .select(['id', 'user_id', 'unit_id'])
    .where('relation', '=', 'owner')
    .execute();
}

/** The income-expense categories new rows may name: an archived one keeps its rows but takes no more. */
/** Every location document's category, by document (an import's row may name a document by id). */
export async function locationDocumentCategories(db: Executor) {
  return db.selectFrom('location_documents').select(['id', 'category_id']).execute();
}

/** Document categories not archived (a location document's import names one). */
export async function openDocumentCategoryIds(db: Executor) {
  return db.selectFrom('document_categories').select('id').where('archived_at', 'is', null).execute();
}

export async function outcomeCategoryIds(db: Executor) {
  return db.selectFrom('outcome_categories').select('id').where('archived_at', 'is', null).execute();
}

/** Bookings by their external id. */
export async function upsertBookings(db: Executor, rows: Insertable<DB['bookings']>[]) {
  const columns = [
    'unit_id',
    'starts_at',
    'ends_at',
    'status',
    'guest_amount',
    'source_id',
    'paid_kopecks',
    'sum_kopecks',
  ];
  return db
    .insertInto('bookings')
    .values(rows)
    .onConflict((conflict) =>
      conflict.column('external_id').doUpdateSet(fromExcluded(columns)).where(distinct('bookings', columns)),
    )
    .returning(wasInserted())
    .execute();
}

/** Incomes by owner link and month. */
export async function upsertIncomes(db: Executor, rows: Insertable<DB['incomes']>[]) {
  return db
    .insertInto('incomes')
    .values(rows)
    .onConflict((conflict) =>
      conflict
        .columns(['user_unit_id', 'year_month'])
        .doUpdateSet({ amount_kopecks: sql.ref('excluded.amount_kopecks') })
        .where(distinct('incomes', ['amount_kopecks'])),
    )
    .returning(wasInserted())
    .execute();
}

/** Outcome rows by their external id. */
export async function upsertOutcomeRows(db: Executor, rows: Insertable<DB['outcome_rows']>[]) {
  const columns = [
    'location_id',
    'part',
    'row_date',
    'category_id',
    'article',
    'article_en',
    'amount_kopecks',
  ];
  return db
    .insertInto('outcome_rows')
    .values(rows)
    .onConflict((conflict) =>
      conflict
        .column('external_id')
        .doUpdateSet(fromExcluded(columns))
        .where(distinct('outcome_rows', columns)),
    )
    .returning(wasInserted())
    .execute();
}

/** Inventory items by unit and inventory number. */
export async function upsertInventoryItems(db: Executor, rows: Insertable<DB['inventory_items']>[]) {
  const columns = [
    'name',
    'name_en',
    'cost_kopecks',
    'inv_status',
    'inv_date',
    'space_id',
    'space_name',
    'space_name_en',
  ];
  return db
    .insertInto('inventory_items')
    .values(rows)
    .onConflict((conflict) =>
      conflict
        .columns(['unit_id', 'inv_number'])
        .doUpdateSet(fromExcluded(columns))
        .where(distinct('inventory_items', columns)),
    )
    .returning(['unit_id', 'inv_number', wasInserted()])
    .execute();
}

/** Inspections (without their checks) by their external id. */
export async function upsertInspections(db: Executor, rows: Insertable<DB['inspections']>[]) {
  const columns = [
    'location_id',
    'pattern_name',
    'pattern_name_en',
    'kind',
    'inspection_date',
    'is_completed',
    'list_name',
    'list_name_en',
  ];
  return db
    .insertInto('inspections')
    .values(rows)
    .onConflict((conflict) =>
      conflict
        .column('external_id')
        .doUpdateSet(fromExcluded(columns))
        .where(distinct('inspections', columns)),
    )
    .returning(['external_id', wasInserted()])
    .execute();
}

export async function inspectionIdsByExternalId(db: Executor, externalIds: string[]) {
  return db
    .selectFrom('inspections')
    .select(['id', 'external_id'])
    .where('external_id', 'in', externalIds)
    .execute();
}

/** An inspection's checks by inspection and position. */
export async function upsertInspectionChecks(db: Executor, rows: Insertable<DB['inspection_checks']>[]) {
  const columns = [
    'group_title',
    'group_title_en',
    'subgroup_title',
    'subgroup_title_en',
    'test',
    'test_en',
    'status',
    'media',
  ];
  return db
    .insertInto('inspection_checks')
    .values(rows)
    .onConflict((conflict) =>
      conflict
        .columns(['inspection_id', 'position'])
        .doUpdateSet(fromExcluded(columns))
        .where(distinct('inspection_checks', columns)),
    )
    .returning(['inspection_id', 'position', wasInserted()])
    .execute();
}

/** What an imported timeline stage updates (a unit's and a location's stages alike). */
const TIMELINE_STAGE_COLUMNS = [
  'level',
  'name',
  'name_en',
  'description',
  'description_en',
  'finish_date',
  'status',
];

/** A unit's construction stages by unit and order. */
export async function upsertUnitTimelineStages(db: Executor, rows: Insertable<DB['unit_timeline_stages']>[]) {
  return db
    .insertInto('unit_timeline_stages')
    .values(rows)
    .onConflict((conflict) =>
      conflict
        .columns(['unit_id', 'seq'])
        .doUpdateSet(fromExcluded(TIMELINE_STAGE_COLUMNS))
        .where(distinct('unit_timeline_stages', TIMELINE_STAGE_COLUMNS)),
    )
    .returning(['unit_id', 'seq', wasInserted()])
    .execute();
}

/** A location's timeline and periphery stages by location, kind and order. */
export async function upsertLocationTimelineStages(
  db: Executor,
  rows: Insertable<DB['location_timeline_stages']>[],
) {
  return db
    .insertInto('location_timeline_stages')
    .values(rows)
    .onConflict((conflict) =>
      conflict
        .columns(['location_id', 'kind', 'seq'])
        .doUpdateSet(fromExcluded(TIMELINE_STAGE_COLUMNS))
        .where(distinct('location_timeline_stages', TIMELINE_STAGE_COLUMNS)),
    )
    .returning(['location_id', 'kind', 'seq', wasInserted()])
    .execute();
}

/** A unit's capitalization (stage, prices, description) beside its timeline, by unit. */
export async function upsertUnitTimelines(db: Executor, rows: Insertable<DB['unit_timelines']>[]) {
  const columns = [
    'capitalization_stage_name',
    'capitalization_stage_name_en',
    'capitalization_price_kopecks',
    'market_price_kopecks',
    'description',
    'description_en',
  ];
  return db
    .insertInto('unit_timelines')
    .values(rows)
    .onConflict((conflict) =>
      conflict
        .column('unit_id')
        .doUpdateSet(fromExcluded(columns))
        .where(distinct('unit_timelines', columns)),
    )
    .returning(['unit_id', wasInserted()])
    .execute();
}

// ---- exports and templates: the stored rows in the import's columns ----

export async function exportBookings(db: Executor) {
  return db
    .selectFrom('bookings')
    .select([
      'external_id',
      'unit_id',
      'starts_at',
      'ends_at',
      'status',
      'guest_amount',
      'source_id',
      'paid_kopecks',
      'sum_kopecks',
    ])
    .where('external_id', 'is not', null)
    .orderBy('external_id')
    .execute();
}

export async function exportIncomes(db: Executor) {
  return db
    .selectFrom('incomes')
    .innerJoin('user_units', 'user_units.id', 'incomes.user_unit_id')
    .select(['user_units.user_id', 'user_units.unit_id', 'incomes.year_month', 'incomes.amount_kopecks'])
    .where('user_units.relation', '=', 'owner')
    .orderBy('user_units.user_id')
    .orderBy('user_units.unit_id')
    .orderBy('incomes.year_month')
    .execute();
}

export async function exportOutcomeRows(db: Executor) {
  return db
    .selectFrom('outcome_rows')
    .select([
      'external_id',
      'location_id',
      'part',
      'row_date',
      'category_id',
      'article',
      'article_en',
      'amount_kopecks',
    ])
    .where('external_id', 'is not', null)
    .orderBy('row_date')
    .orderBy('external_id')
    .execute();
}

export async function exportInventory(db: Executor) {
  return db
    .selectFrom('inventory_items')
    .select([
      'id',
      'unit_id',
      'inv_number',
      'name',
      'name_en',
      'cost_kopecks',
      'inv_status',
      'inv_date',
      'space_id',
      'space_name',
      'space_name_en',
    ])
    .orderBy('unit_id')
    .orderBy('inv_number')
    .execute();
}

export async function exportInventoryPhotos(db: Executor) {
  return db
    .selectFrom('inventory_photos')
    .select(['item_id', 'url'])
    .orderBy('item_id')
    .orderBy('position')
    .execute();
}

export async function exportInspections(db: Executor) {
  return db
    .selectFrom('inspections')
    .leftJoin('inspection_checks', 'inspection_checks.inspection_id', 'inspections.id')
    .select([
      'inspections.external_id',
      'inspections.location_id',
      'inspections.kind',
      'inspections.pattern_name',
      'inspections.pattern_name_en',
      'inspections.inspection_date',
      'inspections.is_completed',
      'inspections.list_name',
      'inspections.list_name_en',
      'inspection_checks.position',
      'inspection_checks.group_title',
      'inspection_checks.group_title_en',
      'inspection_checks.subgroup_title',
      'inspection_checks.subgroup_title_en',
      'inspection_checks.test',
      'inspection_checks.test_en',
      'inspection_checks.status',
      'inspection_checks.media',
    ])
    .where('inspections.external_id', 'is not', null)
    .orderBy('inspections.external_id')
    .orderBy('inspection_checks.position')
    .execute();
}

export async function exportUnitStages(db: Executor) {
  return db.selectFrom('unit_timeline_stages').selectAll().orderBy('unit_id').orderBy('seq').execute();
}

export async function exportUnitTimelines(db: Executor) {
  return db.selectFrom('unit_timelines').selectAll().execute();
}

export async function exportLocationStages(db: Executor) {
  return db
    .selectFrom('location_timeline_stages')
    .selectAll()
    .orderBy('location_id')
    .orderBy('kind')
    .orderBy('seq')
    .execute();
}

export async function exportLocations(db: Executor) {
  return db.selectFrom('locations').selectAll().orderBy('position').orderBy('id').execute();
}

export async function exportUnits(db: Executor) {
  return db
    .selectFrom('units')
    .select([
      'location_id',
      'unit_number',
      'part',
      'unit_type',
      'unit_type_en',
      'name',
      'name_en',
      'capacity',
      'area',
      'stage',
      'stage_en',
      'date_of_launch',
      'image_urls',
    ])
    .where('unit_number', 'is not', null)
    .orderBy('location_id')
    .orderBy('unit_number')
    .execute();
}

/** Ids for a template's example rows: the first of each in the portal's data (an owner of the console user's). */
export async function exampleIds(db: Executor, scope: Scope) {
  const [unit, location, link, source, category, documentCategory, lastLocation] = await Promise.all([
    db.selectFrom('units').select('id').orderBy('id').executeTakeFirst(),
    db
      .selectFrom('locations')
      .select('id')
      .where('is_placeholder', '=', false)
      .orderBy('id')
      .executeTakeFirst(),
    db
      .selectFrom('user_units')
      .innerJoin('users', 'users.id', 'user_units.user_id')
      .select(['user_units.user_id', 'user_units.unit_id'])
      .where('user_units.relation', '=', 'owner')
      .where(ownersInScope(scope))
      .orderBy('user_units.id')
      .executeTakeFirst(),
    db.selectFrom('booking_sources').select('id').orderBy('id').executeTakeFirst(),
    db
      .selectFrom('outcome_categories')
      .select('id')
      .where('archived_at', 'is', null)
      .orderBy('id')
      .executeTakeFirst(),
    db
      .selectFrom('document_categories')
      .select('id')
      .where('archived_at', 'is', null)
      .orderBy('id')
      .executeTakeFirst(),
    db.selectFrom('locations').select(sql<number>`coalesce(max(id), 0)`.as('id')).executeTakeFirst(),
  ]);
  return {
    unit,
    location,
    link,
    source,
    category,
    documentCategory,
    nextLocationId: Number(lastLocation?.id ?? 0) + 1,
  };
}

/** Repairs by unit and start (migration 033): a repair already stored is updated only when it differs. */
export async function upsertRepairs(db: Executor, rows: Insertable<DB['repairs']>[]) {
  const columns = ['ends_at', 'description'];
  return db
    .insertInto('repairs')
    .values(rows)
    .onConflict((conflict) =>
      conflict
        .columns(['unit_id', 'starts_at'])
        .doUpdateSet(fromExcluded(columns))
        .where(distinct('repairs', columns)),
    )
    .returning(wasInserted())
    .execute();
}

export async function exportRepairs(db: Executor) {
  return db
    .selectFrom('repairs')
    .select(['unit_id', 'starts_at', 'ends_at', 'description'])
    .orderBy('unit_id')
    .orderBy('starts_at')
    .execute();
}
