import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../http/rate-limit.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { newLinkToken } from './passwords.ts';
import { insertAuthLink } from './queries.ts';

/**
 * POST users/link-status tells the link page whether its link still works before any password is typed,
 * without spending the link, and says nothing more about a dead link than its use would.
 */
describe('checking an activation or recovery link without spending it', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  const post = (url: string, payload: object, ip = '10.70.0.1', locale = 'ru') =>
    t.request({
      method: 'POST',
      url: `/api/v1/${url}`,
      payload,
      remoteAddress: ip,
      headers: { cookie: `cookieLocale=${locale}` },
    });
  /** A fresh link of the kind for the demo user, as the mail would carry it. */
  const newLink = async (kind: 'signup' | 'recovery', email: string, ttlHours = 1) => {
    const user = await t.ctx.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const { token, hash } = newLinkToken();
    await insertAuthLink(t.ctx.database.db, { userId: Number(user.id), kind, tokenHash: hash, ttlHours });
    return token;
  };

  it('answers valid for a working link, again and again, and the link still sets the password', async () => {
    const link = await newLink('recovery', 'demo@example.com');
    for (let i = 0; i < 3; i += 1) {
      const status = await post('users/link-status', { link, kind: 'recovery' });
      expect(status.statusCode).toBe(200);
      expect(status.json()).toEqual({ valid: true });
    }
    // A recovery link is not an activation link.
    expect((await post('users/link-status', { link, kind: 'signup' })).json()).toEqual({ valid: false });
    const filled = await post('users/password/fill', { link, password: 'Proverka1Zx' });
    expect(filled.statusCode).toBe(200);
    expect(filled.json().token).toEqual(expect.any(String));
    // Used now: the same answer as for a link that never existed.
    const used = await post('users/link-status', { link, kind: 'recovery' });
    const unknown = await post('users/link-status', { link: newLinkToken().token, kind: 'recovery' });
    expect(used.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(used.json()).toEqual({ valid: false });
    expect(used.body).toBe(unknown.body);
  });

  it('answers the same for an expired link and for the link of a deactivated account', async () => {
    const expired = await newLink('signup', 'newcomer@example.com', -1);
    expect((await post('users/link-status', { link: expired, kind: 'signup' }, '10.70.0.2')).json()).toEqual({
      valid: false,
    });
    const link = await newLink('recovery', 'lender@example.com');
    expect((await post('users/link-status', { link, kind: 'recovery' }, '10.70.0.2')).json()).toEqual({
      valid: true,
    });
    await t.ctx.database.db
      .updateTable('users')
      .set({ deactivated_at: new Date() })
      .where('email', '=', 'lender@example.com')
      .execute();
    expect((await post('users/link-status', { link, kind: 'recovery' }, '10.70.0.2')).json()).toEqual({
      valid: false,
    });
  });

  it('refuses a missing link or kind with 400 in the language asked', async () => {
    const missing = await post('users/link-status', { kind: 'signup' }, '10.70.0.3', 'en');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('The link is invalid or has expired. Request a new one.');
    expect((await post('users/link-status', { link: 'abc', kind: 'other' }, '10.70.0.3')).statusCode).toBe(
      400,
    );
  });

  it('limits the checks of one address with 429 and Retry-After; another address still checks', async () => {
    const link = await newLink('recovery', 'both@example.com');
    for (let i = 0; i < RATE_LIMITS.linkCheckPerIp.limit; i += 1) {
      expect(
        (await post('users/link-status', { link: `guess-${i}`, kind: 'recovery' }, '10.70.1.1')).statusCode,
      ).toBe(200);
    }
    const limited = await post('users/link-status', { link, kind: 'recovery' }, '10.70.1.1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().error.code).toBe('rate_limited');
    expect((await post('users/link-status', { link, kind: 'recovery' }, '10.70.1.2')).json()).toEqual({
      valid: true,
    });
  });
});
