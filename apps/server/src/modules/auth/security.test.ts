import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../../db/executor.ts';
import { startTestApp, type TestApp, withoutRequestId } from '../../test/harness.ts';
import { touchSession } from './queries.ts';
import { sessionCacheOf } from './session-cache.ts';
import { totpCode } from './totp.ts';

/** Attacks on accounts, sessions and the console, each replayed: every one must fail. */

const post = (t: TestApp, url: string, payload?: object, options: { token?: string; ip?: string } = {}) =>
  t.request({
    method: 'POST',
    url: `/api/v1/${url}`,
    ...(payload ? { payload } : {}),
    ...(options.token ? { token: options.token } : {}),
    remoteAddress: options.ip ?? '10.50.0.1',
  });

/** The newest outbox message to a recipient (what the mailer or the SMS gateway gets). */
const lastMessage = (t: TestApp, recipient: string) =>
  t.ctx.database.db
    .selectFrom('outbox')
    .select(['body', 'subject'])
    .where('recipient', '=', recipient)
    .orderBy('id', 'desc')
    .executeTakeFirst();

const codeIn = (text: string | undefined) => /\b\d{6}\b/.exec(text ?? '')?.[0] ?? '';
const linkIn = (text: string | undefined, prefix: string) =>
  new RegExp(`${prefix}([A-Za-z0-9_-]+)`).exec(text ?? '')?.[1] ?? '';

/** Turns the authenticator app on through the API, with the password; answers the secret and the recovery codes. */
async function enrolTotp(t: TestApp, token: string, password: string) {
  const setup = await post(t, 'users/totp/setup', { password }, { token });
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUri, qrSvg } = setup.json();
  expect(otpauthUri).toContain(`secret=${secret}`);
  expect(qrSvg).toMatch(/^<svg/);
  const enabled = await post(t, 'users/totp/enable', { code: totpCode(secret), password }, { token });
  expect(enabled.statusCode).toBe(200);
  return { secret: secret as string, recoveryCodes: enabled.json().recoveryCodes as string[] };
}

/** A code of the next 30-second step: the current one was spent by the previous call. */
const nextCode = (secret: string) => totpCode(secret, Date.now() + 30_000);

