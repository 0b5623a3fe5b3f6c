import { CAMERA_VIEW_MAX_BYTES } from '@portal/contract/backoffice-cameras';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { TEST_MP4, TEST_PNG, uploadForm } from '../../test/upload-form.ts';

/**
 * A camera view (up to 50 MB) streams into the file store as it arrives: it is never read whole into memory, and a
 * refused or broken upload leaves neither a stored file (complete or not) nor a row.
 */
describe('camera view uploads stream into the store', () => {
  let t: TestApp;
  let manager: string;
  let freeLocation: number;
  beforeAll(async () => {
    t = await startTestApp();
    manager = await t.signIn('manager@example.com');
    const { db } = t.ctx.database;
    // A location with a free place among its five views.
    const row = await db
      .selectFrom('locations')
      .select('id')
      .where(
        'id',
        'not in',
        db
          .selectFrom('camera_views')
          .select('location_id')
          .groupBy('location_id')
          .having(sql<number>`count(*)`, '>=', 5),
      )
      .orderBy('id')
      .executeTakeFirstOrThrow();
    freeLocation = row.id;
  });
  afterAll(() => t?.close());
  afterEach(() => vi.restoreAllMocks());

  const post = (locationId: number, payload: Buffer, headers: Record<string, string>) =>
    t.request({
      method: 'POST',
      url: `/api/v1/backoffice/cameras/${locationId}/views`,
      token: manager,
      payload,
      headers: { ...headers, cookie: 'cookieLocale=ru' },
    });
  const addView = (locationId: number, data: Buffer, fields: Record<string, string> = { title: 'Вид' }) => {
    const form = uploadForm({ data, name: 'v.mp4', type: 'video/mp4' }, fields);
    return post(locationId, form.payload, form.headers);
  };
  /** Every stored file (complete or not), every uploads row and every view: what a refused upload must not change. */
  const counts = async () => {
    const { db } = t.ctx.database;
    const count = async (table: 'stored_files' | 'uploads' | 'camera_views') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      files: await count('stored_files'),
      uploads: await count('uploads'),
      views: await count('camera_views'),
    };
  };

  it('hands the upload to putStream as a stream with the 50 MB limit, never to put', async () => {
    const putStream = vi.spyOn(t.ctx.files, 'putStream');
    const put = vi.spyOn(t.ctx.files, 'put');
    const get = vi.spyOn(t.ctx.files, 'get');
    // Larger than a chunk of the store, so the store writes it piece by piece.
    const video = Buffer.concat([TEST_MP4, Buffer.alloc(600 * 1024, 7)]);
    const before = await counts();
    const added = await addView(freeLocation, video);
    expect(added.statusCode).toBe(200);
    expect(put).not.toHaveBeenCalled();
    expect(get).not.toHaveBeenCalled();
    expect(putStream).toHaveBeenCalledTimes(1);
    const [key, source, options] = putStream.mock.calls[0] ?? [];
    expect(key).toMatch(/^cameras\/[A-Za-z0-9_-]{24}$/);
    expect(options).toEqual({ maxBytes: CAMERA_VIEW_MAX_BYTES });
    // An async stream, not a buffer held whole (nor an array of buffers).
    expect(Buffer.isBuffer(source)).toBe(false);
    expect(Array.isArray(source)).toBe(false);
    expect(typeof (source as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]).toBe('function');
    expect(await counts()).toEqual({
      files: before.files + 1,
      uploads: before.uploads + 1,
      views: before.views + 1,
    });
    const stored = await t.ctx.files.stat(key as string);
    expect(stored).toMatchObject({ size: video.length, contentType: 'video/mp4' });
    const upload = await t.ctx.database.db
      .selectFrom('uploads')
      .select(['size_bytes', 'mime_type'])
      .where('storage_key', '=', key as string)
      .executeTakeFirstOrThrow();
    expect(upload).toEqual({ size_bytes: video.length, mime_type: 'video/mp4' });
    // The file is served whole from the store.
    const url = (added.json().url as string).split('?')[0] ?? '';
    expect(url).toBe(`/api/v1/files/${key}`);
    expect((await t.ctx.files.get(key as string))?.equals(video)).toBe(true);
    expect(
      (
        await t.request({
          method: 'DELETE',
          url: `/api/v1/backoffice/cameras/views/${added.json().id}`,
          token: manager,
        })
      ).statusCode,
    ).toBe(200);
    expect(await t.ctx.files.stat(key as string)).toBeNull();
  });

  it('refuses a file one byte over 50 MB with the size message and leaves nothing stored', async () => {
    const putStream = vi.spyOn(t.ctx.files, 'putStream');
    const before = await counts();
    const tooBig = Buffer.alloc(CAMERA_VIEW_MAX_BYTES + 1);
    TEST_MP4.copy(tooBig);
    const refused = await addView(freeLocation, tooBig);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('Видео не больше 50 МБ');
    expect(refused.json().error.fields).toEqual({ file: 'Видео не больше 50 МБ' });
    expect(putStream).toHaveBeenCalledTimes(1);
    expect(await counts()).toEqual(before);
  }, 120_000);

  it('leaves nothing stored when the upload is refused after it was stored, or breaks off', async () => {
    const before = await counts();
    // By content: a PNG named .mp4.
    const png = await addView(freeLocation, TEST_PNG);
    expect(png.statusCode).toBe(400);
    expect(png.json().error.message).toBe('Загрузите видео MP4');
    // An empty file, a missing title, an unknown location, a location with five views already.
    const empty = await addView(freeLocation, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Выберите файл');
    expect((await addView(freeLocation, TEST_MP4, {})).statusCode).toBe(400);
    expect((await addView(999999, TEST_MP4)).statusCode).toBe(404);
    const sixth = await addView(1, TEST_MP4);
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().error.message).toBe('У локации не больше пяти видов с камер');
    // A body cut off in the middle of the file (no closing boundary).
    const form = uploadForm(
      { data: Buffer.concat([TEST_MP4, Buffer.alloc(300 * 1024, 1)]), name: 'v.mp4', type: 'video/mp4' },
      { title: 'Вид' },
    );
    const cut = await post(
      freeLocation,
      form.payload.subarray(0, form.payload.length - 100 * 1024),
      form.headers,
    );
    expect(cut.statusCode).toBe(400);
    expect(cut.json().error.message).toBe('Выберите файл');
    expect(await counts()).toEqual(before);
  });

  it('leaves nothing stored when recording the view fails', async () => {
    const before = await counts();
    const transaction = vi.spyOn(t.ctx.database.db, 'transaction').mockImplementationOnce(() => {
      throw new Error('database went away');
    });
    const failed = await addView(freeLocation, TEST_MP4);
    expect(failed.statusCode).toBe(500);
    expect(transaction).toHaveBeenCalled();
    expect(await counts()).toEqual(before);
  });
});
