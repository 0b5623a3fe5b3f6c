/**
 * The portal as `npm run bench` measures it, in its own process: a fresh database with the demo data (embedded
 * PGlite in memory, or a new PostgreSQL database made from BENCH_DATABASE_URL and dropped afterwards), optionally
 * grown to BENCH_GROWTH times the demo bookings and incomes, served with the production settings (NODE_ENV
 * production, info logging to /dev/null through the server's own logger). Prints `{"url", "kind", …}` when it
 * listens; SIGTERM closes it and drops the database.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { createContext } from '../src/bootstrap.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/connection.ts';
import { createLogger } from '../src/logger.ts';

const adminUrl = process.env.BENCH_DB === 'postgres' ? process.env.BENCH_DATABASE_URL : undefined;
const growth = Math.max(1, Math.round(Number(process.env.BENCH_GROWTH ?? 1)));
const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-bench-'));
const name = `portal_bench_${randomBytes(4).toString('hex')}`;
let databaseUrl: string | undefined;
if (adminUrl) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
}
const config = loadConfig({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  JWT_SECRET: randomBytes(32).toString('hex'),
  DEMO_DATA: 'true',
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
  STAFF_REQUIRE_SECOND_FACTOR: 'false',
  // Growing the data copies up to hundreds of thousands of rows in one statement.
  DB_STATEMENT_TIMEOUT_SECONDS: '0',
  // BENCH_CACHE=off measures what every answer costs to compute (the answer cache is on in production).
  ...(process.env.BENCH_CACHE === 'off' ? { RESPONSE_CACHE_SECONDS: '0' } : {}),
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
const logger = createLogger(config, '/dev/null');
const ctx = await createContext(config, logger, { inMemory: !databaseUrl });
const rows = await grow(ctx.database, growth);
const app = await buildApp(ctx, { logger, serveWeb: false });
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(
  `${JSON.stringify({ url, kind: ctx.database.kind, growth, ...rows, ...(adminUrl ? { database: name } : {}) })}\n`,
);

process.on('SIGTERM', async () => {
  await app.close();
  await ctx.database.close();
  if (adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  await rm(dataDir, { recursive: true, force: true });
  process.exit(0);
});

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
