import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { openDatabase } from './connection.ts';
import { applyMigrations, checksumOf, MigrationChecksumError, migrate } from './migrate.ts';

const MIGRATIONS = path.join(import.meta.dirname, 'migrations');
const MAIN = path.join(import.meta.dirname, '..', 'main.ts');
const fileChecksum = (version: string) =>
  checksumOf(readFileSync(path.join(MIGRATIONS, `${version}.sql`), 'utf8'));

/** `node src/main.ts` as `npm start` runs it, to its exit: the code and what it wrote on stderr. */
function runMain(env: Record<string, string>) {
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', JWT_SECRET: 'x'.repeat(40), ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, stderr })),
  );
}

describe('checksums of applied migrations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DEMO_DATA: 'false' });
  });
  afterAll(() => t?.close());

  const rows = () =>
    t.ctx.database.db.selectFrom('schema_migrations').select(['version', 'checksum']).execute();

  it("records each applied file's sha256, and fills the rows applied before checksums were kept", async () => {
    for (const row of await rows()) expect(row.checksum, row.version).toBe(fileChecksum(row.version));
    // As after an upgrade from a version without checksums.
    await t.ctx.database.db.updateTable('schema_migrations').set({ checksum: null }).execute();
    expect(await applyMigrations(t.ctx.database)).toEqual([]);
    const filled = await rows();
    expect(filled.length).toBeGreaterThan(30);
    for (const row of filled) expect(row.checksum, row.version).toBe(fileChecksum(row.version));
  });

  it('refuses a file changed after it was applied, naming it; line endings are not a change', async () => {
    expect(checksumOf('create table a ();\r\nselect 1;\r\n')).toBe(
      checksumOf('create table a ();\nselect 1;\n'),
    );
    const { db } = t.ctx.database;
    await db
      .updateTable('schema_migrations')
      .set({ checksum: checksumOf('something else') })
      .where('version', '=', '003_bookings')
      .execute();
    const refused = applyMigrations(t.ctx.database);
    await expect(refused).rejects.toThrow(MigrationChecksumError);
    await expect(applyMigrations(t.ctx.database)).rejects.toThrow(
      /^the migration 003_bookings\.sql was changed after it was applied/,
    );
    await db
      .updateTable('schema_migrations')
      .set({ checksum: fileChecksum('003_bookings') })
      .where('version', '=', '003_bookings')
      .execute();
    expect(await applyMigrations(t.ctx.database)).toEqual([]);
  });
});

describe('a server start on a database whose applied migration file changed', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it('stops with exit code 1 and one line on stderr naming the file', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-checksum-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    let databaseUrl: string | undefined;
    if (process.env.TEST_DB === 'postgres') {
      // A migrated database of its own (the harness drops it afterwards).
      const t = await startTestApp({ DEMO_DATA: 'false' });
      cleanups.push(() => t.close());
      databaseUrl = t.ctx.config.databaseUrl;
      await t.ctx.database.db
        .updateTable('schema_migrations')
        .set({ checksum: randomBytes(32).toString('hex') })
        .where('version', '=', '012_import_keys')
        .execute();
    } else {
      const database = await openDatabase({ dataDir });
      try {
        await migrate(database);
        await database.db
          .updateTable('schema_migrations')
          .set({ checksum: randomBytes(32).toString('hex') })
          .where('version', '=', '012_import_keys')
          .execute();
      } finally {
        await database.close();
      }
    }
    const { code, stderr } = await runMain({
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Cannot start: the migration 012_import_keys\.sql was changed after it was applied/,
    );
  });
});
