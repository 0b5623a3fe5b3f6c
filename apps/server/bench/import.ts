/**
 * Import benchmark: 200,000 booking rows from one CSV file into a fresh demo database, then the same file again
 * (idempotent: nothing changes). It measures and prints; it does not pass or fail. Targets: under 30 s on
 * PostgreSQL (issue 8); event-loop delay under 100 ms and under 200 MB of added memory (issue 14), measured with
 * perf_hooks' monitorEventLoopDelay and by sampling process.memoryUsage() while the import runs.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:import
 *   (without it: the embedded PGlite database, for comparison)
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '../src/db/connection.ts';
import { migrate } from '../src/db/migrate.ts';
import { seedDemoData } from '../src/demo/seed.ts';
import { importBatchRows, runImport } from '../src/modules/import/service.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 200_000);
const adminUrl = process.env.BENCH_DATABASE_URL;
const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-bench-import-'));
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
const database = await openDatabase({ databaseUrl, dataDir, inMemory: !databaseUrl });
await migrate(database);
await seedDemoData(database);
const units = (await database.db.selectFrom('units').select('id').execute()).map((row) => row.id);

// Stays of 1–4 nights from 2030 on, across every unit: a year of a large chain's PMS export.
const lines = ['externalId,unitId,startsAt,endsAt,status,guests,sourceId,paid,sum'];
const day = 86_400_000;
const start = Date.parse('2030-01-01T11:00:00Z');
for (let i = 0; i < ROWS; i += 1) {
  const unit = units[i % units.length];
  const from = start + Math.floor(i / units.length) * 5 * day;
  const nights = 1 + (i % 4);
  lines.push(
    `bench-${i},${unit},${new Date(from).toISOString()},${new Date(from + nights * day).toISOString()},confirmed,2,3,${nights * 4000},${nights * 5000}`,
  );
}
const csv = Buffer.from(lines.join('\n'));
lines.length = 0;
const MB = 1024 * 1024;

const timed = async (label: string) => {
  (globalThis as { gc?: () => void }).gc?.();
  const base = process.memoryUsage();
  const peak = { rss: base.rss, heap: base.heapUsed };
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peak.rss = Math.max(peak.rss, now.rss);
    peak.heap = Math.max(peak.heap, now.heapUsed);
  }, 20);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  const report = await runImport(database.db, 'bookings', csv, {
    format: 'csv',
    skipInvalid: false,
    batchRows: importBatchRows(database.kind),
    locale: 'en',
    actorUserId: null,
    source: 'cli',
  });
  const seconds = (performance.now() - started) / 1000;
  delay.disable();
  clearInterval(sampler);
  return {
    run: label,
    seconds: seconds.toFixed(1),
    'loop delay p99 ms': (delay.percentile(99) / 1e6).toFixed(0),
    'loop delay max ms': (delay.max / 1e6).toFixed(0),
    'added RSS MB': ((peak.rss - base.rss) / MB).toFixed(0),
    'added heap MB': ((peak.heap - base.heapUsed) / MB).toFixed(0),
    inserted: report.inserted,
    unchanged: report.unchanged,
    rejected: report.rejected,
  };
};

const results = [await timed('first import'), await timed('same file again')];
console.log(
  `Import benchmark: ${ROWS.toLocaleString('en')} booking rows (${(csv.length / 1e6).toFixed(1)} MB CSV) on ${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}; targets: under 30 s on PostgreSQL, event-loop delay under 100 ms, under 200 MB added\n`,
);
console.table(results);

await database.close();
if (adminUrl) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
await rm(dataDir, { recursive: true, force: true });
