import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';

/** A SmartCaptcha-compatible validate endpoint: 'good' tokens pass. */
describe('captcha', () => {
  let provider: Server;
  let t: TestApp;
  const seen: URLSearchParams[] = [];
  beforeAll(async () => {
    provider = createServer((request, response) => {
      const query = new URL(request.url ?? '/', 'http://x').searchParams;
      seen.push(query);
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          status: query.get('token') === 'good' && query.get('secret') === 'server-secret' ? 'ok' : 'failed',
        }),
      );
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const { port } = provider.address() as { port: number };
    t = await startTestApp({
      CAPTCHA_SECRET: 'server-secret',
      CAPTCHA_SITE_KEY: 'site-key-1',
      CAPTCHA_VALIDATE_URL: `http://127.0.0.1:${port}/validate`,
    });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => provider.close(() => resolve()));
  });

  it('tells the client that captcha is on and its site key, never the secret', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/captcha-verify',
      payload: { isLocal: true },
    });
    expect(response.json()).toEqual({ enabled: true, siteKey: 'site-key-1' });
  });

  it('refuses sign-in and sign-up without a valid token, and checks the token with the provider', async () => {
    const login = { login: 'investor@example.com', password: 'Investor1' };
    const missing = await t.request({ method: 'POST', url: '/api/v1/authenticate', payload: login });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({
      code: 'captcha_failed',
      message: 'Подтвердите, что вы не робот',
    });
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/v1/authenticate',
          payload: { ...login, captchaToken: 'bad' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/v1/authenticate',
          payload: { ...login, captchaToken: 'good' },
        })
      ).statusCode,
    ).toBe(200);
    expect(seen.at(-1)?.get('ip')).toBeTruthy();
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/v1/users/registration',
          payload: { email: 'newcomer@example.com' },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('is off without keys', async () => {
    const plain = await startTestApp();
    expect(
      (await plain.request({ method: 'POST', url: '/api/v1/captcha-verify', payload: {} })).json(),
    ).toEqual({ enabled: false, siteKey: null });
    await plain.close();
  });
});