describe('finding 1: recovery and activation links honour the second factor', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('asks for the SMS code before any session, and keeps the link until the right code', async () => {
    await t.ctx.database.db
      .updateTable('users')
      .set({ two_factor_phone: '+79990000001' })
      .where('email', '=', 'investor@example.com')
      .execute();
    await post(t, 'users/password/recovery', { email: 'investor@example.com' });
    const link = linkIn((await lastMessage(t, 'investor@example.com'))?.body, '/recovery/');
    const first = await post(t, 'users/password/fill', { link, password: 'Vosstan1Kq' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ codeRequired: true, method: 'sms', phone: '+7 (***) ***-**-01' });
    expect(first.json().token).toBeUndefined();
    const code = codeIn((await lastMessage(t, '+79990000001'))?.body);
    const wrong = await post(t, 'users/password/fill', {
      link,
      password: 'Vosstan1Kq',
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('code_invalid');
    // Nothing changed yet: the old password still signs in (with its code).
    const filled = await post(t, 'users/password/fill', { link, password: 'Vosstan1Kq', code });
    expect(filled.statusCode).toBe(200);
    expect(filled.json().token).toBeTruthy();
    expect((await post(t, 'users/password/fill', { link, password: 'Vosstan1Kq', code })).statusCode).toBe(
      400,
    );
  });

  it('asks for the authenticator code (or a recovery code) on the link when the app is on', async () => {
    const token = await t.signIn('lender@example.com');
    const { secret, recoveryCodes } = await enrolTotp(t, token, 'Lender1');
    await post(t, 'users/password/recovery', { email: 'lender@example.com' });
    const link = linkIn((await lastMessage(t, 'lender@example.com'))?.body, '/recovery/');
    const first = await post(t, 'users/password/fill', { link, password: 'Vosstan1Kq' });
    expect(first.json()).toEqual({ codeRequired: true, method: 'totp' });
    const filled = await post(t, 'users/password/fill', {
      link,
      password: 'Vosstan1Kq',
      code: nextCode(secret),
    });
    expect(filled.statusCode).toBe(200);
    expect(filled.json().token).toBeTruthy();

    await post(t, 'users/password/recovery', { email: 'lender@example.com' });
    const second = linkIn((await lastMessage(t, 'lender@example.com'))?.body, '/recovery/');
    const byRecoveryCode = await post(t, 'users/password/fill', {
      link: second,
      password: 'Vosstan2Kq',
      code: recoveryCodes[0],
    });
    expect(byRecoveryCode.statusCode).toBe(200);
  });
});

describe('finding 2: step-up for account changes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('changes the e-mail only with the current password, tells the old address and ends the other sessions', async () => {
    const other = await t.signIn('investor@example.com');
    const token = await t.signIn('investor@example.com');
    const bare = await post(t, 'users/profile', { email: 'thief@example.com' }, { token });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error).toMatchObject({
      code: 'step_up_required',
      fields: { password: 'Введите текущий пароль, чтобы подтвердить изменение' },
    });
    const wrong = await post(
      t,
      'users/profile',
      { email: 'thief@example.com', password: 'Wrong1234' },
      { token },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ password: 'Пароль введен не верно' });
    const phone = await post(t, 'users/profile', { phone: '+7 999 555-11-22' }, { token });
    expect(phone.json().error.code).toBe('step_up_required');
    // Role and language need no password.
    expect((await post(t, 'users/profile', { currentLocale: 'ru' }, { token })).statusCode).toBe(200);

    const changed = await post(
      t,
      'users/profile',
      { email: 'new-investor@example.com', password: 'Investor1' },
      { token },
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json().email).toBe('new-investor@example.com');
    const notice = await lastMessage(t, 'investor@example.com');
    expect(notice?.subject).toBe('Изменены данные для входа в личный кабинет инвестора');
    expect(notice?.body).toContain('n***@example.com');
    expect(
      (await t.request({ method: 'GET', url: '/api/v1/users/data-profile', token: other })).statusCode,
    ).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/v1/users/data-profile', token })).statusCode).toBe(
      200,
    );

    const phoneChanged = await post(
      t,
      'users/profile',
      { phone: '+7 999 555-11-22', password: 'Investor1' },
      { token },
    );
    expect(phoneChanged.statusCode).toBe(200);
    expect((await lastMessage(t, '+79990000001'))?.body).toContain('телефон аккаунта изменён');
  });

  it('turns two-factor off, and sends bank-details and deletion requests, only with the password', async () => {
    const token = await t.signIn('lender@example.com');
    await t.ctx.database.db
      .updateTable('users')
      .set({ two_factor_phone: '+79990000002' })
      .where('email', '=', 'lender@example.com')
      .execute();
    const token2 = (
      await post(t, 'authenticate', { login: 'lender@example.com', password: 'Lender1' }, { ip: '10.50.1.1' })
    ).json();
    expect(token2.codeRequired).toBe(true);
    expect((await post(t, 'users/authentification/off', undefined, { token })).json().error.code).toBe(
      'step_up_required',
    );
    expect((await post(t, 'users/authentification/off', { password: 'Lender2' }, { token })).statusCode).toBe(
      400,
    );
    expect((await post(t, 'users/authentification/off', { password: 'Lender1' }, { token })).json()).toEqual({
      twoFactorEnabled: false,
    });

    const bank = { kind: 'bank_details', message: 'Новый счёт 40802810000000000007' };
    expect((await post(t, 'users/send-change-data-request', bank, { token })).json().error.code).toBe(
      'step_up_required',
    );
    expect(
      (await post(t, 'users/send-change-data-request', { ...bank, password: 'Lender1' }, { token }))
        .statusCode,
    ).toBe(200);
    expect((await post(t, 'users/deleteaccount', undefined, { token })).json().error.code).toBe(
      'step_up_required',
    );
    expect((await post(t, 'users/deleteaccount', { password: 'Nope1234' }, { token })).statusCode).toBe(400);
    expect((await post(t, 'users/deleteaccount', { password: 'Lender1' }, { token })).statusCode).toBe(200);
  });

  it('takes no authenticator code for a factor change, and limits wrong passwords', async () => {
    const token = await t.signIn('both@example.com');
    const { secret } = await enrolTotp(t, token, 'Both1234');
    const byCode = await post(t, 'users/totp/off', { code: nextCode(secret) }, { token });
    expect(byCode.statusCode).toBe(400);
    expect(byCode.json().error.code).toBe('step_up_required');
    expect((await post(t, 'users/totp/off', { password: 'Both1234' }, { token })).statusCode).toBe(200);
    for (let i = 0; i < 10; i += 1)
      await post(t, 'users/deleteaccount', { password: `Wrong${i}abc` }, { token });
    const limited = await post(t, 'users/deleteaccount', { password: 'Both1234' }, { token });
    expect(limited.statusCode).toBe(429);
  });
});

