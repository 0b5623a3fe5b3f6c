import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { TEST_MP4, TEST_PNG, uploadForm } from '../test/upload-form.ts';
import { type DatabaseFileStore, databaseFileStore, FileTooLargeError, openFileStore } from './file-store.ts';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
/** An MP4 (by its first bytes) of `size` bytes of noise: several chunks of the store. */
const bigMp4 = (size: number) => Buffer.concat([TEST_MP4, randomBytes(size - TEST_MP4.length)]);
const quiet = { info: () => undefined };

async function uploadReportVideo(t: TestApp, data: Buffer) {
  const manager = await t.signIn('manager@example.com');
  const report = await t.request({
    method: 'POST',
    url: '/api/v1/backoffice/reports',
    token: manager,
    payload: { locationId: 1, reportDate: '2099-02-01', title: 'Видео', titleEn: '', subtitle: '' },
  });
  expect(report.statusCode).toBe(200);
  const body = uploadForm({ data, name: 'clip.mp4', type: 'video/mp4' });
  const media = await t.request({
    method: 'POST',
    url: `/api/v1/backoffice/reports/${report.json().id}/media`,
    token: manager,
    payload: body.payload,
    headers: body.headers,
  });
  expect(media.statusCode).toBe(200);
  return media.json().publicUrl as string;
}

