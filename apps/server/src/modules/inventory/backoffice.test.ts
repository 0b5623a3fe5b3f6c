import { INVENTORY_PHOTOS_MAX } from '@portal/contract/backoffice-inventory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../demo/accounts.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { TEST_MP4, TEST_PNG, uploadForm } from '../../test/upload-form.ts';

describe('real photos of inventory items', () => {
  let t: TestApp;
  let investor: string;
  let manager: string;
  let admin: string;
  let item: { id: number; unit_id: number; inv_number: string; image_count: number };
  let other: { id: number; unit_id: number; inv_number: string; image_count: number };
  beforeAll(async () => {
    t = await startTestApp();
    [investor, manager, admin] = await Promise.all([
      t.signIn('investor@example.com'),
      t.signIn('manager@example.com'),
      t.signIn('admin@example.com'),
    ]);
    const items = await t.ctx.database.db
      .selectFrom('inventory_items as i')
      .innerJoin('user_units as uu', 'uu.unit_id', 'i.unit_id')
      .select(['i.id', 'i.unit_id', 'i.inv_number', 'i.image_count'])
      .where('uu.user_id', '=', DEMO_ACCOUNTS[0].id)
      .where('uu.relation', '=', 'owner')
      .where('i.image_count', '>', 0)
      .orderBy('i.id')
      .limit(2)
      .execute();
    [item, other] = items as [typeof item, typeof other];
  });
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'DELETE', url: string, token: string) =>
    t.request({ method, url: `/api/v1/${url}`, token });
  const upload = (token: string, itemId: number, file: Parameters<typeof uploadForm>[0], locale = 'ru') => {
    const form = uploadForm(file);
    return t.request({
      method: 'POST',
      url: `/api/v1/backoffice/inventory/items/${itemId}/photos`,
      token,
      payload: form.payload,
      headers: { ...form.headers, cookie: `cookieLocale=${locale}` },
    });
  };
  const importCsv = (rows: string[]) =>
    t.request({
      method: 'POST',
      url: '/api/v1/backoffice/import/inventory',
      token: manager,
      headers: { 'content-type': 'text/csv', 'x-file-name': 'inventory.csv' },
      payload: [
        'unitId,invNumber,name,nameEn,cost,status,date,spaceId,spaceName,spaceNameEn,photos',
        ...rows,
      ].join('\n'),
    });
  const row = (target: { unit_id: number; inv_number: string }, photos: string) =>
    `${target.unit_id},${target.inv_number},Кресло,Armchair,12500,true,2031-03-01,1,Спальня,Bedroom,${photos}`;
  const ownerImages = async (itemId: number) =>
    (await call('GET', `id-logic/item/images?itemId=${itemId}`, investor)).json().images as Array<{
      Image: string;
      mimeType: string;
      url?: string;
    }>;

  it("shows the demo's generated placeholders while an item has no real photo", async () => {
    const images = await ownerImages(item.id);
    expect(images).toHaveLength(item.image_count);
    expect(images[0]?.mimeType).toBe('image/jpeg');
  });

  it('lets managers and admins upload a photo that replaces the placeholders for the owner', async () => {
    const listed = await call('GET', `backoffice/inventory?unitId=${item.unit_id}`, admin);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().items.find((i: { id: number }) => i.id === item.id)).toMatchObject({ photos: [] });

    const added = await upload(manager, item.id, { data: TEST_PNG, name: 'chair.jpg', type: 'image/jpeg' });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ uploaded: true });
    expect(added.json().url).toMatch(/^\/api\/v1\/files\/inventory\/[A-Za-z0-9_-]{20,}$/);
    expect(await ownerImages(item.id)).toEqual([
      { Image: TEST_PNG.toString('base64'), mimeType: 'image/png' },
    ]);
    const items = (await call('GET', `id-logic/items?unitId=${item.unit_id}`, investor)).json().items;
    expect(items.find((i: { ItemID: number }) => i.ItemID === item.id).imageCount).toBe(1);
    const audit = JSON.stringify((await call('GET', 'backoffice/audit', admin)).json());
    expect(audit).toContain('content.inventory.photo.add');
  });

  it('takes https links and uploaded files in the import photos column, idempotently', async () => {
    const uploaded = (await call('GET', `backoffice/inventory?unitId=${item.unit_id}`, manager))
      .json()
      .items.find((i: { id: number }) => i.id === item.id).photos[0].url as string;
    const rows = [row(item, `https://cdn.example.com/a.jpg | ${uploaded}|https://cdn.example.com/b.jpg`)];
    const first = await importCsv(rows);
    expect(first.json()).toMatchObject({ applied: true, updated: 1 });
    expect(await ownerImages(item.id)).toEqual([
      { Image: '', mimeType: '', url: 'https://cdn.example.com/a.jpg' },
      { Image: TEST_PNG.toString('base64'), mimeType: 'image/png' },
      { Image: '', mimeType: '', url: 'https://cdn.example.com/b.jpg' },
    ]);
    expect((await importCsv(rows)).json()).toMatchObject({ inserted: 0, updated: 0, unchanged: 1 });
    // A new list replaces the links; the uploaded file the column leaves out stays, after the named ones.
    expect((await importCsv([row(item, 'https://cdn.example.com/c.jpg')])).json()).toMatchObject({
      updated: 1,
    });
    expect((await ownerImages(item.id)).map((i) => i.url ?? 'file')).toEqual([
      'https://cdn.example.com/c.jpg',
      'file',
    ]);

    // http, other schemes and another item's file are refused, and nothing changes.
    for (const bad of ['http://cdn.example.com/x.jpg', 'javascript:alert(1)', '/etc/passwd']) {
      const refused = await importCsv([row(item, bad)]);
      expect(refused.json(), bad).toMatchObject({
        applied: false,
        problems: [{ field: expect.stringMatching(/^photos/) }],
      });
    }
    const elsewhere = await importCsv([row(other, uploaded)]);
    expect(elsewhere.json()).toMatchObject({ applied: false, problems: [{ field: 'photos' }] });
    expect(await ownerImages(other.id)).toHaveLength(other.image_count);
    expect((await ownerImages(item.id)).map((i) => i.url ?? 'file')).toEqual([
      'https://cdn.example.com/c.jpg',
      'file',
    ]);
  });

  it('refuses a file that is not a photo by its content, in the user language', async () => {
    const video = await upload(manager, item.id, { data: TEST_MP4, name: 'photo.png', type: 'image/png' });
    expect(video.statusCode).toBe(400);
    expect(video.json().error.message).toBe('Загрузите фото JPEG, PNG или WebP');
    const en = await upload(
      manager,
      item.id,
      { data: Buffer.from('text'), name: 'a.png', type: 'image/png' },
      'en',
    );
    expect(en.json().error.message).toBe('Upload a JPEG, PNG or WebP photo');
  });

  it("keeps an item's photos in the order they came, up to 20, and refuses the next one", async () => {
    const photosOf = async () =>
      (await call('GET', `backoffice/inventory?unitId=${other.unit_id}`, admin))
        .json()
        .items.find((i: { id: number }) => i.id === other.id).photos as Array<{ id: number }>;
    const before = (await photosOf()).length;
    const added: number[] = [];
    for (let i = before; i < INVENTORY_PHOTOS_MAX; i += 1) {
      const response = await upload(manager, other.id, {
        data: TEST_PNG,
        name: `p${i}.png`,
        type: 'image/png',
      });
      expect(response.statusCode).toBe(200);
      added.push(response.json().id);
    }
    const refused = await upload(manager, other.id, {
      data: TEST_PNG,
      name: 'one-more.png',
      type: 'image/png',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('Достигнуто наибольшее число файлов');
    const photos = await photosOf();
    expect(photos).toHaveLength(INVENTORY_PHOTOS_MAX);
    expect(photos.slice(before).map((p) => p.id)).toEqual(added);
  });

  it('answers 403 to owners and 404 for unknown units, items and photos; removing a photo drops its file', async () => {
    expect((await call('GET', `backoffice/inventory?unitId=${item.unit_id}`, investor)).statusCode).toBe(403);
    expect(
      (await upload(investor, item.id, { data: TEST_PNG, name: 'a.png', type: 'image/png' })).statusCode,
    ).toBe(403);
    expect((await call('GET', 'backoffice/inventory?unitId=99999999', manager)).statusCode).toBe(404);
    expect((await call('GET', 'backoffice/inventory?unitId=abc', manager)).statusCode).toBe(400);
    expect(
      (await upload(manager, 99999999, { data: TEST_PNG, name: 'a.png', type: 'image/png' })).statusCode,
    ).toBe(404);
    expect(
      (await call('DELETE', `backoffice/inventory/items/${item.id}/photos/99999999`, manager)).statusCode,
    ).toBe(404);

    const photos = (await call('GET', `backoffice/inventory?unitId=${item.unit_id}`, manager))
      .json()
      .items.find((i: { id: number }) => i.id === item.id).photos as Array<{
      id: number;
      url: string;
      uploaded: boolean;
    }>;
    expect(
      (await call('DELETE', `backoffice/inventory/items/${item.id}/photos/${photos[0]?.id}`, investor))
        .statusCode,
    ).toBe(403);
    for (const photo of photos)
      expect(
        (await call('DELETE', `backoffice/inventory/items/${item.id}/photos/${photo.id}`, admin)).statusCode,
      ).toBe(200);
    const file = photos.find((p) => p.uploaded);
    expect((await t.request({ method: 'GET', url: file?.url ?? '' })).statusCode).toBe(404);
    // With no real photo left, the demo's placeholders are back.
    expect(await ownerImages(item.id)).toHaveLength(item.image_count);
  });
});