describe('findings 4 and 5: limits by the canonical account and address, failures only', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());
  const authenticate = (login: string, password: string, ip: string) =>
    post(t, 'authenticate', { login, password }, { ip });

  it('counts every spelling of a phone (and the e-mail) as one account', async () => {
    const spellings = [
      '+79990000002',
      '89990000002',
      '9990000002',
      '+7 (999) 000-00-02',
      'LENDER@example.com ',
    ];
    for (let i = 0; i < 10; i += 1)
      expect(
        (await authenticate(spellings[i % spellings.length] ?? '', 'Wrong1', '10.60.0.1')).statusCode,
      ).toBe(401);
    const limited = await authenticate('8 (999) 000-00-02', 'Wrong1', '10.60.0.1');
    expect(limited.statusCode).toBe(429);
    // The owner, elsewhere, still signs in.
    expect((await authenticate('+79990000002', 'Lender1', '10.60.0.2')).statusCode).toBe(200);
  });

  it('does not count successful sign-ins against an office address', async () => {
    for (let i = 0; i < 40; i += 1) {
      const login = i % 2 ? 'investor@example.com' : 'demo@example.com';
      const password = i % 2 ? 'Investor1' : 'Demo1234';
      expect((await authenticate(login, password, '10.61.0.1')).statusCode, `sign-in ${i}`).toBe(200);
    }
  });

  it('past the slower per-account ceiling asks a new address for a mailed code instead of locking the owner out', async () => {
    const first = await authenticate('both@example.com', 'Wrong1', '10.62.250.1');
    for (let i = 0; i < 50; i += 1) await authenticate('both@example.com', 'Wrong1', `10.62.${i}.1`);
    const ceiling = await authenticate('both@example.com', 'Both1234', '10.62.200.1');
    expect(ceiling.statusCode).toBe(200);
    expect(ceiling.json()).toEqual({ codeRequired: true, method: 'email', email: 'bo***@example.com' });
    // A wrong password still answers as it always did (sign-in-challenge.test.ts has the rest).
    const wrong = await authenticate('both@example.com', 'Wrong1', '10.62.201.1');
    expect(withoutRequestId(wrong.json())).toEqual(withoutRequestId(first.json()));
  });
});

