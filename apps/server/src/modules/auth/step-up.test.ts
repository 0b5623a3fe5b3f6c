import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { totpCode } from './totp.ts';

/**
 * A stolen session alone must not take the account: enrolling a factor takes the current password, a factor younger
 * than a day vouches for nothing, SMS two-factor goes only to the account's own phone, and every factor change is
 * told to the account and ends its other sessions.
 */

const post = (t: TestApp, url: string, payload?: object, options: { token?: string; ip?: string } = {}) =>
  t.request({
    method: 'POST',
    url: `/api/v1/${url}`,
    ...(payload ? { payload } : {}),
    ...(options.token ? { token: options.token } : {}),
    remoteAddress: options.ip ?? '10.51.0.1',
  });

const profileStatus = async (t: TestApp, token: string) =>
  (await t.request({ method: 'GET', url: '/api/v1/users/data-profile', token })).statusCode;

const messagesTo = (t: TestApp, recipient: string) =>
  t.ctx.database.db
    .selectFrom('outbox')
    .select(['body', 'subject'])
    .where('recipient', '=', recipient)
    .orderBy('id', 'desc')
    .execute();

const codeIn = (text: string | undefined) => /\b\d{6}\b/.exec(text ?? '')?.[0] ?? '';

const userRow = (t: TestApp, email: string) =>
  t.ctx.database.db
    .selectFrom('users')
    .select(['id', 'email', 'totp_pending_secret', 'totp_enabled_at', 'two_factor_phone'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();

/** Turns the authenticator app on with the password; answers the secret and the recovery codes. */
async function enrolTotp(t: TestApp, token: string, password: string) {
  const setup = await post(t, 'users/totp/setup', { password }, { token });
  expect(setup.statusCode).toBe(200);
  const secret = setup.json().secret as string;
  const enabled = await post(t, 'users/totp/enable', { code: totpCode(secret), password }, { token });
  expect(enabled.statusCode).toBe(200);
  return { secret, recoveryCodes: enabled.json().recoveryCodes as string[] };
}

/** A code of the next 30-second step: the current one was spent by the enrolment. */
const nextCode = (secret: string) => totpCode(secret, Date.now() + 30_000);

const STEP_UP_RU = 'Введите текущий пароль, чтобы подтвердить изменение';

describe('a stolen session cannot enrol a factor or use one to take the account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('stops the takeover by an own authenticator app at its first step', async () => {
    const stolen = await t.signIn('investor@example.com');
    const setup = await post(t, 'users/totp/setup', undefined, { token: stolen });
    expect(setup.statusCode).toBe(400);
    expect(setup.json().error).toMatchObject({
      code: 'step_up_required',
      fields: { password: STEP_UP_RU },
    });
    const english = await t.request({
      method: 'POST',
      url: '/api/v1/users/totp/setup',
      token: stolen,
      headers: { cookie: 'cookieLocale=EN' },
      payload: {},
    });
    expect(english.json().error.message).toBe('Enter your current password to confirm the change');
    const guessed = await post(t, 'users/totp/setup', { password: 'Guess1234' }, { token: stolen });
    expect(guessed.statusCode).toBe(400);
    expect(guessed.json().error).toMatchObject({
      code: 'wrong_password',
      fields: { password: 'Пароль введен не верно' },
    });
    // The later steps of the chain are refused too, each on its own.
    const enable = await post(t, 'users/totp/enable', { code: '123456' }, { token: stolen });
    expect(enable.json().error.code).toBe('step_up_required');
    const email = await post(
      t,
      'users/profile',
      { email: 'thief@example.com', code: '123456' },
      { token: stolen },
    );
    expect(email.json().error.code).toBe('step_up_required');
    expect((await post(t, 'users/recovery-codes', undefined, { token: stolen })).json().error.code).toBe(
      'step_up_required',
    );
    const stored = await userRow(t, 'investor@example.com');
    expect(stored).toMatchObject({ totp_pending_secret: null, totp_enabled_at: null });
  });

  it('stops two-factor by SMS to a foreign phone at its first step, and sends nothing there', async () => {
    const stolen = await t.signIn('lender@example.com');
    const foreign = '+79995550101';
    const bare = await post(t, 'users/authentification/code/send', { phone: foreign }, { token: stolen });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.code).toBe('step_up_required');
    // Even the owner's password does not send a code to another phone.
    const withPassword = await post(
      t,
      'users/authentification/code/send',
      { phone: foreign, password: 'Lender1' },
      { token: stolen },
    );
    expect(withPassword.statusCode).toBe(400);
    expect(withPassword.json().error.fields).toEqual({
      phone: 'Коды для входа приходят только на телефон аккаунта; сначала измените телефон в профиле',
    });
    const english = await t.request({
      method: 'POST',
      url: '/api/v1/users/authentification/code/send',
      token: stolen,
      headers: { cookie: 'cookieLocale=EN' },
      payload: { phone: foreign, password: 'Lender1' },
    });
    expect(english.json().error.message).toBe(
      "Two-factor codes go only to your account's phone; change the phone in your profile first",
    );
    const confirm = await post(
      t,
      'users/authentification/code',
      { phone: foreign, code: '123456', password: 'Lender1' },
      { token: stolen },
    );
    expect(confirm.statusCode).toBe(400);
    expect(await messagesTo(t, foreign)).toEqual([]);
    expect((await userRow(t, 'lender@example.com')).two_factor_phone).toBeNull();
  });

  it('lets the owner enrol the app with the password: the account is mailed, the other sessions end', async () => {
    const other = await t.signIn('demo@example.com');
    const token = await t.signIn('demo@example.com');
    const setup = await post(t, 'users/totp/setup', { password: 'Demo1234' }, { token });
    const secret = setup.json().secret as string;
    // The password goes with the first code too: a session alone cannot finish someone else's setup.
    const noPassword = await post(t, 'users/totp/enable', { code: totpCode(secret) }, { token });
    expect(noPassword.json().error.code).toBe('step_up_required');
    expect(await profileStatus(t, other)).toBe(200);
    const enabled = await post(
      t,
      'users/totp/enable',
      { code: totpCode(secret), password: 'Demo1234' },
      { token },
    );
    expect(enabled.statusCode).toBe(200);
    expect(await profileStatus(t, other)).toBe(401);
    expect(await profileStatus(t, token)).toBe(200);
    const [notice] = await messagesTo(t, 'demo@example.com');
    expect(notice?.subject).toBe('Изменена защита входа в личный кабинет инвестора');
    expect(notice?.body).toContain('подключено приложение-аутентификатор');

    const again = await post(t, 'users/recovery-codes', { password: 'Demo1234' }, { token });
    expect(again.json().recoveryCodes).toHaveLength(10);
    expect((await messagesTo(t, 'demo@example.com'))[0]?.body).toContain('созданы новые резервные коды');
  });

  it("lets the owner turn SMS two-factor on for the account's phone, mailed in the owner's language", async () => {
    await t.ctx.database.db
      .updateTable('users')
      .set({ locale: 'en' })
      .where('email', '=', 'both@example.com')
      .execute();
    const other = await t.signIn('both@example.com');
    const token = await t.signIn('both@example.com');
    const sent = await post(
      t,
      'users/authentification/code/send',
      { phone: '+7 (999) 000-00-03', password: 'Both1234' },
      { token },
    );
    expect(sent.statusCode).toBe(200);
    const code = codeIn((await messagesTo(t, '+79990000003'))[0]?.body);
    const wrong = await post(
      t,
      'users/authentification/code',
      { phone: '+79990000003', code, password: 'Wrong1234' },
      { token },
    );
    expect(wrong.json().error.code).toBe('wrong_password');
    const on = await post(
      t,
      'users/authentification/code',
      { phone: '+79990000003', code, password: 'Both1234' },
      { token },
    );
    expect(on.json()).toEqual({ twoFactorEnabled: true });
    expect(await profileStatus(t, other)).toBe(401);
    expect(await profileStatus(t, token)).toBe(200);
    const [notice] = await messagesTo(t, 'both@example.com');
    expect(notice?.subject).toBe('The sign-in protection of your investor portal account changed');
    expect(notice?.body).toContain('sign-in with an SMS code was turned on');

    const off = await post(t, 'users/authentification/off', { password: 'Both1234' }, { token });
    expect(off.json()).toEqual({ twoFactorEnabled: false });
    expect((await messagesTo(t, 'both@example.com'))[0]?.body).toContain(
      'sign-in with an SMS code was turned off',
    );
  });

  it('takes an app code for a request only once the app is a day old, and never for an e-mail change', async () => {
    const token = await t.signIn('investor@example.com');
    const { secret } = await enrolTotp(t, token, 'Investor1');
    const code = nextCode(secret);
    const young = await post(t, 'users/deleteaccount', { code }, { token });
    expect(young.statusCode).toBe(400);
    expect(young.json().error).toMatchObject({ code: 'step_up_required', fields: { password: STEP_UP_RU } });
    const bank = { kind: 'bank_details', message: 'Новый счёт 40802810000000000009', code };
    expect((await post(t, 'users/send-change-data-request', bank, { token })).json().error.code).toBe(
      'step_up_required',
    );
    const email = await post(t, 'users/profile', { email: 'investor-new@example.com', code }, { token });
    expect(email.json().error.code).toBe('step_up_required');

    await t.ctx.database.db
      .updateTable('users')
      .set({ totp_enabled_at: new Date(Date.now() - 25 * 3_600_000) })
      .where('email', '=', 'investor@example.com')
      .execute();
    const laterEmail = await post(t, 'users/profile', { email: 'investor-new@example.com', code }, { token });
    expect(laterEmail.json().error.code).toBe('step_up_required');
    const laterOff = await post(t, 'users/totp/off', { code }, { token });
    expect(laterOff.json().error.code).toBe('step_up_required');
    const mature = await post(t, 'users/deleteaccount', { code }, { token });
    expect(mature.statusCode).toBe(200);
    expect(mature.json().success).toBe(true);
    expect((await userRow(t, 'investor@example.com')).email).toBe('investor@example.com');
  });
});

