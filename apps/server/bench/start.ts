/**
 * Start-up benchmark: `node src/main.ts` on an empty embedded store (migrations and the demo data), then
 * again on the database it left, each timed from the process start to the first 200 of /api/health. It measures
 * and prints; it does not pass or fail. Goals: ≤ 20 s for the first start, ≤ 2 s on an existing database.
 *
 *   npm run bench:start   (BENCH_DATABASE_URL=postgres://… also times the restart on a fresh PostgreSQL database)
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEnvironment, startFlags, startPreload } from '../src/start-flags.ts';

const main = path.join(import.meta.dirname, '../src/main.ts');
/** As `npm start` runs it (its flags and environment): with the compile cache preloaded (BENCH_NO_COMPILE_CACHE=1 leaves it out). */
const preload = process.env.BENCH_NO_COMPILE_CACHE ? [] : startPreload();

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  return typeof address === 'object' && address ? address.port : 0;
}

async function timedStart(env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...startFlags(), ...preload, main], {
    env: {
      ...process.env,
      ...startEnvironment(),
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
        .then((response) => response.ok)
        .catch(() => false);
      if (ok) return (performance.now() - started) / 1000;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  } finally {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
}

const load = () =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');
const secret = randomBytes(32).toString('hex');
const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-bench-start-'));
const common = { NODE_ENV: 'production', DEMO_DATA: 'true', JWT_SECRET: secret, DATA_DIR: dataDir };
const rows: Array<Record<string, string>> = [];
try {
  const first = await timedStart(common);
  rows.push({ start: 'PGlite, empty store with the demo data', seconds: first.toFixed(2), load: load() });
  for (let i = 1; i <= 3; i += 1) {
    const again = await timedStart(common);
    rows.push({ start: `PGlite, existing store (${i})`, seconds: again.toFixed(2), load: load() });
  }
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (adminUrl) {
    const name = `portal_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const env = { ...common, DATABASE_URL: url.toString() };
    try {
      rows.push({
        start: 'PostgreSQL, empty database with the demo data',
        seconds: (await timedStart(env)).toFixed(2),
        load: load(),
      });
      rows.push({
        start: 'PostgreSQL, existing database',
        seconds: (await timedStart(env)).toFixed(2),
        load: load(),
      });
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
console.log('Start-up: from the process start to the first 200 of /api/health (load average 1, 5, 15 min)');
console.table(rows);
