/**
 * API benchmark. It measures and prints; it does not pass or fail.
 *
 * A bare Fastify 5 hello-world (bench/bare.ts) and the portal (bench/serve.ts, production settings, demo data)
 * run in their own processes; autocannon loads each call in turn from this process and every figure is printed
 * beside the bare server's, measured in the same run at the same concurrency before and after the calls (a share
 * is of the quicker of the two), so a busy machine shows as a lower bare figure rather than as a slower portal, and
 * a slow spell of the bare server's does not flatter the calls. On PostgreSQL when BENCH_DATABASE_URL is set (a fresh database
 * made from it and dropped afterwards), and on the embedded PGlite. On PostgreSQL the bare server also answers after
 * one prepared select through the portal's driver: what one round trip costs here, the floor of a call that reads
 * once, and each call's Node CPU is printed over it too.
 *
 *   npm run bench
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench
 *   BENCH_GROWTH=100 …    also loads 100 times the demo bookings and incomes and prints each call's cost at 100×
 *                         against 1× (10 connections); BENCH_GROWTH=10,100 for both
 *   BENCH_CACHE=off       turns the answer cache off (http/response-cache.ts): what every answer costs to compute
 *   BENCH_SECONDS=3 BENCH_WARM_UP_SECONDS=3 BENCH_CONNECTIONS=10,100 BENCH_DBS=postgres,pglite
 *   BENCH_CALLS=bookings,statistics (names containing these words) narrow a run.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { copyFile, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { addMonths, firstDayOf, lastCompleteMonth } from '@portal/contract/periods';
import autocannon from 'autocannon';
import pg from 'pg';
import { startEnvironment, startFlags, startPreload } from '../src/start-flags.ts';
import { warmCompileCache } from '../src/warm-compile-cache.ts';
import { putStatements, recordStatements } from './own-statements.ts';
import { breakdown, type CpuProfile, PARTS } from './profile.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 3);
/**
 * Each call's load starts after this many seconds of the same load, unmeasured but for its processor time (printed
 * apart): a call's first seconds also pay V8 compiling its code, on the optimizing compiler's threads (half again of
 * a request's processor time in the first 3 s of the unit cards), which a running server pays once.
 */
const warmUpSeconds = Number(process.env.BENCH_WARM_UP_SECONDS ?? 3);
/** Seconds of each call's load before any is measured: the code every call shares compiled, as in a running server. */
const serverWarmUpSeconds = Number(process.env.BENCH_SERVER_WARM_UP_SECONDS ?? 1);
const connectionCounts = (process.env.BENCH_CONNECTIONS ?? '10,100').split(',').map(Number);
const growthFactors = (process.env.BENCH_GROWTH ?? '').split(',').filter(Boolean).map(Number);
const databases = (process.env.BENCH_DBS ?? 'postgres,pglite')
  .split(',')
  .filter((kind) => kind !== 'postgres' || process.env.BENCH_DATABASE_URL);
const only = (process.env.BENCH_CALLS ?? '').split(',').filter(Boolean);
/** BENCH_PROFILE=1: a CPU profile of the portal during each call's load, summed by part (bench/profile.ts). */
const profiling = Boolean(process.env.BENCH_PROFILE);
const profiles: Array<{ db: string; call: string; parts: Map<string, number> }> = [];

export type Server = {
  url: string;
  process: ChildProcess;
  info: Record<string, unknown>;
  /** The server's next line of output (serve.ts answers each profiler command with one). */
  next(): Promise<string>;
};