describe('finding 6: weak and personal passwords are refused', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('refuses common passwords and the login, keeping the spec rule; the demo passwords still sign in', async () => {
    const token = await t.signIn('demo@example.com');
    const change = (newPassword: string, headers: Record<string, string> = {}) =>
      t.request({
        method: 'POST',
        url: '/api/v1/users/password/change',
        token,
        headers,
        payload: { oldPassword: 'Demo1234', newPassword },
      });
    for (const weak of ['Aa1aaa', 'Qwerty1', 'Password1', 'Parol123', 'Gfhjkm12']) {
      const response = await change(weak);
      expect(response.statusCode, weak).toBe(400);
      expect(response.json().error.fields.newPassword).toBe(
        'Этот пароль слишком простой или распространённый: его легко подобрать. Придумайте другой.',
      );
    }
    const english = await change('Qwerty1', { cookie: 'cookieLocale=EN' });
    expect(english.json().error.message).toBe(
      'This password is too simple or too common: it is easy to guess. Choose another one.',
    );
    expect((await change('abc')).json().error.fields.newPassword).toContain('Введите от 6 до 20 символов');
    await t.ctx.database.db
      .updateTable('users')
      .set({ email: 'kx7home9@example.com' })
      .where('id', '=', 1223)
      .execute();
    const personal = await change('Kx7Home9@example.com');
    expect(personal.json().error.fields.newPassword).toBe(
      'Пароль не должен совпадать с логином, e-mail или телефоном.',
    );
    expect((await change('Kx7Home9')).json().error.fields.newPassword).toBe(
      'Пароль не должен совпадать с логином, e-mail или телефоном.',
    );
    expect((await change('Zimorodok7')).statusCode).toBe(200);
    await t.signIn('investor@example.com', 'Investor1');
  });
});

describe('finding 8: TOTP by an authenticator app, recovery codes, staff must have a second factor', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ STAFF_REQUIRE_SECOND_FACTOR: 'true' });
  });
  afterAll(() => t?.close());

  it('enrols by a confirmed code and then signs in with an app code or a single-use recovery code', async () => {
    const token = await t.signIn('investor@example.com');
    const password = 'Investor1';
    const setup = (await post(t, 'users/totp/setup', { password }, { token })).json();
    const stored = await t.ctx.database.db
      .selectFrom('users')
      .select(['totp_pending_secret', 'totp_enabled_at'])
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(stored.totp_pending_secret).not.toContain(setup.secret);
    expect(stored.totp_enabled_at).toBeNull();
    // Not on before a right code.
    const wrongCode = totpCode(setup.secret) === '000000' ? '111111' : '000000';
    expect((await post(t, 'users/totp/enable', { code: wrongCode, password }, { token })).statusCode).toBe(
      400,
    );
    expect(
      (await post(t, 'authenticate', { login: 'investor@example.com', password: 'Investor1' })).json().token,
    ).toBeTruthy();
    const enabled = await post(t, 'users/totp/enable', { code: totpCode(setup.secret), password }, { token });
    const codes = enabled.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const profile = (await t.request({ method: 'GET', url: '/api/v1/users/data-profile', token })).json();
    expect(profile).toMatchObject({ totpEnabled: true, recoveryCodesLeft: 10 });

    const login = { login: 'investor@example.com', password: 'Investor1' };
    expect((await post(t, 'authenticate', login, { ip: '10.70.0.1' })).json()).toEqual({
      codeRequired: true,
      method: 'totp',
    });
    const code = nextCode(setup.secret);
    const signedIn = await post(t, 'authenticate', { ...login, code }, { ip: '10.70.0.1' });
    expect(signedIn.statusCode).toBe(200);
    // The same code does not work twice.
    expect((await post(t, 'authenticate', { ...login, code }, { ip: '10.70.0.1' })).statusCode).toBe(400);
    const byRecovery = await post(t, 'authenticate', { ...login, code: codes[3] }, { ip: '10.70.0.1' });
    expect(byRecovery.statusCode).toBe(200);
    expect(
      (await post(t, 'authenticate', { ...login, code: codes[3] }, { ip: '10.70.0.1' })).statusCode,
    ).toBe(400);
    const left = (await t.request({ method: 'GET', url: '/api/v1/users/data-profile', token })).json();
    expect(left.recoveryCodesLeft).toBe(9);
  });

  it('keeps the console from managers without a second factor until they enrol', async () => {
    const manager = await t.signIn('manager@example.com');
    const inbox = () => t.request({ method: 'GET', url: '/api/v1/backoffice/requests', token: manager });
    const refused = await inbox();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'second_factor_required',
      message: 'Для работы в консоли включите двухфакторную аутентификацию в профиле',
    });
    const profile = await t.request({ method: 'GET', url: '/api/v1/users/data-profile', token: manager });
    expect(profile.json().secondFactorRequired).toBe(true);
    await enrolTotp(t, manager, 'Manager1');
    expect((await inbox()).statusCode).toBe(200);
  });
});

