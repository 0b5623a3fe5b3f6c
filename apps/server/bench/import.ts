/**
 * Import benchmark: 200,000 booking rows from one CSV or JSON file into a fresh demo database, then the same file
 * again (idempotent: nothing changes). It measures and prints; it does not pass or fail. Targets: under 30 s on
 * PostgreSQL; event-loop delay under 100 ms and under 200 MB of added memory, measured with
 * perf_hooks' monitorEventLoopDelay and by sampling process.memoryUsage() while the import runs.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:import
 *   (without it: the embedded PGlite database, for comparison)
 *
 * BENCH_ROWS changes the count; BENCH_FORMAT=json sends the rows as a JSON array of objects (default csv);
 * BENCH_PGLITE=memory keeps PGlite's files in memory (default: a folder, as the server does); BENCH_BATCH overrides
 * the rows per upsert (importBatchRows of the database); BENCH_TRACE=1 prints every stall of the event loop over
 * 40 ms with the rows written by then (0 while the rows are being checked) and every garbage collection over 40 ms.
 *
 * 'longest work ms' is the most processor time the main thread spent between two turns of a 5 ms timer: about the
 * delay an idle machine would show (a busy one adds the wait for a core, most of the delay on a loaded machine).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { openDatabase } from '../src/db/connection.ts';
import { migrate } from '../src/db/migrate.ts';
import { seedDemoData } from '../src/demo/seed.ts';
import { importBatchRows, runImport } from '../src/modules/import/service.ts';
import { startEnvironment, startFlags } from '../src/start-flags.ts';
import { scratchDatabase } from './scratch-database.ts';

// The import runs in a process started as `npm start` starts the server (its V8 flags and the C library's setting):
// the memory it adds depends on them.
if (!process.env.BENCH_IMPORT_RUN) {
  const child = spawn(process.execPath, ['--expose-gc', ...startFlags(), import.meta.filename], {
    env: { ...process.env, ...startEnvironment(), BENCH_IMPORT_RUN: '1' },
    stdio: 'inherit',
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  process.exit(code ?? 1);
}

const ROWS = Number(process.env.BENCH_ROWS ?? 200_000);
const FORMAT = process.env.BENCH_FORMAT === 'json' ? 'json' : 'csv';
const TRACE = process.env.BENCH_TRACE === '1';
const adminUrl = process.env.BENCH_DATABASE_URL;
const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-bench-import-'));
const scratch = adminUrl ? await scratchDatabase(adminUrl) : undefined;
const databaseUrl = scratch?.url;
// PGlite keeps its files in a folder, as the server does; BENCH_PGLITE=memory keeps them in memory instead, where
// the file system copies the growing write-ahead log at times (a stall of up to a second, not the server's case).
const database = await openDatabase({
  databaseUrl,
  dataDir,
  inMemory: !databaseUrl && process.env.BENCH_PGLITE === 'memory',
});
await migrate(database);
await seedDemoData(database);
const units = (await database.db.selectFrom('units').select('id').execute()).map((row) => row.id);

// Stays of 1–4 nights from 2030 on, across every unit: a year of a large chain's PMS export.
const lines = FORMAT === 'csv' ? ['externalId,unitId,startsAt,endsAt,status,guests,sourceId,paid,sum'] : [];
const day = 86_400_000;
const start = Date.parse('2030-01-01T11:00:00Z');
for (let i = 0; i < ROWS; i += 1) {
  const unit = units[i % units.length];
  const from = start + Math.floor(i / units.length) * 5 * day;
  const nights = 1 + (i % 4);
  const [startsAt, endsAt] = [new Date(from).toISOString(), new Date(from + nights * day).toISOString()];
  lines.push(
    FORMAT === 'csv'
      ? `bench-${i},${unit},${startsAt},${endsAt},confirmed,2,3,${nights * 4000},${nights * 5000}`
      : // One object a line, as a PMS's JSON export writes them.
        `{"externalId":"bench-${i}","unitId":${unit},"startsAt":"${startsAt}","endsAt":"${endsAt}","status":"confirmed","guests":2,"sourceId":3,"paid":${nights * 4000},"sum":${nights * 5000}}`,
  );
}
const file = Buffer.from(FORMAT === 'csv' ? lines.join('\n') : `[\n${lines.join(',\n')}\n]\n`);
lines.length = 0;
const MB = 1024 * 1024;

// Node's histogram records the whole interval between two firings of its timer (an idle loop shows this period); the
// delay is what is over it.
const DELAY_RESOLUTION_MS = 10;

const timed = async (label: string) => {
  (globalThis as { gc?: () => void }).gc?.();
  const base = process.memoryUsage();
  const peak = { rss: base.rss, heap: base.heapUsed };
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peak.rss = Math.max(peak.rss, now.rss);
    peak.heap = Math.max(peak.heap, now.heapUsed);
  }, 20);
  const delay = monitorEventLoopDelay({ resolution: DELAY_RESOLUTION_MS });
  delay.enable();
  const started = performance.now();
  let written = 0;
  let last = started;
  // The main thread's processor time between two turns of a 5 ms timer (the longest is 'longest work ms').
  let lastCpu = process.threadCpuUsage();
  let busiest = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    const cpu = process.threadCpuUsage(lastCpu);
    lastCpu = process.threadCpuUsage();
    busiest = Math.max(busiest, (cpu.user + cpu.system) / 1000);
    if (TRACE && now - last > 45)
      console.log(
        `  ${label}: a ${(now - last - 5).toFixed(0)} ms stall (${((cpu.user + cpu.system) / 1000).toFixed(0)} ms of work) at ${((now - started) / 1000).toFixed(1)} s, ${written} rows written`,
      );
    last = now;
  }, 5);
  // Garbage collections that took long, to tell them from the import's own work.
  const collections = TRACE
    ? new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          if (entry.duration > 40)
            console.log(
              `  ${label}: a ${entry.duration.toFixed(0)} ms garbage collection at ${((entry.startTime - started) / 1000).toFixed(1)} s`,
            );
      })
    : undefined;
  collections?.observe({ entryTypes: ['gc'] });
  const report = await runImport(database.db, 'bookings', file, {
    format: FORMAT,
    skipInvalid: false,
    batchRows: Number(process.env.BENCH_BATCH ?? importBatchRows(database.kind)),
    locale: 'en',
    actorUserId: null,
    source: 'cli',
    onProgress: (done) => {
      written = done;
    },
  });
  const seconds = (performance.now() - started) / 1000;
  delay.disable();
  clearInterval(sampler);
  clearInterval(ticker);
  collections?.disconnect();
  return {
    run: label,
    seconds: seconds.toFixed(1),
    'loop delay p99 ms': Math.max(0, delay.percentile(99) / 1e6 - DELAY_RESOLUTION_MS).toFixed(0),
    'loop delay max ms': Math.max(0, delay.max / 1e6 - DELAY_RESOLUTION_MS).toFixed(0),
    'longest work ms': busiest.toFixed(0),
    'added RSS MB': ((peak.rss - base.rss) / MB).toFixed(0),
    'added heap MB': ((peak.heap - base.heapUsed) / MB).toFixed(0),
    inserted: report.inserted,
    unchanged: report.unchanged,
    rejected: report.rejected,
  };
};

const results = [await timed('first import'), await timed('same file again')];
console.log(
  `Import benchmark: ${ROWS.toLocaleString('en')} booking rows (${(file.length / 1e6).toFixed(1)} MB ${FORMAT.toUpperCase()}) on ${databaseUrl ? 'PostgreSQL' : `embedded PGlite (${process.env.BENCH_PGLITE === 'memory' ? 'in memory' : 'files'})`}, ${Number(process.env.BENCH_BATCH ?? importBatchRows(database.kind))} rows a batch, load average ${loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}; targets: under 30 s on PostgreSQL, event-loop delay under 100 ms, under 200 MB added\n`,
);
console.table(results);

await database.close();
await scratch?.drop();
await rm(dataDir, { recursive: true, force: true });
