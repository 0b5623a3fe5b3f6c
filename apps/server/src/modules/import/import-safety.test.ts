import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { IMPORT_MAX_BYTES } from '@portal/contract/backoffice';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/connection.ts';
import { countEventLoopTurns } from '../../test/event-loop-turns.ts';
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

const HEADER =
  'id;name;nameEn;position;existsMain;existsPeriphery;placeholder;distanceKm;description;descriptionEn;infrastructure;infrastructureEn';
const location = (id: number, name: string) =>
  `${id};${name};Resort ${id};;true;false;;12;Описание — «с кавычками» №${id};;Баня=2;Banya`;

/** Encodings, limits and concurrency of the data import (console and command line). */
describe('import: encodings, concurrency and limits', () => {
  let t: TestApp;
  let manager: string;
  beforeAll(async () => {
    t = await startTestApp();
    manager = await t.signIn('manager@example.com');
  });
  afterAll(() => t?.close());

  const upload = (kind: string, payload: Buffer | string | Readable, type = 'text/csv') =>
    t.request({
      method: 'POST',
      url: `/api/v1/backoffice/import/${kind}`,
      token: manager,
      headers: { 'content-type': type, 'x-file-name': 'file.csv' },
      payload,
    });
  const storedLocation = (id: number) =>
    t.ctx.database.db
      .selectFrom('locations')
      .select(['name', 'info'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('imports a windows-1251 file with its Cyrillic intact, and UTF-8 with or without a BOM', async () => {
    const name = 'Курорт «Ёлки» на Оби';
    const response = await upload('locations', cp1251([HEADER, location(40, name)].join('\r\n')));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ inserted: 1, applied: true });
    const stored = await storedLocation(40);
    expect(stored.name).toBe(name);
    expect(JSON.stringify(stored.info)).toContain('Описание — «с кавычками» №40');
    expect(JSON.stringify(stored.info)).not.toContain('\uFFFD');

    const bom = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from([HEADER, location(41, 'Щука')].join('\n')),
    ]);
    expect((await upload('locations', bom)).json()).toMatchObject({ inserted: 1, applied: true });
    expect((await storedLocation(41)).name).toBe('Щука');
    expect((await upload('locations', [HEADER, location(42, 'Ёж')].join('\n'))).statusCode).toBe(200);
    expect((await storedLocation(42)).name).toBe('Ёж');
  });

  it('refuses a file in an encoding it does not read with a 400 naming the problem, storing nothing', async () => {
    const utf32 = Buffer.concat([Buffer.from([0xff, 0xfe, 0, 0]), Buffer.from('i\0\0\0d\0\0\0', 'latin1')]);
    const refused = await upload('locations', utf32);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      message: 'Файл в кодировке UTF-32, её загрузка не читает: сохраните его как «CSV UTF-8»',
      fields: { file: 'Файл в кодировке UTF-32, её загрузка не читает: сохраните его как «CSV UTF-8»' },
    });
    // 0x98 is no character in windows-1251, and the bytes are Russian text in no other code page either.
    const garbled = Buffer.concat([
      Buffer.from(`${HEADER}\n44;`),
      Buffer.from([0xc0, 0x98, 0xc1]),
      Buffer.from(';x;;;;;;;;;'),
    ]);
    const unknown = await upload('locations', garbled);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toMatch(/^Кодировку файла не удалось распознать/);
    const english = await t.request({
      method: 'POST',
      url: '/api/v1/backoffice/import/locations',
      token: manager,
      headers: { 'content-type': 'text/csv', cookie: 'cookieLocale=en' },
      payload: garbled,
    });
    expect(english.json().error.message).toMatch(/^The file's encoding is not one the import reads/);
    // A replacement character means a converter already lost the text: it is never stored.
    const replaced = await upload('locations', [HEADER, location(45, 'Б\uFFFDр')].join('\n'));
    expect(replaced.statusCode).toBe(400);
    const ids = (
      await t.ctx.database.db.selectFrom('locations').select('id').where('id', 'in', [43, 44, 45]).execute()
    ).length;
    expect(ids).toBe(0);
  });

  it('serializes two concurrent imports of one kind: both end without a 500', async () => {
    const units = (await t.ctx.database.db.selectFrom('units').select('id').orderBy('id').execute()).map(
      (u) => u.id,
    );
    const rows = (count: number, reverse: boolean) => {
      const lines = Array.from({ length: count }, (_, i) => {
        const unit = units[i % units.length];
        const day = 1 + (i % 27);
        return `conc-${i},${unit},2032-02-${String(day).padStart(2, '0')}T14:00:00+03:00,2032-02-${String(day + 1).padStart(2, '0')}T12:00:00+03:00,confirmed,2,3,${i},${i + 100}`;
      });
      if (reverse) lines.reverse();
      return ['externalId,unitId,startsAt,endsAt,status,guests,sourceId,paid,sum', ...lines].join('\n');
    };
    const [a, b] = await Promise.all([
      upload('bookings', rows(3000, false)),
      upload('bookings', rows(3000, true)),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const reports = [a.json(), b.json()];
    expect(reports.map((r) => r.applied)).toEqual([true, true]);
    // One landed first and inserted the rows; the other found them there.
    expect(reports.map((r) => r.inserted).sort((x, y) => x - y)).toEqual([0, 3000]);
  });

  it('streams a large JSON file: the rows land, and the server answers other calls meanwhile', async () => {
    const units = (await t.ctx.database.db.selectFrom('units').select('id').orderBy('id').execute()).map(
      (u) => u.id,
    );
    const ROWS = 10_000;
    const day = 86_400_000;
    const start = Date.parse('2033-01-01T11:00:00Z');
    const rows = Array.from({ length: ROWS }, (_, i) => {
      const from = start + Math.floor(i / units.length) * 3 * day;
      return {
        externalId: `big-json-${i}`,
        unitId: units[i % units.length],
        startsAt: new Date(from).toISOString(),
        endsAt: new Date(from + day).toISOString(),
        status: 'confirmed',
        guests: 2,
        sourceId: 3,
        paid: i,
        sum: i + 100,
      };
    });
    const body = Buffer.from(JSON.stringify(rows, null, 2));
    rows.length = 0;
    // Turns of the event loop while the import runs, and a health check sent after it: answered before it ends.
    const turns = countEventLoopTurns();
    const done: string[] = [];
    const imported = upload('bookings', body, 'application/json').then((response) => {
      done.push('import');
      return response;
    });
    const health = t.request({ method: 'GET', url: '/api/health' }).then((response) => {
      done.push('health');
      return response;
    });
    const [response, healthResponse] = await Promise.all([imported, health]);
    const turnsWhileImporting = turns.stop();
    expect(healthResponse.statusCode).toBe(200);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ total: ROWS, inserted: ROWS, rejected: 0, applied: true });
    expect(done).toEqual(['health', 'import']);
    // The rows are checked, then written, each pass giving the loop a turn every 250 rows at least.
    expect(turnsWhileImporting).toBeGreaterThanOrEqual((2 * ROWS) / 250);
    const stored = await t.ctx.database.db
      .selectFrom('bookings')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('external_id', 'like', 'big-json-%')
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(ROWS);
  });

  it('answers 413 to an upload over the limit, before reading it all', async () => {
    let sent = 0;
    const piece = Buffer.alloc(1024 * 1024, 'a');
    const body = new Readable({
      read() {
        if (sent > IMPORT_MAX_BYTES + piece.length) return this.push(null);
        sent += piece.length;
        this.push(piece);
      },
    });
    const response = await upload('bookings', body);
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe('Слишком большой запрос');
  });
});

