import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, withoutRequestId } from '../../test/harness.ts';

/**
 * The per-account ceiling of failed sign-ins is a challenge, not a lockout: strangers failing from many addresses
 * cannot keep the owner out, and a guesser who has the password still needs the code mailed to the account.
 */

const signIn = (t: TestApp, payload: { login: string; password: string; code?: string }, ip: string) =>
  t.request({ method: 'POST', url: '/api/v1/authenticate', payload, remoteAddress: ip });

/** The outbox messages to a recipient, newest first (what the mailer or the SMS gateway gets). */
const messagesTo = (t: TestApp, recipient: string) =>
  t.ctx.database.db
    .selectFrom('outbox')
    .select(['body', 'subject'])
    .where('recipient', '=', recipient)
    .orderBy('id', 'desc')
    .execute();

const codeIn = (text: string | undefined) => /\b\d{6}\b/.exec(text ?? '')?.[0] ?? '';
const otherCode = (code: string) => (code === '000000' ? '111111' : '000000');

/** 60 wrong passwords from 6 addresses (10 each: every one stays within its per-account-and-address limit). */
async function failFromSixAddresses(t: TestApp, login: string, prefix: string) {
  for (let address = 1; address <= 6; address += 1)
    for (let i = 0; i < 10; i += 1) {
      const response = await signIn(t, { login, password: 'Wrong1234' }, `${prefix}.${address}`);
      expect(response.statusCode, `failure ${i} from address ${address}`).toBe(401);
    }
}

