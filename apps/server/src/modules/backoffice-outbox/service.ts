import { type FailedOutboxResponse, OUTBOX_PAGE_SIZE } from '@portal/contract/backoffice-outbox';
import { ERROR_CODES } from '@portal/contract/errors';
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { recordAudit } from '../audit/service.ts';
import type { Session } from '../auth/sessions.ts';

/** Failed messages, newest first; the recipient in full for an admin, masked for a manager. */
export async function listFailed(
  ctx: AppContext,
  session: Session,
  page: number,
): Promise<FailedOutboxResponse> {
  const db = ctx.database.db;
  const base = db.selectFrom('outbox').where('status', '=', 'failed');
  const { count } = await base.select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['id', 'channel', 'recipient', 'subject', 'attempts', 'last_error', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(OUTBOX_PAGE_SIZE)
    .offset((page - 1) * OUTBOX_PAGE_SIZE)
    .execute();
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
    const row = await trx
      .selectFrom('outbox')
      .select(['id', 'status', 'channel', 'attempts'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound();
    if (row.status !== 'failed') throw new AppError(409, ERROR_CODES.conflict, 'outbox.notFailed');
    await trx
      .updateTable('outbox')
      .set({ status: 'pending', attempts: 0, next_attempt_at: new Date() })
      .where('id', '=', id)
      .execute();
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
