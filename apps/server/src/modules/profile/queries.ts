import { DOCUMENT_STATUS_NEEDS_SIGNATURE } from '@portal/contract/constants';
import { sql, type Updateable } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import { hiddenFromPlanner, prepared } from '../../db/prepared.ts';
import type { DB } from '../../db/schema.ts';
import { locationRoles, ownedUnitLinks, unitLinks } from '../access/service.ts';

/**
 * Locations where the user owns units (INVESTOR) or lent money (LENDER: units lent against, and loans), one row a
 * location and role (modules/access: locationRoles), placeholders marked (`held`); then every placeholder location,
 * the "coming soon" entries, with `held` false, in their list order: one statement for users/locations.
 */
export const userLocationRows = (db: Executor, userId: number) => userLocationRowsStatement(db, { userId });

const userLocationRowsStatement = prepared('userLocationRows', (db, { userId }: { userId: number }) =>
  locationRows(db, userId),
);

/**
 * The location the client picks (pickLocation over users/locations): the preferred one (the stored one) while it is
 * one of the investor's real locations, else the first of them in userLocations' order. A statement of one id (or
 * none) for dashboard/first-screen to read in its own; `preferred` may be null.
 */
export const investorLocationQuery = (db: Executor, userId: number, preferred: number | null) =>
  db
    .selectFrom(locationRows(db, userId).as('l'))
    .select('l.id')
    .where('l.held', '=', true)
    .where('l.roleCode', '=', 'INVESTOR')
    .where('l.is_placeholder', '=', false)
    .orderBy(sql`coalesce(l.id = ${preferred}::bigint, false)`, 'desc')
    .orderBy('l.position')
    .orderBy('l.id')
    .limit(1);

/** A row of userLocationRows. */
export type UserLocationRow = Awaited<ReturnType<typeof userLocationRows>>[number];

const locationRows = (db: Executor, userId: number) =>
  db
    .selectFrom(locationRoles(db, userId).as('held'))
    .innerJoin('locations', 'locations.id', 'held.locationId')
    .select([
      'locations.id',
      'locations.name',
      'locations.name_en',
      'locations.exists_main',
      'locations.exists_periphery',
      'locations.is_placeholder',
      'locations.position',
      'held.roleCode',
      sql<boolean>`true`.as('held'),
    ])
    .distinct()
    .unionAll(
      db
        .selectFrom('locations')
        .select([
          'id',
          'name',
          'name_en',
          'exists_main',
          'exists_periphery',
          'is_placeholder',
          'position',
          sql<'INVESTOR' | 'LENDER'>`'INVESTOR'`.as('roleCode'),
          sql<boolean>`false`.as('held'),
        ])
        .where('is_placeholder', '=', true),
    );

/** A unit link's columns with its unit and location, for ownedUnitCards. */
const UNIT_ROW_COLUMNS = [
  'user_units.id as userUnitId',
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
] as const;

/** The user's unit links (modules/access: unitLinks, owned and lent against) with their units and locations. */
export const userUnitRows = (db: Executor, userId: number) => userUnitRowsStatement(db, { userId });

/** userUnitRows' statement, for users/layout to read in its own. */
export const userUnitRowsQuery = (db: Executor, userId: number) =>
  unitLinks(db, userId)
    .innerJoin('locations', 'locations.id', 'units.location_id')
    .select([
      'user_units.relation',
      'user_units.id as userUnitId',
      'units.id as unitId',
      'units.name',
      'units.name_en',
      'units.part',
      'locations.id as locationId',
    ])
    .orderBy('locations.position')
    .orderBy('locations.id')
    .orderBy('units.id');

const userUnitRowsStatement = prepared('userUnitRows', (db, { userId }: { userId: number }) =>
  userUnitRowsQuery(db, userId),
);

/** A row of userUnitRows. */
export type UserUnitRow = Awaited<ReturnType<typeof userUnitRows>>[number];

/**
 * The cards of the user's owned units (users/actives-info): userUnitRows' columns for the owned links, with each
 * unit's income figures up to `lastMonth` as incomeTotals (modules/units) reads them, in the same statement.
 */
export const ownedUnitCards = (db: Executor, userId: number, lastMonth: number) =>
  ownedUnitCardsStatement(db, { userId, lastMonth });

