import type {
  StaffListResponse,
  StaffMember,
  staffDataSchema,
  staffDeactivateSchema,
} from '@portal/contract/backoffice-staff';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/executor.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { changesOf, recordAudit } from '../audit/service.ts';
import { invitationEmail } from '../auth/emails.ts';
import { issueSignupLink } from '../auth/service.ts';
import { revokeUserSessions, type Session } from '../auth/sessions.ts';
import { companyName } from '../company/service.ts';
import { enqueueEmail } from '../outbox/outbox.ts';
import * as q from './queries.ts';

export type StaffData = z.output<typeof staffDataSchema>;

/** Staff are managed by admins only: a manager's or an owner's token gets 403. */
function requireAdmin(session: Session) {
  if (!session.roles.includes('ADMIN')) throw forbidden();
}

const iso = (value: Date | string) =>
  value instanceof Date ? value.toISOString() : new Date(value).toISOString();

function toMember(row: q.StaffRow): StaffMember {
  const userName = [row.first_name, row.last_name].filter(Boolean).join(' ');
  const name = row.managerName ?? userName;
  return {
    id: row.id,
    managerId: row.managerId,
    name,
    nameEn: row.managerNameEn ?? name,
    email: row.email,
    phone: row.phone,
    roles: row.roles,
    status: row.deactivated_at ? 'deactivated' : row.is_active && row.password_hash ? 'active' : 'invited',
    isDefault: row.isDefault,
    locale: row.locale === 'en' ? 'en' : 'ru',
    clientCount: row.clientCount,
    createdAt: iso(row.created_at),
  };
}

export async function listStaff(_ctx: AppContext, session: Session): Promise<StaffListResponse> {
  requireAdmin(session);
  return { items: (await q.staffRows(_ctx.database.db)).map(toMember) };
}

async function assertContactsFree(
  db: Executor,
  data: { email: string; phone: string },
  exceptUserId?: number,
) {
  if (await q.contactTaken(db, 'email', data.email, exceptUserId))
    throw conflict('profile.emailTaken', 'email');
  if (await q.contactTaken(db, 'phone', data.phone, exceptUserId))
    throw conflict('profile.phoneTaken', 'phone');
}

function managerColumns(data: StaffData) {
  return { name: data.name, name_en: data.nameEn || data.name, email: data.email, phone: data.phone };
}

/**
 * Creates a staff account without a password, its managers row and a single-use activation link; answers the user
 * id and the link. The caller sends the link (the console through the outbox, the admin command itself).
 * Used by the console and by `npm run admin -- create`.
 */
export async function createStaffAccount(
  trx: Executor,
  publicUrl: string,
  data: StaffData,
  actorUserId: number | null,
): Promise<{ userId: number; url: string }> {
  await assertContactsFree(trx, data);
  if (data.isDefault && data.role !== 'MANAGER') throw badRequest('staff.defaultMustBeManager', 'isDefault');
  const user = await q.insertStaffUser(trx, data);
  await q.setStaffRole(trx, user.id, data.role);
  const managerId = await q.upsertManagerRow(trx, user.id, managerColumns(data));
  // Clients without a manager need a default one: the first manager of a new company becomes it.
  const isDefault = data.isDefault || (data.role === 'MANAGER' && !(await q.hasDefaultManager(trx)));
  if (isDefault) await q.setDefaultManager(trx, managerId, true);
  const token = await issueSignupLink(trx, user.id);
  await recordAudit(trx, {
    actorUserId,
    action: 'staff.create',
    entity: 'user',
    entityId: user.id,
    details: { email: data.email, phone: data.phone, role: data.role, isDefault },
  });
  return { userId: user.id, url: `${publicUrl}/activation/${token}` };
}

/** Creates a manager or an admin in the console; the activation link is mailed like an owner's. */
export async function createStaff(ctx: AppContext, session: Session, data: StaffData): Promise<number> {
  requireAdmin(session);
  const id = await ctx.database.db.transaction().execute(async (trx) => {
    const { userId, url } = await createStaffAccount(trx, ctx.config.publicUrl, data, session.userId);
    const company = await companyName(trx, data.locale);
    await enqueueEmail(trx, { to: data.email, ...invitationEmail(data.locale, url, 'staff', company) });
    return userId;
  });
  ctx.outbox.nudge();
  return id;
}

