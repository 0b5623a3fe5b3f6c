/**
 * The portal as `npm run bench` measures it, in its own process: a fresh database with the demo data (embedded
 * PGlite with its files in a folder, as `npm start` keeps them, or in memory with BENCH_PGLITE=memory; or a new
 * PostgreSQL database made from BENCH_DATABASE_URL and dropped afterwards), optionally grown to BENCH_GROWTH times
 * the demo bookings and incomes, with BENCH_OWNERS generated owners, served with the production settings (NODE_ENV
 * production, info logging to /dev/null through the server's own logger). A process of its own (serve.ts again, as
 * BENCH_PREPARE) makes and fills the store; the server then starts on it, as a server restarted on its data does.
 * Prints `{"url", "kind", …}` when it listens; SIGTERM closes it and drops the database.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { createContext } from '../src/bootstrap.ts';
import { loadConfig } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';
import type { Database } from '../src/db/connection.ts';
import { createLogger } from '../src/logger.ts';
import { createSession } from '../src/modules/auth/sessions.ts';
import { scratchDatabase } from './scratch-database.ts';

// Run as the entry; imported, it only loads (npm run bench fills the compile cache so: src/warm-compile-cache.ts).
if (import.meta.main && process.env.BENCH_PREPARE) {
  // The preparing process (prepareInChild): the store made and filled, then it ends.
  const { dataDir, databaseUrl, jwtSecret } = JSON.parse(process.env.BENCH_PREPARE) as Store;
  const config = benchConfig({ dataDir, databaseUrl, jwtSecret });
  const ctx = await createContext(config, createLogger(config, '/dev/null'));
  const prepared = await fill(ctx, dataDir);
  await ctx.database.close();
  process.stdout.write(`${JSON.stringify(prepared)}\n`);
  process.exit(0);
} else if (import.meta.main) {
  const adminUrl = process.env.BENCH_DB === 'postgres' ? process.env.BENCH_DATABASE_URL : undefined;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-bench-'));
  const scratch = adminUrl ? await scratchDatabase(adminUrl) : undefined;
  const store: Store = { dataDir, databaseUrl: scratch?.url, jwtSecret: randomBytes(32).toString('hex') };
  const config = benchConfig(store);
  const logger = createLogger(config, '/dev/null');
  // The store is made and filled (migrations, the demo data, the growth, the owners) by a process of its own, and
  // the server measured then starts on it, as `npm start` does on a store it finds: a server's life after a deploy.
  // What the first start's work leaves in a process (PGlite's memory, the C library's heaps) is that process's.
  // BENCH_PGLITE=memory keeps PGlite's files in memory, which no other process can open: filled in this one then.
  const inMemory = !store.databaseUrl && process.env.BENCH_PGLITE === 'memory';
  const prepared = inMemory
    ? undefined
    : await prepareInChild(store).catch(async (error: unknown) => {
        await scratch?.drop();
        await rm(dataDir, { recursive: true, force: true });
        throw error;
      });
  const ctx = await createContext(config, logger, { inMemory });
  const { tokensFile, ...rows } = prepared ?? (await fill(ctx, dataDir));
  const app = await buildApp(ctx, { logger, serveWeb: false });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(
    `${JSON.stringify({ url, kind: ctx.database.kind, growth: growthFactor(), ...rows, ...(scratch ? { database: scratch.name } : {}), ...(tokensFile ? { tokensFile } : {}) })}\n`,
  );

  // The bench's commands on stdin, one answer line each: `start` and `stop <file>` drive V8's profiler (a profile holds
  // one call's load and nothing of the start-up); `reset` and `stats` measure the event loop's delay, the peak RSS and
  // the answer cache's hits; `record` and `recorded` collect the reads the portal sends PostgreSQL in between.
  // Node's histogram records the whole interval between two firings of its timer, so an idle loop shows the timer's
  // 10 ms period; the delay is what is over it.
  const delayResolutionMs = 10;
  const delay = monitorEventLoopDelay({ resolution: delayResolutionMs });
  delay.enable();
  let rssPeak = 0;
  let rssAtReset = 0;
  let cacheAtReset = { hits: 0, misses: 0 };
  /** The answer cache's hits and misses so far (its metrics' counters). */
  const cacheCounts = async () => ({
    hits: (await ctx.metrics.cache.hits.get()).values[0]?.value ?? 0,
    misses: (await ctx.metrics.cache.misses.get()).values[0]?.value ?? 0,
  });
  setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
  }, 1000).unref();

  /**
   * What a long turn of the loop holds: a 5 ms ticker sees every turn over 20 ms, and counts the processor time the
   * process had, the requests that arrived and were answered and the garbage collection that ran since its last tick. Many requests in one long turn is a
   * busy loop; few requests and a long collection or one long task is a stall.
   */
  type Turns = {
    count: number;
    ms: number;
    cpuMs: number;
    arrived: number;
    answered: number;
    gcMs: number;
    worstMs: number;
  };
  const noTurns = (): Turns => ({ count: 0, ms: 0, cpuMs: 0, arrived: 0, answered: 0, gcMs: 0, worstMs: 0 });
  let longTurns = noTurns();
  /** The collections since the last reset, by kind (a scavenge, or a full mark-compact), and the process's processor time. */
  const noCollections = () => ({ minorCount: 0, minorMs: 0, majorCount: 0, majorMs: 0 });
  let collections = noCollections();
  let cpuAtReset = process.cpuUsage();
  // Only the modes that print the long turns watch them: their listener a request, collection observer and 5 ms ticker
  // cost the process time, which the calls mode would count as the portal's own (the bare server has none of them).
  if ((process.env.BENCH_MODE ?? 'calls') !== 'calls') watchTurns();

  function watchTurns() {
    const since = { arrived: 0, answered: 0, gcMs: 0 };
    app.server.on('request', (_request, response) => {
      since.arrived++;
      response.once('finish', () => since.answered++);
    });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        since.gcMs += entry.duration;
        const kind = (entry as { detail?: { kind?: number } }).detail?.kind;
        if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
          collections.majorCount++;
          collections.majorMs += entry.duration;
        } else if (kind === constants.NODE_PERFORMANCE_GC_MINOR) {
          collections.minorCount++;
          collections.minorMs += entry.duration;
        }
      }
    }).observe({ entryTypes: ['gc'] });
    let lastTick = performance.now();
    let lastCpu = process.cpuUsage();
    setInterval(() => {
      const now = performance.now();
      const turn = now - lastTick - 5;
      const cpu = process.cpuUsage(lastCpu);
      lastTick = now;
      lastCpu = process.cpuUsage();
      if (turn > 20) {
        longTurns.count++;
        longTurns.ms += turn;
        // Less processor time than the turn took: the process waited for a core (the machine's other work).
        longTurns.cpuMs += (cpu.user + cpu.system) / 1000;
        longTurns.arrived += since.arrived;
        longTurns.answered += since.answered;
        longTurns.gcMs += since.gcMs;
        longTurns.worstMs = Math.max(longTurns.worstMs, turn);
      }
      since.arrived = 0;
      since.answered = 0;
      since.gcMs = 0;
    }, 5).unref();
  }
  const reads = readRecorder();
  void answerCommands();

  async function answerCommands() {
    let inspector: import('node:inspector/promises').Session | undefined;
    for await (const line of createInterface({ input: process.stdin })) {
      const [command, file] = line.split(' ');
      let answer: Record<string, unknown> = { done: command };
      if (command === 'start') {
        if (!inspector) {
          const { Session } = await import('node:inspector/promises');
          inspector = new Session();
          inspector.connect();
          await inspector.post('Profiler.enable');
          await inspector.post('Profiler.setSamplingInterval', { interval: 100 });
        }
        await inspector.post('Profiler.start');
        // BENCH_HEAP_PROFILE: V8's sampling of what is allocated, garbage included (what the collector has to do).
        if (process.env.BENCH_HEAP_PROFILE)
          await inspector.post('HeapProfiler.startSampling', {
            samplingInterval: 16384,
            includeObjectsCollectedByMajorGC: true,
            includeObjectsCollectedByMinorGC: true,
          });
      }
      if (command === 'stop' && file && inspector) {
        const { profile } = await inspector.post('Profiler.stop');
        await writeFile(file, JSON.stringify(profile));
        if (process.env.BENCH_HEAP_PROFILE) {
          const { profile: heap } = await inspector.post('HeapProfiler.stopSampling');
          await writeFile(file.replace(/\.cpuprofile$/, '.heapprofile'), JSON.stringify(heap));
        }
      }
      if (command === 'record') reads.start();
      if (command === 'recorded') answer = { reads: reads.stop() };
      if (command === 'reset') {
        // The load starts from a collected heap, as a server's does once its start-up work is done: what the start
        // (and with BENCH_PGLITE=memory the seeding) left behind is not counted as the load's.
        globalThis.gc?.();
        delay.reset();
        rssAtReset = process.memoryUsage.rss();
        rssPeak = rssAtReset;
        cacheAtReset = await cacheCounts();
        longTurns = noTurns();
        collections = noCollections();
        cpuAtReset = process.cpuUsage();
      }
      if (command === 'stats') {
        const cache = await cacheCounts();
        answer = {
          cacheHits: cache.hits - cacheAtReset.hits,
          cacheMisses: cache.misses - cacheAtReset.misses,
          eventLoopP99Ms: Math.max(0, delay.percentile(99) / 1e6 - delayResolutionMs),
          eventLoopMaxMs: Math.max(0, delay.max / 1e6 - delayResolutionMs),
          rssPeakMb: Math.max(rssPeak, process.memoryUsage.rss()) / 1048576,
          rssAtResetMb: rssAtReset / 1048576,
          rssSinceStartMb: await peakSinceStartMb(),
          ...Object.fromEntries(Object.entries(longTurns).map(([key, value]) => [`longTurns.${key}`, value])),
          ...Object.fromEntries(Object.entries(collections).map(([key, value]) => [`gc.${key}`, value])),
          // Every thread's: the collector's helpers and the thread pool's work count as the server's.
          ...((cpu) => ({ cpuMs: (cpu.user + cpu.system) / 1000, cpuSystemMs: cpu.system / 1000 }))(
            process.cpuUsage(cpuAtReset),
          ),
          ...Object.fromEntries(
            Object.entries(process.memoryUsage()).map(([key, bytes]) => [`${key}Mb`, bytes / 1048576]),
          ),
        };
      }
      process.stdout.write(`${JSON.stringify(answer)}\n`);
    }
  }

  process.on('SIGTERM', async () => {
    await app.close();
    await ctx.database.close();
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}

/** A statement the portal sent PostgreSQL while recording, and how many times. */
export type RecordedRead = { text: string; values: unknown[]; count: number };

/**
 * The reads (`select`, `with`) the portal sends PostgreSQL between `record` and `recorded`, by text with the last
 * values: the bench puts a call's own statements into the bare server (bench/own-statements.ts). pg's `query` is wrapped
 * only while recording, so no measured load pays the wrapper. Nothing on PGlite, which does not go through pg.
 */
function readRecorder() {
  const original = pg.Client.prototype.query;
  const passOn = original as (this: pg.Client, ...args: unknown[]) => unknown;
  let seen = new Map<string, RecordedRead>();
  return {
    start() {
      seen = new Map();
      // biome-ignore lint/suspicious/noExplicitAny: pg.Client#query's overloads, passed on as they came.
      pg.Client.prototype.query = function (this: pg.Client, config: any, values?: any, callback?: any): any {
        const text: unknown = typeof config === 'string' ? config : config?.text;
        const given: unknown = Array.isArray(values) ? values : config?.values;
        if (typeof text === 'string' && /^\s*(select|with)\b/i.test(text)) {
          const read = seen.get(text) ?? { text, values: [], count: 0 };
          read.values = Array.isArray(given) ? given : [];
          read.count++;
          seen.set(text, read);
        }
        return passOn.call(this, config, values, callback);
      } as typeof original;
    },
    stop(): RecordedRead[] {
      pg.Client.prototype.query = original;
      return [...seen.values()];
    },
  };
}

/** The process's peak resident memory since it started (Linux's VmHWM; 0 elsewhere): its start's work among it. */
async function peakSinceStartMb(): Promise<number> {
  const status = await readFile('/proc/self/status', 'utf8').catch(() => '');
  return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) / 1024;
}

