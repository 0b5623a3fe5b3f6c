import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('answers 200 while the database answers', async () => {
    const response = await t.request({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: 'up',
      redis: 'off',
      disk: expect.stringMatching(/^(ok|low)$/),
    });
  });

  it('answers 404 JSON for unknown API paths', async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });

  it('describes the API in OpenAPI generated from the contract', async () => {
    const response = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const spec = response.json();
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/v1/authenticate', '/api/v1/users/data-profile']),
    );
    expect(
      spec.paths['/api/v1/authenticate'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('login');
  });

  it('answers 503 when the database does not answer', async () => {
    await t.ctx.database.close();
    const response = await t.request({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'unavailable',
      database: 'down',
      redis: 'off',
      disk: expect.any(String),
    });
    expect(response.headers['retry-after']).toBe('5');
  });
});
