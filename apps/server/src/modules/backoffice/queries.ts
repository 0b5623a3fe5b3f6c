import type { RequestKindCode, RequestStatus } from '@portal/contract/backoffice';
import { type ExpressionBuilder, type Insertable, sql, type Updateable } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { DB } from '../../db/schema.ts';
import { everyUnitLink, ownersInScope, type Scope, userLoans } from '../access/service.ts';

export async function staffUser(db: Executor, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'last_name', 'first_name', 'middle_name', 'email'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

const fullName = sql<string>`trim(concat_ws(' ', users.last_name, users.first_name, users.middle_name))`;

export async function requestRows(
  db: Executor,
  scope: Scope,
  filter: {
    kind?: RequestKindCode | undefined;
    status?: RequestStatus | undefined;
    ownerId?: number | undefined;
    limit: number;
    offset: number;
  },
) {
  let query = db
    .selectFrom('requests')
    .innerJoin('users', 'users.id', 'requests.user_id')
    .where(ownersInScopeOrRequestManager(scope));
  if (filter.kind) query = query.where('requests.kind', '=', filter.kind);
  if (filter.ownerId) query = query.where('requests.user_id', '=', filter.ownerId);
  const counts = await query
    .select(['requests.status', sql<number>`count(*)::int`.as('count')])
    .groupBy('requests.status')
    .execute();
  if (filter.status) query = query.where('requests.status', '=', filter.status);
  const items = await query
    .select([
      'requests.id',
      'requests.kind',
      'requests.status',
      'requests.payload',
      'requests.manager_comment',
      'requests.manager_id',
      'requests.created_at',
      'requests.updated_at',
      'users.id as ownerId',
      fullName.as('ownerName'),
      'users.email as ownerEmail',
      'users.phone as ownerPhone',
    ])
    .orderBy('requests.created_at', 'desc')
    .orderBy('requests.id', 'desc')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  return { items, counts };
}

/**
 * A manager sees the requests of their current clients (a client's requests follow the client to a new
 * manager, and the old one no longer reads or changes them); an admin sees all.
 */
function ownersInScopeOrRequestManager(scope: Scope) {
  return (eb: ExpressionBuilder<DB, 'requests' | 'users'>) =>
    scope.kind === 'all'
      ? eb.lit(true)
      : ownersInScope(scope)(eb as unknown as ExpressionBuilder<DB, 'users'>);
}

/** Addresses every request of the client to the client's manager (after a reassignment); answers how many moved. */
export async function moveClientRequests(db: Executor, userId: number, managerId: number | null) {
  const moved = await db
    .updateTable('requests')
    .set({ manager_id: managerId })
    .where('user_id', '=', userId)
    .where('manager_id', 'is distinct from', managerId)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows);
}

export async function requestById(db: Executor, scope: Scope, id: number) {
  return db
    .selectFrom('requests')
    .innerJoin('users', 'users.id', 'requests.user_id')
    .selectAll('requests')
    .where('requests.id', '=', id)
    .where(ownersInScopeOrRequestManager(scope))
    .forUpdate()
    .executeTakeFirst();
}

export async function updateRequest(db: Executor, id: number, status: RequestStatus, comment: string | null) {
  await db
    .updateTable('requests')
    .set({ status, manager_comment: comment, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function ownerRows(
  db: Executor,
  scope: Scope,
  search: string | undefined,
  limit: number,
  offset: number,
) {
  let query = db.selectFrom('users').where(ownersInScope(scope));
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%`;
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(${fullName})`, 'like', pattern),
        eb(sql`lower(coalesce(users.email, ''))`, 'like', pattern),
        eb(sql`coalesce(users.phone, '')`, 'like', pattern),
        eb(sql`coalesce(users.contract_number, '')`, 'like', pattern),
      ]),
    );
  }
  const total = await query.select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow();
  const items = await query
    .select([
      'users.id',
      fullName.as('name'),
      'users.email',
      'users.phone',
      'users.is_active',
      'users.password_hash',
      'users.deactivated_at',
      'users.manager_id',
      'users.created_at',
      sql<
        string[]
      >`(select coalesce(array_agg(role order by role), '{}') from user_roles where user_id = users.id)`.as(
        'roles',
      ),
      currentUnitCount.as('unitCount'),
    ])
    .orderBy('users.last_name')
    .orderBy('users.first_name')
    .orderBy('users.id')
    .limit(limit)
    .offset(offset)
    .execute();
  return { items, total: total.count };
}

