import { LENDER_TIMELINE_LOCATION_IDS } from '@portal/contract/constants';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { DB, RoleRow } from '../../db/schema.ts';

/** A unit link's relation: the owner (INVESTOR) or a lender against the unit (LENDER). */
export type Relation = 'owner' | 'lender';

/** Who reads: the signed-in user and their roles (a Session is one). */
export type Reader = { userId: number; roles: readonly RoleRow[] };

/** Whose clients a console user works with: one manager's, or everyone's for an admin. */
export type Scope = { kind: 'all' } | { kind: 'manager'; managerId: number; isDefault: boolean };

/**
 * A link is current until it is ended: from then on the owner no longer reads the unit, its incomes stay for staff
 * (the console's owner card reads every link: everyUnitLink). The end takes effect when it is recorded; its date
 * (ended_on) says when the holding ended, never a day to come, so the rule needs no clock.
 */
export function isCurrentLink(eb: ExpressionBuilder<DB, 'user_units'>) {
  return eb('user_units.ended_on', 'is', null);
}

/** Every link of the user to a unit, ended ones too, with units joined: staff's view of a client's history. */
export function everyUnitLink(db: Executor, userId: number) {
  return db
    .selectFrom('user_units')
    .innerJoin('units', 'units.id', 'user_units.unit_id')
    .where('user_units.user_id', '=', userId);
}

/**
 * The user's current links to units (user_units, with units joined): every relation, or one. The base of every
 * "unit owned" rule: callers add their columns and conditions.
 */
export function unitLinks(db: Executor, userId: number, relation?: Relation) {
  const links = everyUnitLink(db, userId).where(isCurrentLink);
  return relation ? links.where('user_units.relation', '=', relation) : links;
}

/** The units the user owns (INVESTOR: relation owner), with units joined. */
export const ownedUnitLinks = (db: Executor, userId: number) => unitLinks(db, userId, 'owner');

/** The user's loans (LENDER). */
export function userLoans(db: Executor, userId: number) {
  return db.selectFrom('loans').where('loans.user_id', '=', userId);
}

/** Ids of the locations where the user holds a unit (owned or lent against) or a loan: a subquery for `in`. */
export function heldLocationIds(db: Executor, userId: number) {
  return unitLinks(db, userId)
    .select('units.location_id as id')
    .union(userLoans(db, userId).select('loans.location_id as id'));
}

/**
 * The locations a user reads (every location page: bookings, inspections, documents, the dashboard's catalogue,
 * cameras' media): those they hold a unit or a loan in, never a placeholder. With `lenderTabs` (the timeline and
 * its reports) a LENDER also reads the spec's fixed tabs 1, 2 and 3. Callers select the columns they need.
 */
export function readableLocations(db: Executor, reader: Reader, options: { lenderTabs?: boolean } = {}) {
  if (!(options.lenderTabs && reader.roles.includes('LENDER'))) return heldLocations(db, reader.userId);
  return db
    .selectFrom('locations')
    .where('locations.is_placeholder', '=', false)
    .where((eb) =>
      eb.or([
        eb('locations.id', 'in', heldLocationIds(db, reader.userId)),
        eb('locations.id', 'in', [...LENDER_TIMELINE_LOCATION_IDS]),
      ]),
    );
}

/** The locations the user holds a unit or a loan in, never a placeholder: readableLocations without lender tabs. */
export function heldLocations(db: Executor, userId: number) {
  return db
    .selectFrom('locations')
    .where('locations.is_placeholder', '=', false)
    .where('locations.id', 'in', heldLocationIds(db, userId));
}

/** Ids of the readable locations (see readableLocations): a subquery for `in`. */
export function readableLocationIds(db: Executor, reader: Reader, options: { lenderTabs?: boolean } = {}) {
  return readableLocations(db, reader, options).select('locations.id');
}

