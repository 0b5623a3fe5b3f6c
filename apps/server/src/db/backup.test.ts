import { type ChildProcess, execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess as startServer, stopServerProcess as stop } from '../test/server-process.ts';
import { verifyBackupFile } from './backup.ts';
import { openDatabase } from './connection.ts';

const SRC = path.join(import.meta.dirname, '..');
const run = promisify(execFile);

/** Runs one of the commands (npm run backup / restore) with DATA_DIR set; answers its exit code and output. */
async function command(name: 'backup' | 'restore', dataDir: string, file: string) {
  const env: Record<string, string> = { ...(process.env as Record<string, string>), DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.JWT_SECRET;
  return run(process.execPath, [path.join(SRC, 'cli', `${name}.ts`), file], { env }).then(
    (done) => ({ code: 0, ...done }),
    (failed: { code: number; stdout: string; stderr: string }) => failed,
  );
}

async function signIn(url: string, login: string, password: string) {
  const response = await fetch(`${url}/api/v1/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, password }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

const HEADER =
  'id;name;nameEn;position;existsMain;existsPeriphery;placeholder;distanceKm;description;descriptionEn;infrastructure;infrastructureEn';

/** What a database holds that a restore must bring back: the written rows and every stored file's checksum. */
async function contents(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    const locations = await database.db
      .selectFrom('locations')
      .select(['id', 'name'])
      .orderBy('id')
      .execute();
    const files = await database.db
      .selectFrom('stored_files')
      .select(['key', 'sha256', 'size_bytes'])
      .where('complete', '=', true)
      .orderBy('key')
      .execute();
    return { locations, files };
  } finally {
    await database.close();
  }
}

describe.runIf(process.env.TEST_DB !== 'postgres')('online backup of the embedded database', () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const child of children) await stop(child);
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });
  const folder = async (name: string) => {
    const dir = await mkdtemp(path.join(tmpdir(), `portal-${name}-`));
    dirs.push(dir);
    return dir;
  };

  it('backs up while the server writes, and a restore into an empty folder holds every row acknowledged before', async () => {
    const dataDir = await folder('backup-source');
    const work = await folder('backup-files');
    const server = await startServer({ DATA_DIR: dataDir });
    children.push(server.child);
    const token = await signIn(server.url, 'investor@example.com', 'Investor1');
    const manager = await signIn(server.url, 'manager@example.com', 'Manager1');

    // One location a request, each through the console's import; an id counts once its 200 has arrived.
    const acknowledged: number[] = [];
    let writing = true;
    const writer = (async () => {
      for (let id = 5000; writing; id += 1) {
        const response = await fetch(`${server.url}/api/v1/backoffice/import/locations`, {
          method: 'POST',
          headers: { authorization: `Bearer ${manager}`, 'content-type': 'text/csv' },
          body: `${HEADER}\n${id};Бэкап ${id};Backup ${id};;true;false;;1;;;;`,
        });
        if (response.status !== 200)
          throw new Error(`write ${id}: ${response.status} ${await response.text()}`);
        acknowledged.push(id);
      }
    })();
    await expect.poll(() => acknowledged.length).toBeGreaterThanOrEqual(5);

    const before = [...acknowledged];
    const file = path.join(work, 'portal.backup');
    const backup = await command('backup', dataDir, file);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(`Backup written to ${file}`);
    // The writes went on while the copy was taken, and after it.
    await expect.poll(() => acknowledged.length).toBeGreaterThan(before.length + 2);
    writing = false;
    await writer;
    expect(await stop(server.child)).toBe(0);
    expect((await verifyBackupFile(file)).header.database).toBe('pglite');

    // A backup is never written over a file, and never restored over a database.
    expect((await command('backup', dataDir, file)).stderr).toContain('exists: name a new file');
    const refused = await command('restore', dataDir, file);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('is not empty: restore only into an empty folder');

    const restoredDir = path.join(await folder('backup-restored'), 'data');
    const restored = await command('restore', restoredDir, file);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(`into ${restoredDir}`);

    const original = await contents(dataDir);
    const copy = await contents(restoredDir);
    const restoredIds = new Set(copy.locations.map((location) => location.id));
    expect(before.filter((id) => !restoredIds.has(id))).toEqual([]);
    // Rows are whole: the ones the copy holds are as they were written, none invented.
    const originalRows = new Map(original.locations.map((location) => [location.id, location.name]));
    for (const location of copy.locations) expect(location.name).toBe(originalRows.get(location.id));
    // Every file an owner sees (documents, photos) is in the database, so in the copy, byte for byte.
    expect(copy.files.length).toBeGreaterThan(0);
    expect(copy.files).toEqual(original.files);

    // The restored folder serves: the demo data is not seeded again and a session from before still works.
    const again = await startServer({ DATA_DIR: restoredDir });
    children.push(again.child);
    const profile = await fetch(`${again.url}/api/v1/users/data-profile`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.status).toBe(200);
    expect(await stop(again.child)).toBe(0);
  }, 600_000);

  it('writes scheduled backups into BACKUP_DIR and keeps the newest BACKUP_KEEP', async () => {
    const dataDir = await folder('backup-scheduled');
    const backupDir = path.join(await folder('backup-dir'), 'backups');
    const server = await startServer({
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      BACKUP_DIR: backupDir,
      BACKUP_EVERY_HOURS: '0.0005',
      BACKUP_KEEP: '2',
      LOG_LEVEL: 'info',
    });
    children.push(server.child);
    const written = () => server.output().split('scheduled backup written').length - 1;
    await expect.poll(written, { timeout: 240_000 }).toBeGreaterThanOrEqual(3);
    expect(await stop(server.child)).toBe(0);
    const kept = (await readdir(backupDir)).filter((name) => name.endsWith('.backup'));
    expect(kept).toHaveLength(2);
    for (const name of kept) await verifyBackupFile(path.join(backupDir, name));
  }, 600_000);
});
