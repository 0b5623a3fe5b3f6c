import { OUTBOX_PAGE_SIZE } from '@portal/contract/backoffice-outbox';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';

/** How many messages failed, and one page of them, newest first. */
export async function failedMessagesPage(db: Executor, page: number) {
  const base = db.selectFrom('outbox').where('status', '=', 'failed');
  const { count } = await base.select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['id', 'channel', 'recipient', 'subject', 'attempts', 'last_error', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(OUTBOX_PAGE_SIZE)
    .offset((page - 1) * OUTBOX_PAGE_SIZE)
    .execute();
  return { count, rows };
}

/** A message, locked for the rest of the transaction. */
export async function messageForUpdate(db: Executor, id: number) {
  return db
    .selectFrom('outbox')
    .select(['id', 'status', 'channel', 'attempts'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Puts a message back in the queue, due now, with fresh attempts. */
export async function requeueMessage(db: Executor, id: number) {
  await db
    .updateTable('outbox')
    .set({ status: 'pending', attempts: 0, next_attempt_at: new Date() })
    .where('id', '=', id)
    .execute();
}
