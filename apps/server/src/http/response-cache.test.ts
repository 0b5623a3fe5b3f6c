import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import {
  responseCacheOf,
  TABLES_BY_USER,
  TABLES_WITHOUT_DATA_CHANGE,
  usersOfNotice,
} from './response-cache.ts';

/** The answer cache serves a user's repeated reads, and never an answer older than a write they could see. */

const PROFILE = '/api/v1/users/data-profile';
const STATISTICS = '/api/v1/dashboard/statistics?location=1';
/** The harness turns the cache off on PostgreSQL (see test/harness.ts); these tests are about it. */
const CACHE_ON = { RESPONSE_CACHE_SECONDS: '5' };

describe('the answer cache', () => {
  let t: TestApp;
  let investor: string;
  beforeAll(async () => {
    t = await startTestApp(CACHE_ON);
    investor = await t.signIn('investor@example.com');
  });
  afterAll(() => t?.close());

  const get = (url: string, token = investor, headers: Record<string, string> = {}) =>
    t.request({ method: 'GET', url, token, headers });
  const investorId = async () => (await get(PROFILE)).json().id as number;
  /** What the cache says it holds, in bytes (the operator's gauge). */
  const held = async () =>
    (await t.ctx.metrics.registry.getSingleMetric('portal_response_cache_bytes')?.get())?.values[0]?.value;
  /** The investor's write of their language through this instance (it changes their own row). */
  const saveLocale = (currentLocale: 'en' | 'ru') =>
    t.request({ method: 'POST', url: '/api/v1/users/profile', token: investor, payload: { currentLocale } });
  /** Runs `check` on an emptied cache, emptied again after: the gauge then holds only what `check` keeps. */
  const withEmptyCache = async (check: () => Promise<void>) => {
    const cache = responseCacheOf(t.ctx);
    cache?.clear();
    try {
      await check();
    } finally {
      cache?.clear();
    }
  };

  it('answers a repeated read from the cache, the same bytes, and a write through this instance drops it at once', async () => {
    const first = await get(STATISTICS);
    expect(first.statusCode).toBe(200);
    const second = await get(STATISTICS);
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');

    expect((await get(PROFILE)).json().currentLocale).toBe('ru');
    expect((await get(PROFILE)).headers['x-cache']).toBe('hit');
    const saved = await saveLocale('en');
    expect(saved.statusCode).toBe(200);
    // No wait: the write's own answer dropped this instance's answers.
    const after = await get(PROFILE);
    expect(after.headers['x-cache']).toBe('miss');
    expect(after.json().currentLocale).toBe('en');
    await saveLocale('ru');
  });

  it('drops its answers when the database says any table an answer reads has changed', async () => {
    const id = await investorId();
    // The previous test's last write may still be on its way back as a notification and drop the answer once more.
    await vi.waitFor(async () => expect((await get(PROFILE)).headers['x-cache']).toBe('hit'), {
      timeout: 10_000,
    });
    await t.ctx.database.db.updateTable('users').set({ first_name: 'Кэш' }).where('id', '=', id).execute();
    // PostgreSQL delivers the notification on the listening connection a moment after the commit.
    await vi.waitFor(async () => expect((await get(PROFILE)).json().firstName).toBe('Кэш'), {
      timeout: 10_000,
    });

    const before = (await get(STATISTICS)).json();
    expect((await get(STATISTICS)).headers['x-cache']).toBe('hit');
    // A statement no row of which is the user's still drops every answer: the rule is per table, not per row.
    await sql`update incomes set amount_kopecks = amount_kopecks + 10000000
      where user_unit_id in (select id from user_units where user_id = ${id})`.execute(t.ctx.database.db);
    await vi.waitFor(async () => expect((await get(STATISTICS)).json()).not.toEqual(before), {
      timeout: 10_000,
    });
  });

  it('keys answers by session: another user and another sign-in of the same user compute their own', async () => {
    const lender = await t.signIn('lender@example.com');
    await get(PROFILE);
    const theirs = await get(PROFILE, lender);
    expect(theirs.headers['x-cache']).toBe('miss');
    expect(theirs.json().email).toBe('lender@example.com');
    const again = await t.signIn('investor@example.com');
    expect((await get(PROFILE, again)).headers['x-cache']).toBe('miss');
  });

  it('keys answers by the language they are made in: the language cookie, never Accept-Language', async () => {
    const url = '/api/v1/dashboard/statistics?location=2';
    const asked = (headers: Record<string, string>) => get(url, investor, headers);
    expect((await asked({ cookie: 'cookieLocale=EN' })).headers['x-cache']).toBe('miss');
    expect((await asked({ cookie: 'cookieLocale=EN' })).headers['x-cache']).toBe('hit');
    // The cookie switched to Russian: not the English answer, even with the same Accept-Language.
    expect((await asked({ cookie: 'cookieLocale=RU' })).headers['x-cache']).toBe('miss');
    expect((await asked({ cookie: 'cookieLocale=RU', 'accept-language': 'en' })).headers['x-cache']).toBe(
      'hit',
    );
    // Accept-Language decides nothing: without the cookie the answer is the default Russian one.
    expect(
      (await asked({ cookie: 'theme=dark; cookieLocale=en', 'accept-language': 'ru' })).headers['x-cache'],
    ).toBe('hit');
    expect((await asked({ 'accept-language': 'en-GB,en;q=0.8' })).headers['x-cache']).toBe('hit');
    expect((await asked({})).headers['x-cache']).toBe('hit');
    expect((await asked({ 'accept-language': 'de' })).headers['x-cache']).toBe('hit');
  });

  it('refuses an ended session even with its answer cached', async () => {
    const token = await t.signIn('investor@example.com');
    await get(PROFILE, token);
    expect((await get(PROFILE, token)).headers['x-cache']).toBe('hit');
    expect((await t.request({ method: 'POST', url: '/api/v1/users/logout', token })).statusCode).toBe(200);
    expect((await get(PROFILE, token)).statusCode).toBe(401);
  });

  it('keeps no error answers', async () => {
    const other = '/api/v1/dashboard/statistics?location=424242';
    const first = await get(other);
    expect(first.statusCode).toBe(404);
    const second = await get(other);
    expect(second.statusCode).toBe(404);
    expect(second.headers['x-cache']).toBe('miss');
  });

  it('sends a cached answer compressed when the browser accepts it', async () => {
    const url = '/api/v1/users/actives-info';
    const plain = await get(url);
    expect(plain.body.length).toBeGreaterThan(1024);
    const before = await held();
    const compressed = await get(url, investor, { 'accept-encoding': 'gzip, deflate, br' });
    expect(compressed.headers['x-cache']).toBe('hit');
    expect(compressed.headers['content-encoding']).toBe('br');
    // The compressed copy is kept beside the answer, and counted.
    expect(await held()).toBe((before ?? 0) + compressed.rawPayload.length);
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(plain.body);
    const refused = await get(url, investor, { 'accept-encoding': 'br;q=0, gzip' });
    expect(refused.headers['content-encoding']).toBe('gzip');
  });

  it('keeps an answer as it was sent: only compressed for a browser, and another form made from it when asked', async () => {
    const url = '/api/v1/dashboard/first-screen';
    await expect.poll(async () => (await get(PROFILE)).headers['x-cache']).toBe('hit');
    // Nothing kept before, so the gauge holds only what this test keeps (and the next test starts empty).
    await withEmptyCache(async () => {
      const browser = await get(url, investor, { 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect(browser.statusCode).toBe(200);
      expect(browser.headers['x-cache']).toBe('miss');
      expect(browser.headers['content-encoding']).toBe('br');
      expect(browser.headers.vary).toContain('accept-encoding');
      expect(Number(browser.headers['content-length'])).toBe(browser.rawPayload.length);
      const body = brotliDecompressSync(browser.rawPayload).toString();
      expect(body.length).toBeGreaterThan(browser.rawPayload.length * 2);
      // Only the compressed bytes are kept, not the body beside them.
      expect(await held()).toBe(browser.rawPayload.length);

      const again = await get(url, investor, { 'accept-encoding': 'br' });
      expect(again.headers['x-cache']).toBe('hit');
      expect(again.rawPayload.equals(browser.rawPayload)).toBe(true);
      const plain = await get(url);
      expect(plain.headers['x-cache']).toBe('hit');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(body);
      expect(plain.json().statistics).not.toBeNull();
      const gzip = await get(url, investor, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(body);
      expect(await held()).toBe(browser.rawPayload.length + Buffer.byteLength(body) + gzip.rawPayload.length);
    });
  });

  it('keeps an answer over 64 KB as its body, which is compressed through a stream each time it is sent', async () => {
    const from = new Date(Date.now() - 60 * 86_400_000).toISOString();
    const to = new Date(Date.now() + 60 * 86_400_000).toISOString();
    const url = `/api/v1/bookings?location=3&startDate=${from}&endDate=${to}`;
    await withEmptyCache(async () => {
      const browser = await get(url, investor, { 'accept-encoding': 'br' });
      expect(browser.statusCode).toBe(200);
      expect(browser.headers['x-cache']).toBe('miss');
      expect(browser.headers['content-encoding']).toBe('br');
      // Streamed: no length known in advance.
      expect(browser.headers['transfer-encoding']).toBe('chunked');
      const body = brotliDecompressSync(browser.rawPayload).toString();
      expect(Buffer.byteLength(body)).toBeGreaterThan(65_536);
      expect(await held()).toBe(Buffer.byteLength(body));
      const again = await get(url, investor, { 'accept-encoding': 'br' });
      expect(again.headers['x-cache']).toBe('hit');
      expect(again.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(again.rawPayload).toString()).toBe(body);
    });
  });

  it("holds its last lifetime's answers: an answer nobody asks for again leaves memory as the next is kept", async () => {
    // PostgreSQL: the cache keeps answers once its notification connection listens.
    await expect.poll(async () => (await get(PROFILE)).headers['x-cache']).toBe('hit');
    expect(await held()).toBeGreaterThan(0);
    // The lifetime (5 s) over, by the clock the cache reads.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 6_000 });
    try {
      const next = await get(STATISTICS);
      expect(next.statusCode).toBe(200);
      expect(next.headers['x-cache']).toBe('miss');
      expect(await held()).toBe(Buffer.byteLength(next.body));
      expect((await get(STATISTICS)).headers['x-cache']).toBe('hit');
    } finally {
      vi.useRealTimers();
    }
  });

  it("drops only a user's answers when rows of that user change, and every answer for any other table", async () => {
    const lender = await t.signIn('lender@example.com');
    const id = await investorId();
    const lenderId = (await get(PROFILE, lender)).json().id as number;
    const bothCached = async () => {
      expect((await get(PROFILE)).headers['x-cache']).toBe('hit');
      expect((await get(PROFILE, lender)).headers['x-cache']).toBe('hit');
    };
    await vi.waitFor(bothCached, { timeout: 10_000 });

    // The investor's own row: the notice names the investor, and the lender's answer is still served.
    await t.ctx.database.db.updateTable('users').set({ first_name: 'Один' }).where('id', '=', id).execute();
    await vi.waitFor(async () => expect((await get(PROFILE)).json().firstName).toBe('Один'), {
      timeout: 10_000,
    });
    expect((await get(PROFILE, lender)).headers['x-cache']).toBe('hit');

    // A document of the investor's (the profile's "to sign" mark reads them): the same.
    await vi.waitFor(bothCached, { timeout: 10_000 });
    await sql`update documents set description = description where user_id = ${id}`.execute(
      t.ctx.database.db,
    );
    await vi.waitFor(async () => expect((await get(PROFILE)).headers['x-cache']).toBe('miss'), {
      timeout: 10_000,
    });
    expect((await get(PROFILE, lender)).headers['x-cache']).toBe('hit');

    // One statement over both users' rows names both.
    await vi.waitFor(bothCached, { timeout: 10_000 });
    await sql`update users set middle_name = middle_name where id in (${id}, ${lenderId})`.execute(
      t.ctx.database.db,
    );
    await vi.waitFor(
      async () => {
        expect((await get(PROFILE)).headers['x-cache']).toBe('miss');
        expect((await get(PROFILE, lender)).headers['x-cache']).toBe('miss');
      },
      { timeout: 10_000 },
    );

    // A table whose rows are not one user's (the managers a profile shows): everyone's answers.
    await vi.waitFor(bothCached, { timeout: 10_000 });
    await sql`update managers set name = name`.execute(t.ctx.database.db);
    await vi.waitFor(
      async () => {
        expect((await get(PROFILE)).headers['x-cache']).toBe('miss');
        expect((await get(PROFILE, lender)).headers['x-cache']).toBe('miss');
      },
      { timeout: 10_000 },
    );
  });

  it("drops an owner's own answers when the owner writes, and leaves other owners' answers", async () => {
    const lender = await t.signIn('lender@example.com');
    const id = await investorId();
    await vi.waitFor(
      async () => {
        expect((await get(PROFILE, lender)).headers['x-cache']).toBe('hit');
        expect((await get(STATISTICS)).headers['x-cache']).toBe('hit');
      },
      { timeout: 10_000 },
    );
    const saved = await saveLocale('en');
    expect(saved.statusCode).toBe(200);
    // At once, the investor's other answers too: the write may have changed anything the investor reads.
    expect((await get(STATISTICS)).headers['x-cache']).toBe('miss');
    // Once a later notice naming the investor is back, the write's own notice has been too (they come in order).
    await t.ctx.database.db.updateTable('users').set({ first_name: 'Два' }).where('id', '=', id).execute();
    await vi.waitFor(async () => expect((await get(PROFILE)).json().firstName).toBe('Два'), {
      timeout: 10_000,
    });
    expect((await get(PROFILE, lender)).headers['x-cache']).toBe('hit');
    await saveLocale('ru');
  });

  it('reads a notice as the users it names, or as everyone', () => {
    expect(usersOfNotice('users:12,7')).toEqual([12, 7]);
    expect(usersOfNotice('')).toBeNull();
    expect(usersOfNotice('users:')).toBeNull();
    expect(usersOfNotice('users:1,x')).toBeNull();
  });

  it('has the change triggers on every table but the sign-in bookkeeping, mail, audit and file chunks', async () => {
    const { rows } = await sql<{
      table: string;
      function: string | null;
      type: number | null;
      args: string | null;
    }>`
      select c.relname as table, p.proname as function, g.tgtype::int as type, encode(g.tgargs, 'escape') as args
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      left join pg_trigger g on g.tgrelid = c.oid
      left join pg_proc p on p.oid = g.tgfoid
      where c.relkind in ('r', 'p') and n.nspname = current_schema()
      order by 1`.execute(t.ctx.database.db);
    // Each table's notices as "EVENT by function(argument)", sorted.
    const events = [
      [4, 'INSERT'],
      [8, 'DELETE'],
      [16, 'UPDATE'],
      [32, 'TRUNCATE'],
    ] as const;
    const notices = new Map<string, string[]>();
    for (const row of rows) {
      const list = notices.get(row.table) ?? [];
      notices.set(row.table, list);
      if (row.function !== 'notify_data_change' && row.function !== 'notify_user_data_change') continue;
      const argument = (row.args ?? '').replace(/\\000$/, '');
      for (const [bit, event] of events) {
        if ((row.type ?? 0) & bit) list.push(`${event} by ${row.function}(${argument})`);
      }
    }
    const byUser: Record<string, string> = TABLES_BY_USER;
    const excluded = new Set<string>(TABLES_WITHOUT_DATA_CHANGE);
    const expected = (table: string) => {
      if (excluded.has(table)) return [];
      const column = byUser[table];
      if (!column) return events.map(([, event]) => `${event} by notify_data_change()`).sort();
      return [
        ...['DELETE', 'INSERT', 'UPDATE'].map((event) => `${event} by notify_user_data_change(${column})`),
        'TRUNCATE by notify_data_change()',
      ].sort();
    };
    // A table a new migration adds must get the triggers (see migrations 024 and 062) or join a list with a reason.
    const wrong = [...notices].filter(([table, list]) => list.sort().join() !== expected(table).join());
    expect(wrong).toEqual([]);
    expect(notices.size).toBeGreaterThan(40);
    for (const table of Object.keys(TABLES_BY_USER)) expect(notices.has(table)).toBe(true);
  });
});

describe('the answer cache turned off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ RESPONSE_CACHE_SECONDS: '0' });
  });
  afterAll(() => t?.close());

  it('computes every answer (RESPONSE_CACHE_SECONDS=0)', async () => {
    const token = await t.signIn('investor@example.com');
    await t.request({ method: 'GET', url: PROFILE, token });
    const again = await t.request({ method: 'GET', url: PROFILE, token });
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-cache']).toBeUndefined();
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('the answer cache of two instances', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp(CACHE_ON);
    const url = a.ctx.config.databaseUrl;
    if (!url) throw new Error('no database URL');
    b = await startTestApp({ ...CACHE_ON, JWT_SECRET: a.ctx.config.jwtSecret }, { databaseUrl: url });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('serves nothing from the cache while its listening connection is lost, and again once it listens', async () => {
    const token = await a.signIn('investor@example.com');
    const read = async () => (await a.request({ method: 'GET', url: PROFILE, token })).headers['x-cache'];
    await read();
    expect(await read()).toBe('hit');
    // What a PostgreSQL restart does to the instance's connections, the listening one included.
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const database = new URL(a.ctx.config.databaseUrl ?? '').pathname.slice(1);
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query like 'listen %'",
        [database],
      );
    } finally {
      await admin.end();
    }
    // A change missed meanwhile could not drop an answer: the answers kept before are gone, and none is served
    // until the instance listens again (undefined) or the read is computed afresh (miss).
    await vi.waitFor(async () => expect(await read()).not.toBe('hit'), { timeout: 10_000 });
    await vi.waitFor(async () => expect(await read()).toBe('hit'), { timeout: 15_000 });
  });

  it("drops an instance's answers when the user writes through another instance", async () => {
    const token = await a.signIn('investor@example.com');
    await a.request({ method: 'GET', url: PROFILE, token });
    expect((await a.request({ method: 'GET', url: PROFILE, token })).headers['x-cache']).toBe('hit');
    const saved = await b.request({
      method: 'POST',
      url: '/api/v1/users/profile',
      token,
      payload: { currentLocale: 'en' },
    });
    expect(saved.statusCode).toBe(200);
    await vi.waitFor(
      async () =>
        expect((await a.request({ method: 'GET', url: PROFILE, token })).json().currentLocale).toBe('en'),
      { timeout: 10_000 },
    );
  });
});
