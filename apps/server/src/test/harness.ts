import { randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { createContext } from '../bootstrap.ts';
import { loadConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import { openDatabase } from '../db/connection.ts';
import { DEMO_ACCOUNTS } from '../demo/accounts.ts';
import type { Logger } from '../logger.ts';
import { type OutboxWorker, startOutboxWorker } from '../modules/outbox/outbox.ts';
import { PINNED_TODAY } from './pinned-today.ts';

export type TestApp = {
  app: FastifyInstance;
  ctx: AppContext;
  /** Delivers the outbox through the configured mailer/SMS sender, as the worker of a running server does. */
  worker: OutboxWorker;
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  signIn(login: string, password?: string): Promise<string>;
  close(): Promise<void>;
};

/**
 * A real server over its own database with the demo data: an in-memory PGlite loaded from the run's seeded
 * template, or a PostgreSQL database copied from the template database when the suite runs as its postgres
 * project (see global-setup.ts). `DEMO_DATA: 'false'` gives an empty, migrated database instead.
 * A failed start closes whatever it had opened, so a broken beforeAll leaves nothing running behind it.
 * `options.databaseUrl` starts another instance on an existing PostgreSQL database (say another test app's
 * `ctx.config.databaseUrl`), with its own DATA_DIR, as a second instance of one deployment: no copy, no drop.
 * The app runs on the pinned date (PINNED_TODAY), the template's; another `env.PORTAL_TODAY` seeds a fresh
 * database on that date instead of copying the template. `options.logger` receives the app's log lines (silent
 * without it).
 */
export async function startTestApp(
  env: Record<string, string> = {},
  options: { databaseUrl?: string; logger?: Logger } = {},
): Promise<TestApp> {
  const template = inject('testTemplate');
  const today = env.PORTAL_TODAY ?? PINNED_TODAY;
  const withDemoData = env.DEMO_DATA !== 'false';
  const fromTemplate = withDemoData && today === PINNED_TODAY;
  const cleanups: Array<() => Promise<unknown>> = [];
  const cleanUp = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  };
  try {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-test-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    let databaseUrl: string | undefined = options.databaseUrl;
    if (!databaseUrl && process.env.TEST_DB === 'postgres') {
      const created = await createPostgresDatabase(fromTemplate ? template.postgresTemplate : undefined);
      cleanups.push(created.drop);
      databaseUrl = created.url;
    }
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: 'http://portal.test',
      LOG_LEVEL: 'silent',
      PORTAL_TODAY: today,
      // PostgreSQL tells the answer cache of a change a moment after the commit (http/response-cache.ts), and many
      // tests write through SQL and read at once: the cache is on where a test asks for it. The embedded database
      // tells it before the write's own promise resolves, so the PGlite project runs every test with the cache on.
      ...(databaseUrl ? { DATABASE_URL: databaseUrl, RESPONSE_CACHE_SECONDS: '0' } : {}),
      ...env,
    });
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      inMemory: true,
      timeouts: config.databaseTimeouts,
      poolSize: config.databasePoolSize,
      ...(!databaseUrl && fromTemplate && template.pgliteDump
        ? { pgliteDump: await openAsBlob(template.pgliteDump) }
        : {}),
    });
    cleanups.push(() => database.close());
    const logger = options.logger ?? pino({ level: 'silent' });
    const ctx = await createContext(config, logger, { database });
    cleanups.push(() => ctx.limiter.close());
    const app = await buildApp(ctx, { logger: options.logger ?? false, serveWeb: false });
    cleanups.push(() => app.close());
    await app.ready();
    const worker = startOutboxWorker(ctx, logger, 50);
    cleanups.push(() => worker.stop());
    ctx.outbox.nudge = worker.nudge;

    const request: TestApp['request'] = ({ token, headers, ...options }) =>
      app.inject({
        ...options,
        headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });

    return {
      app,
      ctx,
      worker,
      request,
      async signIn(login, password) {
        const known = DEMO_ACCOUNTS.find((account) => account.login === login);
        const response = await request({
          method: 'POST',
          url: '/api/v1/authenticate',
          payload: { login, password: password ?? known?.password },
        });
        if (response.statusCode !== 200) throw new Error(`sign-in of ${login} failed: ${response.body}`);
        return response.json().token as string;
      },
      close: cleanUp,
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/**
 * An answer's body without its error's requestId (each request has its own): for tests that check two answers say
 * exactly the same thing.
 */
export function withoutRequestId(body: unknown): unknown {
  if (!body || typeof body !== 'object' || !('error' in body)) return body;
  const { error } = body as { error: Record<string, unknown> };
  const { requestId: _requestId, ...rest } = error;
  return { ...body, error: rest };
}

/** A new database, copied from the seeded template when one is named (a file copy: no migration, no seed). */
async function createPostgresDatabase(template: string | undefined) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    /**
     * pg's pool.end() resolves before its sockets finish closing; a forced drop would kill those backends and
     * raise errors in the closed pool, so wait for them to leave first.
     */
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const { rows } = await client.query(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