describe('code checks count failures only', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  const signIn = (login: string, password: string, code?: string) =>
    post(t, 'authenticate', { login, password, ...(code ? { code } : {}) }, { ip: '10.52.0.1' });

  it('lets 11 right app and recovery codes in a row through; wrong ones still stop at 429', async () => {
    const token = await t.signIn('lender@example.com');
    const { secret, recoveryCodes } = await enrolTotp(t, token, 'Lender1');
    const right = [...recoveryCodes, nextCode(secret)];
    expect(right).toHaveLength(11);
    for (const [i, code] of right.entries())
      expect((await signIn('lender@example.com', 'Lender1', code)).statusCode, `right code ${i}`).toBe(200);
    for (let i = 0; i < 10; i += 1) {
      const wrong = await signIn('lender@example.com', 'Lender1', `wrong-${String(i).padStart(5, '0')}`);
      expect(wrong.statusCode, `wrong code ${i}`).toBe(400);
    }
    expect((await signIn('lender@example.com', 'Lender1', 'wrong-99999')).statusCode).toBe(429);
  });

  it('lets 11 right SMS codes in a row through', async () => {
    const { id } = await userRow(t, 'both@example.com');
    await t.ctx.database.db
      .updateTable('users')
      .set({ two_factor_phone: '+79990000003' })
      .where('id', '=', id)
      .execute();
    for (let i = 0; i < 11; i += 1) {
      // The limit of codes sent an hour (10) is not what this test is about.
      if (i === 5) await t.ctx.limiter.reset(`code-send:user:${id}`);
      const first = await signIn('both@example.com', 'Both1234');
      expect(first.json().codeRequired, `challenge ${i}`).toBe(true);
      const code = codeIn((await messagesTo(t, '+79990000003'))[0]?.body);
      expect((await signIn('both@example.com', 'Both1234', code)).statusCode, `right code ${i}`).toBe(200);
    }
  });
});
