import { createServer } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailer } from '../../integrations/mail.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { startSmtpServer } from '../../test/smtp.ts';
import { deliverDueMessages, deliverEmailNow, enqueueEmail } from './outbox.ts';

/** A port where nothing listens: the SMTP server is "down". */
async function closedPort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('outbox', () => {
  let t: TestApp;
  const logger = pino({ level: 'silent' });
  beforeAll(async () => {
    t = await startTestApp();
    await t.worker.stop(); // the test delivers by hand
  });
  afterAll(() => t?.close());

  it('keeps a message whose delivery failed, with the error, and sends it once the server is back', async () => {
    const db = t.ctx.database.db;
    await enqueueEmail(db, { to: 'owner@example.com', subject: 'Проверка', text: 'Текст письма' });
    const down = await closedPort();
    t.ctx.mailer = smtpMailer(`smtp://127.0.0.1:${down}`, 'portal@example.com');
    expect(await deliverDueMessages(t.ctx, logger)).toBe(0);
    const failed = await db
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', 'owner@example.com')
      .executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(failed.next_attempt_at.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: nothing is tried again.
    expect(await deliverDueMessages(t.ctx, logger)).toBe(0);
    expect(
      (await db.selectFrom('outbox').select('attempts').where('id', '=', failed.id).executeTakeFirstOrThrow())
        .attempts,
    ).toBe(1);

    const smtp = await startSmtpServer();
    t.ctx.mailer = smtpMailer(smtp.url, 'portal@example.com');
    await db.updateTable('outbox').set({ next_attempt_at: new Date() }).where('id', '=', failed.id).execute();
    expect(await deliverDueMessages(t.ctx, logger)).toBe(1);
    const mail = await smtp.waitForMail('owner@example.com');
    expect(mail.subject).toBe('Проверка');
    expect(mail.text.trim()).toBe('Текст письма');
    const sent = await db
      .selectFrom('outbox')
      .selectAll()
      .where('id', '=', failed.id)
      .executeTakeFirstOrThrow();
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    await smtp.close();
  });

  it('gives up after eight attempts', async () => {
    const db = t.ctx.database.db;
    t.ctx.mailer = {
      send: async () => Promise.reject(new Error('mailbox unavailable')),
      close: () => undefined,
    };
    await enqueueEmail(db, { to: 'gone@example.com', subject: 's', text: 't' });
    await db.updateTable('outbox').set({ attempts: 7 }).where('recipient', '=', 'gone@example.com').execute();
    await deliverDueMessages(t.ctx, logger);
    const row = await db
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', 'gone@example.com')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', attempts: 8, last_error: 'mailbox unavailable' });
  });

  it('sends nothing for a change that was rolled back', async () => {
    const db = t.ctx.database.db;
    await expect(
      db.transaction().execute(async (trx) => {
        await enqueueEmail(trx, { to: 'rolled-back@example.com', subject: 's', text: 't' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(
      await db.selectFrom('outbox').select('id').where('recipient', '=', 'rolled-back@example.com').execute(),
    ).toEqual([]);
  });

  it('delivers one message at once outside the worker, which then neither sends it again nor loses a failed one', async () => {
    const db = t.ctx.database.db;
    const row = (id: number) =>
      db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const down = smtpMailer(`smtp://127.0.0.1:${await closedPort()}`, 'portal@example.com');
    const failing = await enqueueEmail(db, {
      to: 'first-admin@example.com',
      subject: 'Ссылка',
      text: 'Один раз',
    });
    await expect(deliverEmailNow(db, down, failing)).rejects.toThrow();
    const failed = await row(failing);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed.last_error).toMatch(/ECONNREFUSED|connect/i);

    const smtp = await startSmtpServer();
    try {
      const mailer = smtpMailer(smtp.url, 'portal@example.com');
      const id = await enqueueEmail(db, { to: 'second-admin@example.com', subject: 'Ссылка', text: 'Сразу' });
      await deliverEmailNow(db, mailer, id);
      expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1 });
      expect((await smtp.waitForMail('second-admin@example.com')).text.trim()).toBe('Сразу');
      // Already sent: a second call and the worker leave it be.
      await deliverEmailNow(db, mailer, id);
      t.ctx.mailer = mailer;
      await db.updateTable('outbox').set({ next_attempt_at: new Date() }).where('id', '=', failing).execute();
      expect(await deliverDueMessages(t.ctx, logger)).toBe(1);
      expect(await row(failing)).toMatchObject({ status: 'sent', attempts: 2 });
      expect((await smtp.waitForMail('first-admin@example.com')).text.trim()).toBe('Один раз');
      // Each was mailed once (a received mail is taken off the list when waited for).
      expect(smtp.received).toEqual([]);
    } finally {
      await smtp.close();
    }
  });
});
