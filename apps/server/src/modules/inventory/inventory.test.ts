import { fileTypeFromBuffer } from 'file-type';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

type Item = {
  ItemID: number;
  LocName: string;
  Cost: number;
  InvStatus: boolean | null;
  InvDate: string | null;
  preparedDate: string | null;
  imageCount: number;
};

describe('inventory calls', () => {
  let t: TestApp;
  let investor: string;
  let lender: string;
  let both: string;
  let unitId: number;
  let emptyUnitId: number;
  beforeAll(async () => {
    t = await startTestApp();
    [investor, lender, both] = await Promise.all([
      t.signIn('investor@example.com'),
      t.signIn('lender@example.com'),
      t.signIn('both@example.com'),
    ]);
    const units = (await get('users/actives')).json().actives as Array<{
      unitId: number;
      locationId: number;
    }>;
    unitId = units.find((u) => u.locationId === 1)?.unitId ?? 0;
    emptyUnitId = units.find((u) => u.locationId === 7)?.unitId ?? 0;
  });
  afterAll(() => t?.close());
  const get = (url: string, token = investor, locale = 'ru') =>
    t.request({ method: 'GET', url: `/api/v1/${url}`, token, headers: { cookie: `cookieLocale=${locale}` } });

  it("lists the items of the investor's unit by space with cost, status and photo count", async () => {
    expect(unitId).toBeGreaterThan(0);
    const response = await get(`id-logic/items?unitId=${unitId}`);
    expect(response.statusCode).toBe(200);
    const items: Item[] = response.json().items;
    expect(items.length).toBeGreaterThan(5);
    expect([...new Set(items.map((i) => i.LocName))]).toEqual(['Спальня', 'Санузел', 'Терраса']);
    for (const i of items) {
      expect(i.Cost).toBeGreaterThan(0);
      expect([true, false, null]).toContain(i.InvStatus);
      // preparedDate: InvDate as the tables show it.
      expect(i.preparedDate).toBe(i.InvDate ? i.InvDate.split('-').reverse().join('.') : null);
    }
    expect(items.some((i) => i.preparedDate !== null)).toBe(true);
  });

  it('answers an empty list for a unit still being built', async () => {
    const body = (await get(`id-logic/items?unitId=${emptyUnitId}`)).json();
    expect(body.items).toEqual([]);
  });

  it('gives the generated photos of an item as base64 JPEG (spec: images with Image, base64 jpeg)', async () => {
    const items: Item[] = (await get(`id-logic/items?unitId=${unitId}`)).json().items;
    const withPhotos = items.find((i) => i.imageCount > 0);
    const response = await get(`id-logic/item/images?itemId=${withPhotos?.ItemID}`);
    expect(response.statusCode).toBe(200);
    const images = response.json().images as Array<{ Image: string; mimeType: string }>;
    expect(images).toHaveLength(withPhotos?.imageCount ?? -1);
    const bytes = Buffer.from(images[0]?.Image ?? '', 'base64');
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect([...bytes.subarray(-2)]).toEqual([0xff, 0xd9]);
    expect((await fileTypeFromBuffer(bytes))?.mime).toBe('image/jpeg');
    // Baseline frame (SOF0) of 160 × 120 pixels.
    const sof = bytes.indexOf(Buffer.from([0xff, 0xc0]));
    expect(sof).toBeGreaterThan(0);
    expect([bytes.readUInt16BE(sof + 5), bytes.readUInt16BE(sof + 7)]).toEqual([120, 160]);
    expect(images[0]?.mimeType).toBe('image/jpeg');
  });

  it('refuses lenders with 403 and answers 404 for units and items of others', async () => {
    const refused = await get(`id-logic/items?unitId=${unitId}`, lender);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBeTruthy();
    expect((await get('id-logic/item/images?itemId=1', lender)).statusCode).toBe(403);
    // The user with both roles is an investor, but not of this unit.
    expect((await get(`id-logic/items?unitId=${unitId}`, both)).statusCode).toBe(404);
    const items: Item[] = (await get(`id-logic/items?unitId=${unitId}`)).json().items;
    expect((await get(`id-logic/item/images?itemId=${items[0]?.ItemID}`, both)).statusCode).toBe(404);
    expect((await get('id-logic/items?unitId=999999')).statusCode).toBe(404);
    expect((await get('id-logic/item/images?itemId=999999')).statusCode).toBe(404);
  });

  it('answers 400 for bad ids', async () => {
    for (const query of ['items', 'items?unitId=x', 'items?unitId=-1', 'item/images?itemId=0', 'item/images'])
      expect((await get(`id-logic/${query}`, investor, 'en')).statusCode, query).toBe(400);
  });
});
