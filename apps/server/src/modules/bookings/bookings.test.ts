import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { pinnedNow } from '../../test/pinned-today.ts';

describe('booking calls', () => {
  let t: TestApp;
  let investor: string;
  let lender: string;
  beforeAll(async () => {
    t = await startTestApp();
    [investor, lender] = await Promise.all([
      t.signIn('investor@example.com'),
      t.signIn('lender@example.com'),
    ]);
  });
  afterAll(() => t?.close());
  const get = (url: string, token = investor) => t.request({ method: 'GET', url: `/api/v1/${url}`, token });
  const window = (from: Date, days: number) =>
    `startDate=${from.toISOString()}&endDate=${new Date(from.getTime() + days * 86_400_000).toISOString()}`;
  const monthAgo = new Date(pinnedNow().getTime() - 30 * 86_400_000);

  it('sends a browser the grid compressed in one piece with its length (tens of KB), not streamed in chunks', async () => {
    // A window of its own, so the answer is computed for this request, not replayed from the answer cache.
    const url = `/api/v1/bookings?location=1&${window(new Date(monthAgo.getTime() - 86_400_000), 61)}`;
    // Over HTTP: injected answers are collected whole, so they never show how the server sent them.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const answer = await new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const headers = { authorization: `Bearer ${investor}`, 'accept-encoding': 'gzip, deflate, br, zstd' };
      httpGet({ host: '127.0.0.1', port, path: url, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      }).on('error', reject);
    });
    const plain = await get(url.slice('/api/v1/'.length));
    expect(plain.rawPayload.length).toBeGreaterThan(16_384);
    expect(answer.headers['transfer-encoding']).toBeUndefined();
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    const decompress = { zstd: zstdDecompressSync, br: brotliDecompressSync, gzip: gunzipSync }[
      String(answer.headers['content-encoding']) as 'zstd' | 'br' | 'gzip'
    ];
    expect(JSON.parse(decompress(answer.body).toString())).toEqual(plain.json());
  });

  it('lists the booking locations of each role, split by rooms and outbuildings', async () => {
    const mine = (await get('booking-locations')).json();
    expect(mine.main.map((l: { id: number }) => l.id)).toEqual([1, 2, 3, 7]);
    expect(mine.periphery.map((l: { id: number }) => l.id)).toEqual([1, 2, 7]);
    const lenders = (await get('booking-locations', lender)).json();
    expect(lenders.main.map((l: { id: number }) => l.id)).toEqual([1, 2]);
  });

  it("groups the location's rooms by type with the bookings that overlap the window", async () => {
    const response = await get(`bookings?location=1&${window(monthAgo, 60)}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.groups.map((g: { name: string }) => g.name)).toEqual(['Стандарт', 'Джуниор сюит', 'Сюит']);
    const units = body.groups.flatMap((g: { units: unknown[] }) => g.units);
    expect(units).toHaveLength(12);
    const bookings = units.flatMap(
      (u: { bookings: Array<{ startDateTime: string; endDateTime: string; status: string }> }) => u.bookings,
    );
    expect(bookings.length).toBeGreaterThan(50);
    const end = monthAgo.getTime() + 60 * 86_400_000;
    for (const b of bookings) {
      expect(Date.parse(b.startDateTime)).toBeLessThan(end);
      expect(Date.parse(b.endDateTime)).toBeGreaterThan(monthAgo.getTime());
      expect(b.status).toBe(b.status.toLowerCase());
    }
    expect(units.filter((u: { isOwn: boolean }) => u.isOwn)).toHaveLength(1);
  });

  it('writes any unit or source name as JSON, and gives a location without units of a part an empty grid', async () => {
    const [unit] = await t.ctx.database.db
      .selectFrom('units')
      .select(['id', 'name', 'unit_number'])
      .where('location_id', '=', 1)
      .where('part', '=', 'main')
      .orderBy('id')
      .limit(1)
      .execute();
    if (!unit) throw new Error('the demo location 1 has rooms');
    const awkward = 'Люкс "Море" \\ №1\n\t😀';
    const set = (name: string, unitNumber: string | null) =>
      t.ctx.database.db
        .updateTable('units')
        .set({ name, unit_number: unitNumber })
        .where('id', '=', unit.id)
        .execute();
    const source = await t.ctx.database.db
      .selectFrom('booking_sources')
      .select(['id', 'name', 'name_en'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const setSource = (name: string, nameEn: string) =>
      t.ctx.database.db
        .updateTable('booking_sources')
        .set({ name, name_en: nameEn })
        .where('id', '=', source.id)
        .execute();
    await set(awkward, null);
    await setSource(awkward, `${awkward} (en)`);
    try {
      const body = (await get(`bookings?location=1&${window(monthAgo, 60)}`)).json();
      const first = body.groups[0].units[0];
      expect(first).toMatchObject({ id: unit.id, name: awkward, unitNumber: null });
      const sources = body.groups
        .flatMap((g: { units: Array<{ bookings: Array<{ source: { id: number } | null }> }> }) => g.units)
        .flatMap((u: { bookings: Array<{ source: { id: number } | null }> }) => u.bookings)
        .map((b: { source: { id: number } | null }) => b.source)
        .filter((s: { id: number } | null) => s?.id === source.id);
      expect(sources.length).toBeGreaterThan(0);
      expect(sources[0]).toEqual({
        id: source.id,
        name: awkward,
        nameEn: `${awkward} (en)`,
        type: expect.any(String),
      });
    } finally {
      await set(unit.name, unit.unit_number);
      await setSource(source.name, source.name_en);
    }
    // The investor reads location 3, which has rooms and no outbuildings.
    const empty = await get(`bookings-periphery?location=3&${window(monthAgo, 10)}`);
    expect(empty.statusCode).toBe(200);
    expect(empty.json().groups).toEqual([]);
  });

  it('shows a booking as it was last changed: its dates, status, guests and sums', async () => {
    const url = `bookings?location=1&${window(monthAgo, 60)}`;
    type Shown = {
      id: number;
      startDateTime: string;
      endDateTime: string;
      status: string;
      guestAmount: number;
    };
    const shown = async (id: number) =>
      (await get(url))
        .json()
        .groups.flatMap((g: { units: Array<{ bookings: Shown[] }> }) => g.units)
        .flatMap((u: { bookings: Shown[] }) => u.bookings)
        .find((b: Shown) => b.id === id);
    const [unit] = (await get(url)).json().groups[0].units;
    const booking = unit.bookings[0];
    const row = await t.ctx.database.db
      .selectFrom('bookings')
      .select(['starts_at', 'ends_at', 'status', 'guest_amount', 'paid_kopecks', 'sum_kopecks'])
      .where('id', '=', booking.id)
      .executeTakeFirstOrThrow();
    const movedStart = new Date(Date.parse(booking.startDateTime) + 3_600_000 + 250);
    // As an import's upsert changes a booking the booking system moved (modules/import/queries.ts).
    const change = (values: Partial<typeof row>) =>
      t.ctx.database.db.updateTable('bookings').set(values).where('id', '=', booking.id).execute();
    await change({
      starts_at: movedStart,
      status: 'cancelled',
      guest_amount: 5,
      paid_kopecks: 12_345,
      sum_kopecks: 67_890,
    });
    try {
      expect(await shown(booking.id)).toMatchObject({
        startDateTime: movedStart.toISOString(),
        endDateTime: booking.endDateTime,
        status: 'cancelled',
        guestAmount: 5,
        paid: 123.45,
        sum: 678.9,
      });
    } finally {
      await change(row);
    }
    expect(await shown(booking.id)).toEqual(booking);
  });

  it('writes every sum in rubles as JavaScript writes kopecks / 100', async () => {
    const url = `bookings?location=1&${window(monthAgo, 60)}`;
    const booking = (await get(url)).json().groups[0].units[0].bookings[0];
    const row = await t.ctx.database.db
      .selectFrom('bookings')
      .select(['paid_kopecks', 'sum_kopecks'])
      .where('id', '=', booking.id)
      .executeTakeFirstOrThrow();
    const sums = [0, 1, 5, 10, 99, 100, 101, 110, 12_340, 99_999_999, 123_456_789_012, 999_999_999_999_999];
    try {
      for (const [paid, sum] of sums.map((kopecks, i) => [kopecks, sums.at(-1 - i) ?? 0])) {
        await t.ctx.database.db
          .updateTable('bookings')
          .set({ paid_kopecks: paid, sum_kopecks: sum })
          .where('id', '=', booking.id)
          .execute();
        // The text itself: the grid's JSON comes from the database, and a number parsed back hides its digits.
        const text = (await get(url)).body;
        const at = text.indexOf(`{"id":${booking.id},"startDateTime":`);
        const own = text.slice(at, text.indexOf('}', text.indexOf('"sum":', at)) + 1);
        expect(own.slice(own.indexOf('"paid":'))).toBe(
          `"paid":${Number(paid) / 100},"sum":${Number(sum) / 100}}`,
        );
      }
    } finally {
      await t.ctx.database.db.updateTable('bookings').set(row).where('id', '=', booking.id).execute();
    }
  });

  it("shows each unit's repairs in the window, in order, and no other unit's", async () => {
    // Three years ahead: no demo booking or repair is there.
    const from = new Date(pinnedNow().getTime() + 3 * 365 * 86_400_000);
    const at = (days: number) => new Date(from.getTime() + days * 86_400_000 + 123);
    const grid = async () =>
      (await get(`bookings?location=1&${window(from, 10)}`))
        .json()
        .groups.flatMap((g: { units: unknown[] }) => g.units) as Array<{ id: number; repairs: unknown[] }>;
    const [first, second, ...rest] = await grid();
    if (!first || !second) throw new Error('the demo location 1 has rooms');
    const later = {
      unit_id: first.id,
      starts_at: at(3),
      ends_at: at(4),
      description: 'Окна "Море"\nпокраска',
    };
    const earlier = { unit_id: first.id, starts_at: at(1), ends_at: at(2), description: '' };
    const outside = { unit_id: first.id, starts_at: at(20), ends_at: at(21), description: 'после окна' };
    const overlapping = { unit_id: second.id, starts_at: at(-2), ends_at: at(1), description: 'Сантехника' };
    const added = [later, earlier, outside, overlapping];
    const ids = (await t.ctx.database.db.insertInto('repairs').values(added).returning('id').execute()).map(
      (row) => row.id,
    );
    try {
      const shown = (repair: typeof later) => ({
        startDateTime: repair.starts_at.toISOString(),
        endDateTime: repair.ends_at.toISOString(),
        description: repair.description,
      });
      const units = await grid();
      expect(units.find((u) => u.id === first.id)?.repairs).toEqual([shown(earlier), shown(later)]);
      expect(units.find((u) => u.id === second.id)?.repairs).toEqual([shown(overlapping)]);
      for (const unit of rest) expect(units.find((u) => u.id === unit.id)?.repairs).toEqual([]);
    } finally {
      await t.ctx.database.db.deleteFrom('repairs').where('id', 'in', ids).execute();
    }
  });

  it('gives outbuildings their hourly sessions', async () => {
    const body = (await get(`bookings-periphery?location=1&${window(monthAgo, 10)}`)).json();
    const sessions = body.groups.flatMap(
      (g: { units: Array<{ bookings: Array<{ startDateTime: string; endDateTime: string }> }> }) =>
        g.units.flatMap((u) => u.bookings),
    );
    expect(sessions.length).toBeGreaterThan(0);
    for (const s of sessions)
      expect(Date.parse(s.endDateTime) - Date.parse(s.startDateTime)).toBeLessThanOrEqual(4 * 3_600_000);
  });

  it('bounds the window: at most 366 days, start before end, valid dates', async () => {
    const tooLong = await get(`bookings?location=1&${window(monthAgo, 367)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toBe('Можно запросить не больше 366 дней за раз');
    expect((await get(`bookings?location=1&${window(monthAgo, 366)}`)).statusCode).toBe(200);
    expect((await get('bookings?location=1&startDate=2026-10-10&endDate=2026-10-01')).statusCode).toBe(400);
    expect((await get('bookings?location=1&startDate=yesterday&endDate=2026-10-01')).statusCode).toBe(400);
    expect((await get('bookings?startDate=2026-10-01&endDate=2026-10-10')).statusCode).toBe(400);
  });

  it('answers 404 for a location the user holds nothing in', async () => {
    expect((await get(`bookings?location=3&${window(monthAgo, 10)}`, lender)).statusCode).toBe(404);
    expect((await get('bookings/location-statistics?location=3', lender)).statusCode).toBe(404);
    expect((await get(`bookings?location=1&${window(monthAgo, 10)}`, lender)).statusCode).toBe(200);
  });

  it("sums today's statistics consistently", async () => {
    const stats = (await get('bookings/location-statistics?location=1')).json();
    expect(stats.countOfUnits).toBe(12);
    const statuses = Object.values(stats.unitsStatus as Record<string, number>).reduce((s, n) => s + n, 0);
    expect(statuses).toBe(12);
    // Keyed by the spec's ids: units by status id (0 free, 1 booked, 2 checked in, 3 repair), guests by category id.
    expect(Object.keys(stats.unitsStatus).sort()).toEqual(['0', '1', '2', '3']);
    const [booked, checkedIn, repair] = [
      stats.unitsStatus['1'],
      stats.unitsStatus['2'],
      stats.unitsStatus['3'],
    ];
    expect(booked + checkedIn).toBeLessThanOrEqual(stats.loadToday.countOfUnits);
    expect(booked + checkedIn + repair).toBeGreaterThanOrEqual(stats.loadToday.countOfUnits);
    expect(Object.keys(stats.guestsToday).sort()).toEqual(['1', '2', '3']);
    // Guests of the stays covering this moment, by where they are in the stay (Moscow days).
    const day = (iso: string) => new Date(Date.parse(iso) + 3 * 3_600_000).toISOString().slice(0, 10);
    const now = pinnedNow().getTime();
    const today = day(new Date(now).toISOString());
    const grid = (await get(`bookings?location=1&${window(new Date(now - 40 * 86_400_000), 80)}`)).json();
    const expected: Record<string, number> = { '1': 0, '2': 0, '3': 0 };
    for (const unit of grid.groups.flatMap((g: { units: unknown[] }) => g.units) as Array<{
      bookings: Array<{ startDateTime: string; endDateTime: string; status: string; guestAmount: number }>;
    }>)
      for (const b of unit.bookings) {
        if (b.status === 'cancelled' || Date.parse(b.startDateTime) > now || Date.parse(b.endDateTime) <= now)
          continue;
        const key = day(b.startDateTime) === today ? '1' : day(b.endDateTime) === today ? '3' : '2';
        expected[key] = (expected[key] ?? 0) + b.guestAmount;
      }
    expect(stats.guestsToday).toEqual(expected);
    expect(stats.loadToday.percentOfUnits).toBeCloseTo((stats.loadToday.countOfUnits / 12) * 100, 1);
    expect(stats.income.lastMonth).toBeGreaterThan(0);
    expect(stats.averageRoomPrice.lastMonth).toBeGreaterThan(1000);
    const periphery = (await get('location-statistics-periphery?location=1')).json();
    expect(periphery.countOfUnits).toBe(2);
  });
});