describe('import from the command line', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('imports a windows-1251 file with its Cyrillic intact, and refuses a UTF-32 file clearly', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'portal-cli-import-'));
    try {
      const file = path.join(dir, 'locations.csv');
      const utf32 = path.join(dir, 'utf32.csv');
      await writeFile(file, cp1251([HEADER, location(46, 'Усадьба «Жёлудь»')].join('\r\n')));
      await writeFile(
        utf32,
        Buffer.concat([Buffer.from([0xff, 0xfe, 0, 0]), Buffer.from('i\0\0\0', 'latin1')]),
      );
      const databaseUrl = t.ctx.config.databaseUrl;
      const env: Record<string, string> = {
        ...(process.env as Record<string, string>),
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: path.join(dir, 'data'),
      };
      delete env.DATABASE_URL;
      if (databaseUrl) env.DATABASE_URL = databaseUrl;
      const run = (target: string) =>
        promisify(execFile)(
          process.execPath,
          [path.join(import.meta.dirname, '../../cli/import.ts'), 'locations', target],
          {
            env,
            cwd: dir,
          },
        ).then(
          (done) => ({ code: 0, ...done }),
          (failed: { code: number; stdout: string; stderr: string }) => failed,
        );

      const refused = await run(utf32);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(
        'The file is UTF-32, which the import does not read: save it as "CSV UTF-8"',
      );
      expect(refused.stderr).not.toMatch(/\n\s+at /);

      const imported = await run(file);
      expect(imported.code).toBe(0);
      expect(imported.stdout).toContain('1 inserted');
      const read = async (db: TestApp['ctx']['database']['db']) =>
        (await db.selectFrom('locations').select('name').where('id', '=', 46).executeTakeFirstOrThrow()).name;
      if (databaseUrl) expect(await read(t.ctx.database.db)).toBe('Усадьба «Жёлудь»');
      else {
        const database = await openDatabase({ dataDir: path.join(dir, 'data') });
        try {
          expect(await read(database.db)).toBe('Усадьба «Жёлудь»');
        } finally {
          await database.close();
        }
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    // The command starts a process that opens (on PGlite: creates and migrates) a database: slow on a busy machine.
  }, 240_000);
});
