import type { Locale } from '@portal/contract/constants';
import { ERROR_CODES } from '@portal/contract/errors';
import {
  type OpenRequest,
  type OwnerRequest,
  type RequestKindCode,
  requestSubject,
  type SubjectRequestKind,
} from '@portal/contract/requests';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/executor.ts';
import { AppError, tooManyRequests } from '../../http/errors.ts';
import type { RateLimitRule } from '../../integrations/rate-limiter.ts';
import { notify } from '../notifications/service.ts';
import { enqueueEmail } from '../outbox/outbox.ts';
import { requestMailDetails } from './mail-details.ts';
import * as q from './queries.ts';

/** A request's kind as its mails name it, in the reader's language. */
const KIND_TITLES: Record<RequestKindCode, Record<Locale, string>> = {
  change_data: { ru: 'Изменение основных данных', en: 'Change of base data' },
  bank_details: { ru: 'Изменение банковских реквизитов', en: 'Change of bank details' },
  account_deletion: { ru: 'Удаление аккаунта', en: 'Account deletion' },
  document: { ru: 'Запрос документа', en: 'Document request' },
  conversion: { ru: 'Конвертация займа', en: 'Loan conversion' },
  entrepreneur: { ru: 'Заявка ИП', en: 'Sole proprietor request' },
  callback: { ru: 'Обратный звонок', en: 'Callback' },
  faq_question: { ru: 'Вопрос из раздела FAQ', en: 'FAQ question' },
  buy_lot: { ru: 'Заявка на покупку лота', en: 'Request to buy a lot' },
  sale_notice: { ru: 'Уведомление о продаже', en: 'Sale notice' },
  signed_document: { ru: 'Подписанный документ на проверку', en: 'Signed document to review' },
};

/**
 * How many requests (each one a mail to the manager) a user may send. Every call that creates a
 * request goes through createManagerRequest, so the limit holds for all of them: per kind, and over all kinds.
 */