/** Where a bench server's data is: PGlite's folder (and the uploads), PostgreSQL's scratch database, the secret. */
type Store = { dataDir: string; databaseUrl: string | undefined; jwtSecret: string };

/** The server's settings for a bench run: production, info logging, the demo data (serve.ts's header). */
function benchConfig({ dataDir, databaseUrl, jwtSecret }: Store) {
  return loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    JWT_SECRET: jwtSecret,
    DEMO_DATA: 'true',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    STAFF_REQUIRE_SECOND_FACTOR: 'false',
    // Growing the data copies up to hundreds of thousands of rows in one statement.
    DB_STATEMENT_TIMEOUT_SECONDS: '0',
    // BENCH_CACHE=off measures what every answer costs to compute (the answer cache is on in production).
    ...(process.env.BENCH_CACHE === 'off' ? { RESPONSE_CACHE_SECONDS: '0' } : {}),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(process.env.DB_POOL_SIZE ? { DB_POOL_SIZE: process.env.DB_POOL_SIZE } : {}),
  });
}

function growthFactor() {
  return Math.max(1, Math.round(Number(process.env.BENCH_GROWTH ?? 1)));
}

type Filled = { bookings: number; incomes: number; tokensFile?: string };

/** The bench's data in a migrated store with the demo data: the growth, then the owners (their tokens in a file). */
async function fill(ctx: AppContext, dataDir: string): Promise<Filled> {
  const rows = await grow(ctx.database, growthFactor());
  const owners = await generateOwners(ctx, Math.max(0, Math.round(Number(process.env.BENCH_OWNERS ?? 0))));
  if (owners.length === 0) return rows;
  const tokensFile = path.join(dataDir, 'tokens.json');
  await writeFile(tokensFile, JSON.stringify(owners));
  return { ...rows, tokensFile };
}

