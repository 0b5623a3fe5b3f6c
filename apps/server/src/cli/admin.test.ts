import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createContext } from '../bootstrap.ts';
import { loadConfig } from '../config.ts';
import { embeddedLockFile } from '../db/embedded-lock.ts';
import { startSmtpServer } from '../test/smtp.ts';

const ADMIN_CLI = path.join(import.meta.dirname, 'admin.ts');
const IMPORT_CLI = path.join(import.meta.dirname, 'import.ts');
const MAIN = path.join(import.meta.dirname, '..', 'main.ts');
const onPostgres = process.env.TEST_DB === 'postgres';

/** Runs `npm run admin -- …` as the operator would (a child process of the project's Node). */
function runAdmin(args: string[], env: Record<string, string>) {
  const { DATABASE_URL: _db, SMTP_URL: _smtp, ...inherited } = process.env;
  const child = spawn(process.execPath, [ADMIN_CLI, ...args], {
    env: { ...inherited, NODE_ENV: 'test', DEMO_DATA: 'false', PUBLIC_URL: 'http://portal.test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
}

async function freshPostgresDatabase() {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `portal_admin_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** Opens the database the command wrote, as the server would, and activates the account through the API. */
async function activate(env: Record<string, string>, link: string, email: string) {
  const config = loadConfig({ NODE_ENV: 'test', DEMO_DATA: 'false', LOG_LEVEL: 'silent', ...env });
  const ctx = await createContext(config, pino({ level: 'silent' }));
  const app = await buildApp(ctx, { logger: false, serveWeb: false });
  try {
    const activated = await app.inject({
      method: 'POST',
      url: '/api/v1/users/information',
      payload: { link, password: 'Admin1988Kvx' },
    });
    expect(activated.statusCode).toBe(200);
    expect(activated.json().staffRoles).toEqual(['ADMIN']);
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/v1/authenticate',
      payload: { login: email, password: 'Admin1988Kvx' },
    });
    expect(signIn.statusCode).toBe(200);
    const token = signIn.json().token as string;
    const headers = { authorization: `Bearer ${token}` };
    const me = await app.inject({ method: 'GET', url: '/api/v1/backoffice/me', headers });
    expect(me.json()).toMatchObject({ roles: ['ADMIN'] });
    const staff = await app.inject({ method: 'GET', url: '/api/v1/backoffice/staff', headers });
    expect(staff.json().items).toEqual([
      expect.objectContaining({ email, name: 'Анна Смирнова', nameEn: 'Anna Smirnova', status: 'active' }),
    ]);
    // The link works once.
    const again = await app.inject({
      method: 'POST',
      url: '/api/v1/users/information',
      payload: { link, password: 'Admin1988Kvx' },
    });
    expect(again.statusCode).toBe(400);
  } finally {
    await app.close();
    await ctx.database.close();
    await ctx.limiter.close();
  }
}

describe('npm run admin -- create', () => {
  let dataDir: string;
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>> | null = null;
  let env: Record<string, string>;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-admin-'));
    database = onPostgres ? await freshPostgresDatabase() : null;
    env = { DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}) };
  });
  afterAll(async () => {
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const create = ['create', '--email', 'Boss@Example.com', '--phone', '8 (999) 123-45-67'];
  const names = ['--name', 'Анна Смирнова', '--name-en', 'Anna Smirnova'];

  it('creates the first administrator on an empty database and prints a link that activates it', async () => {
    const result = await runAdmin([...create, ...names], env);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('boss@example.com');
    const link = /http:\/\/portal\.test\/activation\/([A-Za-z0-9_-]+)/.exec(result.stdout)?.[1];
    expect(link).toBeDefined();
    await activate(env, link ?? '', 'boss@example.com');
    if (!onPostgres) expect(existsSync(embeddedLockFile(dataDir))).toBe(false);
  }, 60_000);

  it('refuses a taken e-mail or phone and invalid arguments, with exit code 1 and a clear message', async () => {
    const taken = await runAdmin(['create', '--email', 'boss@example.com', '--phone', '+79990001122'], env);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('already used');
    expect(taken.stdout).not.toContain('/activation/');
    const phoneTaken = await runAdmin(
      ['create', '--email', 'other@example.com', '--phone', '+79991234567'],
      env,
    );
    expect(phoneTaken.code).toBe(1);
    expect(phoneTaken.stderr).toContain('already used');
    const invalid = await runAdmin(['create', '--email', 'boss', '--phone', '12'], env);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain('--email');
    expect(invalid.stderr).toContain('--phone');
    const noCommand = await runAdmin(['--email', 'x@example.com'], env);
    expect(noCommand.code).toBe(1);
    expect(noCommand.stderr).toContain('usage');
  }, 60_000);

  // The embedded database's lock (db/embedded-lock.ts) exists only without DATABASE_URL: run in the pglite project.
  it.skipIf(onPostgres)(
    'refuses while a running server holds the embedded database, takes over a stale lock, and mails the link',
    async () => {
      const lockFile = embeddedLockFile(dataDir);
      // This test process is alive: the database counts as open in it.
      await writeFile(lockFile, JSON.stringify({ pid: process.pid, holder: 'server', since: '' }));
      const refused = await runAdmin(
        ['create', '--email', 'second@example.com', '--phone', '+79990002233'],
        env,
      );
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`pid ${process.pid}`);
      expect(JSON.parse(await readFile(lockFile, 'utf8')).pid).toBe(process.pid);
      // The import command refuses too, before it opens the database.
      const csv = path.join(dataDir, 'bookings.csv');
      await writeFile(csv, 'externalId,unitId,startsAt,endsAt,status,guests,sourceId,paid,sum\n');
      const { DATABASE_URL: _db, SMTP_URL: _smtp, ...inherited } = process.env;
      const importer = spawn(process.execPath, [IMPORT_CLI, 'bookings', csv], {
        env: { ...inherited, ...env, NODE_ENV: 'test' },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let importErr = '';
      importer.stderr.on('data', (chunk) => {
        importErr += chunk;
      });
      expect(await new Promise((resolve) => importer.on('close', resolve))).toBe(1);
      expect(importErr).toContain(`pid ${process.pid}`);

      // A lock left by a process that is gone is taken over.
      const gone = spawn(process.execPath, ['-e', '']);
      const deadPid = gone.pid ?? 0;
      await new Promise((resolve) => gone.on('exit', resolve));
      await writeFile(lockFile, JSON.stringify({ pid: deadPid, holder: 'server', since: '' }));
      const smtp = await startSmtpServer();
      try {
        const mailed = await runAdmin(
          ['create', '--email', 'second@example.com', '--phone', '+79990002233'],
          {
            ...env,
            SMTP_URL: smtp.url,
          },
        );
        expect(mailed.stderr).toBe('');
        expect(mailed.code).toBe(0);
        expect(mailed.stdout).not.toContain('/activation/');
        // Delivered before the command ended: nothing to wait for.
        const mail = smtp.received.find((item) => item.to.includes('second@example.com'));
        expect(mail?.text).toMatch(/http:\/\/portal\.test\/activation\/[A-Za-z0-9_-]+/);
      } finally {
        await smtp.close();
      }
      expect(existsSync(lockFile)).toBe(false);
    },
    60_000,
  );

  // The embedded database's lock (db/embedded-lock.ts) exists only without DATABASE_URL: run in the pglite project.
  it.skipIf(onPostgres)(
    'is refused while the server runs on the embedded database; the server frees the lock when it stops',
    async () => {
      const { DATABASE_URL: _db, SMTP_URL: _smtp, ...inherited } = process.env;
      const server = spawn(process.execPath, [MAIN], {
        env: {
          ...inherited,
          ...env,
          NODE_ENV: 'test',
          DEMO_DATA: 'false',
          PORT: '0',
          HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
      await new Promise<void>((resolve, reject) => {
        const onData = (chunk: Buffer) => {
          output += chunk;
          if (output.includes('running at')) resolve();
        };
        server.stdout.on('data', onData);
        server.stderr.on('data', onData);
        void exited.then(() => reject(new Error(`server exited:\n${output}`)));
      });
      try {
        const refused = await runAdmin(
          ['create', '--email', 'third@example.com', '--phone', '+79990003344'],
          env,
        );
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain(`server, pid ${server.pid}`);
        // A second server on the same folder is refused too.
        const second = spawn(process.execPath, [MAIN], {
          env: { ...inherited, ...env, NODE_ENV: 'test', DEMO_DATA: 'false', PORT: '0', LOG_LEVEL: 'warn' },
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        let secondErr = '';
        second.stderr.on('data', (chunk) => {
          secondErr += chunk;
        });
        expect(await new Promise((resolve) => second.on('exit', resolve))).toBe(1);
        expect(secondErr).toContain('in use');
        // The first server goes on serving, its database intact.
        const url = /running at (http:\/\/localhost:\d+)/.exec(output)?.[1];
        expect((await fetch(`${url}/api/health`)).status).toBe(200);
      } finally {
        server.kill('SIGTERM');
      }
      expect(await exited).toBe(0);
      expect(existsSync(embeddedLockFile(dataDir))).toBe(false);
    },
    90_000,
  );
});
