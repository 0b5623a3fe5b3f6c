import { ERROR_CODES } from '@portal/contract/errors';
import {
  type OpenRequest,
  type RequestKindCode,
  requestSubject,
  type SubjectRequestKind,
} from '@portal/contract/requests';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/executor.ts';
import { AppError, tooManyRequests } from '../../http/errors.ts';
import type { RateLimitRule } from '../../integrations/rate-limiter.ts';
import { enqueueEmail } from '../outbox/outbox.ts';
import * as q from './queries.ts';

const KIND_TITLES: Record<RequestKindCode, string> = {
  change_data: 'Изменение основных данных',
  bank_details: 'Изменение банковских реквизитов',
  account_deletion: 'Удаление аккаунта',
  document: 'Запрос документа',
  conversion: 'Конвертация займа',
  entrepreneur: 'Заявка ИП',
  callback: 'Обратный звонок',
  faq_question: 'Вопрос из раздела FAQ',
  buy_lot: 'Заявка на покупку лота',
  sale_notice: 'Уведомление о продаже',
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
  const rows = await q.openRequestsWithSubject(db, userId);
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
      ? { id: owner.managerId, email: owner.managerEmail }
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
    const name =
      [owner.last_name, owner.first_name, owner.middle_name].filter(Boolean).join(' ') || `#${owner.id}`;
    const details = Object.entries(payload)
      .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
      .join('\n');
    await enqueueEmail(db, {
      to: manager.email,
      subject: `${KIND_TITLES[kind]} — заявка №${request.id}`,
      text: `Клиент: ${name} (id ${owner.id})\nE-mail: ${owner.email ?? '—'}\nТелефон: ${owner.phone ?? '—'}\n\n${details}\n\nЗаявка №${request.id} ждёт вас в бэк-офисе: ${ctx.config.publicUrl}/backoffice/`,
    });
  }
  return request.id;
}
