import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

/** The catalogue's import kinds through the console's call: locations by id, units by location and number. */
describe('catalogue import', () => {
  let t: TestApp;
  let manager: string;
  let investor: string;
  beforeAll(async () => {
    t = await startTestApp();
    [manager, investor] = await Promise.all([
      t.signIn('manager@example.com'),
      t.signIn('investor@example.com'),
    ]);
  });
  afterAll(() => t?.close());

  const upload = (kind: string, body: string, options: { type?: string; token?: string } = {}) =>
    t.request({
      method: 'POST',
      url: `/api/v1/backoffice/import/${kind}`,
      token: options.token ?? manager,
      headers: { 'content-type': options.type ?? 'text/csv', 'x-file-name': 'file.csv' },
      payload: body,
    });
  const db = () => t.ctx.database.db;

  const locationsCsv = [
    'id;name;nameEn;position;existsMain;existsPeriphery;placeholder;distanceKm;description;descriptionEn;infrastructure;infrastructureEn',
    '20;Курорт «Сопка»;Sopka Resort;5;true;false;;80;Курорт на сопке;A resort on a hill;Ресторан=2|Бассейн;Restaurant|Pool',
    '21;Скоро: Алтай;Coming: Altai;;;;да;;;;;',
  ].join('\n');

  it('imports locations by id; the same file again changes nothing; a changed row updates in place', async () => {
    expect((await upload('locations', locationsCsv, { token: investor })).statusCode).toBe(403);
    const first = await upload('locations', locationsCsv);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ total: 2, inserted: 2, updated: 0, rejected: 0, applied: true });
    const stored = await db()
      .selectFrom('locations')
      .selectAll()
      .where('id', '=', 20)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      name: 'Курорт «Сопка»',
      position: 5,
      exists_main: true,
      is_placeholder: false,
    });
    expect(stored.info).toMatchObject({
      distanceKm: 80,
      infrastructure: [
        { name: 'Ресторан', nameEn: 'Restaurant', count: 2 },
        { name: 'Бассейн', nameEn: 'Pool', count: 1 },
      ],
    });
    const placeholder = await db()
      .selectFrom('locations')
      .selectAll()
      .where('id', '=', 21)
      .executeTakeFirstOrThrow();
    expect(placeholder).toMatchObject({ is_placeholder: true, name_en: 'Coming: Altai' });

    const again = await upload('locations', locationsCsv);
    expect(again.json()).toMatchObject({ inserted: 0, updated: 0, unchanged: 2 });
    const changed = await upload('locations', locationsCsv.replace('Курорт на сопке', 'Курорт у сопки'));
    expect(changed.json()).toMatchObject({ inserted: 0, updated: 1, unchanged: 1 });
  });

  it('refuses bad location rows and writes nothing', async () => {
    const bad = [
      'id,name,placeholder,infrastructure',
      '30,Новая,,Баня=0',
      '1,Сосны,true,',
      ',Без номера,,',
    ].join('\n');
    const report = (await upload('locations', bad)).json();
    expect(report).toMatchObject({ applied: false, rejected: 3 });
    expect(report.problems.map((p: { field: string }) => p.field)).toEqual([
      'infrastructure',
      'placeholder',
      'id',
    ]);
    expect(
      await db().selectFrom('locations').select('id').where('id', '=', 30).executeTakeFirst(),
    ).toBeUndefined();
  });

  const unitsJson = JSON.stringify([
    {
      locationId: 20,
      unitNumber: 'S-1',
      part: 'main',
      type: 'Шале',
      typeEn: 'Chalet',
      name: 'Шале №1',
      nameEn: 'Chalet No. 1',
      capacity: 4,
      area: 55.5,
      stage: 'Строительство',
      stageEn: 'Construction',
      dateOfLaunch: '2028-05-01',
      photos: 'https://cdn.example.com/s1.jpg|/api/v1/media/units/suite-1.svg',
    },
    {
      locationId: 20,
      unitNumber: 'S-2',
      part: 'periphery',
      type: 'Баня',
      typeEn: '',
      name: 'Баня у пруда',
      nameEn: '',
      capacity: 8,
      area: 40,
      stage: '',
      stageEn: '',
      dateOfLaunch: '',
      photos: '',
    },
  ]);

  it('imports units by location and number with types and stages from the lists; again changes nothing', async () => {
    const first = await upload('units', unitsJson, { type: 'application/json' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ total: 2, inserted: 2, rejected: 0, applied: true });
    const rows = await db()
      .selectFrom('units')
      .leftJoin('unit_types', 'unit_types.id', 'units.type_id')
      .selectAll('units')
      .select('unit_types.name as listType')
      .where('location_id', '=', 20)
      .orderBy('unit_number')
      .execute();
    expect(rows[0]).toMatchObject({
      unit_type: 'Шале',
      unit_type_en: 'Chalet',
      listType: 'Шале',
      stage: 'Строительство',
      // The stage is a known one of the demo list: its English name is the list's.
      stage_en: 'Construction',
      area: 55.5,
      date_of_launch: '2028-05-01',
      image_urls: ['https://cdn.example.com/s1.jpg', '/api/v1/media/units/suite-1.svg'],
    });
    // "Баня" is the demo list's type: the unit takes its English name.
    expect(rows[1]).toMatchObject({
      unit_type: 'Баня',
      unit_type_en: 'Banya',
      name_en: 'Баня у пруда',
      stage: '',
    });
    const location = await db()
      .selectFrom('locations')
      .selectAll()
      .where('id', '=', 20)
      .executeTakeFirstOrThrow();
    expect(location.exists_periphery).toBe(true);

    const again = await upload('units', unitsJson, { type: 'application/json' });
    expect(again.json()).toMatchObject({ inserted: 0, updated: 0, unchanged: 2 });
    const changed = await upload('units', unitsJson.replace('"capacity":8', '"capacity":10'), {
      type: 'application/json',
    });
    expect(changed.json()).toMatchObject({ inserted: 0, updated: 1, unchanged: 1 });

    // Photos uploaded in the console stay after the file's links; another unit's upload is not taken.
    const uploaded = '/api/v1/files/units/uploadedKey123';
    await db()
      .updateTable('units')
      .set({ image_urls: JSON.stringify(['https://cdn.example.com/s1.jpg', uploaded]) })
      .where('location_id', '=', 20)
      .where('unit_number', '=', 'S-1')
      .execute();
    const relinked = unitsJson.replace(
      'https://cdn.example.com/s1.jpg|/api/v1/media/units/suite-1.svg',
      'https://cdn.example.com/new.jpg|/api/v1/files/units/someoneElses',
    );
    // S-1's photos change, and S-2's capacity goes back to 8.
    expect((await upload('units', relinked, { type: 'application/json' })).json()).toMatchObject({
      updated: 2,
    });
    const photos = await db()
      .selectFrom('units')
      .select('image_urls')
      .where('location_id', '=', 20)
      .where('unit_number', '=', 'S-1')
      .executeTakeFirstOrThrow();
    expect(photos.image_urls).toEqual(['https://cdn.example.com/new.jpg', uploaded]);
    expect((await upload('units', relinked, { type: 'application/json' })).json()).toMatchObject({
      updated: 0,
      unchanged: 2,
    });
  });

  it('refuses unit rows of unknown or placeholder locations, bad parts and photo links', async () => {
    const csv = [
      'locationId,unitNumber,part,type,name,capacity,area,photos',
      '999,A1,main,Шале,Шале,2,30,',
      '21,A1,main,Шале,Шале,2,30,',
      '20,A2,roof,Шале,Шале,2,30,',
      '20,A3,main,Шале,Шале,2,30,http://insecure.example.com/a.jpg',
      '20,S-1,main,Шале,Шале,2,30,',
      '20,S-1,main,Шале,Шале,2,30,',
    ].join('\n');
    const report = (await upload('units', csv, { token: manager })).json();
    expect(report).toMatchObject({ applied: false, rejected: 5, accepted: 1 });
    expect(report.problems.map((p: { field: string; message: string }) => [p.field, p.message])).toEqual([
      ['locationId', 'id локации: нет такого значения в данных портала (id — в консоли: Каталог → Локации)'],
      ['locationId', 'У локации «скоро» не может быть юнитов'],
      ['part', 'часть: ожидалось одно из значений: main (Основная часть), periphery (Периферия)'],
      ['photos', 'Фото — https-ссылка или адрес картинки портала'],
      ['locationId', 'id локации: повторяет ключ предыдущей строки'],
    ]);
  });
});