export const REQUEST_LIMITS = {
  perKind: { limit: 10, windowSeconds: 60 * 60 },
  perUser: { limit: 30, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitRule>;

/** Counts one request of the user; 429 with Retry-After and a localized message once over either limit. */
async function countRequest(ctx: AppContext, userId: number, kind: RequestKindCode) {
  // A signed copy is bounded by the documents that await the owner's signature, not by a rate.
  if (kind === 'signed_document') return;
  const results = await Promise.all([
    ctx.limiter.hit(`owner-request:${kind}:${userId}`, REQUEST_LIMITS.perKind),
    ctx.limiter.hit(`owner-request:${userId}`, REQUEST_LIMITS.perUser),
  ]);
  const refused = results.filter((result) => !result.allowed);
  if (refused.length > 0) {
    throw tooManyRequests(Math.max(...refused.map((result) => result.retryAfterSeconds)), 'requests.tooMany');
  }
}

/**
 * What a request is about (packages/contract/src/requests.ts), read from the payload its caller built; null for the
 * requests that carry the owner's own words, which are never duplicates.
 */
export function subjectOf(kind: RequestKindCode, payload: Record<string, unknown>): string | null {
  switch (kind) {
    case 'buy_lot':
      return requestSubject.buyLot(Number(payload.ownerInvestorId), Number(payload.unitId));
    case 'document':
      return payload.categoryId === undefined ? null : requestSubject.document(Number(payload.categoryId));
    case 'sale_notice':
      return requestSubject.saleNotice(
        Number(payload.unitId),
        payload.status === 'listed' ? 'listed' : 'withdrawn',
      );
    case 'signed_document':
      return requestSubject.signedDocument(Number(payload.documentId));
    case 'conversion':
    case 'entrepreneur':
    case 'callback':
    case 'account_deletion':
      return requestSubject.whole;
    default:
      return null;
  }
}

const alreadyOpen = () => new AppError(409, ERROR_CODES.conflict, 'requests.alreadyOpen');

/** A 23505 of the open-subject index: a second request made at the same moment as the first. */
const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

/** The user's requests still open (new or in progress) that have a subject, newest first (GET users/open-requests). */
export async function openRequests(db: Executor, userId: number): Promise<OpenRequest[]> {
  return openRequestsFrom(await q.openRequestsWithSubject(db, userId));
}

/** The open requests' rows as a statement of its own, for users/layout to read inside its one statement. */
export const openRequestsQuery = q.openRequestsWithSubjectQuery;
export type OpenRequestRow = q.OpenRequestRow;

/** The open requests from their rows. */
export function openRequestsFrom(rows: q.OpenRequestRow[]): OpenRequest[] {
  return rows.map((row) => ({
    id: Number(row.id),
    kind: row.kind as SubjectRequestKind,
    subject: row.subject ?? '',
    status: row.status as 'new' | 'in_progress',
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

/**
 * Stores a request for the user's manager and, in the same transaction, the e-mail that tells the manager.
 * Answers the request id; the caller nudges the outbox once its transaction commits.
 */
export async function createManagerRequest(
  ctx: AppContext,
  db: Executor,
  userId: number,
  kind: RequestKindCode,
  payload: Record<string, unknown>,
): Promise<number> {
  // One open request of a kind about one thing; a duplicate is refused before it counts or mails.
  const subject = subjectOf(kind, payload);
  if (subject !== null) {
    const open = await q.openRequestAbout(db, userId, kind, subject);
    if (open) throw alreadyOpen();
  }
  await countRequest(ctx, userId, kind);
  const owner = await q.ownerWithManager(db, userId);
  const manager =
    owner.managerId !== null
      ? { id: owner.managerId, email: owner.managerEmail, locale: owner.managerLocale }
      : await q.defaultManager(db);
  const request = await q
    .insertRequest(db, {
      userId,
      managerId: manager?.id ?? null,
      kind,
      subject,
      payload: JSON.stringify(payload),
    })
    .catch((error: unknown) => {
      // Two at the same moment: the index (migration 023) lets one through; the other is the same 409.
      throw isUniqueViolation(error) ? alreadyOpen() : error;
    });
  if (manager?.email) {
    const locale: Locale = manager.locale === 'en' ? 'en' : 'ru';
    const name =
      [owner.last_name, owner.first_name, owner.middle_name].filter(Boolean).join(' ') || `#${owner.id}`;
    const details = await requestMailDetails(db, payload, locale, ctx.config.publicUrl);
    const client =
      locale === 'en'
        ? `Client: ${name} (id ${owner.id})\nE-mail: ${owner.email ?? '—'}\nPhone: ${owner.phone ?? '—'}`
        : `Клиент: ${name} (id ${owner.id})\nE-mail: ${owner.email ?? '—'}\nТелефон: ${owner.phone ?? '—'}`;
    const waiting =
      kind === 'signed_document'
        ? locale === 'en'
          ? `The signed copy waits for your review in the client's documents: ${ctx.config.publicUrl}/backoffice/owners/${owner.id}`
          : `Подписанная копия ждёт проверки в документах клиента: ${ctx.config.publicUrl}/backoffice/owners/${owner.id}`
        : locale === 'en'
          ? `Request No. ${request.id} waits for you in the console: ${ctx.config.publicUrl}/backoffice/`
          : `Заявка №${request.id} ждёт вас в бэк-офисе: ${ctx.config.publicUrl}/backoffice/`;
    await enqueueEmail(db, {
      to: manager.email,
      subject: `${KIND_TITLES[kind][locale]} — ${locale === 'en' ? 'request No.' : 'заявка №'}${request.id}`,
      text: `${client}\n\n${details}\n\n${waiting}`,
    });
  }
  return request.id;
}

/** The user's requests with the manager's answer, newest first (GET users/requests); a bounded list. */
export async function ownerRequests(db: Executor, userId: number): Promise<OwnerRequest[]> {
  const rows = await q.requestsOfUser(db, userId, 200);
  return rows.map((row) => ({
    id: Number(row.id),
    kind: row.kind,
    status: row.status,
    categoryId:
      row.kind === 'document' && typeof row.payload.categoryId === 'number' ? row.payload.categoryId : null,
    comment: row.manager_comment,
    createdAt: new Date(row.created_at).toISOString(),
    answeredAt:
      row.status === 'done' || row.status === 'rejected' ? new Date(row.updated_at).toISOString() : null,
  }));
}

/** Closes the inbox item of a document's signed copy once the manager decided on it. */
export async function completeSignedCopyRequest(
  db: Executor,
  userId: number,
  documentId: number,
  comment: string | null,
): Promise<void> {
  await q.completeOpenRequest(
    db,
    userId,
    'signed_document',
    requestSubject.signedDocument(documentId),
    comment,
  );
}

/**
 * Tells the owner the manager's answer to their request (done or refused, with the comment): an event of the
 * owner's activity list, mailed in the owner's language as their settings say (modules/notifications). Called in
 * the transaction that ends the request: a request ends once, and its event is unique, so the owner is told once.
 */
export async function tellRequestAnswer(
  db: Executor,
  request: {
    id: number;
    userId: number;
    kind: RequestKindCode;
    status: 'done' | 'rejected';
    comment: string;
  },
): Promise<void> {
  await notify(db, [request.userId], {
    kind: 'request_answer',
    eventKey: `request:${request.id}`,
    params: {
      requestId: request.id,
      kindTitle: KIND_TITLES[request.kind].ru,
      kindTitleEn: KIND_TITLES[request.kind].en,
      status: request.status,
      comment: request.comment,
    },
    // A document request is listed on the documents page, every request in the profile.
    link: request.kind === 'document' ? '/documents/' : '/profile/',
  });
}
