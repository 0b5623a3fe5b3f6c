import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { databaseFileStore } from './file-store.ts';
import { startUploadSweep, UNFINISHED_UPLOAD_AGE_MS } from './upload-sweep.ts';

describe('the sweep of unfinished uploads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  /** A stored file with one chunk, started `minutesAgo`, finished or not (a process killed mid-upload). */
  async function storedFile(key: string, minutesAgo: number, complete: boolean) {
    const { db } = t.ctx.database;
    const row = await db
      .insertInto('stored_files')
      .values({
        key,
        chunk_size: 4,
        complete,
        size_bytes: complete ? 4 : 0,
        // schema.ts types the column as generated (nested ColumnTypes); the insert is what a backdated row needs.
        created_at: new Date(Date.now() - minutesAgo * 60_000) as never,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('file_chunks')
      .values({ file_id: row.id, seq: 0, data: Buffer.from('part') })
      .execute();
    return Number(row.id);
  }

  it('removes the parts of uploads unfinished for an hour while the server runs, and nothing else', async () => {
    expect(UNFINISHED_UPLOAD_AGE_MS).toBe(60 * 60 * 1000);
    const abandoned = await storedFile('sweep-test/abandoned', 61, false);
    const running = await storedFile('sweep-test/running', 10, false);
    const finished = await storedFile('sweep-test/finished', 600, true);
    const { db } = t.ctx.database;
    const ids = async () =>
      (await db.selectFrom('stored_files').select('id').where('key', 'like', 'sweep-test/%').execute())
        .map((row) => Number(row.id))
        .sort((a, b) => a - b);

    const sweep = startUploadSweep(databaseFileStore(db), pino({ level: 'silent' }), { everyMs: 20 });
    try {
      await expect.poll(ids).toEqual([running, finished].sort((a, b) => a - b));
    } finally {
      await sweep.stop();
    }
    const chunks = await db
      .selectFrom('file_chunks')
      .select('file_id')
      .where('file_id', 'in', [abandoned, running, finished])
      .execute();
    expect(chunks.map((chunk) => Number(chunk.file_id)).sort((a, b) => a - b)).toEqual(
      [running, finished].sort((a, b) => a - b),
    );
    expect(await databaseFileStore(db).get('sweep-test/finished')).toEqual(Buffer.from('part'));
  });
});
