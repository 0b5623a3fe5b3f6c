import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';

type LogLine = { msg?: string; requestId?: string; status?: number; url?: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids', () => {
  let t: TestApp;
  const lines: LogLine[] = [];
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line) as LogLine);
        done();
      },
    });
    t = await startTestApp(
      {
        // A captcha provider nobody answers at: the sign-in's service logs its warning through the request.
        CAPTCHA_SECRET: 'secret',
        CAPTCHA_SITE_KEY: 'site',
        CAPTCHA_VALIDATE_URL: 'http://127.0.0.1:9/validate',
      },
      { logger: pino({ level: 'info' }, sink) },
    );
  });
  afterAll(() => t?.close());

  const linesOf = (requestId: string) => lines.filter((line) => line.requestId === requestId);

  it('keeps a sane X-Request-Id: answered back, in the request line, and in the error answer', async () => {
    const id = 'lb-7f3a.21:9c_0-1';
    const response = await t.request({
      method: 'GET',
      url: '/api/v1/users/data-profile',
      headers: { 'x-request-id': id },
    });
    expect(response.statusCode).toBe(401);
    expect(response.headers['x-request-id']).toBe(id);
    expect(response.json().error).toMatchObject({ code: 'unauthorized', requestId: id });
    await expect
      .poll(() => linesOf(id).find((line) => line.msg === 'request'))
      .toMatchObject({
        status: 401,
        url: '/api/v1/users/data-profile',
      });
  });

  it('makes a new id for a request without one or with one that is not a plain token', async () => {
    const without = await t.request({ method: 'GET', url: '/api/health/live' });
    expect(without.headers['x-request-id']).toMatch(UUID);
    for (const bad of ['a b', 'x'.repeat(129), 'id"}{', 'ид-1', '']) {
      const response = await t.request({
        method: 'GET',
        url: '/api/v1/nothing-here',
        headers: { 'x-request-id': bad },
      });
      const made = response.headers['x-request-id'];
      expect(made).toMatch(UUID);
      expect(response.json().error.requestId).toBe(made);
    }
    // Two requests never share a made id.
    const again = await t.request({ method: 'GET', url: '/api/health/live' });
    expect(again.headers['x-request-id']).not.toBe(without.headers['x-request-id']);
  });

  it("puts the id in a service's log line and in a validation error answer", async () => {
    const id = 'sign-in-42';
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/authenticate',
      headers: { 'x-request-id': id },
      payload: { login: 'demo@example.com', password: 'Demo1234', captchaToken: 'token' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'captcha_failed', requestId: id });
    await expect
      .poll(() => linesOf(id).map((line) => line.msg))
      .toEqual(expect.arrayContaining(['captcha provider unreachable', 'request']));

    const invalid = await t.request({
      method: 'POST',
      url: '/api/v1/authenticate',
      headers: { 'x-request-id': 'bad-body-1' },
      payload: { login: 42 },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toMatchObject({ code: 'validation', requestId: 'bad-body-1' });
  });
});
