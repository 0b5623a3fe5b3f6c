import { DOCUMENT_STATUS_NEEDS_SIGNATURE } from '@portal/contract/constants';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';

/** Locations where the user owns units (INVESTOR) or lent money (LENDER: units lent against, and loans). */
export async function userLocationRows(db: Executor, userId: number) {
  // Both at once (issue 16).
  const fromUnitsQuery = db
    .selectFrom('user_units')
    .innerJoin('units', 'units.id', 'user_units.unit_id')
    .innerJoin('locations', 'locations.id', 'units.location_id')
    .select([
      'locations.id',
      'locations.name',
      'locations.name_en',
      'locations.exists_main',
      'locations.exists_periphery',
      'locations.is_placeholder',
      'locations.position',
      sql<
        'INVESTOR' | 'LENDER'
      >`case when user_units.relation = 'owner' then 'INVESTOR' else 'LENDER' end`.as('roleCode'),
    ])
    .where('user_units.user_id', '=', userId)
    .distinct()
    .execute();
  const fromLoansQuery = db
    .selectFrom('loans')
    .innerJoin('locations', 'locations.id', 'loans.location_id')
    .select([
      'locations.id',
      'locations.name',
      'locations.name_en',
      'locations.exists_main',
      'locations.exists_periphery',
      'locations.is_placeholder',
      'locations.position',
      sql<'LENDER'>`'LENDER'`.as('roleCode'),
    ])
    .where('loans.user_id', '=', userId)
    .distinct()
    .execute();
  const [fromUnits, fromLoans] = await Promise.all([fromUnitsQuery, fromLoansQuery]);
  return [...fromUnits, ...fromLoans];
}

export async function placeholderLocations(db: Executor) {
  return db
    .selectFrom('locations')
    .selectAll()
    .where('is_placeholder', '=', true)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function userUnitRows(db: Executor, userId: number) {
  return db
    .selectFrom('user_units')
    .innerJoin('units', 'units.id', 'user_units.unit_id')
    .innerJoin('locations', 'locations.id', 'units.location_id')
    .select([
      'user_units.id as userUnitId',
      'user_units.relation',
      'user_units.invested_kopecks',
      'user_units.invested_at',
      'user_units.is_sale',
      'user_units.sale_price_kopecks',
      'units.id as unitId',
      'units.name',
      'units.name_en',
      'units.part',
      'units.unit_type',
      'units.unit_type_en',
      'units.capacity',
      'units.area',
      'units.stage',
      'units.stage_en',
      'units.date_of_launch',
      'units.image_urls',
      'locations.id as locationId',
      'locations.name as locationName',
      'locations.name_en as locationNameEn',
    ])
    .where('user_units.user_id', '=', userId)
    .orderBy('locations.position')
    .orderBy('locations.id')
    .orderBy('units.id')
    .execute();
}

export async function profileRow(db: Executor, userId: number) {
  return db
    .selectFrom('users')
    .leftJoin('uploads', 'uploads.id', 'users.avatar_upload_id')
    .leftJoin('managers', 'managers.id', 'users.manager_id')
    .select([
      'users.id',
      'users.last_name',
      'users.first_name',
      'users.middle_name',
      'users.contract_number',
      'users.contract_date',
      'users.use_diadoc',
      'users.organization_type',
      'users.phone',
      'users.email',
      'users.locale',
      'users.selected_role',
      'users.two_factor_phone',
      'users.totp_enabled_at',
      'uploads.storage_key as avatarKey',
      'managers.name as managerName',
      'managers.name_en as managerNameEn',
      'managers.phone as managerPhone',
      'managers.email as managerEmail',
      sql<boolean>`exists (select 1 from documents where documents.user_id = users.id and documents.status_id = ${DOCUMENT_STATUS_NEEDS_SIGNATURE})`.as(
        'needSign',
      ),
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

export async function defaultManager(db: Executor) {
  return db.selectFrom('managers').selectAll().where('is_default', '=', true).executeTakeFirst();
}

export async function bankDetailsRow(db: Executor, userId: number) {
  return db.selectFrom('bank_details').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function contactsOf(db: Executor, userId: number) {
  return db
    .selectFrom('users')
    .select(['email', 'phone', 'locale'])
    .where('id', '=', userId)
    .executeTakeFirst();
}
