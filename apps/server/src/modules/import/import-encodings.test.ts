import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

const HEADER =
  'id;name;nameEn;position;existsMain;existsPeriphery;placeholder;distanceKm;description;descriptionEn;infrastructure;infrastructureEn';
/** A location row with a Russian name, a distance with a decimal comma and a description with an owner and sums. */
const row = (id: number, name: string, description: string) =>
  `${id};${name};Resort ${id};;true;false;;12,5;${description};;Баня=2;Banya`;

/** What the console's import stores from files in each encoding a Russian office may save. */
describe('import: encodings told apart by their content', () => {
  let t: TestApp;
  let manager: string;
  beforeAll(async () => {
    t = await startTestApp();
    manager = await t.signIn('manager@example.com');
  });
  afterAll(() => t?.close());

  const upload = (payload: Buffer, locale = 'ru') =>
    t.request({
      method: 'POST',
      url: '/api/v1/backoffice/import/locations',
      token: manager,
      headers: { 'content-type': 'text/csv', 'x-file-name': 'file.csv', cookie: `cookieLocale=${locale}` },
      payload,
    });
  const stored = (id: number) =>
    t.ctx.database.db
      .selectFrom('locations')
      .select(['name', 'info'])
      .where('id', '=', id)
      .executeTakeFirst();

  const codePages = [
    ['windows-1251', 60],
    ['koi8-r', 61],
    ['cp866', 62],
    ['iso-8859-5', 63],
    ['maccyrillic', 64],
  ] as const;

  it.each(codePages)('reads a %s file right', async (codePage, id) => {
    const name = `Кресло Ёлка тест ${id}`;
    const description = 'Собственник Щукина Юлия Эдуардовна, доход 1 250 000,50 руб. в год';
    const file = iconv.encode(
      [HEADER, row(id, name, description), row(id + 100, 'Жилой комплекс Ясная Поляна', 'ОБЪЕКТ СДАН')].join(
        '\r\n',
      ),
      codePage,
    );
    const response = await upload(file);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ inserted: 2, applied: true });
    const location = await stored(id);
    expect(location?.name).toBe(name);
    expect(JSON.stringify(location?.info)).toContain(description);
    expect((await stored(id + 100))?.name).toBe('Жилой комплекс Ясная Поляна');
  });

  it.each([
    ['utf-16le', true, 70],
    ['utf-16le', false, 71],
    ['utf-16be', true, 72],
    ['utf-16be', false, 73],
  ] as const)('reads a %s file (byte-order mark: %s) right', async (encoding, bom, id) => {
    const name = `Усадьба «Жёлудь» №${id}`;
    const text = [HEADER, row(id, name, 'Петров Пётр — 42 955,33 ₽')].join('\r\n');
    const file = iconv.encode(text, encoding, { addBOM: bom });
    expect(file[0] === 0xff || file[0] === 0xfe).toBe(bom);
    const response = await upload(file);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ inserted: 1, applied: true });
    expect((await stored(id))?.name).toBe(name);
    expect(JSON.stringify((await stored(id))?.info)).toContain('Петров Пётр — 42 955,33 ₽');
  });

  it('refuses a file too short to tell its code page, naming the encodings it may be, and stores nothing', async () => {
    // One upper-case letter: Я in KOI8-R is a letter in every other code page too.
    const file = iconv.encode([HEADER, row(80, 'Я', 'x')].join('\n'), 'koi8-r');
    const ru = await upload(file);
    expect(ru.statusCode).toBe(400);
    expect(ru.json().error.message).toMatch(
      /^Кодировка файла не определяется по его тексту однозначно \(это может быть [^)]*KOI8-R[^)]*\): сохраните его как «CSV UTF-8»$/,
    );
    expect(ru.json().error.fields.file).toBe(ru.json().error.message);
    const en = await upload(file, 'en');
    expect(en.json().error.message).toMatch(/^The file's encoding cannot be told for sure .*KOI8-R/);
    expect(await stored(80)).toBeUndefined();
  });

  it('refuses UTF-32 naming it, and bytes that are Russian text in no code page', async () => {
    const utf32 = Buffer.concat([Buffer.from([0xff, 0xfe, 0, 0]), Buffer.from('id\0\0\0', 'latin1')]);
    const refused = await upload(utf32);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(
      'Файл в кодировке UTF-32, её загрузка не читает: сохраните его как «CSV UTF-8»',
    );
    // Box-drawing signs, Serbian letters and controls whichever code page reads them.
    const noise = Buffer.concat([Buffer.from(`${HEADER}\n81;`), Buffer.from([0xc0, 0x98, 0xc1, 0xb3, 0x8f])]);
    const unknown = await upload(noise, 'en');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toMatch(/^The file's encoding is not one the import reads/);
    expect(await stored(81)).toBeUndefined();
  });
});