describe('finding 11: sessions a user can see and end; inactivity timeout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ SESSION_IDLE_HOURS: '24' });
  });
  afterAll(() => t?.close());
  const profile = (token: string) => t.request({ method: 'GET', url: '/api/v1/users/data-profile', token });

  it('lists the sessions with device, address and times; ends one and all others', async () => {
    const phone = (
      await t.request({
        method: 'POST',
        url: '/api/v1/authenticate',
        payload: { login: 'demo@example.com', password: 'Demo1234' },
        headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)' },
        remoteAddress: '10.80.0.2',
      })
    ).json().token as string;
    const laptop = await t.signIn('demo@example.com');
    const third = await t.signIn('demo@example.com');
    const list = await t.request({ method: 'GET', url: '/api/v1/users/sessions', token: laptop });
    const sessions = list.json().sessions as Array<Record<string, unknown>>;
    expect(sessions).toHaveLength(3);
    const iphone = sessions.find((s) => String(s.userAgent).includes('iPhone'));
    expect(iphone).toMatchObject({ ip: '10.80.0.2', current: false });
    expect(Date.parse(String(iphone?.createdAt))).toBeGreaterThan(Date.now() - 60_000);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);

    const ended = await t.request({
      method: 'DELETE',
      url: `/api/v1/users/sessions/${iphone?.id}`,
      token: laptop,
    });
    expect(ended.statusCode).toBe(200);
    expect((await profile(phone)).statusCode).toBe(401);
    // Another user's session is not found.
    const investor = await t.signIn('investor@example.com');
    const mine = (await t.request({ method: 'GET', url: '/api/v1/users/sessions', token: laptop })).json()
      .sessions[0].id;
    expect(
      (await t.request({ method: 'DELETE', url: `/api/v1/users/sessions/${mine}`, token: investor }))
        .statusCode,
    ).toBe(404);

    expect((await post(t, 'users/sessions/end-others', undefined, { token: laptop })).statusCode).toBe(200);
    expect((await profile(third)).statusCode).toBe(401);
    expect((await profile(laptop)).statusCode).toBe(200);
  });

  it('ends a session unused for the idle time and moves last seen at most once a minute', async () => {
    const token = await t.signIn('lender@example.com');
    const sid = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sid as string;
    // Written behind the server's back, so the session cache (a second at most) is cleared too.
    const setSeen = async (msAgo: number) => {
      await t.ctx.database.db
        .updateTable('sessions')
        .set({ last_seen_at: new Date(Date.now() - msAgo) })
        .where('id', '=', sid)
        .execute();
      sessionCacheOf(t.ctx.database).clear();
    };
    const seen = async () =>
      (
        await t.ctx.database.db
          .selectFrom('sessions')
          .select('last_seen_at')
          .where('id', '=', sid)
          .executeTakeFirstOrThrow()
      ).last_seen_at.getTime();
    await setSeen(30_000);
    const before = await seen();
    expect((await profile(token)).statusCode).toBe(200);
    expect(await seen()).toBe(before);
    await setSeen(120_000);
    expect((await profile(token)).statusCode).toBe(200);
    expect(await seen()).toBeGreaterThan(Date.now() - 10_000);
    await setSeen(25 * 3_600_000);
    expect((await profile(token)).statusCode).toBe(401);
  });

  it("marks a session seen without waiting for the disk, and leaves the connection's other commits as they were", async () => {
    const token = await t.signIn('lender@example.com');
    const sid = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sid as string;
    const setting = async (db: Executor) =>
      (await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(db)).rows[0]
        ?.synchronous_commit;
    await t.ctx.database.db.connection().execute(async (connection) => {
      await connection.transaction().execute(async (trx) => {
        await touchSession(trx, sid);
        expect(await setting(trx)).toBe('off');
      });
      expect(await setting(connection)).toBe('on');
      await touchSession(connection, sid);
      expect(await setting(connection)).toBe('on');
    });
  });
});
