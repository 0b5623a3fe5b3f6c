import type {
  AuditListResponse,
  BackofficeCatalogue,
  BackofficeMe,
  OwnerDetail,
  OwnerListResponse,
  OwnerSummary,
  ownerBankDetailsUpdateSchema,
  ownerCreateSchema,
  ownerLoanCreateSchema,
  ownerUnitCreateSchema,
  ownerUnitEndSchema,
  ownerUnitUpdateSchema,
  ownerUpdateSchema,
  RequestKindCode,
  RequestListResponse,
  RequestStatus,
} from '@portal/contract/backoffice';
import { MONTH_TIME_OFFSET_HOURS } from '@portal/contract/constants';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/executor.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { portalNow } from '../../shared/clock.ts';
import { toKopecks, toRubles } from '../../shared/money.ts';
import { type Scope, staffManager, staffScope } from '../access/service.ts';
import { changesOf, recordAudit } from '../audit/service.ts';
import { invitationEmail, invitationSms, inviteeRole } from '../auth/emails.ts';
import { issueSignupLink } from '../auth/service.ts';
import { revokeUserSessions, type Session } from '../auth/sessions.ts';
import { companyName } from '../company/service.ts';
import { enqueueEmail, enqueueSms } from '../outbox/outbox.ts';
import { bankDetailsOf, storedBankDetails } from '../profile/service.ts';
import { tellRequestAnswer } from '../requests/service.ts';
import * as q from './queries.ts';

export async function me(ctx: AppContext, session: Session): Promise<BackofficeMe> {
  await staffScope(ctx, session);
  const user = await q.staffUser(ctx.database.db, session.userId);
  const manager = await staffManager(ctx.database.db, session.userId);
  return {
    userId: user.id,
    name: [user.first_name, user.last_name].filter(Boolean).join(' ') || (user.email ?? `#${user.id}`),
    roles: session.roles.filter(
      (role): role is 'MANAGER' | 'ADMIN' => role === 'MANAGER' || role === 'ADMIN',
    ),
    managerId: manager?.id ?? null,
  };
}

const iso = (value: Date | string) =>
  value instanceof Date ? value.toISOString() : new Date(value).toISOString();

