import { IMPORT_KIND_NAMES } from '@portal/contract/backoffice';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

/** Text as windows-1251 bytes (what Excel in a Russian Windows saves as "CSV"): the decoder's table inverted. */
function cp1251(text: string): Buffer {
  const decoder = new TextDecoder('windows-1251');
  const table = new Map<string, number>();
  for (let byte = 0; byte < 256; byte += 1) table.set(decoder.decode(Uint8Array.of(byte)), byte);
  return Buffer.from(
    [...text].map((char) => {
      const byte = table.get(char);
      if (byte === undefined) throw new Error(`${char} is not in windows-1251`);
      return byte;
    }),
  );
}

/** The data lines of a CSV answer (past its byte-order mark and header). */
const dataLines = (csv: string) =>
  csv
    .replace(/^\ufeff/, '')
    .trim()
    .split('\r\n')
    .slice(1);

/** Files as Russian Excel saves them, templates, allowed values and exports of the console's import. */
describe('import files a company can use', () => {
  let t: TestApp;
  let manager: string;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp();
    manager = await t.signIn('manager@example.com');
    admin = await t.signIn('admin@example.com');
  });
  afterAll(() => t?.close());
  const db = () => t.ctx.database.db;

  const upload = (kind: string, payload: Buffer | string, token = manager, locale = 'ru') =>
    t.request({
      method: 'POST',
      url: `/api/v1/backoffice/import/${kind}`,
      token,
      headers: { 'content-type': 'text/csv', 'x-file-name': 'file.csv', cookie: `cookieLocale=${locale}` },
      payload,
    });
  const get = (path: string, token = admin, locale = 'ru') =>
    t.request({
      method: 'GET',
      url: `/api/v1/backoffice/import/${path}`,
      token,
      headers: { cookie: `cookieLocale=${locale}` },
    });

  it('imports a windows-1251 incomes file with semicolons, decimal commas, spaces between thousands and mm.yyyy', async () => {
    const owned = await db()
      .selectFrom('user_units')
      .select(['id', 'unit_id'])
      .where('user_id', '=', 1)
      .where('relation', '=', 'owner')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const file = cp1251(
      [
        'userId;unitId;month;amount',
        `1;${owned.unit_id};10.2031;"42\u00a0955,33"`,
        `1;${owned.unit_id};2031-11;1 000,5`,
        `1;${owned.unit_id};203112;-50`,
      ].join('\r\n'),
    );
    const response = await upload('incomes', file);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ total: 3, inserted: 3, rejected: 0, applied: true });
    const stored = await db()
      .selectFrom('incomes')
      .select(['year_month', 'amount_kopecks'])
      .where('user_unit_id', '=', owned.id)
      .where('year_month', '>=', 203110)
      .where('year_month', '<=', 203112)
      .orderBy('year_month')
      .execute();
    expect(stored).toEqual([
      { year_month: 203110, amount_kopecks: 4_295_533 },
      { year_month: 203111, amount_kopecks: 100_050 },
      { year_month: 203112, amount_kopecks: -5_000 },
    ]);
  });

  it('imports a windows-1251 bookings file with dd.mm.yyyy dates and statuses in Russian words', async () => {
    const file = cp1251(
      [
        'externalId;unitId;startsAt;endsAt;status;guests;sourceId;paid;sum',
        'ru-1;1;31.10.2031 14:00;02.11.2031 12:00;Подтверждено;2;;1 000,00;42 955,33',
        'ru-2;1;03.11.2031;04.11.2031;Заселён;1;;0;6000',
        'ru-3;1;2031-11-05;2031-11-06;ОТМЕНЕНА;1;;0;0',
        'ru-4;1;07.11.2031 14:00;08.11.2031 12:00;Выезд;1;;0;100,5',
        'ru-5;1;09.11.2031 14:00;10.11.2031 12:00;новая;1;;0;100.5',
      ].join('\r\n'),
    );
    const response = await upload('bookings', file);
    expect(response.json()).toMatchObject({ total: 5, inserted: 5, rejected: 0, applied: true });
    const stored = await db()
      .selectFrom('bookings')
      .select(['external_id', 'status', 'starts_at', 'paid_kopecks', 'sum_kopecks'])
      .where('external_id', 'like', 'ru-%')
      .orderBy('external_id')
      .execute();
    expect(stored.map((b) => [b.external_id, b.status, b.sum_kopecks])).toEqual([
      ['ru-1', 'confirmed', 4_295_533],
      ['ru-2', 'checkedin', 600_000],
      ['ru-3', 'cancelled', 0],
      ['ru-4', 'checkedout', 10_050],
      ['ru-5', 'new', 10_050],
    ]);
    // Times without an offset are Moscow time; a day alone is its Moscow midnight.
    expect(stored[0]?.starts_at.toISOString()).toBe('2031-10-31T11:00:00.000Z');
    expect(stored[0]?.paid_kopecks).toBe(100_000);
    expect(stored[1]?.starts_at.toISOString()).toBe('2031-11-02T21:00:00.000Z');
  });

  it("says what a refused cell should hold, with an example, in the user's language", async () => {
    const csv = 'userId;unitId;month;amount\n1;1;13.2031;abc\n1;1;2031-13;10\n';
    const ru = (await upload('incomes', csv)).json();
    expect(ru).toMatchObject({ applied: false, rejected: 2 });
    expect(ru.problems).toEqual([
      {
        row: 1,
        field: 'month',
        message: expect.stringMatching(
          /^месяц: ожидался месяц мм\.гггг, гггг-мм или ггггмм, например \d\d\.\d{4}$/,
        ),
      },
      {
        row: 2,
        field: 'month',
        message: expect.stringMatching(/^месяц: ожидался месяц/),
      },
    ]);
    const money = (await upload('incomes', 'userId;unitId;month;amount\n1;1;2031-01;сорок\n')).json();
    expect(money.problems).toEqual([
      {
        row: 1,
        field: 'amount',
        message:
          'сумма дохода: ожидалась сумма в рублях (копейки через запятую или точку), например 42955,33',
      },
    ]);
    const en = (
      await upload('incomes', 'userId,unitId,month,amount\n1,1,2031-01,lots\n', manager, 'en')
    ).json();
    expect(en.problems).toEqual([
      {
        row: 1,
        field: 'amount',
        message: 'income: expected an amount in roubles (kopecks after a point or comma), e.g. 42955.33',
      },
    ]);
  });

  it('describes every kind: columns, required or not, type, format with an example, values and where ids are', async () => {
    for (const kind of IMPORT_KIND_NAMES) {
      const response = await get(`${kind}/columns`);
      expect(response.statusCode).toBe(200);
      const { columns } = response.json();
      const template = (await get(`${kind}/template`)).body;
      expect(columns.map((c: { name: string }) => c.name).join(';')).toBe(
        template.replace(/^\ufeff/, '').split('\r\n')[0],
      );
    }
    const bookings = (await get('bookings/columns')).json();
    expect(bookings.columns.find((c: { name: string }) => c.name === 'status')).toMatchObject({
      label: 'статус',
      required: true,
      type: 'значение из списка',
      values: expect.arrayContaining([
        { value: 'confirmed', name: 'Подтверждена', alsoAccepted: expect.arrayContaining(['подтверждено']) },
      ]),
    });
    expect(bookings.columns.find((c: { name: string }) => c.name === 'unitId')).toMatchObject({
      required: true,
      idsFrom: 'Каталог → Локации → юниты локации',
    });
    const english = (await get('incomes/columns', admin, 'en')).json();
    expect(english.columns.find((c: { name: string }) => c.name === 'amount')).toMatchObject({
      label: 'income',
      type: 'amount, RUB',
      example: '42955.33',
    });
  });

  it('answers a template: CSV in UTF-8 with a BOM, header and example rows that import as they are', async () => {
    const response = await get('bookings/template');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="bookings-template\.csv"/);
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(response.body.split('\r\n')[0]).toBe(
      '\ufeffexternalId;unitId;startsAt;endsAt;status;guests;sourceId;paid;sum',
    );
    for (const kind of IMPORT_KIND_NAMES) {
      for (const locale of ['ru', 'en']) {
        const template = (await get(`${kind}/template`, admin, locale)).body;
        const rows = dataLines(template).length;
        expect(rows, kind).toBeGreaterThan(0);
        const report = (await upload(kind, template, admin, locale)).json();
        expect(report, `${kind} ${locale}`).toMatchObject({ total: rows, rejected: 0, applied: true });
      }
    }
  });

  it("fills a manager's template with the manager's own client, so it imports as it is", async () => {
    const template = (await get('incomes/template', manager)).body;
    expect((await upload('incomes', template, manager)).json()).toMatchObject({ rejected: 0, applied: true });
  });

  it('exports every kind as the same CSV: the export imported again changes nothing', async () => {
    for (const kind of IMPORT_KIND_NAMES) {
      for (const locale of ['ru', 'en']) {
        const response = await get(`${kind}/export`, admin, locale);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-disposition']).toMatch(new RegExp(`filename="${kind}\\.csv"`));
        const rows = dataLines(response.body).length;
        if (rows === 0) continue;
        const report = (await upload(kind, response.body, admin, locale)).json();
        expect(report, `${kind} ${locale}`).toMatchObject({
          total: rows,
          rejected: 0,
          inserted: 0,
          updated: 0,
          unchanged: rows,
          applied: true,
        });
      }
    }
    // The demo has rows of the data kinds to export.
    expect(dataLines((await get('bookings/export')).body).length).toBeGreaterThan(0);
    expect(dataLines((await get('incomes/export')).body).length).toBeGreaterThan(0);
  });

  it("exports to a manager only their own clients' rows, which the manager may import again", async () => {
    // User 2 is another manager's client: give them a unit with bookings and an income of it.
    const units = (body: string) => dataLines(body).map((line) => Number(line.split(';')[1]));
    const theirs = units((await get('bookings/export', admin)).body).at(-1) ?? 0;
    const link = await db()
      .insertInto('user_units')
      .values({ user_id: 2, unit_id: theirs, relation: 'owner' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('incomes')
      .values({ user_unit_id: link.id, year_month: 203001, amount_kopecks: 100 })
      .execute();

    expect(units((await get('bookings/export', admin)).body)).toContain(theirs);
    const mine = units((await get('bookings/export', manager)).body);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine).not.toContain(theirs);
    const owners = (body: string) => dataLines(body).map((line) => Number(line.split(';')[0]));
    expect(owners((await get('incomes/export', admin)).body)).toContain(2);
    const incomeOwners = owners((await get('incomes/export', manager)).body);
    expect(incomeOwners).toContain(1);
    expect(incomeOwners).not.toContain(2);
    for (const kind of ['bookings', 'incomes']) {
      const exported = (await get(`${kind}/export`, manager)).body;
      expect((await upload(kind, exported, manager)).json(), kind).toMatchObject({
        rejected: 0,
        inserted: 0,
        updated: 0,
        applied: true,
      });
    }
  });

  it("is the console's: owners get 403; an unknown kind is a 400 in the user's language", async () => {
    const investor = await t.signIn('investor@example.com');
    for (const path of ['bookings/template', 'bookings/columns', 'bookings/export'])
      expect((await get(path, investor)).statusCode).toBe(403);
    for (const path of ['recipes/template', 'recipes/columns', 'recipes/export']) {
      const ru = await get(path);
      expect(ru.statusCode).toBe(400);
      expect(ru.json().error.message).toBe('Неизвестный вид загрузки');
      expect((await get(path, admin, 'en')).json().error.message).toBe('Unknown import kind');
    }
  });
});