/** The owner's current unit links (an ended link is history, not a unit the owner holds). */
const currentUnitCount = sql<number>`(select count(*)::int from user_units
  where user_id = users.id and ended_on is null)`;

export async function ownerInScope(db: Executor, scope: Scope, id: number) {
  return db
    .selectFrom('users')
    .selectAll('users')
    .select([
      fullName.as('name'),
      sql<
        string[]
      >`(select coalesce(array_agg(role order by role), '{}') from user_roles where user_id = users.id)`.as(
        'roles',
      ),
      currentUnitCount.as('unitCount'),
    ])
    .where('users.id', '=', id)
    .where(ownersInScope(scope))
    .executeTakeFirst();
}

/**
 * Every unit link of an owner, ended ones too (modules/access: everyUnitLink), with the unit's and location's names
 * and what ending the link touches: the months of income on it and the owner's documents about the unit.
 */
export async function ownerUnits(db: Executor, userId: number) {
  return everyUnitLink(db, userId)
    .innerJoin('locations', 'locations.id', 'units.location_id')
    .select([
      'user_units.id',
      'user_units.unit_id',
      'user_units.relation',
      'user_units.invested_kopecks',
      'user_units.invested_at',
      'user_units.ended_on',
      'units.name as unitName',
      'units.name_en as unitNameEn',
      'locations.name as locationName',
      'locations.name_en as locationNameEn',
      sql<number>`(select count(*)::int from incomes where incomes.user_unit_id = user_units.id)`.as(
        'incomeMonths',
      ),
      sql<number>`(select count(*)::int from documents
        where documents.user_id = user_units.user_id and documents.unit_id = user_units.unit_id)`.as(
        'documents',
      ),
    ])
    .orderBy('locations.id')
    .orderBy('units.name')
    .execute();
}

/** An owner's loans (modules/access: userLoans) with the location's name. */
export async function ownerLoans(db: Executor, userId: number) {
  return userLoans(db, userId)
    .innerJoin('locations', 'locations.id', 'loans.location_id')
    .select([
      'loans.id',
      'loans.location_id',
      'loans.amount_kopecks',
      'loans.issued_at',
      'loans.term_year_month',
      'loans.rate_percent',
      'locations.name as locationName',
      'locations.name_en as locationNameEn',
    ])
    .orderBy('loans.issued_at')
    .execute();
}

export async function upsertBankDetails(db: Executor, row: Insertable<DB['bank_details']>) {
  const { user_id: _key, ...columns } = row;
  await db
    .insertInto('bank_details')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doUpdateSet(columns))
    .execute();
}

