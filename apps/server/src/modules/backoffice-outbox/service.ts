import { type FailedOutboxResponse, OUTBOX_PAGE_SIZE } from '@portal/contract/backoffice-outbox';
import { ERROR_CODES } from '@portal/contract/errors';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { recordAudit } from '../audit/service.ts';
import type { Session } from '../auth/sessions.ts';
import * as q from './queries.ts';

/** Failed messages, newest first; the recipient in full for an admin, masked for a manager. */
export async function listFailed(
  ctx: AppContext,
  session: Session,
  page: number,
): Promise<FailedOutboxResponse> {
  const { count, rows } = await q.failedMessagesPage(ctx.database.db, page);
  const full = session.roles.includes('ADMIN');
  return {
    items: rows.map((row) => ({
      id: Number(row.id),
      channel: row.channel as 'email' | 'sms',
      recipient: full ? row.recipient : maskRecipient(row.recipient),
      recipientMasked: !full,
      subject: row.channel === 'email' ? (row.subject ?? '') : null,
      attempts: row.attempts,
      lastError: row.last_error,
      createdAt: new Date(row.created_at).toISOString(),
    })),
    total: count,
    page,
    pageSize: OUTBOX_PAGE_SIZE,
  };
}

/** Puts a failed message back in the queue with fresh attempts and wakes the worker; audited. */
export async function resend(ctx: AppContext, session: Session, id: number): Promise<void> {
  await ctx.database.db.transaction().execute(async (trx) => {
    const row = await q.messageForUpdate(trx, id);
    if (!row) throw notFound();
    if (row.status !== 'failed') throw new AppError(409, ERROR_CODES.conflict, 'outbox.notFailed');
    await q.requeueMessage(trx, id);
    await recordAudit(trx, {
      actorUserId: session.userId,
      action: 'outbox.resend',
      entity: 'outbox',
      entityId: id,
      details: { channel: row.channel, attemptsBefore: row.attempts },
    });
  });
  ctx.outbox.nudge();
}

/** investor@example.com → in•••@example.com, +79990000001 → +7999•••0001. */
export function maskRecipient(recipient: string): string {
  const at = recipient.indexOf('@');
  if (at > 0) return `${recipient.slice(0, Math.min(2, at - 1) || 1)}•••${recipient.slice(at)}`;
  if (recipient.length > 8) return `${recipient.slice(0, 5)}•••${recipient.slice(-4)}`;
  return '•••';
}
