import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countEventLoopTurns } from '../test/event-loop-turns.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { anyOf, onlyReads, prepared } from './prepared.ts';

/** Prepared statements answer what Kysely's own statements answer, on both databases, and are parsed once. */
describe('prepared statements', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await startTestApp();
  });
  afterAll(() => test?.close());
  const db = () => test.ctx.database.db;

  const unitsOf = prepared('testUnitsOf', (db, p: { ids: number[]; location: number }) =>
    db
      .selectFrom('units')
      .select(['id', 'name'])
      .where((eb) => eb('id', '=', anyOf(p.ids)))
      .where('location_id', '=', p.location)
      .orderBy('id'),
  );
  const kyselyUnitsOf = (ids: number[], location: number) =>
    db()
      .selectFrom('units')
      .select(['id', 'name'])
      .where('id', 'in', ids)
      .where('location_id', '=', location)
      .orderBy('id')
      .execute();
  const preparedNamed = (trx = db()) =>
    sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements where name like '%testUnitsOf'`
      .execute(trx)
      .then(({ rows }) => rows[0]?.n);

  it("answers as Kysely's statement does for lists of any length", async () => {
    const [first] = await db().selectFrom('units').select('location_id').orderBy('id').execute();
    const location = first?.location_id ?? 0;
    for (const ids of [[1], [1, 2, 3], [3, 2, 1, 999_999], Array.from({ length: 40 }, (_, i) => i + 1)]) {
      expect(await unitsOf(db(), { ids, location })).toEqual(await kyselyUnitsOf(ids, location));
    }
    expect(await unitsOf(db(), { ids: [1, 2], location: 999_999 })).toEqual([]);
  });

  it('parses the statement once a connection and runs inside transactions too', async () => {
    const [first] = await db().selectFrom('units').select(['id', 'location_id']).orderBy('id').execute();
    const args = { ids: [first?.id ?? 0], location: first?.location_id ?? 0 };
    const expected = await kyselyUnitsOf(args.ids, args.location);
    await db()
      .transaction()
      .execute(async (trx) => {
        expect(await unitsOf(trx, args)).toEqual(expected);
        expect(await unitsOf(trx, args)).toEqual(expected);
        // PostgreSQL: a transaction keeps one pooled connection, which now holds the statement once. PGlite runs a
        // transaction's statements as they come and prepares them outside one.
        if (test.ctx.database.kind === 'postgres') expect(await preparedNamed(trx)).toBe(1);
      });
    if (test.ctx.database.kind === 'pglite') {
      expect(await unitsOf(db(), args)).toEqual(expected);
      expect(await unitsOf(db(), args)).toEqual(expected);
      expect(await preparedNamed()).toBe(1);
    }
  });

  it('leaves the database usable after a statement fails, and runs the same statement again', async () => {
    const asNumber = prepared('testAsNumber', (db, p: { text: string }) =>
      db.selectNoFrom(sql<number>`${p.text}::int`.as('n')),
    );
    await expect(asNumber(db(), { text: 'not a number' })).rejects.toMatchObject({ code: '22P02' });
    expect(await asNumber(db(), { text: '42' })).toEqual([{ n: 42 }]);
    await expect(asNumber(db(), { text: '' })).rejects.toMatchObject({ code: '22P02' });
    // An unprepared statement fails and recovers the same way.
    await expect(sql`select ${'not a number'}::int as n`.execute(db())).rejects.toMatchObject({
      code: '22P02',
    });
    expect(await db().selectFrom('units').select('id').limit(1).execute()).toHaveLength(1);
  });

  it('reads every kind of value as an unprepared statement does', async () => {
    // PGlite's prepared reads are read from the wire by db/pglite-rows.ts, everything else by PGlite's own reader.
    const values = (text: unknown) => sql<Record<string, unknown>>`
      select ${text}::text as text, length(${text}::text) as length, 42::int2 as small, 9007199254740991::int8 as big,
        12.5::numeric as decimal, 1.25::float8 as float, true as yes, null::text as nothing, date '2026-02-28' as day,
        timestamptz '2026-02-28 10:11:12.345+03' as moment, '{"a": [1, "я"]}'::jsonb as object, array[1, 2]::int[] as ints,
        array['a', null, 'б']::text[] as texts, '' as empty, 'e3f6a1c2-0b7d-4a58-9c1e-3d2f4b5a6c7d'::uuid as id`;
    const read = prepared('testEveryKind', (_db, p: { text: string }) => values(p.text));
    for (const text of ['Сауна «Берёза» 🧖', '', 'a'.repeat(70_000)]) {
      const expected = (await values(text).execute(db())).rows;
      expect(await read(db(), { text })).toEqual(expected);
    }
    const [row] = await read(db(), { text: 'Сауна 🧖' });
    expect(row).toMatchObject({
      text: 'Сауна 🧖',
      big: 9007199254740991,
      nothing: null,
      texts: ['a', null, 'б'],
    });
  });

  it('tells a read from a write by its words, a `with` whose part writes included', () => {
    expect(onlyReads('select id from units where updated_at > $1')).toBe(true);
    expect(onlyReads('\n  with owned as (select id from units) select id from owned')).toBe(true);
    expect(
      onlyReads('with changed as (update units set name = $1 returning id) select id from changed'),
    ).toBe(false);
    expect(onlyReads('with gone as (DELETE from news returning id) select count(*) from gone')).toBe(false);
    expect(
      onlyReads('with picked as (select id from units) insert into audit_log (id) select id from picked'),
    ).toBe(false);
    expect(onlyReads('select id from units for update')).toBe(false);
    expect(onlyReads('insert into units (name) values ($1)')).toBe(false);
  });

  it('announces the change a `with` makes, and reads a `with` as Kysely does', async () => {
    const notices: string[] = [];
    let listening = false;
    test.ctx.database.listen(
      'data_change',
      (payload) => notices.push(payload),
      (state) => {
        listening = state;
      },
    );
    await expect.poll(() => listening).toBe(true);
    const [unit] = await db().selectFrom('units').select(['id', 'name']).orderBy('id').limit(1).execute();
    const rename = prepared(
      'testRename',
      (_db, p: { id: number; name: string }) =>
        sql<{ id: number; name: string }>`
        with renamed as (update units set name = ${p.name} where id = ${p.id} returning id, name)
        select id, name from renamed`,
    );
    const named = prepared(
      'testNamed',
      (_db, p: { id: number }) =>
        sql<{
          id: number;
          name: string;
        }>`with one as (select id, name from units where id = ${p.id}) select id, name from one`,
    );
    const id = unit?.id ?? 0;
    expect(await rename(db(), { id, name: 'Сауна «Берёза»' })).toEqual([{ id, name: 'Сауна «Берёза»' }]);
    // Every instance drops its cached answers on the notice (http/response-cache.ts): a write read as a read's rows
    // would change the table and tell no one.
    await expect.poll(() => notices.length).toBeGreaterThan(0);
    expect(await named(db(), { id })).toEqual([{ id, name: 'Сауна «Берёза»' }]);
    await rename(db(), { id, name: unit?.name ?? '' });
  });

  it('refuses a parameter that is not a value of the statement, and every column by *', async () => {
    const decides = prepared('testDecides', (db, p: { own: boolean }) =>
      p.own ? db.selectFrom('units').select('id') : db.selectFrom('locations').select('id'),
    );
    await expect(decides(db(), { own: true })).rejects.toThrow('own must be a value of the statement');
    const inlined = prepared('testInlined', (db, p: { column: string }) =>
      db.selectFrom('units').select(sql.ref(p.column).as('x')),
    );
    await expect(inlined(db(), { column: 'id' })).rejects.toThrow('column must be a value of the statement');
    const everyColumn = prepared('testEveryColumn', (db, p: { id: number }) =>
      db.selectFrom('units').selectAll('units').where('id', '=', p.id),
    );
    await expect(everyColumn(db(), { id: 1 })).rejects.toThrow('name the columns instead of *');
    const counted = prepared('testCounted', (db, p: { id: number }) =>
      db.selectFrom('units').select(sql<number>`count(*)::int`.as('n')).where('id', '=', p.id),
    );
    expect(await counted(db(), { id: 1 })).toEqual([{ n: 1 }]);
  });

  it('lets the event loop take turns while many statements wait for the connection', async () => {
    // PGlite answers a statement synchronously: without turns, 200 queued statements ran in one chain of promise
    // callbacks and no socket was read or timer fired until the last one ended.
    const busy = prepared('testBusy', (db, p: { upTo: number }) =>
      db.selectNoFrom(sql<number>`(select count(*)::int from generate_series(1, ${p.upTo}))`.as('n')),
    );
    const turns = countEventLoopTurns();
    const statements = Array.from({ length: 200 }, (_, i) =>
      i % 4 === 0
        ? db()
            .transaction()
            .execute(async (trx) => {
              await busy(trx, { upTo: 20_000 });
              return busy(trx, { upTo: 20_000 });
            })
        : busy(db(), { upTo: 20_000 }),
    );
    const answers = await Promise.all(statements);
    const turnsWhileRunning = turns.stop();
    expect(answers.every((rows) => rows[0]?.n === 20_000)).toBe(true);
    // 250 statements of about a millisecond each: a turn every few of them (85 here; one chain gave none).
    expect(turnsWhileRunning).toBeGreaterThanOrEqual(20);
  });
});
