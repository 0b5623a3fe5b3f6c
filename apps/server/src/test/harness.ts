import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../app.ts';
import { createContext } from '../bootstrap.ts';
import { loadConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import { DEMO_ACCOUNTS } from '../demo/accounts.ts';
import { type OutboxWorker, startOutboxWorker } from '../modules/outbox/outbox.ts';

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
 * A real server over a fresh database with the demo data: in-memory PGlite, or a new PostgreSQL database
 * made from TEST_DATABASE_URL when the suite runs as its postgres project.
 */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-test-'));
  const databaseUrl = process.env.TEST_DB === 'postgres' ? await createPostgresDatabase() : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'http://portal.test',
    LOG_LEVEL: 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl.url } : {}),
    ...env,
  });
  const logger = pino({ level: 'silent' });
  const ctx = await createContext(config, logger, { inMemory: true });
  const app = await buildApp(ctx, { logger: false, serveWeb: false });
  await app.ready();
  const worker = startOutboxWorker(ctx, logger, 50);
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
    async close() {
      await worker.stop();
      await app.close();
      await ctx.database.close();
      await ctx.limiter.close();
      if (databaseUrl) await databaseUrl.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function createPostgresDatabase() {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
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
