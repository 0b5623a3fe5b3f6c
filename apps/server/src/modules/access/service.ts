import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/executor.ts';
import type { RoleRow } from '../../db/schema.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import * as q from './queries.ts';

/**
 * Who may read what (the design's API rules): the one place the ownership rules are written. A user reads only the
 * data of their own units, loans and locations; ids of another user's data answer 404, a call of another role's area
 * 403 (spec: Roles and permissions); console users work with the clients of their scope.
 *
 * - Location readable: a unit held there (owned or lent against) or a loan there, never a placeholder; for the
 *   timeline and its reports a LENDER also reads the spec's fixed tabs 1, 2 and 3.
 * - Unit owned: a current user_units link of relation owner (INVESTOR); held: a current link of either relation.
 *   A link ended on a date (ended_on) is no longer the owner's from that day; staff still read its history.
 * - Role required: the session holds the role, else 403.
 * - Staff scope: an admin works with every owner; a manager with their own clients, the default manager also with
 *   the clients without a manager; anyone else gets 403.
 *
 * The checks below run one statement each. Hot reads put the rule into their own SQL instead, with the query
 * builders re-exported here (readableLocations, ownedUnitLinks…), so the check costs no extra round trip.
 */
export {
  everyUnitLink,
  heldLocations,
  isCurrentLink,
  locationRoles,
  ownedUnitLinks,
  ownersInScope,
  type Reader,
  readableLocationIds,
  readableLocations,
  type Scope,
  unitLinks,
  userLoans,
} from './queries.ts';

export function hasRole(reader: q.Reader, role: RoleRow): boolean {
  return reader.roles.includes(role);
}

/** Role rules of the spec (Roles and permissions): a call of another role's area answers 403. */
export function requireRole(reader: q.Reader, role: RoleRow): void {
  if (!hasRole(reader, role)) throw forbidden();
}

export const isStaff = (reader: q.Reader) => hasRole(reader, 'MANAGER') || hasRole(reader, 'ADMIN');

/** 404 unless the user reads the location (see readableLocations; `lenderTabs` for the timeline's pages). */
export async function requireReadableLocation(
  ctx: AppContext,
  reader: q.Reader,
  locationId: number,
  options: { lenderTabs?: boolean } = {},
): Promise<void> {
  if (!(await q.isLocationReadable(ctx.database.db, reader, locationId, options))) throw notFound();
}

/** The income-outcome pages: investors only (403), in a location where they own a unit (404). */
export async function requireInvestorLocation(
  ctx: AppContext,
  reader: q.Reader,
  locationId: number,
): Promise<void> {
  requireRole(reader, 'INVESTOR');
  if (!(await q.ownsUnitInLocation(ctx.database.db, reader.userId, locationId))) throw notFound();
}

/** Whether the user owns a unit in the location (whatever their roles: the timeline's periphery stages). */
export async function ownsUnitInLocation(ctx: AppContext, reader: q.Reader, locationId: number) {
  return q.ownsUnitInLocation(ctx.database.db, reader.userId, locationId);
}

/** A unit of the investor's own (inventory): investors only (403), another user's unit 404. */
export async function requireOwnedUnit(ctx: AppContext, reader: q.Reader, unitId: number): Promise<void> {
  requireRole(reader, 'INVESTOR');
  if (!(await q.unitLinkOf(ctx.database.db, reader.userId, unitId, 'owner'))) throw notFound();
}

/** A unit the user holds, owned or lent against (a unit's media reports), else 404. */
export async function requireHeldUnit(ctx: AppContext, reader: q.Reader, unitId: number): Promise<void> {
  if (!(await q.unitLinkOf(ctx.database.db, reader.userId, unitId))) throw notFound();
}

/** The user's own unit link by its id (users/actives' userUnitId), else 404. */
export async function requireUnitLink(
  ctx: AppContext,
  reader: q.Reader,
  userUnitId: number,
): Promise<{ id: number; unitId: number }> {
  const link = await q.unitLinkById(ctx.database.db, reader.userId, userUnitId);
  if (!link) throw notFound();
  return { id: link.id, unitId: link.unit_id };
}

/** The locations of the investor's owned units, in id order (investors only: 403). */
export async function ownedLocationIds(ctx: AppContext, reader: q.Reader): Promise<number[]> {
  requireRole(reader, 'INVESTOR');
  return q.ownedLocationIds(ctx.database.db, reader.userId);
}

/** Whether the user may see media of any of these locations (camera streams): staff always, else readable ones. */
export async function readsAnyLocation(ctx: AppContext, reader: q.Reader, locationIds: number[]) {
  if (isStaff(reader)) return true;
  return q.readsAnyLocation(ctx.database.db, reader, locationIds);
}

/** The console is for managers and admins: anyone else gets 403 on every back-office call. */
export async function staffScope(ctx: AppContext, reader: q.Reader): Promise<q.Scope> {
  if (hasRole(reader, 'ADMIN')) return { kind: 'all' };
  if (!hasRole(reader, 'MANAGER')) throw forbidden();
  const manager = await q.staffManagerRow(ctx.database.db, reader.userId);
  // A manager account without its managers row has no clients yet: it sees nothing rather than everything.
  return { kind: 'manager', managerId: manager?.id ?? -1, isDefault: manager?.is_default ?? false };
}

/** The managers row of a console user, if any. */
export async function staffManager(db: Executor, userId: number) {
  return q.staffManagerRow(db, userId);
}

/** 404 unless the owner is one of the scope's clients (in the caller's transaction when given one). */
export async function requireOwnerInScope(db: Executor, scope: q.Scope, ownerId: number): Promise<void> {
  if (!(await q.isOwnerInScope(db, scope, ownerId))) throw notFound();
}
