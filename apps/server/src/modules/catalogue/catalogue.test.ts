import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { pinnedNow } from '../../test/pinned-today.ts';
import { hashPassword } from '../auth/passwords.ts';

// A 48×32 PNG of two stripes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAAOklEQVR42u3OMQ0AMAgAMBRNwZTgBWuTMx24IBxNKqBxKlcJISEhISEhIaHh0H93FSEhISEhISGhYQ1iaq95W7MVqwAAAABJRU5ErkJggg==',
  'base64',
);

function form(file: { data: Buffer; name: string; type: string }) {
  const boundary = '----portal-unit-photo-boundary';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('back-office catalogue of locations and units', () => {
  let t: TestApp;
  let manager: string;
  let admin: string;
  let investor: string;
  beforeAll(async () => {
    t = await startTestApp();
    [manager, admin, investor] = await Promise.all([
      t.signIn('manager@example.com'),
      t.signIn('admin@example.com'),
      t.signIn('investor@example.com'),
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });
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
  const upload = (token: string, unitId: number, file: Parameters<typeof form>[0]) => {
    const body = form(file);
    return t.request({
      method: 'POST',
      url: `/api/v1/backoffice/catalogue/units/${unitId}/photos`,
      token,
      payload: body.payload,
      headers: body.headers,
    });
  };
  const location = {
    name: 'Горный курорт «Вершина»',
    nameEn: 'Vershina Mountain Resort',
    existsMain: true,
    existsPeriphery: false,
    distanceKm: 120,
    description: 'Курорт у подножия горы',
    descriptionEn: 'A resort at the foot of a mountain',
    infrastructure: [
      { name: 'Подъёмник', nameEn: 'Ski lift', count: 2 },
      { name: 'Ресторан', nameEn: '', count: 1 },
    ],
  };
  const auditActions = async () =>
    (await t.ctx.database.db.selectFrom('audit_log').select('action').execute()).map((r) => r.action);

  it('answers 403 to owners for every catalogue call, before reading the body', async () => {
    for (const [method, url] of [
      ['GET', 'backoffice/catalogue/locations'],
      ['POST', 'backoffice/catalogue/locations'],
      ['PUT', 'backoffice/catalogue/locations/1'],
      ['GET', 'backoffice/catalogue/units?locationId=1'],
      ['POST', 'backoffice/catalogue/units'],
      ['PUT', 'backoffice/catalogue/units/1'],
      ['POST', 'backoffice/catalogue/units/1/photos'],
      ['DELETE', 'backoffice/catalogue/units/1/photos?url=x'],
      ['GET', 'backoffice/catalogue/unit-types'],
      ['POST', 'backoffice/catalogue/unit-stages'],
      ['GET', 'backoffice/catalogue/booking-sources'],
      ['PUT', 'backoffice/catalogue/booking-sources/3'],
    ] as const) {
      const response = await call(method, url, investor, { name: 'x' });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await call('GET', 'backoffice/catalogue/locations', '')).statusCode).toBe(401);
  });

  it('lists the demo locations in their order with the dashboard entry, placeholder last', async () => {
    const { items } = (await call('GET', 'backoffice/catalogue/locations', manager)).json();
    expect(items.map((l: { id: number }) => l.id)).toEqual([1, 2, 3, 7, 666]);
    expect(items[2]).toMatchObject({
      id: 3,
      distanceKm: 50,
      unitCount: 20,
      infrastructure: expect.arrayContaining([{ name: 'Ресторан', nameEn: 'Restaurant', count: 6 }]),
    });
    expect(items[4]).toMatchObject({ isPlaceholder: true, unitCount: 0 });
    const types = (await call('GET', 'backoffice/catalogue/unit-types', manager)).json().items;
    expect(types[0]).toMatchObject({ name: 'Стандарт', nameEn: 'Standard', unitCount: 2 });
    const stages = (await call('GET', 'backoffice/catalogue/unit-stages', admin)).json().items;
    expect(stages.map((s: { name: string }) => s.name)).toEqual(['Эксплуатация', 'Строительство']);
  });

  it('refuses bad input with 400 in the user language and changes nothing', async () => {
    const before = (await call('GET', 'backoffice/catalogue/locations', admin)).json().items.length;
    const empty = await call('POST', 'backoffice/catalogue/locations', admin, { ...location, name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Обязательное поле');
    const english = await call(
      'POST',
      'backoffice/catalogue/locations',
      admin,
      { ...location, distanceKm: -1 },
      'en',
    );
    expect(english.statusCode).toBe(400);
    expect(english.json().error.message).toBe('Invalid value');
    const badCount = await call('POST', 'backoffice/catalogue/locations', admin, {
      ...location,
      infrastructure: [{ name: 'Баня', count: 0 }],
    });
    expect(badCount.statusCode).toBe(400);
    const unitToPlaceholder = await call('POST', 'backoffice/catalogue/units', admin, {
      locationId: 666,
      unitNumber: 'X1',
      name: 'Юнит',
      part: 'main',
      typeId: 1,
      capacity: 2,
      area: 30,
    });
    expect(unitToPlaceholder.statusCode).toBe(400);
    expect(unitToPlaceholder.json().error.message).toBe('У локации «скоро» не может быть юнитов');
    const placeholderWithUnits = await call('PUT', 'backoffice/catalogue/locations/1', admin, {
      ...location,
      isPlaceholder: true,
    });
    expect(placeholderWithUnits.statusCode).toBe(400);
    expect((await call('GET', 'backoffice/catalogue/locations', admin)).json().items).toHaveLength(before);
    const one = (await call('GET', 'backoffice/catalogue/locations', admin)).json().items[0];
    expect(one.name).toBe('Лесной SPA-отель «Сосны»');
  });

  it('answers 404 for unknown ids', async () => {
    expect((await call('PUT', 'backoffice/catalogue/locations/999999', admin, location)).statusCode).toBe(
      404,
    );
    expect((await call('GET', 'backoffice/catalogue/units?locationId=999999', admin)).statusCode).toBe(404);
    const unit = {
      locationId: 1,
      unitNumber: 'Z9',
      name: 'Юнит',
      part: 'main',
      typeId: 1,
      capacity: 2,
      area: 30,
    };
    expect((await call('PUT', 'backoffice/catalogue/units/999999', admin, unit)).statusCode).toBe(404);
    expect(
      (await call('PUT', 'backoffice/catalogue/unit-types/999999', admin, { name: 'Тип' })).statusCode,
    ).toBe(404);
    expect(
      (await call('PUT', 'backoffice/catalogue/booking-sources/999999', admin, { name: 'И', type: 'x' }))
        .statusCode,
    ).toBe(404);
    expect((await upload(admin, 999999, { data: PNG, name: 'a.png', type: 'image/png' })).statusCode).toBe(
      404,
    );
    expect(
      (
        await call(
          'DELETE',
          `backoffice/catalogue/units/1/photos?url=${encodeURIComponent('/nope.png')}`,
          admin,
        )
      ).statusCode,
    ).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/v1/files/units/unknownKey123' })).statusCode).toBe(
      404,
    );
  });

  it('builds a location with a unit and a photo that its owner then sees on the units page and the dashboard', async () => {
    const created = await call('POST', 'backoffice/catalogue/locations', admin, location);
    expect(created.statusCode).toBe(200);
    const locationId: number = created.json().id;
    expect(locationId).toBe(667);

    const type = await call('POST', 'backoffice/catalogue/unit-types', manager, {
      name: 'Шале',
      nameEn: 'Chalet',
    });
    expect(type.statusCode).toBe(200);
    const duplicateType = await call('POST', 'backoffice/catalogue/unit-types', manager, { name: 'Шале' });
    expect(duplicateType.statusCode).toBe(400);
    expect(duplicateType.json().error.message).toBe('Такое название уже есть в списке');
    const stage = await call('POST', 'backoffice/catalogue/unit-stages', manager, {
      name: 'Отделка',
      nameEn: 'Finishing',
    });
    expect(stage.statusCode).toBe(200);

    const unitBody = {
      locationId,
      unitNumber: 'V-101',
      name: 'Шале у леса',
      nameEn: 'Forest chalet',
      part: 'main',
      typeId: type.json().id,
      stageId: stage.json().id,
      capacity: 4,
      area: 64.5,
      dateOfLaunch: '2027-12-01',
    };
    const unit = await call('POST', 'backoffice/catalogue/units', manager, unitBody);
    expect(unit.statusCode).toBe(200);
    const unitId: number = unit.json().id;
    const twin = await call('POST', 'backoffice/catalogue/units', manager, { ...unitBody, name: 'Другое' });
    expect(twin.statusCode).toBe(400);
    expect(twin.json().error.message).toBe('В этой локации уже есть юнит с таким номером');
    const second = await call('POST', 'backoffice/catalogue/units', manager, {
      ...unitBody,
      unitNumber: 'V-102',
      name: 'Шале у озера',
      nameEn: '',
      area: 70,
    });
    expect(second.statusCode).toBe(200);

    // A renamed text file is refused by its content; a PNG declared as anything is taken.
    const text = await upload(manager, unitId, {
      data: Buffer.from('just some text, not a picture\n'.repeat(10)),
      name: 'photo.png',
      type: 'image/png',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().error.message).toBe('Загрузите фото JPEG, PNG или WebP');
    const first = await upload(manager, unitId, {
      data: PNG,
      name: 'one.jpg',
      type: 'application/octet-stream',
    });
    expect(first.statusCode).toBe(200);
    const secondPhoto = await upload(admin, unitId, { data: PNG, name: 'two.png', type: 'image/png' });
    const urls: string[] = secondPhoto.json().imageUrls;
    expect(urls).toHaveLength(2);
    expect(urls[0]).toMatch(/^\/api\/v1\/files\/units\/[A-Za-z0-9_-]{24}$/);
    const served = await t.request({ method: 'GET', url: urls[0] ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    // Reorder: the same photos only; then delete the (now) second one, which leaves the store.
    const reversed = [...urls].reverse();
    expect(
      (await call('PUT', `backoffice/catalogue/units/${unitId}/photos`, manager, { urls: [urls[0]] }))
        .statusCode,
    ).toBe(400);
    const ordered = await call('PUT', `backoffice/catalogue/units/${unitId}/photos`, manager, {
      urls: reversed,
    });
    expect(ordered.json().imageUrls).toEqual(reversed);
    const removed = await call(
      'DELETE',
      `backoffice/catalogue/units/${unitId}/photos?url=${encodeURIComponent(urls[0] ?? '')}`,
      manager,
    );
    expect(removed.json().imageUrls).toEqual([urls[1]]);
    expect((await t.request({ method: 'GET', url: urls[0] ?? '' })).statusCode).toBe(404);

    // Renaming the stage reaches the unit.
    await call('PUT', `backoffice/catalogue/unit-stages/${stage.json().id}`, admin, {
      name: 'Чистовая отделка',
      nameEn: 'Fine finishing',
    });
    const listed = (await call('GET', `backoffice/catalogue/units?locationId=${locationId}`, admin)).json()
      .items;
    expect(listed).toHaveLength(2);
    expect(listed[0]).toMatchObject({
      unitNumber: 'V-101',
      unitType: 'Шале',
      unitTypeEn: 'Chalet',
      stage: 'Чистовая отделка',
      stageEn: 'Fine finishing',
      area: 64.5,
      imageUrls: [urls[1]],
    });
    expect(listed[1]).toMatchObject({ nameEn: 'Шале у озера' });
    const moved = await call('PUT', `backoffice/catalogue/units/${unitId}`, admin, {
      ...unitBody,
      locationId: 1,
    });
    expect(moved.statusCode).toBe(400);
    // A correction is audited with the values before and after, only of the fields it changed.
    const corrected = await call('PUT', `backoffice/catalogue/units/${unitId}`, admin, {
      ...unitBody,
      capacity: 5,
      area: 66,
    });
    expect(corrected.statusCode).toBe(200);
    const update = await t.ctx.database.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'catalogue.unit.update')
      .where('entity_id', '=', String(unitId))
      .executeTakeFirstOrThrow();
    expect((update.details as { changes: unknown }).changes).toEqual({
      capacity: { from: 4, to: 5 },
      area: { from: 64.5, to: 66 },
    });
    expect((await call('PUT', `backoffice/catalogue/units/${unitId}`, admin, unitBody)).statusCode).toBe(200);

    // The owner: given the unit in the console, sees it with its photo and the location on the dashboard.
    const link = await call('POST', 'backoffice/owners/1/units', admin, {
      unitId,
      relation: 'owner',
      invested: 5_000_000,
      investedAt: '2026-01-15',
    });
    expect(link.statusCode).toBe(200);
    const { actives } = (await call('GET', 'users/actives-info', investor)).json();
    const card = (actives as Array<{ unit_id: number }>).find((a) => a.unit_id === unitId);
    expect(card).toMatchObject({
      name: 'Шале у леса',
      nameEn: 'Forest chalet',
      unitType: 'Шале',
      capacity: 4,
      area: 64.5,
      stage: 'Чистовая отделка',
      dateOfLaunch: '2027-12-01',
      imageUrls: [urls[1]],
      locationName: location.name,
    });
    const { locations } = (await call('GET', 'users/locations', investor)).json();
    const ids = (locations as Array<{ id: number; roleCode: string }>)
      .filter((l) => l.roleCode === 'INVESTOR')
      .map((l) => l.id);
    expect(ids.indexOf(locationId)).toBeGreaterThan(ids.indexOf(1));
    expect(ids.at(-1)).toBe(666);
    const info = (await call('GET', `dashboard/location-info?location=${locationId}`, investor)).json();
    expect(info).toMatchObject({
      id: locationId,
      name: location.name,
      distanceKm: 120,
      descriptionEn: 'A resort at the foot of a mountain',
      // Units of one type but different areas are told as a range, not as the usual area «each».
      units: [{ type: 'Шале', typeEn: 'Chalet', count: 2, area: 64.5, areaMin: 64.5, areaMax: 70 }],
      infrastructure: [
        { name: 'Подъёмник', nameEn: 'Ski lift', count: 2 },
        { name: 'Ресторан', nameEn: 'Ресторан', count: 1 },
      ],
    });
    // The demo catalogue stays as the spec gives it, counted from the units: rooms are its units, the banyas
    // (outbuildings) are listed under infrastructure.
    const demo = (await call('GET', 'dashboard/location-info?location=1', investor)).json();
    const line = (u: { name?: string; type?: string; count: number }) => `${u.count} ${u.type ?? u.name}`;
    expect(demo.units.map(line)).toEqual(['2 Стандарт', '9 Джуниор сюит', '1 Сюит']);
    expect(demo.infrastructure.map(line)).toContain('2 Баня');

    expect(await auditActions()).toEqual(
      expect.arrayContaining([
        'catalogue.location.create',
        'catalogue.unit_type.create',
        'catalogue.unit_stage.update',
        'catalogue.unit.create',
        'catalogue.unit.photo.add',
        'catalogue.unit.photo.order',
        'catalogue.unit.photo.remove',
      ]),
    );
  });

  it('edits a location: order, flags, placeholder; owners see the new order and a placeholder by its name', async () => {
    const soon = await call('POST', 'backoffice/catalogue/locations', manager, {
      name: 'Курорт на Алтае',
      nameEn: 'Altai resort',
      isPlaceholder: true,
    });
    expect(soon.statusCode).toBe(200);
    const moved = await call('PUT', 'backoffice/catalogue/locations/7', admin, {
      name: 'Комплекс «Берег»: озёрная часть',
      nameEn: 'Bereg complex: lake part',
      position: 0,
      existsMain: true,
      existsPeriphery: true,
      distanceKm: 50,
      description: 'Озёрная часть',
      infrastructure: [{ name: 'Патио', nameEn: 'Patio', count: 6 }],
    });
    expect(moved.statusCode).toBe(200);
    const { locations } = (await call('GET', 'users/locations', investor)).json() as {
      locations: Array<{
        id: number;
        name: string;
        roleCode: string;
        isPlaceholder: boolean;
      }>;
    };
    const investorTabs = locations.filter((l) => l.roleCode === 'INVESTOR');
    expect(investorTabs[0]?.id).toBe(7);
    expect(investorTabs.filter((l) => l.isPlaceholder).map((l) => l.name)).toEqual([
      'Новая локация',
      'Курорт на Алтае',
    ]);
  });

  it('names booking sources in both languages; the bookings grid carries the English name', async () => {
    const { items } = (await call('GET', 'backoffice/catalogue/booking-sources', manager)).json();
    expect(items.find((s: { id: number }) => s.id === 3)).toMatchObject({ name: 'Сайт', nameEn: 'Website' });
    const created = await call('POST', 'backoffice/catalogue/booking-sources', manager, {
      id: 42,
      name: 'Островок',
      nameEn: 'Ostrovok',
      type: 'ostrovok',
    });
    expect(created.statusCode).toBe(200);
    const again = await call('POST', 'backoffice/catalogue/booking-sources', manager, {
      id: 42,
      name: 'Островок',
      type: 'ostrovok',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe('Источник с таким номером уже есть');
    const renamed = await call('PUT', 'backoffice/catalogue/booking-sources/3', admin, {
      name: 'Сайт отеля',
      nameEn: 'Hotel website',
      type: 'web',
    });
    expect(renamed.statusCode).toBe(200);
    const end = pinnedNow();
    const start = new Date(end.getTime() - 60 * 86_400_000);
    const grid = (
      await call(
        'GET',
        `bookings?location=1&startDate=${start.toISOString()}&endDate=${end.toISOString()}`,
        investor,
      )
    ).json();
    const sources = grid.groups
      .flatMap((g: { units: Array<{ bookings: Array<{ source: { id: number } | null }> }> }) => g.units)
      .flatMap((u: { bookings: Array<{ source: { id: number } | null }> }) => u.bookings)
      .map((b: { source: { id: number } | null }) => b.source)
      .filter((s: { id: number } | null) => s?.id === 3);
    expect(sources[0]).toMatchObject({ name: 'Сайт отеля', nameEn: 'Hotel website' });
  });
});

describe('the catalogue on an empty production database (no demo data)', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp({ DEMO_DATA: 'false' });
    const db = t.ctx.database.db;
    // The first administrator, as `npm run admin -- create` and its activation leave one.
    const user = await db
      .insertInto('users')
      .values({
        email: 'boss@company.test',
        password_hash: await hashPassword('Boss12345'),
        is_active: true,
        first_name: 'Анна',
        last_name: 'Смирнова',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('user_roles').values({ user_id: user.id, role: 'ADMIN' }).execute();
    admin = await t.signIn('boss@company.test', 'Boss12345');
  });
  afterAll(async () => {
    await t?.close();
  });
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, body?: object) =>
    t.request({ method, url: `/api/v1/${url}`, token, ...(body ? { payload: body } : {}) });

  it('starts with no locations and lists, the spec booking sources, and builds everything an owner sees', async () => {
    expect((await call('GET', 'backoffice/catalogue/locations', admin)).json()).toEqual({ items: [] });
    expect((await call('GET', 'backoffice/catalogue/unit-types', admin)).json()).toEqual({ items: [] });
    const sources = (await call('GET', 'backoffice/catalogue/booking-sources', admin)).json().items;
    expect(sources).toHaveLength(13);
    expect(sources.find((s: { id: number }) => s.id === 2147483645)).toMatchObject({
      name: 'Яндекс Путешествия',
      nameEn: 'Yandex Travel',
      type: 'ya',
    });

    // The first locations get 1, 2, …: the spec's fixed lender timeline tabs name the first three.
    const first = await call('POST', 'backoffice/catalogue/locations', admin, {
      name: 'Первая',
      existsMain: true,
    });
    const second = await call('POST', 'backoffice/catalogue/locations', admin, { name: 'Вторая' });
    expect([first.json().id, second.json().id]).toEqual([1, 2]);
    const noType = await call('POST', 'backoffice/catalogue/units', admin, {
      locationId: 1,
      unitNumber: '101',
      name: 'Номер 101',
      part: 'main',
      typeId: 1,
      capacity: 2,
      area: 25,
    });
    expect(noType.statusCode).toBe(400);
    expect(noType.json().error.fields).toEqual({ typeId: 'Неверное значение' });
    const type = (await call('POST', 'backoffice/catalogue/unit-types', admin, { name: 'Стандарт' })).json();
    const unit = await call('POST', 'backoffice/catalogue/units', admin, {
      locationId: 1,
      unitNumber: '101',
      name: 'Номер 101',
      part: 'main',
      typeId: type.id,
      capacity: 2,
      area: 25,
    });
    expect(unit.statusCode).toBe(200);

    // An owner of that unit (a client made in the console, the password set as the activation link sets it).
    const owner = await call('POST', 'backoffice/owners', admin, {
      lastName: 'Петров',
      firstName: 'Пётр',
      email: 'owner@company.test',
      roles: ['INVESTOR'],
    });
    expect(owner.statusCode).toBe(200);
    const ownerId: number = owner.json().id;
    await t.ctx.database.db
      .updateTable('users')
      .set({ password_hash: await hashPassword('Owner1234'), is_active: true })
      .where('id', '=', ownerId)
      .execute();
    const linked = await call('POST', `backoffice/owners/${ownerId}/units`, admin, {
      unitId: unit.json().id,
      relation: 'owner',
      invested: 1_000_000,
    });
    expect(linked.statusCode).toBe(200);
    const investor = await t.signIn('owner@company.test', 'Owner1234');
    const { locations } = (await call('GET', 'users/locations', investor)).json();
    expect(locations).toEqual([expect.objectContaining({ id: 1, name: 'Первая', existsMain: true })]);
    const { actives } = (await call('GET', 'users/actives-info', investor)).json();
    expect(actives).toEqual([
      expect.objectContaining({ name: 'Номер 101', unitType: 'Стандарт', imageUrls: [] }),
    ]);
    const info = (await call('GET', 'dashboard/location-info?location=1', investor)).json();
    expect(info).toMatchObject({
      name: 'Первая',
      units: [{ type: 'Стандарт', count: 1, area: 25 }],
      infrastructure: [],
    });
  });
});
