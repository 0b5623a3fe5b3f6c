import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { TEST_MP4, TEST_PDF, TEST_PNG, uploadForm } from '../../test/upload-form.ts';
import { hashPassword } from '../auth/passwords.ts';

/**
 * On an empty production database (DEMO_DATA=false, nothing from the demo seed) owners see no cameras, report, lots
 * or placeholder photos until the company sets them in the console, and then see exactly what it set.
 */
describe('company content on an empty production database', () => {
  let t: TestApp;
  let admin: string;
  let owner: string;
  let locationId: number;
  let unitId: number;
  beforeAll(async () => {
    t = await startTestApp({ DEMO_DATA: 'false' });
    const { db } = t.ctx.database;
    const hash = await hashPassword('Secret123');
    const [boss, investor] = await db
      .insertInto('users')
      .values([
        { email: 'boss@company.test', phone: null, password_hash: hash, is_active: true },
        { email: 'owner@company.test', phone: null, password_hash: hash, is_active: true },
      ])
      .returning('id')
      .execute();
    await db
      .insertInto('user_roles')
      .values([
        { user_id: Number(boss?.id), role: 'ADMIN' },
        { user_id: Number(investor?.id), role: 'INVESTOR' },
      ])
      .execute();
    locationId = 41;
    await db
      .insertInto('locations')
      .values({ id: locationId, name: 'Озёрный', name_en: 'Lakeside', info: JSON.stringify({}) })
      .execute();
    const unit = await db
      .insertInto('units')
      .values({
        location_id: locationId,
        part: 'main',
        unit_type: 'Номер',
        unit_type_en: 'Room',
        name: 'Номер 1',
        name_en: 'Room 1',
        area: 30,
        image_urls: JSON.stringify([]),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    unitId = Number(unit.id);
    await db
      .insertInto('user_units')
      .values({ user_id: Number(investor?.id), unit_id: unitId, relation: 'owner' })
      .execute();
    [admin, owner] = await Promise.all([
      t.signIn('boss@company.test', 'Secret123'),
      t.signIn('owner@company.test', 'Secret123'),
    ]);
  });
  afterAll(() => t?.close());

  const get = (url: string, token = owner) => t.request({ method: 'GET', url: `/api/v1/${url}`, token });
  const send = (method: 'POST' | 'PUT', url: string, body: object) =>
    t.request({ method, url: `/api/v1/${url}`, token: admin, payload: body });
  const upload = (url: string, file: Parameters<typeof uploadForm>[0], fields = {}) => {
    const form = uploadForm(file, fields);
    return t.request({
      method: 'POST',
      url: `/api/v1/${url}`,
      token: admin,
      payload: form.payload,
      headers: form.headers,
    });
  };

  it('shows owners nothing of the demo', async () => {
    expect((await get('investor/cameras')).json()).toEqual({ locations: [] });
    expect((await get('financial-report')).json()).toEqual({ report: null });
    expect((await get('sale-unit/get-sale-units')).json()).toEqual({ lots: [] });
    expect((await get('streams/1/index.m3u8')).statusCode).toBe(404);
  });

  it('shows owners what the company sets in the console', async () => {
    expect(
      (
        await send('PUT', `backoffice/cameras/${locationId}/stream`, {
          streamUrl: 'https://cams.company.test/lake/index.m3u8',
        })
      ).statusCode,
    ).toBe(200);
    const view = await upload(
      `backoffice/cameras/${locationId}/views`,
      { data: TEST_MP4, name: 'a.mp4', type: 'video/mp4' },
      { title: 'Пирс' },
    );
    expect(view.statusCode).toBe(200);
    const [cameras] = (await get('investor/cameras')).json().locations;
    expect(cameras.locationId).toBe(locationId);
    expect(cameras.streamUrl).toMatch(/^\/api\/v1\/streams\/live\/[A-Za-z0-9_-]+\/index\.m3u8\?st=/);
    expect(cameras.videos).toEqual([
      {
        id: view.json().id,
        anchor: 'camera_1',
        title: 'Пирс',
        titleEn: 'Пирс',
        url: expect.stringContaining(view.json().url.split('?')[0]),
      },
    ]);

    expect(
      (
        await upload('backoffice/financial-report', {
          data: TEST_PDF,
          name: 'q3.pdf',
          type: 'application/pdf',
        })
      ).statusCode,
    ).toBe(200);
    expect((await get('financial-report')).json().report).toMatchObject({ kind: 'pdf', title: 'q3.pdf' });

    const lot = await send('POST', 'backoffice/lots', { unitId, price: 5_000_000, published: true });
    expect(lot.statusCode).toBe(200);
    const photo = await upload(`backoffice/lots/${lot.json().id}/photos`, {
      data: TEST_PNG,
      name: 'a.png',
      type: 'image/png',
    });
    const [published] = (await get('sale-unit/get-sale-units')).json().lots;
    expect(published).toMatchObject({
      source: 'company',
      unit_id: unitId,
      price: 5_000_000,
      photo_url: [photo.json().url],
    });

    // Inventory from the import has no placeholders; an uploaded photo is what the owner gets.
    const imported = await t.request({
      method: 'POST',
      url: '/api/v1/backoffice/import/inventory',
      token: admin,
      headers: { 'content-type': 'text/csv', 'x-file-name': 'inventory.csv' },
      payload: `unitId,invNumber,name,nameEn,cost,status,date,spaceId,spaceName,spaceNameEn,photos\n${unitId},INV-1,Кресло,,100,,,1,Спальня,,`,
    });
    expect(imported.json()).toMatchObject({ applied: true, inserted: 1 });
    const [item] = (await get(`id-logic/items?unitId=${unitId}`)).json().items;
    expect(item.imageCount).toBe(0);
    expect((await get(`id-logic/item/images?itemId=${item.ItemID}`)).json()).toEqual({ images: [] });
    await upload(`backoffice/inventory/items/${item.ItemID}/photos`, {
      data: TEST_PNG,
      name: 'chair.png',
      type: 'image/png',
    });
    expect((await get(`id-logic/item/images?itemId=${item.ItemID}`)).json()).toEqual({
      images: [{ Image: TEST_PNG.toString('base64'), mimeType: 'image/png' }],
    });
  });
});