describe('files in the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps a file in chunks with its type, size and sha256, streams it in, replaces and deletes it', async () => {
    const store = databaseFileStore(t.ctx.database.db, { chunkSize: 1000 });
    const data = bigMp4(4500);
    async function* pieces() {
      for (let at = 0; at < data.length; at += 777) yield data.subarray(at, at + 777);
    }
    const info = await store.putStream('test-files/streamed', pieces());
    expect(info).toEqual({ size: 4500, contentType: 'video/mp4', sha256: sha256(data) });
    expect(await store.stat('test-files/streamed')).toEqual(info);
    const chunks = await t.ctx.database.db
      .selectFrom('file_chunks')
      .innerJoin('stored_files', 'stored_files.id', 'file_chunks.file_id')
      .select(['seq'])
      .where('stored_files.key', '=', 'test-files/streamed')
      .orderBy('seq')
      .execute();
    expect(chunks.map((c) => c.seq)).toEqual([0, 1, 2, 3, 4]);
    expect((await store.get('test-files/streamed'))?.equals(data)).toBe(true);

    const next = Buffer.from('second version');
    await store.put('test-files/streamed', next, { contentType: 'text/plain' });
    expect(await store.get('test-files/streamed')).toEqual(next);
    expect((await store.stat('test-files/streamed'))?.contentType).toBe('text/plain');

    // A stream beyond its limit stores nothing and leaves the key's file as it was.
    await expect(store.putStream('test-files/streamed', pieces(), { maxBytes: 2000 })).rejects.toThrow(
      FileTooLargeError,
    );
    expect(await store.get('test-files/streamed')).toEqual(next);
    const unfinished = await t.ctx.database.db
      .selectFrom('stored_files')
      .select('id')
      .where('complete', '=', false)
      .execute();
    expect(unfinished).toEqual([]);

    await store.delete('test-files/streamed');
    expect(await store.get('test-files/streamed')).toBeNull();
    expect(await store.openRead('test-files/streamed')).toBeNull();
  });

  it('reads a range of a large file from the chunks it covers only', async () => {
    const store = databaseFileStore(t.ctx.database.db, { chunkSize: 64 * 1024 });
    const data = bigMp4(2 * 1024 * 1024);
    await store.put('test-files/large', data);
    const before = store.stats.chunksRead;
    const stream = await store.openRead('test-files/large', { start: 1_000_000, end: 1_000_099 });
    const parts: Buffer[] = [];
    for await (const part of stream ?? []) parts.push(part as Buffer);
    expect(Buffer.concat(parts)).toEqual(data.subarray(1_000_000, 1_000_100));
    expect(store.stats.chunksRead - before).toBe(1);
    // Across a chunk boundary: two chunks, of the 32 the file has.
    const across = await store.openRead('test-files/large', { start: 65_530, end: 65_545 });
    const acrossParts: Buffer[] = [];
    for await (const part of across ?? []) acrossParts.push(part as Buffer);
    expect(Buffer.concat(acrossParts)).toEqual(data.subarray(65_530, 65_546));
    expect(store.stats.chunksRead - before).toBe(3);
  });

  it('serves an uploaded video whole and by range (206) from the chunks the range needs', async () => {
    const data = bigMp4(1024 * 1024 + 5);
    const url = await uploadReportVideo(t, data);
    const whole = await t.request({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-length']).toBe(String(data.length));
    expect(sha256(whole.rawPayload)).toBe(sha256(data));

    const store = t.ctx.files as DatabaseFileStore;
    const before = store.stats.chunksRead;
    const part = await t.request({ method: 'GET', url, headers: { range: 'bytes=600000-600099' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 600000-600099/${data.length}`);
    expect(part.rawPayload).toEqual(data.subarray(600_000, 600_100));
    expect(store.stats.chunksRead - before).toBe(1);
    const tail = await t.request({ method: 'GET', url, headers: { range: 'bytes=-5' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload).toEqual(data.subarray(data.length - 5));
  });

  it('streams a report upload into the store; a file refused by its content leaves nothing behind', async () => {
    const count = async () =>
      Number(
        (
          await t.ctx.database.db
            .selectFrom('stored_files')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const manager = await t.signIn('manager@example.com');
    const report = await t.request({
      method: 'POST',
      url: '/api/v1/backoffice/reports',
      token: manager,
      payload: { locationId: 1, reportDate: '2099-02-02', title: 'Текст', titleEn: '', subtitle: '' },
    });
    const body = uploadForm({ data: Buffer.alloc(600 * 1024, 'x'), name: 'photo.png', type: 'image/png' });
    const refused = await t.request({
      method: 'POST',
      url: `/api/v1/backoffice/reports/${report.json().id}/media`,
      token: manager,
      payload: body.payload,
      headers: body.headers,
    });
    expect(refused.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('moves the files of DATA_DIR/files into the database once, and a second start moves nothing', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-files-move-'));
    try {
      const pdf = Buffer.from('%PDF-1.4\n% an old document\n%%EOF\n');
      const photo = bigMp4(300 * 1024);
      await mkdir(path.join(dataDir, 'files', 'old-documents'), { recursive: true });
      await mkdir(path.join(dataDir, 'files', 'old-media'), { recursive: true });
      await writeFile(path.join(dataDir, 'files', 'old-documents', 'doc1'), pdf);
      await writeFile(path.join(dataDir, 'files', 'old-media', 'clip_1'), photo);
      const logged: unknown[] = [];
      const store = await openFileStore(t.ctx.database.db, dataDir, {
        info: (...args: unknown[]) => logged.push(args),
      });
      expect(logged).toHaveLength(1);
      expect(JSON.stringify(logged[0])).toContain('"files":2');
      expect(await store.get('old-documents/doc1')).toEqual(pdf);
      expect(await store.stat('old-media/clip_1')).toEqual({
        size: photo.length,
        contentType: 'video/mp4',
        sha256: sha256(photo),
      });
      expect(await readdir(path.join(dataDir, 'files'))).toEqual([]);

      // Idempotent: nothing left to move; and a copy left on disk of a file already moved is only removed.
      await mkdir(path.join(dataDir, 'files', 'old-documents'), { recursive: true });
      await writeFile(path.join(dataDir, 'files', 'old-documents', 'doc1'), pdf);
      const again: unknown[] = [];
      await openFileStore(t.ctx.database.db, dataDir, { info: (...args: unknown[]) => again.push(args) });
      expect(again).toEqual([]);
      expect(await store.get('old-documents/doc1')).toEqual(pdf);
      await openFileStore(t.ctx.database.db, dataDir, quiet);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('two instances on one PostgreSQL database', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await startTestApp();
    const databaseUrl = first.ctx.config.databaseUrl;
    if (!databaseUrl) throw new Error('the postgres project runs on a database URL');
    second = await startTestApp({}, { databaseUrl });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('serves a file uploaded through one instance from the other, whole and by range', async () => {
    expect(second.ctx.config.dataDir).not.toBe(first.ctx.config.dataDir);
    const data = bigMp4(700 * 1024);
    const url = await uploadReportVideo(first, data);
    const whole = await second.request({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(sha256(whole.rawPayload)).toBe(sha256(data));
    const part = await second.request({ method: 'GET', url, headers: { range: 'bytes=300000-300009' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 300000-300009/${data.length}`);
    expect(part.rawPayload).toEqual(data.subarray(300_000, 300_010));
  });

  it('serves an avatar uploaded through one instance from the other', async () => {
    const png = TEST_PNG;
    const token = await first.signIn('investor@example.com');
    const uploaded = await first.request({
      method: 'POST',
      url: '/api/v1/users/avatar',
      token,
      payload: png,
      headers: { 'content-type': 'image/png' },
    });
    expect(uploaded.statusCode).toBe(200);
    const served = await second.request({ method: 'GET', url: uploaded.json().avatar });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(png);
  });
});
