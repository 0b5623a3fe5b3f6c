import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, statfs, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/connection.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { startServerProcess, stopServerProcess } from '../test/server-process.ts';
import { TEST_PDF, uploadForm } from '../test/upload-form.ts';

const run = promisify(execFile);

/** A small tmpfs of its own, as a full disk is made; null (with a message) where mounting is not permitted. */
async function smallDisk(size: string, options = '') {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-disk-'));
  try {
    await run('mount', ['-t', 'tmpfs', '-o', `size=${size}${options}`, 'tmpfs', dir]);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    console.warn(
      `cannot mount a tmpfs (${(error as Error).message.split('\n')[0]}): the full-disk test is skipped`,
    );
    return null;
  }
  return {
    dir,
    /** Fills the disk to all but `leaveBytes`; answers the filler's removal. */
    async fill(leaveBytes: number) {
      const filler = path.join(dir, 'filler');
      const stats = await statfs(dir);
      await writeFile(filler, Buffer.alloc(Math.max(0, stats.bavail * stats.bsize - leaveBytes)));
      return () => rm(filler, { force: true });
    },
    async unmount() {
      await run('umount', [dir]).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A 3 MB PDF (random bytes after a valid one: nothing for a database to compress), as a location's document. */
function documentUpload(id: number) {
  return uploadForm(
    {
      data: Buffer.concat([TEST_PDF, randomBytes(3 * 1024 * 1024)]),
      name: `Акт ${id}.pdf`,
      type: 'application/pdf',
    },
    {
      locationId: '1',
      categoryId: '2',
      number: `АКТ-${id}`,
      date: '2026-03-15',
      description: 'Акт приёмки',
      descriptionEn: '',
    },
  );
}

describe.runIf(process.env.TEST_DB !== 'postgres')('a full disk under the embedded database', () => {
  let disk: Awaited<ReturnType<typeof smallDisk>> = null;
  let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  beforeAll(async () => {
    disk = await smallDisk('128m');
  });
  afterAll(async () => {
    if (server) await stopServerProcess(server.child);
    await disk?.unmount();
  });

  it('answers an upload 507 in the user language, keeps no part of it, says so in health and recovers', async (test) => {
    // Skipped only where a tmpfs cannot be mounted (not root, or no mount in a container); CI runs as root and mounts it.
    if (!disk) return test.skip();
    const dataDir = path.join(disk.dir, 'data');
    server = await startServerProcess({ DATA_DIR: dataDir });
    const { url } = server;
    const signIn = await fetch(`${url}/api/v1/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'manager@example.com', password: 'Manager1' }),
    });
    const { token } = (await signIn.json()) as { token: string };
    const upload = async (id: number, language = 'ru') => {
      const form = documentUpload(id);
      return fetch(`${url}/api/v1/backoffice/location-documents`, {
        method: 'POST',
        headers: { ...form.headers, authorization: `Bearer ${token}`, cookie: `cookieLocale=${language}` },
        body: form.payload,
      });
    };
    const health = async () => (await fetch(`${url}/api/health`)).json();
    expect(await health()).toMatchObject({ status: 'ok', disk: 'ok' });

    const free = await disk.fill(1024 * 1024);
    const refused = await upload(1);
    expect(refused.status).toBe(507);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      'На сервере закончилось место: ничего не сохранено. Попробуйте позже или сообщите управляющей компании',
    );
    const english = await upload(2, 'en');
    expect(english.status).toBe(507);
    expect(((await english.json()) as { error: { message: string } }).error.message).toMatch(
      /^The server has run out of storage space/,
    );
    expect(await health()).toMatchObject({ status: 'degraded', database: 'up', disk: 'full' });

    await free();
    await expect.poll(health).toMatchObject({ status: 'ok', disk: 'ok' });
    const stored = await upload(3);
    expect(stored.status).toBe(200);
    expect(await stopServerProcess(server.child)).toBe(0);
    server = undefined;

    // The refused uploads left nothing behind: no unfinished file, no chunk without its file.
    const database = await openDatabase({ dataDir });
    try {
      const files = await database.db.selectFrom('stored_files').select(['id', 'complete']).execute();
      expect(files.filter((file) => !file.complete)).toEqual([]);
      const orphans = await database.db
        .selectFrom('file_chunks')
        .select('file_id')
        .where('file_id', 'not in', database.db.selectFrom('stored_files').select('id'))
        .execute();
      expect(orphans).toEqual([]);
    } finally {
      await database.close();
    }
  }, 600_000);
});

/**
 * PostgreSQL's disk filling up: the file chunks' table moved into a tablespace on a small tmpfs, which is then filled
 * (the server says 53100, "could not extend file"), as an operator's database disk would.
 */
describe.runIf(process.env.TEST_DB === 'postgres')('a full disk under PostgreSQL', () => {
  let disk: Awaited<ReturnType<typeof smallDisk>> = null;
  let t: TestApp | undefined;
  const tablespace = `portal_small_${randomBytes(4).toString('hex')}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  beforeAll(async () => {
    const { stdout } = await run('id', ['-u', 'postgres']).catch(() => ({ stdout: '' }));
    const { stdout: group } = await run('id', ['-g', 'postgres']).catch(() => ({ stdout: '' }));
    if (!stdout.trim()) {
      console.warn('no local postgres user: the full-disk test on PostgreSQL is skipped');
      return;
    }
    disk = await smallDisk('32m', `,uid=${stdout.trim()},gid=${group.trim()},mode=0700`);
    if (!disk) return;
    try {
      await admin(`create tablespace ${tablespace} location '${disk.dir}'`);
    } catch (error) {
      console.warn(`PostgreSQL cannot use a local tablespace (${(error as Error).message}): skipped`);
      await disk.unmount();
      disk = null;
      return;
    }
    t = await startTestApp();
    await t.ctx.database.runScript(`alter table file_chunks set tablespace ${tablespace}`);
  });
  afterAll(async () => {
    await t?.close();
    if (disk) {
      await admin(`drop tablespace if exists ${tablespace}`).catch(() => undefined);
      await disk.unmount();
    }
  });

  it('answers an upload 507 in the user language, keeps no part of it, and takes it once space is freed', async (test) => {
    // As above: skipped only where a tmpfs (here, a tablespace on one) cannot be made.
    if (!disk || !t) return test.skip();
    const app = t;
    const manager = await app.signIn('manager@example.com');
    const upload = (id: number, language = 'ru') => {
      const form = documentUpload(id);
      return app.request({
        method: 'POST',
        url: '/api/v1/backoffice/location-documents',
        token: manager,
        payload: form.payload,
        headers: { ...form.headers, cookie: `cookieLocale=${language}` },
      });
    };
    const free = await disk.fill(512 * 1024);
    const refused = await upload(1);
    expect(refused.statusCode).toBe(507);
    expect(refused.json().error).toMatchObject({
      code: 'storage_full',
      message:
        'На сервере закончилось место: ничего не сохранено. Попробуйте позже или сообщите управляющей компании',
    });
    expect((await upload(2, 'en')).json().error.message).toMatch(/^The server has run out of storage space/);
    expect((await app.request({ method: 'GET', url: '/api/health' })).json()).toMatchObject({
      status: 'degraded',
      database: 'up',
      disk: 'full',
    });
    const unfinished = await app.ctx.database.db
      .selectFrom('stored_files')
      .select('id')
      .where('complete', '=', false)
      .execute();
    expect(unfinished).toEqual([]);

    await free();
    expect((await upload(3)).statusCode).toBe(200);
  });
});
