import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LATEST_MIGRATION } from '../../db/migrate.ts';
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

describe('GET /api/health/live and /api/health/ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  const get = (url: string) => t.request({ method: 'GET', url });

  it('are both 200 while the database answers and is migrated', async () => {
    const live = await get('/api/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await get('/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'up', redis: 'off' });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it("is not ready on a database without this version's newest migration", async () => {
    const { db } = t.ctx.database;
    const row = await db
      .selectFrom('schema_migrations')
      .selectAll()
      .where('version', '=', LATEST_MIGRATION)
      .executeTakeFirstOrThrow();
    await db.deleteFrom('schema_migrations').where('version', '=', LATEST_MIGRATION).execute();
    try {
      const ready = await get('/api/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', database: 'not_migrated', redis: 'off' });
      expect((await get('/api/health/live')).statusCode).toBe(200);
    } finally {
      await db.insertInto('schema_migrations').values(row).execute();
    }
    expect((await get('/api/health/ready')).statusCode).toBe(200);
  });

  it('is not ready while the database is away, and stays live', async () => {
    const url = t.ctx.config.databaseUrl;
    if (url) {
      // PostgreSQL: the database goes away under the running app (its connections ended, the database dropped).
      const name = new URL(url).pathname.slice(1);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        await admin.query(`drop database ${name} with (force)`);
      } finally {
        await admin.end();
      }
    } else {
      // The embedded database: closed under the running app.
      await t.ctx.database.close();
    }
    const ready = await get('/api/health/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', database: 'down', redis: 'off' });
    expect(ready.headers['retry-after']).toBe('5');
    const live = await get('/api/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
  });
});

describe('GET /api/health/ready with Redis away', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens there: the limiter counts per instance and says Redis is down.
    t = await startTestApp({ REDIS_URL: 'redis://127.0.0.1:9' });
  });
  afterAll(() => t?.close());

  it('is still ready, degraded, naming Redis', async () => {
    await expect
      .poll(async () => (await t.request({ method: 'GET', url: '/api/health/ready' })).json().redis)
      .toBe('down');
    const ready = await t.request({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'degraded', database: 'up', redis: 'down' });
  });
});
