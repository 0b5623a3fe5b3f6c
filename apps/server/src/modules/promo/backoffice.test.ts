import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { TEST_PDF, TEST_PNG, uploadForm } from '../../test/upload-form.ts';

describe('lots the company publishes', () => {
  let t: TestApp;
  let investor: string;
  let lender: string;
  let manager: string;
  let admin: string;
  let unitId: number;
  beforeAll(async () => {
    t = await startTestApp();
    [investor, lender, manager, admin] = await Promise.all([
      t.signIn('investor@example.com'),
      t.signIn('lender@example.com'),
      t.signIn('manager@example.com'),
      t.signIn('admin@example.com'),
    ]);
    const unit = await t.ctx.database.db
      .selectFrom('units')
      .select('id')
      .where('location_id', '=', 2)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    unitId = Number(unit.id);
  });
  afterAll(() => t?.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string,
    body?: object,
    locale = 'ru',
  ) =>
    t.request({
      method,
      url: `/api/v1/${url}`,
      token,
      headers: { cookie: `cookieLocale=${locale}` },
      ...(body ? { payload: body } : {}),
    });
  const upload = (token: string, lotId: number, file: Parameters<typeof uploadForm>[0]) => {
    const form = uploadForm(file);
    return t.request({
      method: 'POST',
      url: `/api/v1/backoffice/lots/${lotId}/photos`,
      token,
      payload: form.payload,
      headers: form.headers,
    });
  };
  const promo = async (token = investor) =>
    (await call('GET', 'sale-unit/get-sale-units', token)).json().lots as Array<Record<string, unknown>>;
  const lot = () => ({
    unitId,
    price: 12_500_000,
    discountPrice: 11_900_000,
    profit: 14.5,
    description: 'Юнит у озера',
    descriptionEn: '',
    promo: 'Хит продаж',
    published: false,
  });

  it('keeps a draft off the promo page and shows it once published, with its real photos, first', async () => {
    const created = await call('POST', 'backoffice/lots', manager, lot());
    expect(created.statusCode).toBe(200);
    const id = created.json().id as number;
    expect(created.json()).toMatchObject({ published: false, publishedAt: null, descriptionEn: '' });
    expect((await promo()).some((l) => l.source === 'company')).toBe(false);

    const photo = await upload(manager, id, {
      data: TEST_PNG,
      name: 'lake.png',
      type: 'application/octet-stream',
    });
    expect(photo.statusCode).toBe(200);
    const file = await t.request({ method: 'GET', url: photo.json().url });
    expect(file.headers['content-type']).toBe('image/png');

    const published = await call('PUT', `backoffice/lots/${id}`, admin, { ...lot(), published: true });
    expect(published.json().published).toBe(true);
    for (const token of [investor, lender]) {
      const first = (await promo(token))[0];
      expect(first).toMatchObject({
        lot_id: id,
        source: 'company',
        unit_id: unitId,
        investor_id: 0,
        isOwn: false,
        description: 'Юнит у озера',
        descriptionEn: 'Юнит у озера',
        promo: 'Хит продаж',
        defaultPrice: 12_500_000,
        discountPrice: 11_900_000,
        price: 11_900_000,
        profit: 14.5,
        photo_url: [photo.json().url],
      });
    }
    // A buy request on the company's lot goes to the buyer's manager.
    const buy = await call('POST', 'sale-unit/send-buy-request', investor, {
      owner_investor_id: 0,
      unit_id: unitId,
    });
    expect(buy.statusCode).toBe(200);

    const hidden = await call('PUT', `backoffice/lots/${id}`, manager, { ...lot(), published: false });
    expect(hidden.statusCode).toBe(200);
    expect((await promo()).some((l) => l.source === 'company')).toBe(false);
    expect(
      (await call('POST', 'sale-unit/send-buy-request', investor, { owner_investor_id: 0, unit_id: unitId }))
        .statusCode,
    ).toBe(404);

    const staff = (await call('GET', 'backoffice/lots', admin)).json().items;
    expect(staff[0]).toMatchObject({ id, photos: [{ url: photo.json().url }] });

    expect(
      (await call('DELETE', `backoffice/lots/${id}/photos/${photo.json().id}`, manager)).statusCode,
    ).toBe(200);
    expect((await t.request({ method: 'GET', url: photo.json().url })).statusCode).toBe(404);
    expect((await call('DELETE', `backoffice/lots/${id}`, manager)).statusCode).toBe(200);
    expect((await call('GET', 'backoffice/lots', admin)).json().items).toEqual([]);

    const audit = JSON.stringify((await call('GET', 'backoffice/audit', admin)).json());
    for (const action of [
      'content.lot.create',
      'content.lot.update',
      'content.lot.photo.add',
      'content.lot.photo.remove',
      'content.lot.delete',
    ])
      expect(audit).toContain(action);
  });

  it('answers 400 for bad input in the user language, changing nothing', async () => {
    const above = await call('POST', 'backoffice/lots', manager, { ...lot(), discountPrice: 13_000_000 });
    expect(above.statusCode).toBe(400);
    expect(above.json().error.message).toBe('Цена со скидкой должна быть ниже цены');
    const en = await call('POST', 'backoffice/lots', manager, { ...lot(), discountPrice: 13_000_000 }, 'en');
    expect(en.json().error.message).toBe('The discount price must be below the price');
    for (const body of [
      { ...lot(), price: 0 },
      { ...lot(), price: 'много' },
      { ...lot(), unitId: 99_999_999 },
      { ...lot(), unitId: 'x' },
      { ...lot(), profit: -1 },
      { ...lot(), promo: 'x'.repeat(101) },
      { ...lot(), published: 'yes' },
    ])
      expect((await call('POST', 'backoffice/lots', manager, body)).statusCode, JSON.stringify(body)).toBe(
        400,
      );
    expect((await call('GET', 'backoffice/lots', manager)).json().items).toEqual([]);
  });

  it('answers 404 for unknown lots and photos, 403 for owners, and refuses photos by content', async () => {
    expect((await call('PUT', 'backoffice/lots/999999', manager, lot())).statusCode).toBe(404);
    expect((await call('DELETE', 'backoffice/lots/999999', manager)).statusCode).toBe(404);
    expect(
      (await upload(manager, 999999, { data: TEST_PNG, name: 'a.png', type: 'image/png' })).statusCode,
    ).toBe(404);
    const { id } = (await call('POST', 'backoffice/lots', admin, lot())).json();
    expect((await call('DELETE', `backoffice/lots/${id}/photos/999999`, manager)).statusCode).toBe(404);
    const pdf = await upload(manager, id, { data: TEST_PDF, name: 'photo.png', type: 'image/png' });
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().error.message).toBe('Загрузите фото JPEG, PNG или WebP');
    for (const [method, url] of [
      ['GET', 'backoffice/lots'],
      ['POST', 'backoffice/lots'],
      ['PUT', `backoffice/lots/${id}`],
      ['DELETE', `backoffice/lots/${id}`],
    ] as const)
      expect(
        (await call(method, url, investor, method === 'GET' || method === 'DELETE' ? undefined : lot()))
          .statusCode,
      ).toBe(403);
    expect((await upload(lender, id, { data: TEST_PNG, name: 'a.png', type: 'image/png' })).statusCode).toBe(
      403,
    );
  });
});
