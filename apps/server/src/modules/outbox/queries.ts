import { sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';

export async function insertMessage(
  db: Executor,
  message: { channel: 'email' | 'sms'; recipient: string; subject: string | null; body: string },
) {
  const row = await db.insertInto('outbox').values(message).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** A mail with a key of its event: undefined when a mail with the key exists already (made by another instance). */
export async function insertKeyedMessage(
  db: Executor,
  message: {
    recipient: string;
    subject: string;
    body: string;
    dedupeKey: string;
    headers: Record<string, string> | null;
  },
) {
  const row = await db
    .insertInto('outbox')
    .values({
      channel: 'email',
      recipient: message.recipient,
      subject: message.subject,
      body: message.body,
      dedupe_key: message.dedupeKey,
      headers: message.headers ? JSON.stringify(message.headers) : null,
    })
    .onConflict((oc) => oc.column('dedupe_key').where('dedupe_key', 'is not', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/**
 * Claims one pending message by its id for `leaseSeconds`, as claimDueMessages does; undefined when it is no longer
 * pending (a worker delivered it already).
 */
export async function claimMessage(db: Executor, id: number, leaseSeconds: number) {
  return db
    .updateTable('outbox')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      next_attempt_at: sql<Date>`now() + make_interval(secs => ${leaseSeconds})`,
    }))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returning(['id', 'channel', 'recipient', 'subject', 'body', 'headers', 'attempts'])
    .executeTakeFirst();
}

/**
 * Claims up to `batch` due pending messages, oldest first, for `leaseSeconds` (skipping those another worker holds):
 * counts the attempt and moves the next attempt past the lease.
 */
export async function claimDueMessages(db: Executor, batch: number, leaseSeconds: number) {
  const claimed = await sql<{
    id: number;
    channel: 'email' | 'sms';
    recipient: string;
    subject: string | null;
    body: string;
    headers: Record<string, string> | null;
    attempts: number;
  }>`
    update outbox set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
    where id in (
      select id from outbox where status = 'pending' and next_attempt_at <= now()
      order by id limit ${batch} for update skip locked
    )
    returning id, channel, recipient, subject, body, headers, attempts`.execute(db);
  return claimed.rows;
}

export async function markAttemptFailed(
  db: Executor,
  id: number,
  attempt: { failed: boolean; lastError: string; nextAttemptAt: Date },
) {
  await db
    .updateTable('outbox')
    .set({
      status: attempt.failed ? 'failed' : 'pending',
      last_error: attempt.lastError,
      next_attempt_at: attempt.nextAttemptAt,
    })
    .where('id', '=', id)
    .execute();
}

export async function markSent(db: Executor, id: number) {
  await db
    .updateTable('outbox')
    .set({ status: 'sent', sent_at: new Date(), last_error: null })
    .where('id', '=', id)
    .execute();
}

/** Messages waiting to be sent (including those being retried) and given up on. */
export async function countByStatus(db: Executor) {
  // Two counts over the two partial indexes, never a scan of the sent messages.
  const { rows } = await sql<{ pending: number; failed: number }>`
    select (select count(*) from outbox where status = 'pending') as pending,
           (select count(*) from outbox where status = 'failed') as failed`.execute(db);
  return { pending: Number(rows[0]?.pending ?? 0), failed: Number(rows[0]?.failed ?? 0) };
}