async function start(script: string, env: Record<string, string>): Promise<Server> {
  // --expose-gc: serve.ts collects the heap before a measured load starts. The other flags and the compile cache's
  // preload are the server's start script's (apps/server/package.json), so what is measured is what `npm start` runs.
  const child = spawn(
    process.execPath,
    ['--expose-gc', ...startFlags(), ...startPreload(), path.join(import.meta.dirname, script)],
    {
      env: { ...process.env, ...startEnvironment(), ...env },
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  if (!child.stdout) throw new Error(`${script}: no stdout`);
  const lines = createInterface({ input: child.stdout });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`${script} exited with ${code}`);
  });
  const first = new Promise<string>((resolve) => lines.once('line', resolve));
  const info = JSON.parse(await Promise.race([first, exited])) as { url: string };
  const next = () => new Promise<string>((resolve) => lines.once('line', resolve));
  return { url: info.url, process: child, info, next };
}

/** Sends a command to serve.ts (the profiler, the event loop's and memory's figures) and returns its answer. */
async function command(server: Server, text: string): Promise<Record<string, number>> {
  const answered = server.next();
  server.process.stdin?.write(`${text}\n`);
  return JSON.parse(await answered) as Record<string, number>;
}

async function stop(server: Server) {
  server.process.kill('SIGTERM');
  await once(server.process, 'exit');
}

/** A call to load, as the demo investor or (`as`) the demo lender. */
type Call = { name: string; path: string; as?: 'investor' | 'lender' };

function calls(): Call[] {
  const day = 86_400_000;
  const windowStart = new Date(Date.now() - 30 * day);
  const windowEnd = new Date(windowStart.getTime() + 60 * day);
  const lastMonth = lastCompleteMonth(new Date());
  const yearAgo = addMonths(lastMonth, -11);
  const all: Call[] = [
    { name: 'users/actives-info', path: '/api/v1/users/actives-info' },
    { name: 'users/data-profile', path: '/api/v1/users/data-profile' },
    // The layout's six answers in one call (a first load), beside the other five of its calls.
    { name: 'users/layout', path: '/api/v1/users/layout' },
    { name: 'users/locations', path: '/api/v1/users/locations' },
    { name: 'users/actives', path: '/api/v1/users/actives' },
    { name: 'notifications/unread-count', path: '/api/v1/notifications/unread-count' },
    { name: 'users/open-requests', path: '/api/v1/users/open-requests' },
    { name: 'company-settings', path: '/api/v1/company-settings' },
    // The dashboard's four answers in one call, for the location and range a first visit asks for.
    { name: 'dashboard/first-screen', path: '/api/v1/dashboard/first-screen' },
    { name: 'dashboard/location-info', path: '/api/v1/dashboard/location-info?location=1' },
    { name: 'dashboard/statistics', path: '/api/v1/dashboard/statistics?location=1' },
    { name: 'dashboard/actual-data', path: '/api/v1/dashboard/actual-data?location=1' },
    {
      name: 'dashboard/graph (12 months)',
      path: `/api/v1/dashboard/graph?location=1&startDate=${firstDayOf(yearAgo)}&endDate=${firstDayOf(lastMonth)}`,
    },
    {
      name: 'investor-income (12 months)',
      path: `/api/v1/investor-income?location=1&yearMonthFrom=${yearAgo}&yearMonthTo=${lastMonth}`,
    },
    { name: 'investor-income/statistics', path: '/api/v1/investor-income/statistics?location=1' },
    {
      name: 'investor-income/actives',
      path: `/api/v1/investor-income/actives?location=1&yearMonth=${lastMonth}`,
    },
    // The income page's three answers in one call, as its first load asks for them.
    {
      name: 'investor-income/first-screen',
      path: `/api/v1/investor-income/first-screen?location=1&yearMonthFrom=${yearAgo}&yearMonthTo=${lastMonth}`,
    },
    // The demo lender's income page: its three calls and the one a first load asks.
    {
      name: 'lender-income (12 months)',
      path: `/api/v1/lender-income?location=1&yearMonthFrom=${yearAgo}&yearMonthTo=${lastMonth}`,
      as: 'lender',
    },
    { name: 'lender-income/statistics', path: '/api/v1/lender-income/statistics?location=1', as: 'lender' },
    {
      name: 'lender-income/actives',
      path: `/api/v1/lender-income/actives?location=1&yearMonth=${lastMonth}`,
      as: 'lender',
    },
    {
      name: 'lender-income/first-screen',
      path: `/api/v1/lender-income/first-screen?location=1&yearMonthFrom=${yearAgo}&yearMonthTo=${lastMonth}`,
      as: 'lender',
    },
    {
      name: 'bookings (60 days)',
      path: `/api/v1/bookings?location=1&startDate=${windowStart.toISOString()}&endDate=${windowEnd.toISOString()}`,
    },
    { name: 'bookings/location-statistics', path: '/api/v1/bookings/location-statistics?location=1' },
  ];
  return all.filter((call) => only.length === 0 || only.some((word) => call.name.includes(word)));
}

