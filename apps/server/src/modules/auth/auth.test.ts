import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp, withoutRequestId } from '../../test/harness.ts';

const FAILED_RU = 'Пользователь с такой комбинацией логина и пароля не найден.';
const FAILED_EN = 'No user found with this combination of username and password.';

describe('POST authenticate', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  const authenticate = (payload: unknown, remoteAddress = '10.0.0.1', headers: Record<string, string> = {}) =>
    t.request({
      method: 'POST',
      url: '/api/v1/authenticate',
      payload: payload as object,
      remoteAddress,
      headers,
    });

  it('signs in by e-mail and answers a token and the roles', async () => {
    const response = await authenticate({ login: 'Investor@Example.com ', password: 'Investor1' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.roles).toEqual([{ code: 'INVESTOR', name: 'Инвестор' }]);
    const profile = await t.request({ method: 'GET', url: '/api/v1/users/data-profile', token: body.token });
    expect(profile.json().email).toBe('investor@example.com');
  });

  it('signs in by a +7 phone written in any usual form', async () => {
    for (const login of ['+7 (999) 000-00-01', '89990000001', '9990000001', '+79990000001']) {
      const response = await authenticate({ login, password: 'Investor1' }, '10.0.0.2');
      expect(response.statusCode, login).toBe(200);
    }
  });

  it('answers the same message for an unknown login and a wrong password, in ru and en', async () => {
    const unknown = await authenticate({ login: 'nobody@example.com', password: 'Investor1' }, '10.0.0.3');
    const wrong = await authenticate({ login: 'investor@example.com', password: 'Investor2' }, '10.0.0.3');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(withoutRequestId(unknown.json())).toEqual(withoutRequestId(wrong.json()));
    expect(wrong.json().error.message).toBe(FAILED_RU);
    const english = await authenticate({ login: 'investor@example.com', password: 'Investor2' }, '10.0.0.3', {
      cookie: 'cookieLocale=EN',
    });
    expect(english.json().error.message).toBe(FAILED_EN);
  });

  it('does not let a contact without an activated account sign in', async () => {
    const response = await authenticate({ login: 'newcomer@example.com', password: 'Newcomer1' }, '10.0.0.4');
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe(FAILED_RU);
  });

  it('refuses bad input with 400 and a message: missing fields, wrong types, malformed JSON', async () => {
    const missing = await authenticate({}, '10.0.0.5');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({
      login: 'Введите e-mail или телефон',
      password: 'Введите пароль',
    });
    const types = await authenticate({ login: 42, password: ['x'] }, '10.0.0.5');
    expect(types.statusCode).toBe(400);
    const malformed = await t.request({
      method: 'POST',
      url: '/api/v1/authenticate',
      payload: '{"login": "investor@example.com", ',
      headers: { 'content-type': 'application/json' },
      remoteAddress: '10.0.0.5',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toEqual({
      code: 'invalid_json',
      message: 'Тело запроса не является JSON',
      requestId: expect.any(String),
    });
  });

  it('answers 413 to a body over 1 MB', async () => {
    const response = await authenticate(
      { login: 'investor@example.com', password: 'x'.repeat(1_100_000) },
      '10.0.0.6',
    );
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('payload_too_large');
  });

  it('limits failed tries per account and address with 429 and Retry-After; the owner elsewhere still signs in', async () => {
    for (let i = 0; i < 10; i += 1)
      expect(
        (await authenticate({ login: 'demo@example.com', password: 'Wrong1' }, '10.1.0.1')).statusCode,
      ).toBe(401);
    // The eleventh try of this account from this address is refused, even with the right password.
    const limited = await authenticate({ login: 'demo@example.com', password: 'Demo1234' }, '10.1.0.1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().error.message).toBe('Слишком много попыток. Повторите позже.');
    // The owner from another address is not locked out.
    expect(
      (await authenticate({ login: 'demo@example.com', password: 'Demo1234' }, '10.1.1.1')).statusCode,
    ).toBe(200);
  });
});

describe('tokens and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());
  const profile = (token?: string) => t.request({ method: 'GET', url: '/api/v1/users/data-profile', token });

  it('answers 401 without a token, with a forged one and with an expired one', async () => {
    expect((await profile()).statusCode).toBe(401);
    expect((await profile('not-a-jwt')).statusCode).toBe(401);
    const token = await t.signIn('investor@example.com');
    const [header, payload] = token.split('.');
    expect((await profile(`${header}.${payload}.forged-signature`)).statusCode).toBe(401);
    const session = await t.ctx.database.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', 1)
      .executeTakeFirstOrThrow();
    const secret = new TextEncoder().encode(t.ctx.config.jwtSecret);
    const expired = await new SignJWT({ sid: session.id })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('investor-portal')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(secret);
    expect((await profile(expired)).statusCode).toBe(401);
    const otherSecret = await new SignJWT({ sid: session.id })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('investor-portal')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(48)));
    expect((await profile(otherSecret)).statusCode).toBe(401);
    expect((await profile(token)).statusCode).toBe(200);

    // A token accepted once is refused once it expires, though the session it names lives on.
    const expiry = Math.floor(Date.now() / 1000) + 2;
    const shortLived = await new SignJWT({ sid: session.id })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('investor-portal')
      .setExpirationTime(expiry)
      .sign(secret);
    expect((await profile(shortLived)).statusCode).toBe(200);
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(expiry * 1000), {
      timeout: 5000,
      interval: 50,
    });
    expect((await profile(shortLived)).statusCode).toBe(401);
  });

  it('revokes the token at logout', async () => {
    const token = await t.signIn('lender@example.com');
    expect((await t.request({ method: 'POST', url: '/api/v1/users/logout', token })).statusCode).toBe(200);
    expect((await profile(token)).statusCode).toBe(401);
  });

  it('lets no session outlive its expiry in the database', async () => {
    const token = await t.signIn('demo@example.com');
    await t.ctx.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', 1223)
      .execute();
    expect((await profile(token)).statusCode).toBe(401);
  });
});

