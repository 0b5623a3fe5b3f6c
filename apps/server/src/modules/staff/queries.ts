import type { StaffRoleCode } from '@portal/contract/constants';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';

const STAFF_ROLES = ['MANAGER', 'ADMIN'] as const;

const staffRoles = sql<
  StaffRoleCode[]
>`(select coalesce(array_agg(role order by role), '{}') from user_roles where user_id = users.id and role in ('MANAGER', 'ADMIN'))`;

/** A client is a user without a console role whose manager is this managers row. */
const clientCount = sql<number>`(select count(*)::int from users clients where clients.manager_id = managers.id
  and not exists (select 1 from user_roles r where r.user_id = clients.id and r.role in ('MANAGER', 'ADMIN')))`;

function staffSelect(db: Executor) {
  return db
    .selectFrom('users')
    .leftJoin('managers', 'managers.user_id', 'users.id')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_roles')
          .select('user_roles.user_id')
          .whereRef('user_roles.user_id', '=', 'users.id')
          .where('user_roles.role', 'in', STAFF_ROLES),
      ),
    )
    .select([
      'users.id',
      'users.email',
      'users.phone',
      'users.first_name',
      'users.last_name',
      'users.middle_name',
      'users.is_active',
      'users.password_hash',
      'users.deactivated_at',
      'users.locale',
      'users.created_at',
      'managers.id as managerId',
      'managers.name as managerName',
      'managers.name_en as managerNameEn',
      sql<boolean>`coalesce(managers.is_default, false)`.as('isDefault'),
      staffRoles.as('roles'),
      sql<number>`coalesce(${clientCount}, 0)`.as('clientCount'),
    ]);
}

export type StaffRow = Awaited<ReturnType<typeof staffRows>>[number];

/** Every user with a console role (active first, then by name). */
export async function staffRows(db: Executor) {
  return staffSelect(db)
    .orderBy(sql`users.deactivated_at is not null`)
    .orderBy(sql`coalesce(managers.name, users.last_name || users.first_name)`)
    .orderBy('users.id')
    .execute();
}

export async function staffById(db: Executor, id: number) {
  return staffSelect(db).where('users.id', '=', id).executeTakeFirst();
}

/** Locks the user row, so two saves of one staff member do not interleave. */
export async function lockUser(db: Executor, id: number) {
  await db.selectFrom('users').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function contactTaken(
  db: Executor,
  field: 'email' | 'phone',
  value: string,
  exceptUserId?: number,
) {
  let query = db.selectFrom('users').select('id').where(field, '=', value);
  if (exceptUserId !== undefined) query = query.where('id', '!=', exceptUserId);
  return Boolean(await query.executeTakeFirst());
}

/** The console role of a staff member: exactly one of MANAGER and ADMIN. */
export async function setStaffRole(db: Executor, userId: number, role: StaffRoleCode) {
  await db.deleteFrom('user_roles').where('user_id', '=', userId).where('role', 'in', STAFF_ROLES).execute();
  await db.insertInto('user_roles').values({ user_id: userId, role }).execute();
}

/** Creates or updates the managers row of a staff member (the name and contacts its clients see). */
export async function upsertManagerRow(
  db: Executor,
  userId: number,
  row: { name: string; name_en: string; email: string; phone: string },
): Promise<number> {
  const existing = await db
    .selectFrom('managers')
    .select('id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (existing) {
    await db.updateTable('managers').set(row).where('id', '=', existing.id).execute();
    return existing.id;
  }
  const inserted = await db
    .insertInto('managers')
    .values({ ...row, user_id: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Makes one managers row the default (the others stop being it), or clears the flag of one. */
export async function setDefaultManager(db: Executor, managerId: number, isDefault: boolean) {
  if (isDefault) {
    await db
      .updateTable('managers')
      .set({ is_default: false })
      .where('is_default', '=', true)
      .where('id', '!=', managerId)
      .execute();
  }
  await db.updateTable('managers').set({ is_default: isDefault }).where('id', '=', managerId).execute();
}

export async function hasDefaultManager(db: Executor) {
  return Boolean(
    await db.selectFrom('managers').select('id').where('is_default', '=', true).executeTakeFirst(),
  );
}

/** A managers row that can take clients: its user holds the MANAGER role and is not deactivated. */
export async function activeManager(db: Executor, managerId: number) {
  return db
    .selectFrom('managers')
    .innerJoin('users', 'users.id', 'managers.user_id')
    .select(['managers.id', 'managers.user_id'])
    .where('managers.id', '=', managerId)
    .where('users.deactivated_at', 'is', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_roles')
          .select('user_roles.user_id')
          .whereRef('user_roles.user_id', '=', 'users.id')
          .where('user_roles.role', '=', 'MANAGER'),
      ),
    )
    .executeTakeFirst();
}

/** Requests addressed to this manager still open (neither done nor refused). */
export async function openRequestCount(db: Executor, managerId: number) {
  const row = await db
    .selectFrom('requests')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('manager_id', '=', managerId)
    .where('status', 'in', ['new', 'in_progress'])
    .executeTakeFirstOrThrow();
  return row.count;
}

/** Hands a manager's clients and open requests to another manager; answers how many of each moved. */
export async function reassign(db: Executor, fromManagerId: number, toManagerId: number) {
  const clients = await db
    .updateTable('users')
    .set({ manager_id: toManagerId, updated_at: new Date() })
    .where('manager_id', '=', fromManagerId)
    .executeTakeFirst();
  const requests = await db
    .updateTable('requests')
    .set({ manager_id: toManagerId, updated_at: new Date() })
    .where('manager_id', '=', fromManagerId)
    .where('status', 'in', ['new', 'in_progress'])
    .executeTakeFirst();
  return { clients: Number(clients.numUpdatedRows), requests: Number(requests.numUpdatedRows) };
}

/** A new user with the staff member's contacts, name and language (no password: activation sets it). */
export async function insertStaffUser(
  db: Executor,
  user: { email: string; phone: string; name: string; locale: 'ru' | 'en' },
) {
  return db
    .insertInto('users')
    .values({ email: user.email, phone: user.phone, first_name: user.name, locale: user.locale })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Saves a staff member's contacts, name (all in the first name) and language. */
export async function updateStaffUser(
  db: Executor,
  id: number,
  user: { email: string; phone: string; name: string; locale: 'ru' | 'en' },
) {
  await db
    .updateTable('users')
    .set({
      email: user.email,
      phone: user.phone,
      first_name: user.name,
      last_name: '',
      middle_name: '',
      locale: user.locale,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

export async function markDeactivated(db: Executor, id: number) {
  await db
    .updateTable('users')
    .set({ deactivated_at: new Date(), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function markReactivated(db: Executor, id: number) {
  await db
    .updateTable('users')
    .set({ deactivated_at: null, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}