/**
 * What one round trip to PostgreSQL costs a bare Fastify: the floor of a call that reads once (after the same warm-up
 * as a call: its pool's connections opened, its code compiled).
 */
async function oneQueryLoad(bareUrl: string, connections: number, bareTarget: Parameters<typeof load>[4]) {
  const target = {
    ...bareTarget,
    database: new URL(String(process.env.BENCH_DATABASE_URL)).pathname.slice(1),
  };
  await load(`${bareUrl}/one-query`, connections, {}, warmUpSeconds, target);
  return load(`${bareUrl}/one-query`, connections, {}, seconds, target);
}

/** How many times a call is asked, one after another, while serve.ts records the reads it sends PostgreSQL. */
const RECORDED_ASKS = 20;

/**
 * The call's own statements run by the bare server (bench/own-statements.ts), loaded as a call is. Null on PGlite
 * and with the answer cache on (an answer replayed from the cache sends nothing).
 */
async function ownStatementsLoad(
  portal: Server,
  bareUrl: string,
  callUrl: string,
  headers: Record<string, string>,
  connections: number,
  bareTarget: Parameters<typeof load>[4],
) {
  const statements = await recordStatements(command, portal, callUrl, headers, RECORDED_ASKS);
  if (statements.length === 0) return null;
  await putStatements(bareUrl, 'call', portal, statements);
  const target = { ...bareTarget, database: String(portal.info.database) };
  await load(`${bareUrl}/statements/call`, connections, {}, warmUpSeconds, target);
  return {
    statements: statements.length,
    ...(await load(`${bareUrl}/statements/call`, connections, {}, seconds, target)),
  };
}

/** Answers from this many bytes are also measured as a bare Fastify sending the same text (bare.ts `/answer`). */
const LONG_ANSWER_BYTES = 16 * 1024;

/**
 * What a bare Fastify takes to send a call's own answer, when it is long: the call's answer (uncompressed, as the
 * load asks it) put into the bare server and loaded as a call is. The hello-world's rate is the client's limit; an
 * answer of 43 KB is not (the booking grid's: 3,900–5,500 req/s against 23,000–41,000), so a long answer's call is
 * also compared with this. Null for a short answer.
 */
async function sameAnswerLoad(
  bareUrl: string,
  callUrl: string,
  headers: Record<string, string>,
  connections: number,
  bareTarget: Parameters<typeof load>[4],
) {
  const text = await (await fetch(callUrl, { headers })).text();
  if (Buffer.byteLength(text) < LONG_ANSWER_BYTES) return null;
  await fetch(`${bareUrl}/answer`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: text,
  });
  await load(`${bareUrl}/answer`, connections, {}, warmUpSeconds, bareTarget);
  return {
    bytes: Buffer.byteLength(text),
    ...(await load(`${bareUrl}/answer`, connections, {}, seconds, bareTarget)),
  };
}

type Measure = {
  rps: number;
  p50: number;
  p99: number;
  bad: number;
  /** The server's process and, on PostgreSQL, its backends. */
  cpuMs: number;
  /** The server's process alone: Node's share, which the goals name. */
  nodeCpuMs: number;
  requests: number;
};