describe('POST users/password/change', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());
  const change = (token: string, payload: object) =>
    t.request({ method: 'POST', url: '/api/v1/users/password/change', token, payload });

  it("refuses a wrong old password with the spec's text on the field", async () => {
    const token = await t.signIn('investor@example.com');
    const response = await change(token, { oldPassword: 'Wrong1234', newPassword: 'Investor2' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      message: 'Пароль введен не верно',
      fields: { oldPassword: 'Пароль введен не верно' },
    });
  });

  it('refuses a new password equal to the old one or breaking the rule', async () => {
    const token = await t.signIn('investor@example.com');
    const same = await change(token, { oldPassword: 'Investor1', newPassword: 'Investor1' });
    expect(same.json().error.message).toBe('Новый пароль должен отличаться от старого');
    const weak = await change(token, { oldPassword: 'Investor1', newPassword: 'investor' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields.newPassword).toBe(
      'Введите от 6 до 20 символов. Пароль должен содержать хотя бы одну цифру, одну заглавную и строчную букву',
    );
  });

  it('changes it, keeps the current session and ends the others', async () => {
    const other = await t.signIn('lender@example.com');
    const current = await t.signIn('lender@example.com');
    const response = await change(current, { oldPassword: 'Lender1', newPassword: 'Kredit22Vox' });
    expect(response.statusCode).toBe(200);
    expect(
      (await t.request({ method: 'GET', url: '/api/v1/users/data-profile', token: current })).statusCode,
    ).toBe(200);
    expect(
      (await t.request({ method: 'GET', url: '/api/v1/users/data-profile', token: other })).statusCode,
    ).toBe(401);
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/v1/authenticate',
          payload: { login: 'lender@example.com', password: 'Lender1' },
        })
      ).statusCode,
    ).toBe(401);
    await t.signIn('lender@example.com', 'Kredit22Vox');
  });

  it('needs a signed-in user', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/users/password/change',
      payload: { oldPassword: 'a', newPassword: 'Abcdef1' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('two-factor codes', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp();
    token = await t.signIn('demo@example.com');
  });
  afterAll(() => t?.close());

  /** The code of the newest SMS to the phone, read from the outbox the way the gateway would get it. */
  const lastCode = async (phone: string) => {
    const sms = await t.ctx.database.db
      .selectFrom('outbox')
      .select('body')
      .where('channel', '=', 'sms')
      .where('recipient', '=', phone)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return /\d{6}/.exec(sms.body)?.[0] ?? '';
  };
  // Turning two-factor on takes the current password in each call (security.test.ts covers its refusals).
  const send = (phone = '+7 (999) 000-00-04') =>
    t.request({
      method: 'POST',
      url: '/api/v1/users/authentification/code/send',
      token,
      payload: { phone, password: 'Demo1234' },
    });
  const check = (code: string, phone = '+79990000004') =>
    t.request({
      method: 'POST',
      url: '/api/v1/users/authentification/code',
      token,
      payload: { code, phone, password: 'Demo1234' },
    });
  const backdateCodes = (seconds: number) =>
    t.ctx.database.db
      .updateTable('auth_codes')
      .set({ created_at: new Date(Date.now() - seconds * 1000) })
      .where('user_id', '=', 1223)
      .execute();

  it('sends a six-digit code and allows a new one only after 30 seconds', async () => {
    const first = await send();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, resendAfterSeconds: 30, expiresInSeconds: 300 });
    expect(await lastCode('+79990000004')).toMatch(/^\d{6}$/);
    const early = await send();
    expect(early.statusCode).toBe(429);
    expect(early.json().error.code).toBe('code_resend_too_early');
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(0);
    await backdateCodes(31);
    expect((await send()).statusCode).toBe(200);
  });

  it('refuses a wrong code, and after five tries even the right one', async () => {
    await backdateCodes(31);
    await send();
    const code = await lastCode('+79990000004');
    const wrong = code === '000000' ? '111111' : '000000';
    const first = await check(wrong);
    expect(first.statusCode).toBe(400);
    expect(first.json().error.code).toBe('code_invalid');
    for (let i = 0; i < 4; i += 1) await check(wrong);
    const exhausted = await check(code);
    expect(exhausted.json().error.code).toBe('code_attempts_exceeded');
  });

  it('refuses an expired code', async () => {
    await backdateCodes(31);
    await send();
    const code = await lastCode('+79990000004');
    await t.ctx.database.db
      .updateTable('auth_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', 1223)
      .execute();
    expect((await check(code)).json().error.code).toBe('code_expired');
  });

  it('turns two-factor sign-in on with the right code; sign-in then needs a code', async () => {
    await backdateCodes(31);
    await send();
    const confirmed = await check(await lastCode('+79990000004'));
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ twoFactorEnabled: true });

    const login = { login: 'demo@example.com', password: 'Demo1234' };
    const first = await t.request({
      method: 'POST',
      url: '/api/v1/authenticate',
      payload: login,
      remoteAddress: '10.9.0.1',
    });
    expect(first.json()).toEqual({ codeRequired: true, method: 'sms', phone: '+7 (***) ***-**-04' });
    const wrongPassword = await t.request({
      method: 'POST',
      url: '/api/v1/authenticate',
      payload: { ...login, password: 'Demo9999' },
      remoteAddress: '10.9.0.1',
    });
    expect(wrongPassword.statusCode).toBe(401);
    const code = await lastCode('+79990000004');
    const wrongCode = await t.request({
      method: 'POST',
      url: '/api/v1/authenticate',
      payload: { ...login, code: code === '000000' ? '111111' : '000000' },
      remoteAddress: '10.9.0.1',
    });
    expect(wrongCode.statusCode).toBe(400);
    const signedIn = await t.request({
      method: 'POST',
      url: '/api/v1/authenticate',
      payload: { ...login, code },
      remoteAddress: '10.9.0.1',
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().token).toBeTruthy();

    const off = await t.request({
      method: 'POST',
      url: '/api/v1/users/authentification/off',
      token,
      payload: { password: 'Demo1234' },
    });
    expect(off.json()).toEqual({ twoFactorEnabled: false });
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/v1/authenticate',
          payload: login,
          remoteAddress: '10.9.0.2',
        })
      ).json().token,
    ).toBeTruthy();
  });

  it('validates the code and the phone', async () => {
    expect((await check('12345')).json().error.message).toBe('Код состоит из шести цифр');
    expect((await send('12345')).json().error.message).toBe('Некорректный номер телефона.');
  });
});
