import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { startSmtpServer } from '../../test/smtp.ts';

/** Sign-up and recovery end to end: the portal mails the link through real SMTP, the test follows it. */
describe('registration and recovery through the mail', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t?.close();
    await smtp.close();
  });

  const post = (url: string, payload: object, remoteAddress = '10.0.1.1') =>
    t.request({ method: 'POST', url: `/api/v1/${url}`, payload, remoteAddress });
  const linkIn = (text: string, prefix: string) =>
    new RegExp(`http://portal\\.test${prefix}([A-Za-z0-9_-]+)`).exec(text)?.[1] ?? '';

  it('mails the activation link to a contract contact; the link sets the password, activates and signs in', async () => {
    const response = await post('users/registration', { email: 'Newcomer@Example.com' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const mail = await smtp.waitForMail('newcomer@example.com');
    expect(mail.subject).toBe('Создание аккаунта в личном кабинете инвестора');
    const token = linkIn(mail.text, '/activation/');
    expect(token).toHaveLength(43);

    const stored = await t.ctx.database.db
      .selectFrom('auth_links')
      .selectAll()
      .where('user_id', '=', 6)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token);
    expect(stored.expires_at.getTime() - stored.created_at.getTime()).toBeCloseTo(24 * 3_600_000, -4);

    const weak = await post('users/information', { link: token, password: 'weak' });
    expect(weak.statusCode).toBe(400);
    const activated = await post('users/information', { link: token, password: 'Novichok1Vx' });
    expect(activated.statusCode).toBe(200);
    expect(activated.json().roles).toEqual([{ code: 'INVESTOR', name: 'Инвестор' }]);
    expect(
      (await t.request({ method: 'GET', url: '/api/v1/users/data-profile', token: activated.json().token }))
        .statusCode,
    ).toBe(200);
    await t.signIn('newcomer@example.com', 'Novichok1Vx');

    const reused = await post('users/information', { link: token, password: 'Novichok2Vx' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toMatchObject({
      code: 'link_invalid',
      message: 'Ссылка недействительна или устарела. Запросите новую.',
    });
  });

  it('answers an unknown address exactly as a known one and sends nothing', async () => {
    const before = await t.ctx.database.db.selectFrom('outbox').select('id').execute();
    const response = await post('users/registration', { email: 'stranger@example.com' }, '10.0.1.2');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const after = await t.ctx.database.db.selectFrom('outbox').select('id').execute();
    expect(after.length).toBe(before.length);
  });

  it('reminds an active account that it exists instead of sending a link', async () => {
    await post('users/registration', { email: 'lender@example.com' }, '10.0.1.3');
    const mail = await smtp.waitForMail('lender@example.com');
    expect(mail.subject).toBe('У вас уже есть аккаунт в личном кабинете инвестора');
    expect(mail.text).toContain('http://portal.test/password-recovery');
    expect(mail.text).not.toContain('/activation/');
  });

  it('sends the activation link by SMS when the contact registers by phone', async () => {
    await t.ctx.database.db
      .updateTable('users')
      .set({ is_active: false, password_hash: null })
      .where('id', '=', 6)
      .execute();
    const response = await post('users/registration', { phone: '+7 (999) 000-00-06' }, '10.0.1.4');
    expect(response.statusCode).toBe(200);
    const sms = await t.ctx.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('channel', '=', 'sms')
      .where('recipient', '=', '+79990000006')
      .executeTakeFirstOrThrow();
    expect(sms.body).toMatch(/http:\/\/portal\.test\/activation\/[A-Za-z0-9_-]{43}/);
  });

  it('refuses an expired activation link', async () => {
    await t.ctx.database.db
      .updateTable('users')
      .set({ is_active: false, password_hash: null })
      .where('id', '=', 6)
      .execute();
    await post('users/registration', { email: 'newcomer@example.com' }, '10.0.1.5');
    const token = linkIn((await smtp.waitForMail('newcomer@example.com')).text, '/activation/');
    await t.ctx.database.db
      .updateTable('auth_links')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', 6)
      .execute();
    expect(
      (await post('users/information', { link: token, password: 'Novichok3Vx' })).json().error.code,
    ).toBe('link_invalid');
  });

  it('recovers a password through the mailed link, valid one hour, ending the other sessions', async () => {
    const oldSession = await t.signIn('investor@example.com');
    const response = await post('users/password/recovery', { email: 'investor@example.com' }, '10.0.1.6');
    expect(response.json()).toEqual({ success: true });
    const mail = await smtp.waitForMail('investor@example.com');
    expect(mail.subject).toBe('Восстановление пароля в личном кабинете инвестора');
    const token = linkIn(mail.text, '/recovery/');
    const stored = await t.ctx.database.db
      .selectFrom('auth_links')
      .selectAll()
      .where('user_id', '=', 1)
      .where('kind', '=', 'recovery')
      .executeTakeFirstOrThrow();
    expect(stored.expires_at.getTime() - stored.created_at.getTime()).toBeCloseTo(3_600_000, -4);
    // A recovery link does not work as an activation link.
    expect((await post('users/information', { link: token, password: 'Vosstan1Kq' })).statusCode).toBe(400);
    const filled = await post('users/password/fill', { link: token, password: 'Vosstan1Kq' });
    expect(filled.statusCode).toBe(200);
    expect(
      (await t.request({ method: 'GET', url: '/api/v1/users/data-profile', token: oldSession })).statusCode,
    ).toBe(401);
    await t.signIn('investor@example.com', 'Vosstan1Kq');
    expect((await post('users/password/fill', { link: token, password: 'Vosstan2Kq' })).statusCode).toBe(400);
  });

  it('answers recovery for an unknown address the same and validates the address', async () => {
    expect(
      (await post('users/password/recovery', { email: 'stranger@example.com' }, '10.0.1.7')).json(),
    ).toEqual({ success: true });
    const bad = await post('users/password/recovery', { email: 'not-an-address' }, '10.0.1.7');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Это непохоже на email-адрес.');
    const empty = await post('users/registration', {}, '10.0.1.7');
    expect(empty.json().error.message).toBe('Укажите e-mail или телефон из договора с управляющей компанией');
  });

  it('sends at most three mails an hour per account and kind, answering the same; sign-ups do not block recovery', async () => {
    const mailsTo = async (email: string, kind: 'signup' | 'recovery') =>
      (
        await t.ctx.database.db
          .selectFrom('auth_links')
          .innerJoin('users', 'users.id', 'auth_links.user_id')
          .select('auth_links.id')
          .where('users.email', '=', email)
          .where('auth_links.kind', '=', kind)
          .execute()
      ).length;
    const before = await mailsTo('demo@example.com', 'recovery');
    for (let i = 0; i < 5; i += 1) {
      const response = await post('users/password/recovery', { email: 'demo@example.com' }, `10.0.2.${i}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true });
    }
    expect((await mailsTo('demo@example.com', 'recovery')) - before).toBe(3);
    // Sign-up requests for an inactive contact: three links, then the same answer and nothing sent...
    await t.ctx.database.db
      .updateTable('users')
      .set({ is_active: false, password_hash: null })
      .where('email', '=', 'both@example.com')
      .execute();
    for (let i = 0; i < 4; i += 1)
      expect((await post('users/registration', { email: 'both@example.com' }, `10.0.4.${i}`)).json()).toEqual(
        {
          success: true,
        },
      );
    expect(await mailsTo('both@example.com', 'signup')).toBe(3);
    // ...and the owner's own recovery is not blocked by them.
    await post('users/password/recovery', { email: 'both@example.com' }, '10.0.4.9');
    expect(await mailsTo('both@example.com', 'recovery')).toBe(1);

    for (let i = 0; i < 10; i += 1)
      await post('users/registration', { email: `someone${i}@example.com` }, '10.0.3.1');
    const perIp = await post('users/registration', { email: 'other@example.com' }, '10.0.3.1');
    expect(perIp.statusCode).toBe(429);
    expect(Number(perIp.headers['retry-after'])).toBeGreaterThan(0);
  });
});