/** Saves a staff member's names, contacts, role and default flag (the flag moves; it is never just dropped). */
export async function updateStaff(
  ctx: AppContext,
  session: Session,
  id: number,
  data: StaffData,
): Promise<void> {
  requireAdmin(session);
  await ctx.database.db.transaction().execute(async (trx) => {
    await q.lockUser(trx, id);
    const before = await q.staffById(trx, id);
    if (!before) throw notFound();
    const currentRole = before.roles.includes('ADMIN') ? 'ADMIN' : 'MANAGER';
    if (id === session.userId && data.role !== currentRole) throw badRequest('staff.ownRole', 'role');
    if (data.isDefault && data.role !== 'MANAGER')
      throw badRequest('staff.defaultMustBeManager', 'isDefault');
    if (data.isDefault && before.deactivated_at) throw badRequest('staff.notActiveManager', 'isDefault');
    if (before.isDefault && !data.isDefault) throw badRequest('staff.defaultRequired', 'isDefault');
    await assertContactsFree(trx, data, id);
    await q.updateStaffUser(trx, id, data);
    if (data.role !== currentRole || before.roles.length !== 1) await q.setStaffRole(trx, id, data.role);
    const managerId = await q.upsertManagerRow(trx, id, managerColumns(data));
    if (data.isDefault !== before.isDefault) await q.setDefaultManager(trx, managerId, data.isDefault);
    const after = {
      name: data.name,
      nameEn: data.nameEn || data.name,
      email: data.email,
      phone: data.phone,
      role: data.role,
      isDefault: data.isDefault,
      locale: data.locale,
    };
    const previous = toMember(before);
    const was = {
      name: previous.name,
      nameEn: previous.nameEn,
      email: previous.email,
      phone: previous.phone,
      role: currentRole,
      isDefault: previous.isDefault,
      locale: before.locale,
    };
    await recordAudit(trx, {
      actorUserId: session.userId,
      action: 'staff.update',
      entity: 'user',
      entityId: id,
      details: { name: after.name, changes: changesOf(was, after) },
    });
  });
}

/**
 * Deactivates a staff member: no more sign-in, every session revoked, and in the same transaction their clients and
 * open requests go to the chosen active manager; the default manager hands the flag to the chosen new default.
 */
export async function deactivateStaff(
  ctx: AppContext,
  session: Session,
  id: number,
  input: z.output<typeof staffDeactivateSchema>,
): Promise<void> {
  requireAdmin(session);
  await ctx.database.db.transaction().execute(async (trx) => {
    await q.lockUser(trx, id);
    const member = await q.staffById(trx, id);
    if (!member) throw notFound();
    if (id === session.userId) throw badRequest('staff.self');
    if (member.deactivated_at) return;
    const target = async (managerId: number, field: string) => {
      if (managerId === member.managerId || !(await q.activeManager(trx, managerId))) {
        throw badRequest('staff.notActiveManager', field);
      }
      return managerId;
    };
    let moved = { clients: 0, requests: 0 };
    let to: number | null = null;
    let newDefault: number | null = null;
    if (member.managerId !== null) {
      const open = member.clientCount + (await q.openRequestCount(trx, member.managerId));
      if (input.managerId) to = await target(input.managerId, 'managerId');
      else if (open > 0) throw badRequest('staff.reassignRequired', 'managerId');
      if (member.isDefault) {
        if (!input.defaultManagerId) throw badRequest('staff.newDefaultRequired', 'defaultManagerId');
        newDefault = await target(input.defaultManagerId, 'defaultManagerId');
      }
      if (to !== null) moved = await q.reassign(trx, member.managerId, to);
      if (newDefault !== null) await q.setDefaultManager(trx, newDefault, true);
    }
    await q.markDeactivated(trx, id);
    await revokeUserSessions(trx, id);
    await recordAudit(trx, {
      actorUserId: session.userId,
      action: 'staff.deactivate',
      entity: 'user',
      entityId: id,
      details: { toManagerId: to, ...moved, newDefaultManagerId: newDefault },
    });
  });
}

/** Lets a deactivated staff member sign in again (with the password they had); their clients stay where they went. */
export async function reactivateStaff(ctx: AppContext, session: Session, id: number): Promise<void> {
  requireAdmin(session);
  await ctx.database.db.transaction().execute(async (trx) => {
    await q.lockUser(trx, id);
    const member = await q.staffById(trx, id);
    if (!member) throw notFound();
    if (!member.deactivated_at) return;
    await q.markReactivated(trx, id);
    await recordAudit(trx, {
      actorUserId: session.userId,
      action: 'staff.reactivate',
      entity: 'user',
      entityId: id,
    });
  });
}