const ownedUnitCardsStatement = prepared(
  'ownedUnitCards',
  (db, { userId, lastMonth }: { userId: number; lastMonth: number }) => {
    const month = hiddenFromPlanner(lastMonth, 'int');
    return ownedUnitLinks(db, userId)
      .innerJoin('locations', 'locations.id', 'units.location_id')
      .select((eb) => {
        const incomesOfUnit = () =>
          eb.selectFrom('incomes as i').whereRef('i.user_unit_id', '=', 'user_units.id');
        return [
          ...UNIT_ROW_COLUMNS,
          sql<
            number | null
          >`(select t.total_kopecks from income_totals t where t.user_unit_id = user_units.id)
            - coalesce(${incomesOfUnit()
              .where('i.year_month', '>', month)
              .select((sub) => sub.fn.sum<number>('i.amount_kopecks').as('later'))}, 0)`.as('incomeTotal'),
          incomesOfUnit()
            .where('i.year_month', '<=', month)
            .select((sub) => sub.fn.min<number>('i.year_month').as('first'))
            .as('firstIncomeMonth'),
          incomesOfUnit()
            .where('i.year_month', '<=', month)
            .select((sub) => sub.fn.max<number>('i.year_month').as('last'))
            .as('lastIncomeMonth'),
          sql<number>`coalesce(${incomesOfUnit()
            .where('i.year_month', '=', month)
            .select('i.amount_kopecks')}, 0)`.as('lastMonthIncome'),
        ];
      })
      .orderBy('locations.position')
      .orderBy('locations.id')
      .orderBy('units.id');
  },
);

/** The user's own row for users/data-profile, with the manager, the bank details and the recovery codes left. */
export async function profileRow(db: Executor, userId: number) {
  const [row] = await profileRowStatement(db, { userId });
  return row;
}

const profileRowStatement = prepared('profileRow', (db, { userId }: { userId: number }) =>
  profileRowQuery(db, userId),
);

/** A row of profileRow. */
export type ProfileRow = NonNullable<Awaited<ReturnType<typeof profileRow>>>;

/** profileRow's statement, for users/layout to read more in the same one. */
export const profileRowQuery = (db: Executor, userId: number) =>
  db
    .selectFrom('users')
    .leftJoin('uploads', 'uploads.id', 'users.avatar_upload_id')
    .leftJoin('managers', 'managers.id', 'users.manager_id')
    .leftJoin('bank_details', 'bank_details.user_id', 'users.id')
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
      sql<number>`(select count(*)::int from recovery_codes r where r.user_id = users.id and r.used_at is null)`.as(
        'recoveryCodesLeft',
      ),
      'bank_details.user_id as bankUserId',
      'bank_details.inn',
      'bank_details.kpp',
      'bank_details.ogrn',
      'bank_details.bik',
      'bank_details.bank_name',
      'bank_details.payment_account',
      'bank_details.jur_address',
      'bank_details.address',
      // The user's locations (userLocationRows) in the same round trip, as a JSON list of the same rows.
      sql<UserLocationRow[]>`(select coalesce(json_agg(l), '[]') from (${locationRows(db, userId)}) as l)`.as(
        'locations',
      ),
    ])
    .where('users.id', '=', userId);

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

/** Whether another user signs in with this e-mail or phone. */
export async function contactTakenByOther(
  db: Executor,
  column: 'email' | 'phone',
  value: string,
  userId: number,
) {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(column, '=', value)
    .where('id', '!=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Changes columns of the user's own row (updated_at too). */
export async function updateUser(db: Executor, userId: number, set: Updateable<DB['users']>) {
  await db
    .updateTable('users')
    .set({ ...set, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}

/** The user's avatar upload, if any. */
export async function avatarOf(db: Executor, userId: number) {
  return db
    .selectFrom('users')
    .innerJoin('uploads', 'uploads.id', 'users.avatar_upload_id')
    .select(['uploads.id', 'uploads.storage_key'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

export async function insertAvatarUpload(
  db: Executor,
  upload: { key: string; userId: number; mimeType: string; size: number },
) {
  const row = await db
    .insertInto('uploads')
    .values({
      storage_key: upload.key,
      owner_user_id: upload.userId,
      kind: 'avatar',
      mime_type: upload.mimeType,
      size_bytes: upload.size,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteUpload(db: Executor, uploadId: number) {
  await db.deleteFrom('uploads').where('id', '=', uploadId).execute();
}

/** An avatar upload by its storage key. */
export async function avatarUpload(db: Executor, key: string) {
  return db
    .selectFrom('uploads')
    .select(['mime_type'])
    .where('storage_key', '=', key)
    .where('kind', '=', 'avatar')
    .executeTakeFirst();
}

export async function localeOf(db: Executor, userId: number) {
  const row = await db
    .selectFrom('users')
    .select('locale')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.locale;
}
