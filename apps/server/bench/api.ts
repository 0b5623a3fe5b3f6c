/**
 * API benchmark: throughput and latency of the main account calls under concurrent load, on the embedded
 * database with the demo data. It measures and prints; it does not pass or fail. Ratios are against
 * GET /api/health measured in the same run, so machines of different speed compare.
 *
 *   npm run bench                      (BENCH_SECONDS=5 BENCH_CONCURRENCY=20 by default)
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from '../src/app.ts';
import { createContext } from '../src/bootstrap.ts';
import { loadConfig } from '../src/config.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 20);

const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-bench-'));
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  JWT_SECRET: randomBytes(32).toString('hex'),
  LOG_LEVEL: 'silent',
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
});
const ctx = await createContext(config, pino({ level: 'silent' }), { inMemory: true });
const app = await buildApp(ctx, { logger: false, serveWeb: false });
const base = await app.listen({ port: 0, host: '127.0.0.1' });

const signIn = await fetch(`${base}/api/v1/authenticate`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ login: 'investor@example.com', password: 'Investor1' }),
});
const { token } = (await signIn.json()) as { token: string };
const auth = { authorization: `Bearer ${token}` };

const windowStart = new Date(Date.now() - 30 * 86_400_000);
const bookingWindow = `location=1&startDate=${windowStart.toISOString()}&endDate=${new Date(windowStart.getTime() + 60 * 86_400_000).toISOString()}`;

type Scenario = { name: string; request: () => Promise<Response> };
const scenarios: Scenario[] = [
  { name: 'GET /api/health (baseline)', request: () => fetch(`${base}/api/health`) },
  {
    name: 'GET users/data-profile',
    request: () => fetch(`${base}/api/v1/users/data-profile`, { headers: auth }),
  },
  { name: 'GET users/locations', request: () => fetch(`${base}/api/v1/users/locations`, { headers: auth }) },
  {
    name: 'GET users/actives-info',
    request: () => fetch(`${base}/api/v1/users/actives-info`, { headers: auth }),
  },
  {
    name: 'GET bookings, 60 days of a location',
    request: () => fetch(`${base}/api/v1/bookings?${bookingWindow}`, { headers: auth }),
  },
  {
    name: 'GET investor-income/statistics',
    request: () => fetch(`${base}/api/v1/investor-income/statistics?location=1`, { headers: auth }),
  },
  {
    name: 'GET adesk, a month of bank rows',
    request: () => fetch(`${base}/api/v1/adesk?locationId=1&year=2026&month=10`, { headers: auth }),
  },
];

async function run(scenario: Scenario) {
  const latencies: number[] = [];
  let failures = 0;
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const start = performance.now();
        const response = await scenario.request();
        await response.arrayBuffer();
        if (!response.ok) failures += 1;
        latencies.push(performance.now() - start);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { rps: latencies.length / seconds, p50: at(0.5), p95: at(0.95), p99: at(0.99), failures };
}

console.log(
  `API benchmark: ${seconds} s per call, ${concurrency} concurrent clients, ${ctx.database.kind}\n`,
);
const results: Array<{ name: string; rps: number; p50: number; p95: number; p99: number; failures: number }> =
  [];
for (const scenario of scenarios) {
  await run({ ...scenario }); // warm-up is the first pass of each; measure the second
  results.push({ name: scenario.name, ...(await run(scenario)) });
}
const baseline = results[0]?.rps ?? 1;
console.table(
  results.map((r) => ({
    call: r.name,
    'req/s': Math.round(r.rps),
    'vs baseline': `${(r.rps / baseline).toFixed(2)}x`,
    'p50 ms': r.p50.toFixed(1),
    'p95 ms': r.p95.toFixed(1),
    'p99 ms': r.p99.toFixed(1),
    failures: r.failures,
  })),
);

const dist = path.join(import.meta.dirname, '../../web/dist/assets');
const assets = await readdir(dist).catch(() => [] as string[]);
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

await app.close();
await ctx.database.close();
await rm(dataDir, { recursive: true, force: true });