export async function replaceRoles(db: Executor, userId: number, roles: readonly string[]) {
  await db
    .deleteFrom('user_roles')
    .where('user_id', '=', userId)
    .where('role', 'in', ['INVESTOR', 'LENDER'])
    .execute();
  if (roles.length > 0) {
    await db
      .insertInto('user_roles')
      .values(roles.map((role) => ({ user_id: userId, role: role as 'INVESTOR' | 'LENDER' })))
      .execute();
  }
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

/**
 * A managers row that can take clients: a contact without a console account, or a staff member who holds the
 * MANAGER role and is not deactivated (an administrator's own row is no client's manager; see modules/staff).
 */
const assignable = (eb: ExpressionBuilder<DB, 'managers'>) =>
  eb.or([
    eb('managers.user_id', 'is', null),
    eb.exists(
      eb
        .selectFrom('users')
        .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
        .select('users.id')
        .whereRef('users.id', '=', 'managers.user_id')
        .where('users.deactivated_at', 'is', null)
        .where('user_roles.role', '=', 'MANAGER'),
    ),
  ]);

export async function catalogue(db: Executor) {
  const [managers, locations, units] = await Promise.all([
    db
      .selectFrom('managers')
      .select(['id', 'name', 'name_en as nameEn'])
      .where(assignable)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('locations')
      .select(['id', 'name', 'name_en as nameEn'])
      .where('is_placeholder', '=', false)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('units')
      .select(['id', 'name', 'name_en', 'location_id'])
      .orderBy('location_id')
      .orderBy('name')
      .execute(),
  ]);
  return { managers, locations, units };
}

/** The audit trail: an admin reads everyone's, a manager their own. */
export async function auditRows(db: Executor, actorUserId: number | null, limit: number, offset: number) {
  let base = db.selectFrom('audit_log');
  if (actorUserId !== null) base = base.where('audit_log.actor_user_id', '=', actorUserId);
  const total = await base.select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow();
  const items = await base
    .leftJoin('users', 'users.id', 'audit_log.actor_user_id')
    // The changed client's name, so the log names whom a change was about.
    .leftJoin('users as subject', (join) =>
      join.on(sql<boolean>`audit_log.entity = 'user' and audit_log.entity_id = subject.id::text`),
    )
    .select([
      sql<
        string | null
      >`nullif(trim(concat_ws(' ', subject.last_name, subject.first_name, subject.middle_name)), '')`.as(
        'entityName',
      ),
      'audit_log.id',
      'audit_log.action',
      'audit_log.entity',
      'audit_log.entity_id',
      'audit_log.details',
      'audit_log.created_at',
      'users.id as actorId',
      fullName.as('actorName'),
      'users.email as actorEmail',
      'users.phone as actorPhone',
    ])
    .orderBy('audit_log.created_at', 'desc')
    .orderBy('audit_log.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { items, total: total.count };
}

export async function managerExists(db: Executor, id: number) {
  return (
    (await db
      .selectFrom('managers')
      .select('id')
      .where('id', '=', id)
      .where(assignable)
      .executeTakeFirst()) !== undefined
  );
}

export async function insertOwner(db: Executor, row: Insertable<DB['users']>) {
  const user = await db.insertInto('users').values(row).returning('id').executeTakeFirstOrThrow();
  return user.id;
}

/** Changes columns of an owner's row (updated_at too). */
export async function updateOwnerRow(db: Executor, id: number, set: Updateable<DB['users']>) {
  await db
    .updateTable('users')
    .set({ ...set, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function unitExists(db: Executor, unitId: number) {
  return (
    (await db.selectFrom('units').select('id').where('id', '=', unitId).executeTakeFirst()) !== undefined
  );
}

/** Whether the owner already has a link of that relation to the unit (other than `exceptLinkId`), ended or not. */
export async function unitLinkTaken(
  db: Executor,
  ownerId: number,
  unitId: number,
  relation: 'owner' | 'lender',
  exceptLinkId?: number,
) {
  let query = db
    .selectFrom('user_units')
    .select('id')
    .where('user_id', '=', ownerId)
    .where('unit_id', '=', unitId)
    .where('relation', '=', relation);
  if (exceptLinkId !== undefined) query = query.where('id', '!=', exceptLinkId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertUnitLink(db: Executor, row: Insertable<DB['user_units']>) {
  await db.insertInto('user_units').values(row).execute();
}

/** One of the owner's unit links, ended or not, locked for the change; undefined when it is not the owner's. */
export async function lockUnitLink(db: Executor, ownerId: number, linkId: number) {
  return db
    .selectFrom('user_units')
    .innerJoin('units', 'units.id', 'user_units.unit_id')
    .select([
      'user_units.id',
      'user_units.unit_id',
      'user_units.relation',
      'user_units.invested_kopecks',
      'user_units.invested_at',
      'user_units.ended_on',
      'units.name as unitName',
    ])
    .where('user_units.id', '=', linkId)
    .where('user_units.user_id', '=', ownerId)
    .forUpdate('user_units')
    .executeTakeFirst();
}

export async function updateUnitLink(db: Executor, linkId: number, set: Updateable<DB['user_units']>) {
  await db.updateTable('user_units').set(set).where('id', '=', linkId).execute();
}

/** A location a loan may name: any but a placeholder. */
export async function loanLocationExists(db: Executor, locationId: number) {
  const row = await db
    .selectFrom('locations')
    .select('id')
    .where('id', '=', locationId)
    .where('is_placeholder', '=', false)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertLoan(db: Executor, row: Insertable<DB['loans']>) {
  await db.insertInto('loans').values(row).execute();
}

/** The ids of the owners a console user's scope holds (the import's check of rows that name an owner). */
export async function ownerIdsInScope(db: Executor, scope: Scope) {
  return db.selectFrom('users').select('users.id').where(ownersInScope(scope)).execute();
}

/** Every link of a user to a unit (as owner or lender). */
export async function allUnitLinks(db: Executor) {
  return db.selectFrom('user_units').select(['user_id', 'unit_id']).execute();
}