/** CPU seconds (user + system) of processes, from /proc: what a request costs, whatever else the machine runs. */
async function cpuSeconds(pids: number[]): Promise<Map<number, number>> {
  const result = new Map<number, number>();
  for (const pid of pids) {
    const text = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    if (fields.length > 13) result.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
  }
  return result;
}

/**
 * The processes that serve a call: the server's, and on PostgreSQL the backends of its database (their CPU is the
 * SQL's). A load average far above the cores stretches req/s and latency but hardly the CPU a request takes, so
 * the CPU per request is printed beside them.
 */
type Target = { pid: number; database?: string };

async function servingPids(target: Target): Promise<number[]> {
  if (!target.database || !process.env.BENCH_DATABASE_URL) return [target.pid];
  const client = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [target.database],
    );
    return [target.pid, ...rows.map((row) => row.pid)];
  } finally {
    await client.end();
  }
}

/** The processor seconds the backends of a portal's PostgreSQL database have used (0 on PGlite: in the process). */
async function databaseCpuSeconds(server: Server): Promise<number> {
  if (typeof server.info.database !== 'string') return 0;
  const pids = (await servingPids({ pid: 0, database: server.info.database })).slice(1);
  return [...(await cpuSeconds(pids)).values()].reduce((sum, value) => sum + value, 0);
}

async function load(
  url: string,
  connections: number,
  headers: Record<string, string>,
  duration: number,
  target: Target,
) {
  const before = await cpuSeconds(await servingPids(target));
  const result = await autocannon({ url, connections, duration, headers, pipelining: 1 });
  // autocannon stops at the deadline with requests still queued in the server; the next run starts once they are
  // served (health queries the database, behind them), or every 100-connection run measures its predecessor's queue.
  await fetch(new URL('/api/health', url)).catch(() => undefined);
  const after = await cpuSeconds(await servingPids(target));
  let cpu = 0;
  for (const [pid, seconds] of after) cpu += seconds - (before.get(pid) ?? 0);
  const nodeCpu = (after.get(target.pid) ?? 0) - (before.get(target.pid) ?? 0);
  const perRequest = (seconds: number) =>
    result.requests.total > 0 ? (seconds * 1000) / result.requests.total : 0;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
    cpuMs: perRequest(cpu),
    nodeCpuMs: perRequest(nodeCpu),
    requests: result.requests.total,
  } satisfies Measure;
}