export async function listRequests(
  ctx: AppContext,
  session: Session,
  query: {
    kind?: RequestKindCode | undefined;
    status?: RequestStatus | undefined;
    ownerId?: number | undefined;
    page: number;
    pageSize: number;
  },
): Promise<RequestListResponse> {
  const scope = await staffScope(ctx, session);
  const { items, counts } = await q.requestRows(ctx.database.db, scope, {
    kind: query.kind,
    status: query.status,
    ownerId: query.ownerId,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const byStatus = { new: 0, in_progress: 0, done: 0, rejected: 0 };
  for (const row of counts) byStatus[row.status] = row.count;
  return {
    items: items.map((row) => ({
      id: row.id,
      kind: row.kind as RequestKindCode,
      status: row.status,
      owner: { id: row.ownerId, name: row.ownerName, email: row.ownerEmail, phone: row.ownerPhone },
      managerId: row.manager_id,
      payload: row.payload,
      comment: row.manager_comment,
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
    })),
    total: query.status
      ? byStatus[query.status]
      : byStatus.new + byStatus.in_progress + byStatus.done + byStatus.rejected,
    counts: byStatus,
  };
}

const STATUS_ORDER: Record<RequestStatus, number> = { new: 0, in_progress: 1, done: 2, rejected: 2 };

/** Moves a request forward (new → in progress → done or rejected); both ends need the manager's comment. */
export async function updateRequest(
  ctx: AppContext,
  session: Session,
  id: number,
  input: { status: RequestStatus; comment?: string | undefined },
): Promise<void> {
  const scope = await staffScope(ctx, session);
  await ctx.database.db.transaction().execute(async (trx) => {
    const request = await q.requestById(trx, scope, id);
    if (!request) throw notFound();
    if (request.kind === 'signed_document' && STATUS_ORDER[input.status] === 2)
      throw badRequest('request.decideOnDocument', 'status');
    await moveRequest(trx, session, request, input.status, input.comment, 'status', 'comment');
  });
  ctx.outbox.nudge();
}

/**
 * The rule of every status change, audited; `fields` name the body fields its refusals point at. A request done or
 * refused is mailed to the owner with the comment.
 */
async function moveRequest(
  trx: Executor,
  session: Session,
  request: NonNullable<Awaited<ReturnType<typeof q.requestById>>>,
  status: RequestStatus,
  newComment: string | undefined,
  statusField: string,
  commentField: string,
  details: Record<string, unknown> = {},
) {
  if (STATUS_ORDER[status] <= STATUS_ORDER[request.status])
    throw badRequest('request.statusOrder', statusField);
  const comment = newComment?.trim() || request.manager_comment;
  if (status === 'done' && !comment) throw badRequest('request.commentRequired', commentField);
  if (status === 'rejected' && !comment) throw badRequest('request.refusalCommentRequired', commentField);
  await q.updateRequest(trx, request.id, status, comment ?? null);
  await recordAudit(trx, {
    actorUserId: session.userId,
    action: 'request.status',
    entity: 'request',
    entityId: request.id,
    details: { from: request.status, to: status, kind: request.kind, comment: comment ?? null, ...details },
  });
  if ((status === 'done' || status === 'rejected') && comment)
    await tellRequestAnswer(trx, {
      id: request.id,
      userId: request.user_id,
      kind: request.kind,
      status,
      comment,
    });
}

function ownerStatus(row: { is_active: boolean; password_hash: string | null; deactivated_at: Date | null }) {
  if (row.deactivated_at) return 'deactivated' as const;
  return row.is_active && row.password_hash ? ('active' as const) : ('invited' as const);
}

function ownerRoles(roles: string[]) {
  return roles.filter((role): role is 'INVESTOR' | 'LENDER' => role === 'INVESTOR' || role === 'LENDER');
}

export async function listOwners(
  ctx: AppContext,
  session: Session,
  query: { search?: string | undefined; page: number; pageSize: number },
): Promise<OwnerListResponse> {
  const scope = await staffScope(ctx, session);
  const { items, total } = await q.ownerRows(
    ctx.database.db,
    scope,
    query.search || undefined,
    query.pageSize,
    (query.page - 1) * query.pageSize,
  );
  return { items: items.map(toSummary), total };
}

function toSummary(row: {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  is_active: boolean;
  password_hash: string | null;
  deactivated_at: Date | null;
  manager_id: number | null;
  created_at: Date;
  roles: string[];
  unitCount: number;
}): OwnerSummary {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    roles: ownerRoles(row.roles),
    status: ownerStatus(row),
    managerId: row.manager_id,
    unitCount: row.unitCount,
    createdAt: iso(row.created_at),
  };
}

export async function ownerDetail(ctx: AppContext, session: Session, id: number): Promise<OwnerDetail> {
  const scope = await staffScope(ctx, session);
  const db = ctx.database.db;
  const row = await q.ownerInScope(db, scope, id);
  if (!row) throw notFound();
  const [units, loans, bank] = await Promise.all([
    q.ownerUnits(db, id),
    q.ownerLoans(db, id),
    bankDetailsOf(db, id, row.organization_type),
  ]);
  return {
    ...toSummary(row),
    lastName: row.last_name,
    firstName: row.first_name,
    middleName: row.middle_name,
    contractNumber: row.contract_number,
    contractDate: row.contract_date,
    organizationType: row.organization_type,
    locale: row.locale,
    units: units.map((unit) => ({
      id: unit.id,
      unitId: unit.unit_id,
      unitName: unit.unitName,
      unitNameEn: unit.unitNameEn,
      locationName: unit.locationName,
      locationNameEn: unit.locationNameEn,
      relation: unit.relation as 'owner' | 'lender',
      invested: toRubles(unit.invested_kopecks),
      investedAt: unit.invested_at,
      endedOn: unit.ended_on,
      incomeMonths: unit.incomeMonths,
      documents: unit.documents,
    })),
    loans: loans.map((loan) => ({
      id: loan.id,
      locationId: loan.location_id,
      locationName: loan.locationName,
      locationNameEn: loan.locationNameEn,
      amount: toRubles(loan.amount_kopecks),
      issuedAt: loan.issued_at,
      termYearMonth: loan.term_year_month,
      ratePercent: Number(loan.rate_percent),
    })),
    bankDetails: bank,
  };
}

type OwnerData = z.output<typeof ownerUpdateSchema>;

/**
 * A manager's save assigns the client to themself (a manager account without its managers row keeps the current
 * one); an admin assigns any existing manager, or none.
 */
async function managerFor(
  db: Executor,
  scope: Scope,
  requested: number | null | undefined,
  current: number | null,
): Promise<number | null> {
  if (scope.kind === 'manager') return scope.managerId > 0 ? scope.managerId : current;
  if (requested === undefined) return current;
  // Only a new choice is checked: a client keeps the manager they have until someone picks another.
  if (requested !== null && requested !== current) {
    if (!(await q.managerExists(db, requested))) throw badRequest('validation.invalid', 'managerId');
  }
  return requested;
}

async function assertContactsFree(db: Executor, data: OwnerData, exceptUserId?: number) {
  if (data.email && (await q.contactTaken(db, 'email', data.email, exceptUserId))) {
    throw conflict('profile.emailTaken', 'email');
  }
  if (data.phone && (await q.contactTaken(db, 'phone', data.phone, exceptUserId))) {
    throw conflict('profile.phoneTaken', 'phone');
  }
}

function userColumns(data: OwnerData) {
  return {
    last_name: data.lastName,
    first_name: data.firstName,
    middle_name: data.middleName,
    email: data.email ?? null,
    phone: data.phone ?? null,
    contract_number: data.contractNumber || null,
    contract_date: data.contractDate ?? null,
    organization_type: data.organizationType,
    locale: data.locale,
  };
}

/** Creates an owner and sends the activation link, as the sign-up flow does, to the e-mail (else the phone). */
export async function createOwner(
  ctx: AppContext,
  session: Session,
  input: z.output<typeof ownerCreateSchema>,
): Promise<number> {
  const scope = await staffScope(ctx, session);
  const id = await ctx.database.db.transaction().execute(async (trx) => {
    await assertContactsFree(trx, input);
    const userId = await q.insertOwner(trx, {
      ...userColumns(input),
      manager_id: await managerFor(trx, scope, input.managerId, null),
    });
    await q.replaceRoles(trx, userId, input.roles);
    const token = await issueSignupLink(trx, userId);
    const url = `${ctx.config.publicUrl}/activation/${token}`;
    const company = await companyName(trx, input.locale);
    const role = inviteeRole(input.roles);
    if (input.email) {
      await enqueueEmail(trx, { to: input.email, ...invitationEmail(input.locale, url, role, company) });
    } else if (input.phone) {
      await enqueueSms(trx, { to: input.phone, text: invitationSms(input.locale, url, role, company) });
    }
    await recordAudit(trx, {
      actorUserId: session.userId,
      action: 'owner.create',
      entity: 'user',
      entityId: userId,
      details: { email: input.email ?? null, phone: input.phone ?? null, roles: input.roles },
    });
    return userId;
  });
  ctx.outbox.nudge();
  return id;
}

/**
 * Saves an owner's base data, roles and manager. With requestId it applies that change-of-data request of this
 * owner: the request is done in the same transaction, so a failed save leaves it open.
 */
export async function updateOwner(
  ctx: AppContext,
  session: Session,
  id: number,
  input: OwnerData,
): Promise<void> {
  const scope = await staffScope(ctx, session);
  await ctx.database.db.transaction().execute(async (trx) => {
    const owner = await q.ownerInScope(trx, scope, id);
    if (!owner) throw notFound();
    await assertContactsFree(trx, input, id);
    const columns = {
      ...userColumns(input),
      manager_id: await managerFor(trx, scope, input.managerId, owner.manager_id),
    };
    await q.updateOwnerRow(trx, id, columns);
    await q.replaceRoles(trx, id, input.roles);
    // The client's requests follow the client to the new manager.
    if (columns.manager_id !== owner.manager_id) await q.moveClientRequests(trx, id, columns.manager_id);
    const before = Object.fromEntries(
      Object.keys(columns).map((key) => [key, owner[key as keyof typeof owner]]),
    );
    const changes = changesOf(
      { ...before, roles: ownerRoles(owner.roles) },
      { ...columns, roles: [...input.roles].sort() },
    );
    await recordAudit(trx, {
      actorUserId: session.userId,
      action: 'owner.update',
      entity: 'user',
      entityId: id,
      details: input.requestId === undefined ? { changes } : { changes, requestId: input.requestId },
    });
    if (input.requestId !== undefined) {
      const request = await q.requestById(trx, scope, input.requestId);
      if (!request || request.user_id !== id || request.kind !== 'change_data') {
        throw badRequest('validation.invalid', 'requestId');
      }
      await moveRequest(trx, session, request, 'done', input.requestComment, 'requestId', 'requestComment', {
        applied: true,
      });
    }
  });
  ctx.outbox.nudge();
}

/**
 * Saves the bank details of a sole proprietor or a company (an individual has none in the portal). With requestId it
 * applies that bank-details request of this owner in the same transaction. The audit names the changed fields, not
 * their values: account numbers stay out of the log.
 */
export async function saveOwnerBankDetails(
  ctx: AppContext,
  session: Session,
  id: number,
  input: z.output<typeof ownerBankDetailsUpdateSchema>,
): Promise<void> {
  const scope = await staffScope(ctx, session);
  await ctx.database.db.transaction().execute(async (trx) => {
    const owner = await q.ownerInScope(trx, scope, id);
    if (!owner) throw notFound();
    if (owner.organization_type === 'individual') throw badRequest('bank.notForIndividual');
    const company = owner.organization_type === 'company';
    if (company && !input.kpp) throw badRequest('validation.required', 'kpp');
    if (company && !input.jurAddress) throw badRequest('validation.required', 'jurAddress');
    const row = {
      user_id: id,
      inn: input.inn,
      kpp: company ? (input.kpp ?? null) : null,
      ogrn: input.ogrn,
      bik: input.bik,
      bank_name: input.bankName,
      payment_account: input.paymentAccount,
      jur_address: company ? (input.jurAddress ?? null) : null,
      address: input.address,
    };
    const before = await storedBankDetails(trx, id);
    await q.upsertBankDetails(trx, row);
    const changed = Object.keys(row).filter(
      (key) => key !== 'user_id' && before?.[key as keyof typeof row] !== row[key as keyof typeof row],
    );
    await recordAudit(trx, {
      actorUserId: session.userId,
      action: 'owner.bankDetails',
      entity: 'user',
      entityId: id,
      details: input.requestId === undefined ? { changed } : { changed, requestId: input.requestId },
    });
    if (input.requestId !== undefined) {
      const request = await q.requestById(trx, scope, input.requestId);
      if (!request || request.user_id !== id || request.kind !== 'bank_details') {
        throw badRequest('validation.invalid', 'requestId');
      }
      await moveRequest(trx, session, request, 'done', input.requestComment, 'requestId', 'requestComment', {
        applied: true,
      });
    }
  });
  ctx.outbox.nudge();
}

/** Deactivates an owner: no more sign-in, and every token it holds stops working at once. */
export async function deactivateOwner(ctx: AppContext, session: Session, id: number): Promise<void> {
  const scope = await staffScope(ctx, session);
  await ctx.database.db.transaction().execute(async (trx) => {
    const owner = await q.ownerInScope(trx, scope, id);
    if (!owner) throw notFound();
    if (owner.deactivated_at) return;
    await q.updateOwnerRow(trx, id, { deactivated_at: new Date() });
    await revokeUserSessions(trx, id);
    await recordAudit(trx, {
      actorUserId: session.userId,
      action: 'owner.deactivate',
      entity: 'user',
      entityId: id,
    });
  });
}

export async function addOwnerUnit(
  ctx: AppContext,
  session: Session,
  ownerId: number,
  input: z.output<typeof ownerUnitCreateSchema>,
): Promise<void> {
  const scope = await staffScope(ctx, session);
  await ctx.database.db.transaction().execute(async (trx) => {
    if (!(await q.ownerInScope(trx, scope, ownerId))) throw notFound();
    if (!(await q.unitExists(trx, input.unitId))) throw badRequest('validation.invalid', 'unitId');
    if (await q.unitLinkTaken(trx, ownerId, input.unitId, input.relation))
      throw conflict('owner.unitTaken', 'unitId');
    await q.insertUnitLink(trx, {
      user_id: ownerId,
      unit_id: input.unitId,
      relation: input.relation,
      invested_kopecks: toKopecks(input.invested),
      invested_at: input.investedAt ?? null,
    });
    await recordAudit(trx, {
      actorUserId: session.userId,
      action: 'owner.unit.add',
      entity: 'user',
      entityId: ownerId,
      details: { ...input },
    });
  });
}

/** The link's values as the console edits them (rubles), for the audit's before and after. */
const linkValues = (link: { relation: string; invested_kopecks: number; invested_at: string | null }) => ({
  relation: link.relation,
  invested: toRubles(link.invested_kopecks),
  investedAt: link.invested_at,
});

/** The Moscow calendar date (yyyy-mm-dd) of an instant. */
const moscowDate = (at: Date) =>
  new Date(at.getTime() + MONTH_TIME_OFFSET_HOURS * 3_600_000).toISOString().slice(0, 10);

/** Runs a change of one of the owner's unit links: 404 for another manager's client or another owner's link. */
async function changeUnitLink<T>(
  ctx: AppContext,
  session: Session,
  ownerId: number,
  linkId: number,
  change: (trx: Executor, link: NonNullable<Awaited<ReturnType<typeof q.lockUnitLink>>>) => Promise<T>,
): Promise<T> {
  const scope = await staffScope(ctx, session);
  return ctx.database.db.transaction().execute(async (trx) => {
    if (!(await q.ownerInScope(trx, scope, ownerId))) throw notFound();
    const link = await q.lockUnitLink(trx, ownerId, linkId);
    if (!link) throw notFound();
    return change(trx, link);
  });
}

/** Corrects a link's relation, invested sum and date; the audit keeps each changed value before and after. */
export async function updateOwnerUnit(
  ctx: AppContext,
  session: Session,
  ownerId: number,
  linkId: number,
  input: z.output<typeof ownerUnitUpdateSchema>,
): Promise<void> {
  await changeUnitLink(ctx, session, ownerId, linkId, async (trx, link) => {
    if (await q.unitLinkTaken(trx, ownerId, link.unit_id, input.relation, link.id))
      throw conflict('owner.unitTaken', 'relation');
    if (link.ended_on && input.investedAt && input.investedAt > link.ended_on)
      throw badRequest('owner.endBeforeInvest', 'investedAt');
    const changes = changesOf(linkValues(link), {
      relation: input.relation,
      invested: input.invested,
      investedAt: input.investedAt,
    });
    if (Object.keys(changes).length === 0) return;
    await q.updateUnitLink(trx, link.id, {
      relation: input.relation,
      invested_kopecks: toKopecks(input.invested),
      invested_at: input.investedAt,
    });
    await recordAudit(trx, {
      actorUserId: session.userId,
      action: 'owner.unit.update',
      entity: 'user',
      entityId: ownerId,
      details: { unitId: link.unit_id, changes },
    });
  });
}

/**
 * Ends an owner's link on a date (today or a past day) instead of deleting it: the incomes and documents stay and
 * staff read them; the owner's pages stop showing the unit at once (modules/access). Ending an ended link corrects
 * its date.
 */
export async function endOwnerUnit(
  ctx: AppContext,
  session: Session,
  ownerId: number,
  linkId: number,
  input: z.output<typeof ownerUnitEndSchema>,
): Promise<void> {
  await changeUnitLink(ctx, session, ownerId, linkId, async (trx, link) => {
    if (link.invested_at && input.endedOn < link.invested_at)
      throw badRequest('owner.endBeforeInvest', 'endedOn');
    if (input.endedOn > moscowDate(portalNow(ctx.config.portalToday)))
      throw badRequest('owner.endInFuture', 'endedOn');
    if (link.ended_on === input.endedOn) return;
    await q.updateUnitLink(trx, link.id, { ended_on: input.endedOn });
    await recordAudit(trx, {
      actorUserId: session.userId,
      action: 'owner.unit.end',
      entity: 'user',
      entityId: ownerId,
      details: {
        unitId: link.unit_id,
        changes: changesOf({ endedOn: link.ended_on }, { endedOn: input.endedOn }),
      },
    });
  });
}

/** Restores a link ended by mistake: the owner sees the unit and its whole history again. */
export async function restoreOwnerUnit(
  ctx: AppContext,
  session: Session,
  ownerId: number,
  linkId: number,
): Promise<void> {
  await changeUnitLink(ctx, session, ownerId, linkId, async (trx, link) => {
    if (link.ended_on === null) return;
    await q.updateUnitLink(trx, link.id, { ended_on: null });
    await recordAudit(trx, {
      actorUserId: session.userId,
      action: 'owner.unit.restore',
      entity: 'user',
      entityId: ownerId,
      details: { unitId: link.unit_id, changes: changesOf({ endedOn: link.ended_on }, { endedOn: null }) },
    });
  });
}

export async function addOwnerLoan(
  ctx: AppContext,
  session: Session,
  ownerId: number,
  input: z.output<typeof ownerLoanCreateSchema>,
): Promise<void> {
  const scope = await staffScope(ctx, session);
  await ctx.database.db.transaction().execute(async (trx) => {
    if (!(await q.ownerInScope(trx, scope, ownerId))) throw notFound();
    if (!(await q.loanLocationExists(trx, input.locationId)))
      throw badRequest('validation.invalid', 'locationId');
    await q.insertLoan(trx, {
      user_id: ownerId,
      location_id: input.locationId,
      amount_kopecks: toKopecks(input.amount),
      issued_at: input.issuedAt,
      term_year_month: input.termYearMonth,
      rate_percent: input.ratePercent,
    });
    await recordAudit(trx, {
      actorUserId: session.userId,
      action: 'owner.loan.add',
      entity: 'user',
      entityId: ownerId,
      details: { ...input },
    });
  });
}

export async function catalogue(ctx: AppContext, session: Session): Promise<BackofficeCatalogue> {
  await staffScope(ctx, session);
  const { managers, locations, units } = await q.catalogue(ctx.database.db);
  return {
    managers,
    locations,
    units: units.map((unit) => ({
      id: unit.id,
      name: unit.name,
      nameEn: unit.name_en,
      locationId: unit.location_id,
    })),
  };
}

export async function audit(
  ctx: AppContext,
  session: Session,
  query: { page: number; pageSize: number },
): Promise<AuditListResponse> {
  const scope = await staffScope(ctx, session);
  const { items, total } = await q.auditRows(
    ctx.database.db,
    scope.kind === 'all' ? null : session.userId,
    query.pageSize,
    (query.page - 1) * query.pageSize,
  );
  return {
    items: items.map((row) => ({
      id: row.id,
      actor:
        row.actorId === null
          ? null
          : { id: row.actorId, name: row.actorName, email: row.actorEmail, phone: row.actorPhone },
      action: row.action,
      entity: row.entity,
      entityId: row.entity_id,
      entityName: row.entityName,
      details: row.details,
      createdAt: iso(row.created_at),
    })),
    total,
  };
}
