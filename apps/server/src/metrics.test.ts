import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_POOL_SIZE } from './config.ts';
import { metricsAddress } from './metrics.ts';
import { startTestApp, type TestApp } from './test/harness.ts';

const PROFILE = '/api/v1/users/data-profile';

/** The sum of the sample lines (`name{labels} value`) of the Prometheus text with these labels; undefined: none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  let sum: number | undefined;
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const own = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map(([, key, value]) => [key, value]),
    );
    if (Object.entries(labels).every(([key, value]) => own[key] === value))
      sum = (sum ?? 0) + Number(match[3]);
  }
  return sum;
}

describe('Prometheus metrics on METRICS_PORT', () => {
  let t: TestApp;
  let investor: string;
  let scrape: () => Promise<string>;
  beforeAll(async () => {
    t = await startTestApp({ METRICS_PORT: '0', METRICS_HOST: '127.0.0.1', RESPONSE_CACHE_SECONDS: '5' });
    investor = await t.signIn('investor@example.com');
    const address = metricsAddress(t.app);
    if (!address) throw new Error('no metrics listener');
    scrape = async () => {
      const response = await fetch(`http://127.0.0.1:${address.port}/metrics`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      return response.text();
    };
  });
  afterAll(() => t?.close());

  it('is served on its own listener only: the public port knows no /metrics', async () => {
    expect((await t.request({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(404);
    const address = metricsAddress(t.app);
    expect(address?.port).not.toBe(t.ctx.config.port);
    expect((await fetch(`http://127.0.0.1:${address?.port}/`)).status).toBe(404);
  });

  it('times requests by the route definition and status, never by the URL typed', async () => {
    const statuses = [];
    for (const id of ['1', '2', '999999'])
      statuses.push(
        (await t.request({ method: 'GET', url: `/api/v1/download/document/${id}`, token: investor }))
          .statusCode,
      );
    await t.request({ method: 'GET', url: '/api/v1/no-such-thing/12345' });
    const text = await scrape();
    const count = (route: string, status?: string) =>
      sample(text, 'portal_http_request_duration_seconds_count', {
        method: 'GET',
        route,
        ...(status ? { status } : {}),
      }) ?? 0;
    expect(count('/api/v1/download/document/:id')).toBe(3);
    expect(count('/api/v1/download/document/:id', String(statuses[2]))).toBeGreaterThanOrEqual(1);
    expect(count('unmatched', '404')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('/api/v1/download/document/999999');
    expect(text).not.toContain('no-such-thing');
  });

  it('counts answer-cache hits and misses', async () => {
    const before = await scrape();
    // PostgreSQL: the cache answers once its notification connection listens.
    await expect
      .poll(
        async () => (await t.request({ method: 'GET', url: PROFILE, token: investor })).headers['x-cache'],
      )
      .toBe('hit');
    const after = await scrape();
    const hits = (text: string) => sample(text, 'portal_response_cache_hits_total') ?? 0;
    const misses = (text: string) => sample(text, 'portal_response_cache_misses_total') ?? 0;
    expect(hits(after)).toBeGreaterThan(hits(before));
    expect(misses(after)).toBeGreaterThan(misses(before));
  });

  it('counts rate-limit refusals', async () => {
    const signIn = (password: string) =>
      t.request({
        method: 'POST',
        url: '/api/v1/authenticate',
        remoteAddress: '10.9.0.1',
        payload: { login: 'demo@example.com', password },
      });
    for (let i = 0; i < 10; i += 1) expect((await signIn('Wrong1')).statusCode).toBe(401);
    expect((await signIn('Wrong1')).statusCode).toBe(429);
    expect(sample(await scrape(), 'portal_rate_limit_refusals_total')).toBeGreaterThanOrEqual(1);
  });

  it('counts import rows and times imports by kind and outcome', async () => {
    const manager = await t.signIn('manager@example.com');
    const csv = [
      'externalId,unitId,startsAt,endsAt,status,guests,sourceId,paid,sum',
      'metrics-1,1,2027-03-01T14:00:00+03:00,2027-03-03T12:00:00+03:00,Confirmed,2,3,5000,12000.50',
      'metrics-2,1,2027-03-05T14:00:00+03:00,2027-03-06T12:00:00+03:00,new,1,0,0,6000',
    ].join('\n');
    const imported = await t.request({
      method: 'POST',
      url: '/api/v1/backoffice/import/bookings',
      token: manager,
      headers: { 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(imported.json()).toMatchObject({ applied: true, total: 2 });
    const text = await scrape();
    expect(sample(text, 'portal_import_rows_total', { kind: 'bookings' })).toBe(2);
    expect(
      sample(text, 'portal_import_duration_seconds_count', { kind: 'bookings', outcome: 'applied' }),
    ).toBe(1);
  });

  it('tells the outbox, the failed statements, the pool, and the process (event loop, memory, GC)', async () => {
    // A statement the database refuses is a query error, by its SQLSTATE.
    await expect(sql`select 1 / 0`.execute(t.ctx.database.db)).rejects.toThrow();
    await t.ctx.database.db
      .insertInto('outbox')
      .values({
        channel: 'email',
        recipient: 'x@example.com',
        subject: 's',
        body: 'b',
        status: 'failed',
        next_attempt_at: new Date(),
      })
      .execute();
    const text = await scrape();
    expect(sample(text, 'portal_outbox_messages', { status: 'pending' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'portal_outbox_messages', { status: 'failed' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'portal_db_query_errors_total', { code: '22012' })).toBeGreaterThanOrEqual(1);
    if (t.ctx.database.kind === 'postgres') {
      expect(sample(text, 'portal_db_pool_connections', { state: 'size' })).toBe(DEFAULT_POOL_SIZE);
      expect(sample(text, 'portal_db_pool_connections', { state: 'in_use' })).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'portal_db_pool_connections', { state: 'waiting' })).toBe(0);
    } else {
      // One embedded connection in this process: no pool to tell.
      expect(text).not.toContain('portal_db_pool_connections{');
    }
    for (const name of [
      'portal_nodejs_eventloop_lag_p99_seconds',
      'portal_process_resident_memory_bytes',
      'portal_nodejs_heap_size_used_bytes',
      'portal_nodejs_gc_duration_seconds',
    ])
      expect(text).toContain(`# TYPE ${name} `);
  });
});
