import { DOCUMENT_STATUS_NEEDS_SIGNATURE } from '@portal/contract/constants';
import { sql, type Updateable } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import { prepared } from '../../db/prepared.ts';
import type { DB } from '../../db/schema.ts';
import { locationRoles, unitLinks } from '../access/service.ts';

/**
 * Locations where the user owns units (INVESTOR) or lent money (LENDER: units lent against, and loans), one row a
 * location and role (modules/access: locationRoles), placeholders marked.
 */
export const userLocationRows = (db: Executor, userId: number) => userLocationRowsStatement(db, { userId });

const userLocationRowsStatement = prepared('userLocationRows', (db, { userId }: { userId: number }) =>
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
    ])
    .distinct(),
);

export const placeholderLocations = (db: Executor) => placeholderLocationsStatement(db, {});

const placeholderLocationsStatement = prepared('placeholderLocations', (db) =>
  db.selectFrom('locations').selectAll().where('is_placeholder', '=', true).orderBy('position').orderBy('id'),
);

/** The user's unit links (modules/access: unitLinks, owned and lent against) with their units and locations. */
export const userUnitRows = (db: Executor, userId: number) => userUnitRowsStatement(db, { userId });

const userUnitRowsStatement = prepared('userUnitRows', (db, { userId }: { userId: number }) =>
  unitLinks(db, userId)
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
    .orderBy('locations.position')
    .orderBy('locations.id')
    .orderBy('units.id'),
);

export async function profileRow(db: Executor, userId: number) {
  const [row] = await profileRowStatement(db, { userId });
  return row;
}

const profileRowStatement = prepared('profileRow', (db, { userId }: { userId: number }) =>
  db
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
    .where('users.id', '=', userId),
);

export async function defaultManager(db: Executor) {
  return db.selectFrom('managers').selectAll().where('is_default', '=', true).executeTakeFirst();
}

export async function bankDetailsRow(db: Executor, userId: number) {
  const [row] = await bankDetailsRowStatement(db, { userId });
  return row;
}

const bankDetailsRowStatement = prepared('bankDetailsRow', (db, { userId }: { userId: number }) =>
  db.selectFrom('bank_details').selectAll().where('user_id', '=', userId),
);

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
