import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';

/**
 * A table another session holds locked costs only the requests that need it: each gives up after
 * DB_LOCK_TIMEOUT_SECONDS with a 503 in the user's language, and the pool keeps connections for everyone else.
 * PostgreSQL only: the embedded database is one connection of this process, so no other session can hold a lock.
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')('requests waiting on a locked table', () => {
  let t: TestApp;
  let investor: string;
  let holder: pg.Client;
  /** Watches the waits from outside the holder's transaction (which would see one snapshot of the activity). */
  let observer: pg.Client;
  beforeAll(async () => {
    // Long enough that the waiting ones are surely still waiting while the others are answered on a slow machine.
    t = await startTestApp({ DB_LOCK_TIMEOUT_SECONDS: '15' });
    investor = await t.signIn('investor@example.com');
    holder = new pg.Client({ connectionString: t.ctx.config.databaseUrl });
    await holder.connect();
    observer = new pg.Client({ connectionString: t.ctx.config.databaseUrl });
    await observer.connect();
  });
  afterAll(async () => {
    await holder?.end().catch(() => undefined);
    await observer?.end().catch(() => undefined);
    await t?.close();
  });

  const waitingOnLocks = async () => {
    const { rows } = await observer.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
    );
    return rows[0]?.n ?? 0;
  };

  it('answers 503 to those that wait, after the lock timeout, while the other requests are answered', async () => {
    // Half the pool's connections wait on the lock; the other half answer everyone else.
    const waiting = Math.floor(t.ctx.config.databasePoolSize / 2);
    await holder.query('begin');
    await holder.query('lock table faq in access exclusive mode');
    let settled = 0;
    const blocked = Array.from({ length: waiting }, (_, i) =>
      t
        .request({
          method: 'GET',
          url: '/api/v1/faq',
          token: investor,
          headers: { cookie: `cookieLocale=${i % 2 === 0 ? 'ru' : 'en'}` },
        })
        .finally(() => {
          settled += 1;
        }),
    );
    await expect.poll(waitingOnLocks).toBe(waiting);

    // Everything else of this instance goes on: reads of other tables, readiness.
    for (let i = 0; i < 5; i += 1) {
      const profile = await t.request({ method: 'GET', url: '/api/v1/users/data-profile', token: investor });
      expect(profile.statusCode).toBe(200);
    }
    const ready = await t.request({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(settled).toBe(0);
    expect(await waitingOnLocks()).toBe(waiting);

    const answers = await Promise.all(blocked);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(waiting).fill(503));
    expect(answers[0]?.json().error).toMatchObject({
      code: 'service_unavailable',
      message: 'Эти данные сейчас изменяются: повторите через несколько секунд',
    });
    expect(answers[1]?.json().error.message).toBe(
      'This data is being changed right now: try again in a few seconds',
    );
    expect(answers[0]?.headers['retry-after']).toBe('5');
    await holder.query('rollback');

    // The lock gone, the same call answers again.
    const after = await t.request({ method: 'GET', url: '/api/v1/faq', token: investor });
    expect(after.statusCode).toBe(200);
  });
});
