import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/executor.ts';
import { isDatabaseUnavailable } from '../../db/unavailable.ts';
import type { Mailer } from '../../integrations/mail.ts';
import type { Logger } from '../../logger.ts';
import { dispatchNotifications, runDigests } from '../notifications/service.ts';
import * as q from './queries.ts';

/**
 * Every e-mail and SMS is written here in the same transaction as the change that causes it; the worker
 * delivers it afterwards with retries, so a rolled-back change never sends and a slow gateway never blocks.
 */
export async function enqueueEmail(
  db: Executor,
  mail: { to: string; subject: string; text: string },
): Promise<number> {
  return q.insertMessage(db, {
    channel: 'email',
    recipient: mail.to,
    subject: mail.subject,
    body: mail.text,
  });
}

/**
 * A mail of an event (a notification, a digest): `dedupeKey` names the event and its recipient, so however many
 * instances make it, one mail is queued. Answers false when it was queued already.
 */
export async function enqueueKeyedEmail(
  db: Executor,
  mail: { to: string; subject: string; text: string; dedupeKey: string; headers?: Record<string, string> },
): Promise<boolean> {
  const id = await q.insertKeyedMessage(db, {
    recipient: mail.to,
    subject: mail.subject,
    body: mail.text,
    dedupeKey: mail.dedupeKey,
    headers: mail.headers ?? null,
  });
  return id !== undefined;
}

export async function enqueueSms(db: Executor, sms: { to: string; text: string }) {
  await q.insertMessage(db, { channel: 'sms', recipient: sms.to, subject: null, body: sms.text });
}

/** For the metrics: messages pending (waiting or retrying) and failed (given up on). */
export function outboxCounts(db: Executor) {
  return q.countByStatus(db);
}

const BATCH = 20;
const MAX_ATTEMPTS = 8;
/** A claimed message is retried by any worker after this lease if its sender died mid-delivery. */
const LEASE_SECONDS = 300;

/** Delivers due messages once; answers how many were sent. */
export async function deliverDueMessages(ctx: AppContext, logger: Logger): Promise<number> {
  // The owners' events waiting to be mailed become messages first (notifications/service.ts).
  while ((await dispatchNotifications(ctx)) > 0) {}
  const claimed = await q.claimDueMessages(ctx.database.db, BATCH, LEASE_SECONDS);
  let sent = 0;
  for (const message of claimed) {
    let delivered = false;
    try {
      if (message.channel === 'email') {
        await ctx.mailer.send({
          to: message.recipient,
          subject: message.subject ?? '',
          text: message.body,
          headers: message.headers,
        });
      } else {
        await ctx.sms.send({ to: message.recipient, text: message.body });
      }
      delivered = true;
    } catch (error) {
      logger.warn(
        { outboxId: message.id, channel: message.channel, attempt: message.attempts, err: error },
        'delivery failed',
      );
      await recordFailure(ctx.database.db, message, error);
    }
    if (!delivered) continue;
    // Delivered: the mark must land, or the message would go out again when its lease ends. A database that is
    // away for a moment (a restart) is waited for, up to a minute.
    await retryWhileUnavailable(() => q.markSent(ctx.database.db, message.id), 60_000);
    sent += 1;
  }
  return sent;
}

/**
 * Delivers one queued e-mail now, outside the worker (the admin command, whose server may not be running). It is
 * claimed first, so a running worker does not send it too; should the delivery fail, it stays queued for the
 * worker's retries and the error goes to the caller.
 */
export async function deliverEmailNow(db: Executor, mailer: Mailer, id: number): Promise<void> {
  const message = await q.claimMessage(db, id, LEASE_SECONDS);
  if (!message) return; // a worker delivered it already
  try {
    await mailer.send({ to: message.recipient, subject: message.subject ?? '', text: message.body });
  } catch (error) {
    await recordFailure(db, message, error);
    throw error;
  }
  await q.markSent(db, message.id);
}

/** A failed attempt: retried later (backing off), given up after MAX_ATTEMPTS. */
async function recordFailure(db: Executor, message: { id: number; attempts: number }, error: unknown) {
  await q.markAttemptFailed(db, message.id, {
    failed: message.attempts >= MAX_ATTEMPTS,
    lastError: String(error instanceof Error ? error.message : error).slice(0, 1000),
    nextAttemptAt: new Date(Date.now() + Math.min(3600, 5 * 2 ** message.attempts) * 1000),
  });
}

async function retryWhileUnavailable<T>(fn: () => Promise<T>, deadlineMs: number): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (let wait = 250; ; wait = Math.min(wait * 2, 5000)) {
    try {
      return await fn();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() + wait > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

export type OutboxWorker = { nudge(): void; stop(): Promise<void> };

/** Polls the outbox every interval; nudge() delivers at once after a request wrote a message. */
export function startOutboxWorker(ctx: AppContext, logger: Logger, intervalMs = 2000): OutboxWorker {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  /** The daily digests are looked for once a minute (each owner's is claimed once a day across instances). */
  let digestsAt = 0;
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        do {
          again = false;
          if (Date.now() - digestsAt > 60_000) {
            digestsAt = Date.now();
            await runDigests(ctx);
          }
          while ((await deliverDueMessages(ctx, logger)) === BATCH && !stopped) {}
        } while (again && !stopped);
      } catch (error) {
        // The loop survives anything: a database that is away is tried again on the next tick.
        if (isDatabaseUnavailable(error)) logger.warn({ err: error }, 'outbox worker: database unavailable');
        else logger.error({ err: error }, 'outbox worker failed');
      } finally {
        running = null;
      }
    })();
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    nudge: run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
