import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

/** Imports through the console's call, on a real database: good, bad and repeated files of each kind. */
describe('data import', () => {
  let t: TestApp;
  let manager: string;
  beforeAll(async () => {
    t = await startTestApp();
    manager = await t.signIn('manager@example.com');
  });
  afterAll(() => t?.close());

  const upload = (
    kind: string,
    body: string,
    options: { skipInvalid?: boolean; type?: string; token?: string } = {},
  ) =>
    t.request({
      method: 'POST',
      url: `/api/v1/backoffice/import/${kind}${options.skipInvalid ? '?skipInvalid=true' : ''}`,
      token: options.token ?? manager,
      headers: { 'content-type': options.type ?? 'text/csv', 'x-file-name': 'file.csv' },
      payload: body,
    });
  const db = () => t.ctx.database.db;

  it('is for the console only, and names an unknown kind or a file that is not CSV or JSON', async () => {
    const investor = await t.signIn('investor@example.com');
    expect((await upload('bookings', 'a\n1', { token: investor })).statusCode).toBe(403);
    const unknown = await upload('recipes', 'a\n1');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('Неизвестный вид загрузки');
    const broken = await upload('bookings', 'externalId,unitId\n"pms-1,1\n');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.message).toBe('Файл должен быть в формате CSV или JSON');
    const cut = await upload('bookings', '[{"a":', { type: 'application/json' });
    expect(cut.statusCode).toBe(400);
    expect(cut.json().error.message).toBe('JSON в файле оборван: файл кончается раньше, чем закрыт массив');
  });

  const bookingsCsv = [
    'externalId,unitId,startsAt,endsAt,status,guests,sourceId,paid,sum',
    'pms-1,1,2027-03-01T14:00:00+03:00,2027-03-03T12:00:00+03:00,Confirmed,2,3,5000,12000.50',
    'pms-2,1,2027-03-05T14:00:00+03:00,2027-03-06T12:00:00+03:00,new,1,0,0,6000',
    '"pms-3",2,2027-03-01T14:00:00+03:00,2027-03-02T12:00:00+03:00,checkedout,3,,6000,6000',
  ].join('\n');

  it('imports bookings; the same file again changes nothing; a changed row updates in place', async () => {
    const first = await upload('bookings', bookingsCsv);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      total: 3,
      accepted: 3,
      inserted: 3,
      updated: 0,
      rejected: 0,
      applied: true,
    });
    const stored = await db()
      .selectFrom('bookings')
      .selectAll()
      .where('external_id', '=', 'pms-1')
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      unit_id: 1,
      status: 'confirmed',
      guest_amount: 2,
      source_id: 3,
      sum_kopecks: 1_200_050,
    });
    expect(stored.starts_at.toISOString()).toBe('2027-03-01T11:00:00.000Z');

    const again = await upload('bookings', bookingsCsv);
    expect(again.json()).toMatchObject({ inserted: 0, updated: 0, unchanged: 3, applied: true });

    const changed = await upload('bookings', bookingsCsv.replace('new,1,0,0,6000', 'new,1,0,6000,6000'));
    expect(changed.json()).toMatchObject({ inserted: 0, updated: 1, unchanged: 2 });
  });

  it('keeps the booked time the dashboard reads from the imported bookings, and takes a cancellation out of it', async () => {
    // booked_time_by_month has no writer of its own: migration 061's triggers keep it from the bookings this import writes.
    const bookedTime = async () => {
      const row = await db()
        .selectFrom('booked_time_by_month')
        .select('booked_ms')
        .where('unit_id', '=', 2)
        .where('year_month', '=', 203101)
        .executeTakeFirst();
      return row === undefined ? undefined : Number(row.booked_ms);
    };
    expect(await bookedTime()).toBeUndefined();
    const csv = [
      'externalId,unitId,startsAt,endsAt,status,guests,sourceId,paid,sum',
      'pms-time-1,2,2031-01-10T14:00:00+03:00,2031-01-12T12:00:00+03:00,confirmed,2,3,0,9000',
    ].join('\n');
    expect((await upload('bookings', csv)).json()).toMatchObject({ inserted: 1, applied: true });
    expect(await bookedTime()).toBe(46 * 3_600_000);
    const cancelled = await upload('bookings', csv.replace(',confirmed,', ',cancelled,'));
    expect(cancelled.json()).toMatchObject({ updated: 1, applied: true });
    expect(await bookedTime()).toBeUndefined();
  });

  it('imports bookings from a JSON array read as a stream; a malformed JSON file is a 400 naming the problem and changes nothing', async () => {
    const rows = [
      {
        externalId: 'json-1',
        unitId: 1,
        startsAt: '2027-04-01T14:00:00+03:00',
        endsAt: '2027-04-03T12:00:00+03:00',
        status: 'Confirmed',
        guests: 2,
        sourceId: 3,
        paid: 5000,
        sum: 12000.5,
      },
      {
        externalId: 'json-2',
        unitId: 2,
        startsAt: '2027-04-05T14:00:00+03:00',
        endsAt: '2027-04-06T12:00:00+03:00',
        status: 'new',
        guests: 1,
        sourceId: null,
        paid: '0',
        sum: '6000',
      },
    ];
    const json = JSON.stringify(rows, null, 2);
    const first = await upload('bookings', json, { type: 'application/json' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ total: 2, inserted: 2, rejected: 0, applied: true });
    const stored = await db()
      .selectFrom('bookings')
      .select(['external_id', 'unit_id', 'status', 'source_id', 'sum_kopecks'])
      .where('external_id', 'in', ['json-1', 'json-2'])
      .orderBy('external_id')
      .execute();
    expect(stored).toEqual([
      { external_id: 'json-1', unit_id: 1, status: 'confirmed', source_id: 3, sum_kopecks: 1_200_050 },
      { external_id: 'json-2', unit_id: 2, status: 'new', source_id: null, sum_kopecks: 600_000 },
    ]);
    // Told apart by its first character too (no JSON type), and the same file again changes nothing.
    expect((await upload('bookings', `\ufeff${json}`, { type: 'text/plain' })).json()).toMatchObject({
      unchanged: 2,
      applied: true,
    });

    const snapshot = () =>
      db()
        .selectFrom('bookings')
        .select(['external_id', 'paid_kopecks', 'sum_kopecks'])
        .orderBy('external_id')
        .execute();
    const before = await snapshot();
    // Good rows first (one changed, one new), then the break: nothing of it lands.
    const changed = [
      { ...rows[0], sum: 99 },
      { ...rows[1], externalId: 'json-3' },
    ];
    const good = JSON.stringify(changed);
    const cases: [string, string, string][] = [
      [
        `${good.slice(0, -1)},{"externalId":"json-4",}]`,
        'Файл не читается как JSON',
        'The file is not valid JSON',
      ],
      [good.slice(0, -1), 'JSON в файле оборван', 'The JSON is cut short'],
      [
        `${good.slice(0, -1)},[1,2]]`,
        'JSON должен быть массивом объектов',
        'The JSON must be an array of objects',
      ],
      [`{"bookings":${good}}`, 'JSON должен быть массивом объектов', 'The JSON must be an array of objects'],
    ];
    for (const [body, ru, en] of cases) {
      const refused = await upload('bookings', body, { type: 'application/json', skipInvalid: true });
      expect(refused.statusCode, body).toBe(400);
      expect(refused.json().error.message).toMatch(new RegExp(`^${ru}`));
      expect(refused.json().error.fields).toMatchObject({ file: refused.json().error.message });
      const english = await t.request({
        method: 'POST',
        url: '/api/v1/backoffice/import/bookings',
        token: manager,
        headers: { 'content-type': 'application/json', cookie: 'cookieLocale=en' },
        payload: body,
      });
      expect(english.statusCode).toBe(400);
      expect(english.json().error.message).toMatch(new RegExp(`^${en}`));
    }
    expect(await snapshot()).toEqual(before);
    // The whole good file, for comparison, does land.
    expect((await upload('bookings', good, { type: 'application/json' })).json()).toMatchObject({
      inserted: 1,
      updated: 1,
    });
  });

  it('imports nothing from a file with bad rows, and tells which rows and why; skipping them imports the rest', async () => {
    const count = async () =>
      Number(
        (
          await db()
            .selectFrom('bookings')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const bad = [
      'externalId,unitId,startsAt,endsAt,status,guests,sourceId,paid,sum',
      'pms-10,1,2027-04-01T14:00:00+03:00,2027-04-02T12:00:00+03:00,new,2,3,0,100',
      'pms-11,999999,2027-04-01T14:00:00+03:00,2027-04-02T12:00:00+03:00,new,2,3,0,100',
      'pms-12,1,2027-04-03T14:00:00+03:00,2027-04-02T12:00:00+03:00,new,2,3,0,100',
      'pms-13,1,yesterday,2027-04-02T12:00:00+03:00,new,2,3,0,100',
      'pms-10,1,2027-04-01T14:00:00+03:00,2027-04-02T12:00:00+03:00,new,2,3,0,100',
      'pms-14,1,,2027-04-02T12:00:00+03:00,new,2,3,0,100',
    ].join('\n');
    const refused = await upload('bookings', bad);
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toMatchObject({ total: 6, accepted: 1, rejected: 5, inserted: 0, applied: false });
    expect(refused.json().problems).toEqual([
      {
        row: 2,
        field: 'unitId',
        message:
          'id юнита: нет такого значения в данных портала (id — в консоли: Каталог → Локации → юниты локации)',
      },
      { row: 3, field: 'endsAt', message: 'выезд: должен быть позже заезда' },
      {
        row: 4,
        field: 'startsAt',
        message: expect.stringMatching(
          /^заезд: ожидались дата и время дд\.мм\.гггг чч:мм \(по Москве\) или ISO 8601 со смещением, например \d\d\.\d\d\.\d{4} 14:00$/,
        ),
      },
      {
        row: 5,
        field: 'externalId',
        message: 'id брони во внешней системе: повторяет ключ предыдущей строки',
      },
      {
        row: 6,
        field: 'startsAt',
        message: expect.stringMatching(/^заезд: ячейка пуста, а колонка обязательна; например /),
      },
    ]);
    expect(await count()).toBe(before);

    const skipped = await upload('bookings', bad, { skipInvalid: true });
    expect(skipped.json()).toMatchObject({ accepted: 1, rejected: 5, inserted: 1, applied: true });
    expect(await count()).toBe(before + 1);
  });

  it("refuses a booking status the portal does not know, saying so in the user's language", async () => {
    const csv = [
      'externalId,unitId,startsAt,endsAt,status,guests,sourceId,paid,sum',
      'pms-20,1,2027-05-01T14:00:00+03:00,2027-05-02T12:00:00+03:00,CheckedIn,2,3,0,100',
      'pms-21,1,2027-05-03T14:00:00+03:00,2027-05-04T12:00:00+03:00,arrived,2,3,0,100',
    ].join('\n');
    const refused = await upload('bookings', csv);
    expect(refused.json()).toMatchObject({ accepted: 1, rejected: 1, applied: false });
    expect(refused.json().problems).toEqual([
      {
        row: 2,
        field: 'status',
        message:
          'статус: ожидалось одно из значений: new (Новая), confirmed (Подтверждена), checkedin (Заселён), checkedout (Выселен), cancelled (Отменена)',
      },
    ]);
    const english = await t.request({
      method: 'POST',
      url: '/api/v1/backoffice/import/bookings',
      token: manager,
      headers: { 'content-type': 'text/csv', cookie: 'cookieLocale=en' },
      payload: csv,
    });
    expect(english.json().problems).toEqual([
      {
        row: 2,
        field: 'status',
        message: 'status: expected one of: new, confirmed, checkedin, checkedout, cancelled',
      },
    ]);
  });

  it('imports monthly incomes of units the owner owns, by owner, unit and month', async () => {
    const owned = await db()
      .selectFrom('user_units')
      .select(['id', 'unit_id'])
      .where('user_id', '=', 1)
      .where('relation', '=', 'owner')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const csv = `userId,unitId,month,amount\n1,${owned.unit_id},2031-01,45000.5\n2,${owned.unit_id},2031-01,100\n`;
    const refused = await upload('incomes', csv);
    // User 2 is another manager's client: refused as out of scope, saying nothing of what they own.
    expect(refused.json()).toMatchObject({ applied: false, problems: [{ row: 2, field: 'userId' }] });
    const good = await upload('incomes', csv.split('\n').slice(0, 2).join('\n'));
    expect(good.json()).toMatchObject({ inserted: 1, applied: true });
    const stored = await db()
      .selectFrom('incomes')
      .selectAll()
      .where('user_unit_id', '=', owned.id)
      .where('year_month', '=', 203101)
      .executeTakeFirstOrThrow();
    expect(stored.amount_kopecks).toBe(4_500_050);
    expect((await upload('incomes', csv.split('\n').slice(0, 2).join('\n'))).json()).toMatchObject({
      unchanged: 1,
    });
  });

  it("imports inventory by unit and inventory number, updating the demo's items in place", async () => {
    const item = await db()
      .selectFrom('inventory_items')
      .selectAll()
      .where('unit_id', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const header = 'unitId,invNumber,name,nameEn,cost,status,date,spaceId,spaceName,spaceNameEn';
    const csv = [
      header,
      `1,${item.inv_number},Кресло,Armchair,12500,false,2031-03-01,${item.space_id},${item.space_name},${item.space_name_en}`,
      '1,ИН-NEW-1,Чайник,,3200.5,,,1,Кухня,Kitchen',
      '999999,ИН-X,Стол,Table,100,true,,1,Кухня,Kitchen',
      '1,ИН-NEW-2,Стул,Chair,-5,true,,1,Кухня,Kitchen',
    ].join('\n');
    const refused = await upload('inventory', csv);
    expect(refused.json()).toMatchObject({
      applied: false,
      problems: [
        { row: 3, field: 'unitId' },
        { row: 4, field: 'cost' },
      ],
    });
    const good = csv.split('\n').slice(0, 3).join('\n');
    expect((await upload('inventory', good)).json()).toMatchObject({
      inserted: 1,
      updated: 1,
      applied: true,
    });
    const stored = await db()
      .selectFrom('inventory_items')
      .selectAll()
      .where('unit_id', '=', 1)
      .where('inv_number', 'in', [item.inv_number, 'ИН-NEW-1'])
      .orderBy('id')
      .execute();
    expect(stored.map((row) => [row.name, row.name_en, row.cost_kopecks, row.inv_status])).toEqual([
      ['Кресло', 'Armchair', 1_250_000, false],
      ['Чайник', 'Чайник', 320_050, null],
    ]);
    expect((await upload('inventory', good)).json()).toMatchObject({ inserted: 0, updated: 0, unchanged: 2 });
  });

  it('imports inspections with their checklists, which the owners of the location then see', async () => {
    const header =
      'inspectionId,locationId,kind,name,nameEn,date,completed,listName,listNameEn,position,group,groupEn,subgroup,subgroupEn,check,checkEn,result,photos';
    const check = (position: number, test: string, result: number, photos = '') =>
      `qa-1,1,service,Сервис-контроль,Service control,2031-05-10T10:00:00+03:00,true,Номерной фонд,Rooms,${position},Номера,Rooms,Чистота,Cleanliness,${test},,${result},${photos}`;
    const rows = [
      header,
      check(0, 'Пол чистый', 1, 'https://cdn.example.com/a.jpg|https://cdn.example.com/b.mp4'),
      check(1, 'Бельё свежее', 0),
      check(2, 'Мини-бар полон', 1),
      'qa-2,1,material,Материальная база,Material base,2031-06-10T10:00:00+03:00,false,,,,,,,,,,,',
    ];
    const first = await upload('inspections', rows.join('\n'));
    expect(first.json()).toMatchObject({ total: 4, inserted: 4, updated: 0, applied: true });
    expect((await upload('inspections', rows.join('\n'))).json()).toMatchObject({ unchanged: 4 });
    const changed = [...rows.slice(0, 2), check(1, 'Бельё свежее', 1), ...rows.slice(3)];
    expect((await upload('inspections', changed.join('\n'))).json()).toMatchObject({
      updated: 1,
      unchanged: 3,
    });

    const stored = await db()
      .selectFrom('inspections')
      .select(['id', 'is_completed'])
      .where('external_id', '=', 'qa-1')
      .executeTakeFirstOrThrow();
    const investor = await t.signIn('investor@example.com');
    const detail = await t.request({
      method: 'GET',
      url: `/api/v1/check-office/get-inspection?inspectionId=${stored.id}`,
      token: investor,
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      patternName: 'Сервис-контроль',
      inspectionFactRate: 3,
      inspectionMaxRate: 3,
      inspectionFails: [],
    });

    const bad = [header, check(0, '', 1), check(1, 'Без результата', 1).replace(/,1,$/, ',,')];
    expect((await upload('inspections', bad.join('\n').replace(/qa-1/g, 'qa-3'))).json()).toMatchObject({
      applied: false,
      problems: [
        { row: 1, field: 'check' },
        { row: 2, field: 'result' },
      ],
    });
  });

  it('imports timelines of units and locations by scope, owner and position, which owners then see', async () => {
    const header =
      'scope,unitId,locationId,seq,level,name,nameEn,status,finishDate,description,descriptionEn,capitalizationStage,capitalizationStageEn,capitalizationPrice,marketPrice,capitalizationDescription,capitalizationDescriptionEn';
    const rows = [
      header,
      'unit,2,,1,1,Покупка,Purchase,4,2024-01-10,,,Эксплуатация,Operation,1000000.50,1200000,Цена растёт,',
      'unit,2,,2,1,Строительство,Construction,3,2024-06-01,,,,,,,,',
      'unit,2,,3,2,Фундамент,,3,,,,,,,,,',
      'periphery,,3,1,1,Баня,Banya,2,2031-01-01,Баня у воды,,,,,,,',
      'periphery,,3,2,2,Парная,Steam room,1,,,,,,,,,',
      'periphery,,3,3,3,Печь,Stove,0,,,,,,,,,',
    ];
    const first = await upload('timelines', rows.join('\n'));
    expect(first.json()).toMatchObject({ total: 6, inserted: 6, updated: 0, applied: true });
    expect((await upload('timelines', rows.join('\n'))).json()).toMatchObject({ unchanged: 6 });
    const changed = [...rows];
    changed[1] = (changed[1] ?? '').replace('1000000.50', '1100000');
    expect((await upload('timelines', changed.join('\n'))).json()).toMatchObject({
      updated: 1,
      unchanged: 5,
    });
    const head = await db()
      .selectFrom('unit_timelines')
      .selectAll()
      .where('unit_id', '=', 2)
      .executeTakeFirstOrThrow();
    expect(head).toMatchObject({
      capitalization_stage_name_en: 'Operation',
      capitalization_price_kopecks: 110_000_000,
      market_price_kopecks: 120_000_000,
      description_en: 'Цена растёт',
    });

    // The demo investor owns a unit in location 3, which had no periphery stages.
    const investor = await t.signIn('investor@example.com');
    const location = await t.request({
      method: 'GET',
      url: '/api/v1/timeline/get-timeline-location?locationId=3',
      token: investor,
    });
    expect(location.json().peripheryStages).toMatchObject([
      {
        title: 'Баня',
        status: 2,
        list: [{ title: 'Парная', innerList: [{ title: 'Печь', titleEn: 'Stove' }] }],
      },
    ]);

    const bad = [
      header,
      'unit,2,,4,3,Уровень,,1,,,,,,,,,',
      'unit,,,5,1,Без юнита,,1,,,,,,,,,',
      'location,,3,1,1,Статус,,7,,,,,,,,,',
      'location,,666,1,1,Заглушка,,1,,,,,,,,,',
    ];
    expect((await upload('timelines', bad.join('\n'))).json()).toMatchObject({
      applied: false,
      problems: [
        { row: 1, field: 'level' },
        { row: 2, field: 'unitId' },
        { row: 3, field: 'status' },
        { row: 4, field: 'locationId' },
      ],
    });
  });

  it('imports income and expense rows from JSON, and audits every import', async () => {
    const rows = [
      {
        externalId: 'bank-1',
        locationId: 1,
        part: 'main',
        date: '2031-02-03',
        categoryId: 1,
        article: 'Проживание',
        amount: 1500,
      },
      {
        externalId: 'bank-2',
        locationId: 1,
        part: 'hall',
        date: '2031-02-03',
        categoryId: 1,
        article: 'X',
        amount: 10,
      },
    ];
    const refused = await upload('outcomes', JSON.stringify(rows), { type: 'application/json' });
    expect(refused.json()).toMatchObject({ applied: false, problems: [{ row: 2, field: 'part' }] });
    const good = await upload('outcomes', JSON.stringify(rows.slice(0, 1)), { type: 'application/json' });
    expect(good.json()).toMatchObject({ inserted: 1, applied: true });
    expect(
      (await upload('outcomes', JSON.stringify(rows.slice(0, 1)), { type: 'application/json' })).json(),
    ).toMatchObject({
      unchanged: 1,
    });

    const audit = (
      await t.request({ method: 'GET', url: '/api/v1/backoffice/audit?pageSize=100', token: manager })
    ).json().items as { action: string; actor: { id: number }; details: Record<string, unknown> }[];
    const imports = audit.filter((entry) => entry.action.startsWith('import.'));
    expect(imports.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['import.bookings', 'import.incomes', 'import.outcomes']),
    );
    expect(imports[0]).toMatchObject({
      actor: { id: 5 },
      details: { source: 'console', file: 'file.csv', unchanged: 1 },
    });
  });
});
