import type { FailedOutboxMessage } from '@portal/contract/backoffice-outbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { maskRecipient } from './service.ts';

describe('failed mail in the back office', () => {
  let t: TestApp;
  let admin: string;
  let manager: string;
  let owner: string;
  const ids: number[] = [];
  beforeAll(async () => {
    t = await startTestApp();
    await t.worker.stop(); // the test decides when messages are delivered
    const db = t.ctx.database.db;
    // Two messages that used up their attempts, one still pending, one sent.
    for (const [channel, recipient, subject, status] of [
      ['email', 'investor@example.com', 'Ссылка для входа', 'failed'],
      ['sms', '+79990000001', null, 'failed'],
      ['email', 'pending@example.com', 'Ждёт', 'pending'],
      ['email', 'sent@example.com', 'Ушло', 'sent'],
    ] as const) {
      const row = await db
        .insertInto('outbox')
        .values({
          channel,
          recipient,
          subject,
          body: 'Код: 123456',
          status,
          attempts: status === 'failed' ? 8 : 1,
          last_error: status === 'failed' ? '550 mailbox unavailable' : null,
          next_attempt_at: status === 'pending' ? new Date(Date.now() + 3_600_000) : new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(Number(row.id));
    }
    [admin, manager, owner] = await Promise.all([
      t.signIn('admin@example.com'),
      t.signIn('manager@example.com'),
      t.signIn('investor@example.com'),
    ]);
  });
  afterAll(() => t?.close());

  const list = async (token: string) => {
    const response = await t.request({ method: 'GET', url: '/api/v1/backoffice/outbox/failed', token });
    expect(response.statusCode).toBe(200);
    return response.json() as { items: FailedOutboxMessage[]; total: number; pageSize: number };
  };

  it('lists only the failed messages, newest first, without their text; admins see the recipient', async () => {
    const answer = await list(admin);
    expect(answer.total).toBe(2);
    expect(answer.items.map((item) => item.id)).toEqual([ids[1], ids[0]]);
    expect(answer.items[1]).toMatchObject({
      channel: 'email',
      recipient: 'investor@example.com',
      recipientMasked: false,
      subject: 'Ссылка для входа',
      attempts: 8,
      lastError: '550 mailbox unavailable',
    });
    expect(answer.items[0]).toMatchObject({ channel: 'sms', subject: null, recipient: '+79990000001' });
    expect(JSON.stringify(answer)).not.toContain('123456');
  });

  it('masks the recipient for a manager', async () => {
    const answer = await list(manager);
    expect(answer.items.map((item) => [item.recipient, item.recipientMasked])).toEqual([
      ['+7999•••0001', true],
      ['in•••@example.com', true],
    ]);
    expect(maskRecipient('a@b.ru')).toBe('a•••@b.ru');
  });

  it('is refused to owners and to the signed-out', async () => {
    for (const [token, status] of [
      [owner, 403],
      [undefined, 401],
    ] as const) {
      const get = await t.request({
        method: 'GET',
        url: '/api/v1/backoffice/outbox/failed',
        ...(token ? { token } : {}),
      });
      expect(get.statusCode).toBe(status);
      const post = await t.request({
        method: 'POST',
        url: `/api/v1/backoffice/outbox/${ids[0]}/resend`,
        ...(token ? { token } : {}),
      });
      expect(post.statusCode).toBe(status);
    }
  });

  it('resends a failed message once the mail server answers again, audited', async () => {
    const delivered: string[] = [];
    t.ctx.mailer = {
      send: async (message) => {
        delivered.push(message.to);
      },
      close: () => undefined,
    };
    const response = await t.request({
      method: 'POST',
      url: `/api/v1/backoffice/outbox/${ids[0]}/resend`,
      token: manager,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const db = t.ctx.database.db;
    const row = await db
      .selectFrom('outbox')
      .select(['status', 'attempts'])
      .where('id', '=', ids[0] ?? 0)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'pending', attempts: 0 });
    expect((await list(admin)).items.map((item) => item.id)).toEqual([ids[1]]);

    const { deliverDueMessages } = await import('../outbox/outbox.ts');
    const silent = (await import('pino')).default({ level: 'silent' });
    expect(await deliverDueMessages(t.ctx, silent)).toBeGreaterThanOrEqual(1);
    expect(delivered).toContain('investor@example.com');
    expect(
      await db
        .selectFrom('outbox')
        .select('status')
        .where('id', '=', ids[0] ?? 0)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: 'sent' });

    const audit = await t.request({
      method: 'GET',
      url: '/api/v1/backoffice/audit?pageSize=20',
      token: admin,
    });
    expect(
      audit
        .json()
        .items.map((item: { action: string; entityId: string }) => `${item.action}:${item.entityId}`),
    ).toContain(`outbox.resend:${ids[0]}`);
  });

  it('answers 409 for a message that is not failed and 404 for an unknown one', async () => {
    const pending = await t.request({
      method: 'POST',
      url: `/api/v1/backoffice/outbox/${ids[2]}/resend`,
      token: admin,
      headers: { cookie: 'cookieLocale=en' },
    });
    expect(pending.statusCode).toBe(409);
    expect(pending.json().error.message).toBe('This message has already been sent or is waiting to be sent');
    const sent = await t.request({
      method: 'POST',
      url: `/api/v1/backoffice/outbox/${ids[3]}/resend`,
      token: admin,
    });
    expect(sent.statusCode).toBe(409);
    const unknown = await t.request({
      method: 'POST',
      url: '/api/v1/backoffice/outbox/999999/resend',
      token: admin,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