async function signIn(base: string, as: Call['as'] = 'investor'): Promise<Record<string, string>> {
  const login =
    as === 'lender'
      ? { login: 'lender@example.com', password: 'Lender1' }
      : { login: 'investor@example.com', password: 'Investor1' };
  const response = await fetch(`${base}/api/v1/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(login),
  });
  const { token } = (await response.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

const load1 = () =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');

console.log(
  `API benchmark: ${seconds} s a call after ${warmUpSeconds} s of warm-up, connections ${connectionCounts.join(' and ')}; ` +
    `databases: ${databases.join(', ')}${growthFactors.length ? `; growth ×${growthFactors.join(', ×')}` : ''}; ` +
    `answer cache ${process.env.BENCH_CACHE === 'off' ? 'off' : 'on'}; ` +
    `load average at start ${load1()}\n`,
);

// The servers' modules go into Node's compile cache first, as `npm start` fills it before it starts the server: the
// measured processes then read every module from it and never load Node's TypeScript stripper (src/compile-cache.js).
warmCompileCache(
  ['bare.ts', 'serve.ts'].map((script) => path.join(import.meta.dirname, script)),
  ['--expose-gc'],
);

// The folder the profiles are kept in is made if it is not there, rather than failing after the loads have run.
if (process.env.BENCH_KEEP_PROFILES) await mkdir(process.env.BENCH_KEEP_PROFILES, { recursive: true });

const mode = process.env.BENCH_MODE ?? 'calls';
if (mode === 'first-visit' || mode === 'mixed') {
  const { firstVisit, mixed } = await import('./visits.ts');
  const run = mode === 'first-visit' ? firstVisit : mixed;
  await run({ start, stop, command, databases, load1, databaseCpuSeconds });
  process.exit(0);
}

const bare = await start(
  'bare.ts',
  process.env.BENCH_DATABASE_URL ? { BENCH_BARE_DATABASE_URL: process.env.BENCH_DATABASE_URL } : {},
);
/** rps at 10 connections, by database, growth and call: for the growth ratios. */
const costs = new Map<string, number>();
/** CPU ms a request (server and, on PostgreSQL, its backends), same keys. */
const cpuCosts = new Map<string, number>();
try {
  for (const kind of databases) {
    for (const growth of [1, ...growthFactors]) {
      const portal = await start('serve.ts', { BENCH_DB: kind, BENCH_GROWTH: String(growth) });
      try {
        const signedIn = { investor: await signIn(portal.url), lender: await signIn(portal.url, 'lender') };
        const counts = growth === 1 ? connectionCounts : connectionCounts.filter((c) => c === 10);
        // Without it the first call measured paid most of the start-up's compiling (0.42–0.46 ms of Node's time a
        // users/actives-info against 0.23–0.31 after 20 s of load).
        if (serverWarmUpSeconds > 0)
          for (const call of calls())
            await load(portal.url + call.path, 10, signedIn[call.as ?? 'investor'], serverWarmUpSeconds, {
              pid: portal.process.pid ?? 0,
            });
        for (const connections of counts.length ? counts : [connectionCounts[0] ?? 10]) {
          const bareTarget = { pid: bare.process.pid ?? 0 };
          const portalTarget = {
            pid: portal.process.pid ?? 0,
            ...(typeof portal.info.database === 'string' ? { database: portal.info.database } : {}),
          };
          // Warmed as a call is: measured cold, right after the portal's warm-up, it ran 17,000–37,000 req/s.
          await load(bare.url, connections, {}, warmUpSeconds, bareTarget);
          const bareBefore = await load(bare.url, connections, {}, seconds, bareTarget);
          const oneQuery = kind === 'postgres' ? await oneQueryLoad(bare.url, connections, bareTarget) : null;
          const rows: Array<Record<string, string | number>> = [];
          const longAnswers: string[] = [];
          for (const call of calls()) {
            const headers = signedIn[call.as ?? 'investor'];
            const warmUp = await load(
              portal.url + call.path,
              connections,
              headers,
              warmUpSeconds,
              portalTarget,
            );
            const profileFile = path.join(tmpdir(), `portal-bench-${process.pid}.cpuprofile`);
            if (profiling && growth === 1) await command(portal, 'start');
            const m = await load(portal.url + call.path, connections, headers, seconds, portalTarget);
            if (profiling && growth === 1) {
              await command(portal, `stop ${profileFile}`);
              const profile = JSON.parse(await readFile(profileFile, 'utf8')) as CpuProfile;
              profiles.push({
                db: kind,
                call: `${call.name} (${connections})`,
                parts: breakdown(profile, m.requests),
              });
              if (!process.env.BENCH_KEEP_PROFILES) await rm(profileFile, { force: true });
              else
                await writeFile(
                  path.join(
                    process.env.BENCH_KEEP_PROFILES,
                    `${kind}-${call.name.replace(/\W+/g, '-')}.cpuprofile`,
                  ),
                  JSON.stringify(profile),
                );
              // serve.ts wrote the heap profile beside the CPU profile.
              const heapFile = profileFile.replace(/\.cpuprofile$/, '.heapprofile');
              if (process.env.BENCH_HEAP_PROFILE && process.env.BENCH_KEEP_PROFILES)
                await copyFile(
                  heapFile,
                  path.join(
                    process.env.BENCH_KEEP_PROFILES,
                    `${kind}-${call.name.replace(/\W+/g, '-')}.heapprofile`,
                  ),
                );
              await rm(heapFile, { force: true });
            }
            const sameAnswer = await sameAnswerLoad(
              bare.url,
              portal.url + call.path,
              headers,
              connections,
              bareTarget,
            );
            if (sameAnswer)
              longAnswers.push(
                `${call.name}: its ${(sameAnswer.bytes / 1024).toFixed(1)} KB answer sent by a bare Fastify ` +
                  `${Math.round(sameAnswer.rps)} req/s, CPU ${sameAnswer.cpuMs.toFixed(3)} ms/req; the call ` +
                  `${(m.rps / sameAnswer.rps).toFixed(3)} of it`,
              );
            const ownStatements =
              oneQuery && process.env.BENCH_CACHE === 'off'
                ? await ownStatementsLoad(
                    portal,
                    bare.url,
                    portal.url + call.path,
                    headers,
                    connections,
                    bareTarget,
                  )
                : null;
            if (ownStatements?.bad)
              longAnswers.push(
                `${call.name}: its SQL alone answered ${ownStatements.bad} errors (not comparable)`,
              );
            costs.set(`${kind}|${growth}|${connections}|${call.name}`, m.rps);
            cpuCosts.set(`${kind}|${growth}|${connections}|${call.name}`, m.cpuMs);
            const row = {
              call: call.name,
              'req/s': Math.round(m.rps),
              'vs bare': m.rps,
              'p50 ms': m.p50,
              'p99 ms': m.p99,
              'not 2xx': m.bad,
              'CPU ms/req': Number(m.cpuMs.toFixed(2)),
              'Node CPU ms': Number(m.nodeCpuMs.toFixed(3)),
              'warm-up Node CPU ms': Number(warmUp.nodeCpuMs.toFixed(3)),
              'CPU vs bare': m.cpuMs,
              ...(oneQuery
                ? { 'Node CPU over one query': Number((m.nodeCpuMs - oneQuery.nodeCpuMs).toFixed(3)) }
                : {}),
              ...(ownStatements
                ? {
                    'its SQL alone vs bare': ownStatements.rps,
                    'vs its SQL alone': Number((m.rps / ownStatements.rps).toFixed(3)),
                  }
                : {}),
            };
            rows.push(row);
          }
          // The bare server again after the calls: a share of it is taken of its quicker run, the machine's capacity
          // in the run's quicker spell, so a slow spell of the bare server never flatters a call.
          const bareAfter = await load(bare.url, connections, {}, seconds, bareTarget);
          const baseline = bareAfter.rps > bareBefore.rps ? bareAfter : bareBefore;
          for (const row of rows) {
            row['vs bare'] = Number((Number(row['vs bare']) / baseline.rps).toFixed(3));
            row['CPU vs bare'] = Number((baseline.cpuMs / Number(row['CPU vs bare'])).toFixed(3));
            if ('its SQL alone vs bare' in row)
              row['its SQL alone vs bare'] = Number(
                (Number(row['its SQL alone vs bare']) / baseline.rps).toFixed(3),
              );
          }
          console.log(
            `${kind}, ×${growth} (${portal.info.bookings} bookings, ${portal.info.incomes} incomes), ${connections} connections; ` +
              `bare Fastify ${Math.round(baseline.rps)} req/s (${Math.round(bareBefore.rps)} before the calls, ` +
              `${Math.round(bareAfter.rps)} after; shares are of the quicker), p50 ${baseline.p50} ms, ` +
              `p99 ${baseline.p99} ms, CPU ${baseline.cpuMs.toFixed(3)} ms/req; load average ${load1()}`,
          );
          if (oneQuery) {
            console.log(
              `bare Fastify with one prepared select (pg, one round trip) ${Math.round(oneQuery.rps)} req/s, ` +
                `p50 ${oneQuery.p50} ms, p99 ${oneQuery.p99} ms, Node CPU ${oneQuery.nodeCpuMs.toFixed(3)} ms/req, ` +
                `with PostgreSQL ${oneQuery.cpuMs.toFixed(3)} ms/req`,
            );
          }
          console.table(rows);
          for (const line of longAnswers) console.log(line);
        }
      } finally {
        await stop(portal);
      }
    }
  }
} finally {
  await stop(bare);
}

if (databases.includes('postgres') && databases.includes('pglite')) {
  console.log(
    'PGlite against PostgreSQL (req/s of PostgreSQL ÷ req/s of PGlite: the cost of PGlite, × times)',
  );
  console.table(
    connectionCounts.flatMap((connections) =>
      calls().map((call) => {
        const pgRps = costs.get(`postgres|1|${connections}|${call.name}`) ?? 0;
        const liteRps = costs.get(`pglite|1|${connections}|${call.name}`) ?? 0;
        const pgCpu = costs.has(`postgres|1|${connections}|${call.name}`)
          ? (cpuCosts.get(`postgres|1|${connections}|${call.name}`) ?? 0)
          : 0;
        const liteCpu = cpuCosts.get(`pglite|1|${connections}|${call.name}`) ?? 0;
        return {
          call: call.name,
          connections,
          'PGlite cost × (req/s)': Number((pgRps / liteRps).toFixed(2)),
          'PGlite CPU ×': Number((liteCpu / pgCpu).toFixed(2)),
        };
      }),
    ),
  );
}
for (const growth of growthFactors) {
  console.log(`Growth: the cost of a call (1 ÷ req/s, 10 connections) at ×${growth} against ×1`);
  console.table(
    databases.flatMap((kind) =>
      calls().map((call) => {
        const one = costs.get(`${kind}|1|10|${call.name}`) ?? 0;
        const grown = costs.get(`${kind}|${growth}|10|${call.name}`) ?? 0;
        const cpuOne = cpuCosts.get(`${kind}|1|10|${call.name}`) ?? 0;
        const cpuGrown = cpuCosts.get(`${kind}|${growth}|10|${call.name}`) ?? 0;
        return {
          db: kind,
          call: call.name,
          [`cost ×${growth} ÷ ×1 (req/s)`]: Number((one / grown).toFixed(2)),
          [`CPU ×${growth} ÷ ×1`]: Number((cpuGrown / cpuOne).toFixed(2)),
        };
      }),
    ),
  );
}
if (profiles.length > 0) {
  console.log(
    'Where the processor time of a request goes (ms a request, from a V8 profile of the portal during the load; ' +
      'sampling adds its own share, so the sum exceeds the CPU column above)',
  );
  for (const kind of databases) {
    const mine = profiles.filter((p) => p.db === kind);
    if (mine.length === 0) continue;
    console.log(kind);
    console.table(
      PARTS.map((part) => ({
        part,
        ...Object.fromEntries(mine.map((p) => [p.call, Number((p.parts.get(part) ?? 0).toFixed(3))])),
      })),
    );
  }
}
console.log(`load average at end ${load1()}`);

const dist = path.join(import.meta.dirname, '../../web/dist/assets');
const assets = (await readdir(dist).catch(() => [] as string[])).filter((file) => !/\.(br|gz)$/.test(file));
if (assets.length > 0) {
  const sizes = await Promise.all(
    assets.map(async (file) => ({ file, kB: (await stat(path.join(dist, file))).size / 1024 })),
  );
  const total = sizes.reduce((sum, s) => sum + s.kB, 0);
  console.log(`\nWeb bundle: ${assets.length} files, ${total.toFixed(0)} kB in all`);
  console.table(
    sizes
      .sort((a, b) => b.kB - a.kB)
      .slice(0, 8)
      .map((s) => ({ file: s.file, kB: s.kB.toFixed(1), share: `${((s.kB / total) * 100).toFixed(0)}%` })),
  );
} else {
  console.log('\nWeb bundle: not built (npm run build) — sizes skipped');
}