describe('past the per-account ceiling, a new address answers a mailed code', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('lets the owner in from a 7th address after the mailed code; a guesser without the mailbox stays out', async () => {
    const login = 'investor@example.com';
    await failFromSixAddresses(t, login, '10.70.0');
    const mailsBefore = (await messagesTo(t, login)).length;

    // The right password from a 7th address: no token and no 429, but the code challenge.
    const asked = await signIn(t, { login, password: 'Investor1' }, '10.70.0.7');
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ codeRequired: true, method: 'email', email: 'in***@example.com' });
    const mails = await messagesTo(t, login);
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(mails[0]?.subject).toBe('Код для входа в личный кабинет инвестора');
    expect(mails[0]?.body).toContain('10.70.0.7');
    const code = codeIn(mails[0]?.body);
    expect(code).toMatch(/^\d{6}$/);

    // Asking again at once (a double click) sends nothing new; the code on its way stands.
    expect((await signIn(t, { login, password: 'Investor1' }, '10.70.0.7')).json().method).toBe('email');
    expect(await messagesTo(t, login)).toHaveLength(mailsBefore + 1);

    // The code is good only from the address it was sent for: elsewhere it gets a challenge of its own.
    const elsewhere = await signIn(t, { login, password: 'Investor1', code }, '10.70.0.8');
    expect(elsewhere.json()).toEqual({ codeRequired: true, method: 'email', email: 'in***@example.com' });
    const elsewhereCode = codeIn((await messagesTo(t, login))[0]?.body);
    expect(elsewhereCode).not.toBe(code);
    const crossed = await signIn(t, { login, password: 'Investor1', code }, '10.70.0.8');
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().error.code).toBe('code_invalid');
    expect(crossed.json().token).toBeUndefined();

    const wrong = await signIn(t, { login, password: 'Investor1', code: otherCode(code) }, '10.70.0.7');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ code: 'code_invalid', fields: { code: expect.any(String) } });

    const signedIn = await signIn(t, { login, password: 'Investor1', code }, '10.70.0.7');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().token).toBeTruthy();
    // A code works once, from anywhere.
    expect(
      (await signIn(t, { login, password: 'Investor1', code }, '10.70.0.8')).json().token,
    ).toBeUndefined();
    expect(
      (await signIn(t, { login, password: 'Investor1', code }, '10.70.0.9')).json().token,
    ).toBeUndefined();

    // From now on that address is one the account signed in from: the password alone, even past the ceiling.
    const again = await signIn(t, { login, password: 'Investor1' }, '10.70.0.7');
    expect(again.statusCode).toBe(200);
    expect(again.json().token).toBeTruthy();
  });

  it('exhausts a code after 5 wrong tries, and wrong codes count towards the address limit', async () => {
    const login = 'lender@example.com';
    await failFromSixAddresses(t, login, '10.71.0');
    const guesser = '10.71.0.66';
    expect((await signIn(t, { login, password: 'Lender1' }, guesser)).json()).toMatchObject({
      method: 'email',
    });
    const code = codeIn((await messagesTo(t, login))[0]?.body);
    for (let i = 0; i < 5; i += 1) {
      const wrong = await signIn(t, { login, password: 'Lender1', code: otherCode(code) }, guesser);
      expect(wrong.statusCode, `wrong code ${i}`).toBe(400);
      expect(wrong.json().error.code).toBe('code_invalid');
    }
    // Even the right code no longer opens this one.
    const exhausted = await signIn(t, { login, password: 'Lender1', code }, guesser);
    expect(exhausted.statusCode).toBe(400);
    expect(exhausted.json().error.code).toBe('code_attempts_exceeded');
    expect(exhausted.json().token).toBeUndefined();

    // Wrong codes are failures of this account from this address: ten in all and the address is stopped.
    for (let i = 0; i < 3; i += 1)
      await signIn(t, { login, password: 'Lender1', code: otherCode(code) }, guesser);
    expect((await signIn(t, { login, password: 'Lender1', code }, guesser)).statusCode).toBe(400);
    const limited = await signIn(t, { login, password: 'Lender1' }, guesser);
    expect(limited.statusCode).toBe(429);
  });

  it('answers a wrong password past the ceiling exactly as before it, and as an unknown login', async () => {
    const login = 'both@example.com';
    const before = await signIn(t, { login, password: 'Wrong1234' }, '10.72.0.100');
    await failFromSixAddresses(t, login, '10.72.0');
    const after = await signIn(t, { login, password: 'Wrong1234' }, '10.72.0.7');
    const unknown = await signIn(t, { login: 'nobody@example.com', password: 'Wrong1234' }, '10.72.0.8');
    expect(after.statusCode).toBe(401);
    expect(withoutRequestId(after.json())).toEqual(withoutRequestId(before.json()));
    expect(unknown.statusCode).toBe(401);
    expect(withoutRequestId(unknown.json())).toEqual(withoutRequestId(after.json()));
    expect(after.headers['retry-after']).toBeUndefined();
  });

  it('lets the owner in with the password alone from an address that signed in before', async () => {
    const login = 'demo@example.com';
    const home = '10.73.0.200';
    expect((await signIn(t, { login, password: 'Demo1234' }, home)).statusCode).toBe(200);
    await failFromSixAddresses(t, login, '10.73.0');
    const atHome = await signIn(t, { login, password: 'Demo1234' }, home);
    expect(atHome.statusCode).toBe(200);
    expect(atHome.json().token).toBeTruthy();
    // A new address is challenged, so the ceiling really was reached.
    expect((await signIn(t, { login, password: 'Demo1234' }, '10.73.0.201')).json()).toMatchObject({
      codeRequired: true,
      method: 'email',
    });
  });

  it('asks for the mailed code first, then the second factor, each in its own call', async () => {
    const login = 'manager@example.com';
    await t.ctx.database.db
      .updateTable('users')
      .set({ two_factor_phone: '+79990000077' })
      .where('email', '=', login)
      .execute();
    const password = 'Manager1';
    await failFromSixAddresses(t, login, '10.74.0');
    const ip = '10.74.0.7';
    expect((await signIn(t, { login, password }, ip)).json()).toMatchObject({ method: 'email' });
    const mailed = codeIn((await messagesTo(t, login))[0]?.body);
    const second = await signIn(t, { login, password, code: mailed }, ip);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ codeRequired: true, method: 'sms', phone: '+7 (***) ***-**-77' });
    const sms = codeIn((await messagesTo(t, '+79990000077'))[0]?.body);
    const signedIn = await signIn(t, { login, password, code: sms }, ip);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().token).toBeTruthy();
  });

  it('sends the code by SMS to the account phone when the account has no e-mail', async () => {
    const phone = '+79990000088';
    await t.ctx.database.db
      .updateTable('users')
      .set({ email: null, phone })
      .where('email', '=', 'admin@example.com')
      .execute();
    const password = 'Admin1234';
    await failFromSixAddresses(t, phone, '10.75.0');
    const asked = await signIn(t, { login: phone, password }, '10.75.0.7');
    expect(asked.json()).toEqual({ codeRequired: true, method: 'sms', phone: '+7 (***) ***-**-88' });
    const code = codeIn((await messagesTo(t, phone))[0]?.body);
    const signedIn = await signIn(t, { login: phone, password, code }, '10.75.0.7');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().token).toBeTruthy();
  });

  it('still stops one address after 10 failures of one account with 429, even for the right password', async () => {
    const login = 'investor@example.com';
    for (let i = 0; i < 10; i += 1)
      expect((await signIn(t, { login, password: 'Wrong1234' }, '10.76.0.1')).statusCode).toBe(401);
    const limited = await signIn(t, { login, password: 'Investor1' }, '10.76.0.1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