/**
 * The user's locations with the role each is held in: INVESTOR for an owned unit, LENDER for a unit lent against
 * or a loan (users/locations). One row a holding: callers group them. Placeholders included (the list marks them).
 */
export function locationRoles(db: Executor, userId: number) {
  return unitLinks(db, userId)
    .select([
      'units.location_id as locationId',
      sql<
        'INVESTOR' | 'LENDER'
      >`case when user_units.relation = 'owner' then 'INVESTOR' else 'LENDER' end`.as('roleCode'),
    ])
    .unionAll(
      userLoans(db, userId).select([
        'loans.location_id as locationId',
        sql<'INVESTOR' | 'LENDER'>`'LENDER'`.as('roleCode'),
      ]),
    );
}

export async function isLocationReadable(
  db: Executor,
  reader: Reader,
  locationId: number,
  options: { lenderTabs?: boolean } = {},
) {
  const row = await readableLocations(db, reader, options)
    .select('locations.id')
    .where('locations.id', '=', locationId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the user holds a unit or a loan in any of the locations (placeholders never count). */
export async function readsAnyLocation(db: Executor, reader: Reader, locationIds: number[]) {
  if (locationIds.length === 0) return false;
  const row = await readableLocations(db, reader)
    .select('locations.id')
    .where('locations.id', 'in', locationIds)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function ownsUnitInLocation(db: Executor, userId: number, locationId: number) {
  const row = await ownedUnitLinks(db, userId)
    .select('user_units.id')
    .where('units.location_id', '=', locationId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The user's link to a unit: of the relation given, or any. */
export async function unitLinkOf(db: Executor, userId: number, unitId: number, relation?: Relation) {
  return unitLinks(db, userId, relation)
    .select(['user_units.id', 'user_units.unit_id'])
    .where('user_units.unit_id', '=', unitId)
    .limit(1)
    .executeTakeFirst();
}

/** A unit link by its own id (users/actives' userUnitId), when it is the user's. */
export async function unitLinkById(db: Executor, userId: number, userUnitId: number) {
  return db
    .selectFrom('user_units')
    .select(['user_units.id', 'user_units.unit_id'])
    .where('user_units.id', '=', userUnitId)
    .where('user_units.user_id', '=', userId)
    .where(isCurrentLink)
    .executeTakeFirst();
}

/** The locations of the user's owned units, in id order. */
export async function ownedLocationIds(db: Executor, userId: number) {
  const rows = await ownedUnitLinks(db, userId)
    .select('units.location_id')
    .distinct()
    .orderBy('units.location_id')
    .execute();
  return rows.map((row) => row.location_id);
}

export async function staffManagerRow(db: Executor, userId: number) {
  return db
    .selectFrom('managers')
    .select(['id', 'is_default'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

const STAFF_ROLES = ['MANAGER', 'ADMIN'] as const;

/**
 * The owners a console user works with (a condition on `users`): owners are the users without a console role; a
 * manager sees their own clients, the default manager also the clients without a manager; an admin every owner.
 */
export function ownersInScope(scope: Scope) {
  return (eb: ExpressionBuilder<DB, 'users'>) => {
    const notStaff = eb.not(
      eb.exists(
        eb
          .selectFrom('user_roles')
          .select('user_roles.user_id')
          .whereRef('user_roles.user_id', '=', 'users.id')
          .where('user_roles.role', 'in', STAFF_ROLES),
      ),
    );
    if (scope.kind === 'all') return notStaff;
    const mine = scope.isDefault
      ? eb.or([eb('users.manager_id', '=', scope.managerId), eb('users.manager_id', 'is', null)])
      : eb('users.manager_id', '=', scope.managerId);
    return eb.and([notStaff, mine]);
  };
}

export async function isOwnerInScope(db: Executor, scope: Scope, ownerId: number) {
  const row = await db
    .selectFrom('users')
    .select('users.id')
    .where('users.id', '=', ownerId)
    .where(ownersInScope(scope))
    .executeTakeFirst();
  return row !== undefined;
}