/** serve.ts again with the same flags, as BENCH_PREPARE: it makes and fills the store and ends; its last line. */
async function prepareInChild(store: Store): Promise<Filled> {
  const child = spawn(process.execPath, [...process.execArgv, import.meta.filename], {
    env: { ...process.env, BENCH_PREPARE: JSON.stringify(store) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  // 'close', not 'exit': the child's output is read to its end.
  const [code] = (await once(child, 'close')) as [number | null];
  if (code !== 0) throw new Error(`preparing the bench's store failed (exit ${code})`);
  return JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as Filled;
}

/**
 * factor − 1 copies of the demo bookings and incomes, each shifted further into the past (bookings by whole
 * multiples of their span, incomes by whole years past theirs), so the history grows while the current window's
 * data stays the demo's. The incomes' 2000–2999 check is relaxed in this throw-away database: 100 copies of the
 * demo's years reach back before 2000.
 */
async function grow(database: Database, factor: number) {
  const { db } = database;
  if (factor > 1) {
    const span = await sql<{ days: number; years: number }>`
    select (select ceil(extract(epoch from max(ends_at) - min(starts_at)) / 86400)::int + 1 from bookings) as days,
           (select (max(year_month) / 100 - min(year_month) / 100)::int + 1 from incomes) as years`.execute(
      db,
    );
    const { days, years } = span.rows[0] ?? { days: 0, years: 0 };
    await sql`alter table incomes drop constraint if exists incomes_year_month_check`.execute(db);
    await sql`
    insert into bookings (unit_id, starts_at, ends_at, status, guest_amount, source_id, paid_kopecks, sum_kopecks)
    select unit_id, starts_at - make_interval(days => ${days} * k), ends_at - make_interval(days => ${days} * k),
           status, guest_amount, source_id, paid_kopecks, sum_kopecks
    from bookings, generate_series(1, ${factor - 1}) as k`.execute(db);
    await sql`
    insert into incomes (user_unit_id, year_month, amount_kopecks)
    select user_unit_id, year_month - 100 * ${years} * k, amount_kopecks
    from incomes, generate_series(1, ${factor - 1}) as k`.execute(db);
    await sql`analyze bookings`.execute(db);
    await sql`analyze incomes`.execute(db);
  }
  const counts = await sql<{ bookings: number; incomes: number }>`
  select (select count(*)::int from bookings) as bookings, (select count(*)::int from incomes) as incomes`.execute(
    db,
  );
  return counts.rows[0] ?? { bookings: 0, incomes: 0 };
}

/**
 * BENCH_OWNERS: that many owners more, each a copy of the demo investor (their roles, units, incomes and loans'
 * absence alike) under an address of their own, each with a session; returns the sessions' tokens.
 */
async function generateOwners(ctx: AppContext, count: number): Promise<string[]> {
  if (count === 0) return [];
  const { db } = ctx.database;
  await sql`
  insert into users (email, password_hash, last_name, first_name, middle_name, organization_type, manager_id,
                     locale, selected_role)
  select 'bench-owner-' || k || '@example.com', password_hash, last_name, first_name, middle_name,
         organization_type, manager_id, locale, selected_role
  from users, generate_series(1, ${count}) as k where email = 'investor@example.com'`.execute(db);
  await sql`
  insert into user_roles (user_id, role)
  select o.id, r.role from users o, users d join user_roles r on r.user_id = d.id
  where o.email like 'bench-owner-%' and d.email = 'investor@example.com'`.execute(db);
  await sql`
  insert into user_units (user_id, unit_id, relation, invested_kopecks, invested_at, is_sale, sale_price_kopecks)
  select o.id, l.unit_id, l.relation, l.invested_kopecks, l.invested_at, false, null
  from users o, users d join user_units l on l.user_id = d.id
  where o.email like 'bench-owner-%' and d.email = 'investor@example.com' and l.ended_on is null`.execute(db);
  await sql`
  insert into incomes (user_unit_id, year_month, amount_kopecks)
  select n.id, i.year_month, i.amount_kopecks
  from users d join user_units l on l.user_id = d.id join incomes i on i.user_unit_id = l.id
  join user_units n on n.unit_id = l.unit_id and n.relation = l.relation
  join users o on o.id = n.user_id and o.email like 'bench-owner-%'
  where d.email = 'investor@example.com'`.execute(db);
  await sql`analyze`.execute(db);
  const ids = await sql<{ id: number }>`
  select id::int as id from users where email like 'bench-owner-%' order by id`.execute(db);
  const tokens: string[] = [];
  for (const { id } of ids.rows) {
    tokens.push(await createSession(ctx, db, id, { ip: '127.0.0.1', userAgent: 'bench' }));
  }
  return tokens;
}
