import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import type { Session } from '../auth/sessions.ts';
import { bookingStatistics } from './service.ts';

/**
 * The statistics' figures on the edges of their rules, in a location of their own (no demo booking counts there),
 * at fixed instants: the service takes "now" as an argument, so each stay is before, on or after it on every day.
 * Instants are written in Moscow time (+03:00), as the rules read them.
 */
describe('booking statistics', () => {
  let t: TestApp;
  let investor: Session;
  let lender: string;
  const location = 9101;
  const onlyRooms = 9102;
  // 15:00 in Moscow on 26 November; 00:10 on 1 December is still 30 November in UTC.
  const afternoon = new Date('2026-11-26T15:00:00+03:00');
  const firstOfDecember = new Date('2026-12-01T00:10:00+03:00');

  beforeAll(async () => {
    t = await startTestApp();
    lender = await t.signIn('lender@example.com');
    const db = t.ctx.database.db;
    const { id: userId } = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'investor@example.com')
      .executeTakeFirstOrThrow();
    investor = { sessionId: 'statistics', userId, roles: ['INVESTOR'] };
    await db
      .insertInto('locations')
      .values([
        { id: location, name: 'Статистика', name_en: 'Statistics', info: JSON.stringify({}) },
        { id: onlyRooms, name: 'Только номера', name_en: 'Rooms only', info: JSON.stringify({}) },
      ])
      .execute();
    const unit = async (locationId: number, part: 'main' | 'periphery', name: string) => {
      const row = await db
        .insertInto('units')
        .values({
          location_id: locationId,
          part,
          unit_type: part === 'main' ? 'Номер' : 'Баня',
          unit_type_en: part === 'main' ? 'Room' : 'Banya',
          name,
          name_en: name,
          area: 20,
          image_urls: JSON.stringify([]),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    };
    const rooms: Record<string, number> = {};
    for (const name of ['R1', 'R2', 'R3', 'R4', 'R5', 'R6', 'R7', 'R8', 'R9'])
      rooms[name] = await unit(location, 'main', name);
    const outbuildings: Record<string, number> = {};
    for (const name of ['O1', 'O2', 'O3', 'O4', 'O5'])
      outbuildings[name] = await unit(location, 'periphery', name);
    const ownRoom = await unit(onlyRooms, 'main', 'Own');
    // The investor reads both locations through one unit held in each.
    await db
      .insertInto('user_units')
      .values([
        { user_id: userId, unit_id: rooms.R1 ?? 0, relation: 'owner' },
        { user_id: userId, unit_id: ownRoom, relation: 'owner' },
      ])
      .execute();
    const units = { ...rooms, ...outbuildings };
    type Stay = [unit: string, starts: string, ends: string, status: string, guests: number, rubles: number];
    const stays: Stay[] = [
      // Rooms. Nights: Math.round of the hours / 24, at least 1.
      // From 01:30 in Moscow (the day before in UTC): arriving today; 58.5 h → 2 nights.
      ['R1', '2026-11-26T01:30', '2026-11-28T12:00', 'checkedin', 2, 5000],
      // Ends at 02:00 in Moscow tomorrow (today in UTC): staying; 60 h → 2.5 → 3 nights (half up).
      ['R2', '2026-11-24T14:00', '2026-11-27T02:00', 'confirmed', 3, 7500],
      // Leaves tonight: departing; 81.5 h → 3 nights. The room is under repair: its status is repair.
      ['R3', '2026-11-23T14:00', '2026-11-26T23:30', 'checkedin', 1, 9000],
      // Cancelled: counts nowhere, though it covers now.
      ['R4', '2026-11-25T14:00', '2026-11-27T12:00', 'cancelled', 4, 99_999.99],
      // Ended exactly now: not taken; 25 h → 1 night.
      ['R4', '2026-11-25T14:00', '2026-11-26T15:00', 'checkedout', 1, 3000],
      // Starts exactly now: taken, arriving; 21 h → 1 night.
      ['R5', '2026-11-26T15:00', '2026-11-27T12:00', 'new', 2, 4000],
      // Two stays cover now: the room counts once, with the status of the earlier; both stays' guests count.
      ['R8', '2026-11-20T14:00', '2026-11-30T12:00', 'new', 1, 20_000], // 238 h → 10 nights
      ['R8', '2026-11-25T10:00', '2026-11-27T12:00', 'checkedin', 1, 4000], // 50 h → 2 nights
      // The month of a stay is the Moscow month of its start.
      ['R9', '2026-11-01T00:30', '2026-11-01T06:30', 'confirmed', 2, 1500], // November; 6 h → at least 1 night
      ['R9', '2026-10-31T23:30', '2026-11-02T12:00', 'checkedout', 2, 6000], // October; 36.5 h → 2 nights
      ['R9', '2026-10-01T00:30', '2026-10-03T12:00', 'checkedout', 2, 5000.02], // October; 59.5 h → 2 nights
      ['R9', '2026-09-30T23:30', '2026-10-02T12:00', 'checkedout', 2, 8000], // September: neither month
      ['R9', '2026-12-01T00:30', '2026-12-02T12:00', 'confirmed', 2, 8000], // December; 35.5 h → 1 night
      ['R9', '2026-11-30T23:30', '2026-12-01T12:00', 'confirmed', 2, 2499.96], // November; 12.5 h → 1 night
      ['R9', '2026-10-15T14:00', '2026-10-18T12:00', 'cancelled', 2, 5000],
      // Outbuildings: taken when a session starts today (Moscow), whenever in the day; hours rounded, at least 1.
      ['O1', '2026-11-26T10:00', '2026-11-26T12:00', 'checkedout', 4, 3000], // the first today gives the status
      ['O1', '2026-11-26T20:00', '2026-11-26T23:00', 'new', 2, 4500],
      ['O2', '2026-11-26T00:30', '2026-11-26T02:30', 'confirmed', 3, 2000], // today in Moscow, yesterday in UTC
      ['O3', '2026-11-25T23:00', '2026-11-26T01:00', 'checkedin', 5, 2000], // began yesterday: not today's
      ['O3', '2026-11-26T16:00', '2026-11-26T18:00', 'cancelled', 6, 5000],
      ['O3', '2026-11-27T00:30', '2026-11-27T02:00', 'new', 2, 1500], // tomorrow; 1.5 h → 2 hours
      ['O4', '2026-11-26T12:00', '2026-11-26T14:00', 'checkedin', 2, 2400], // under repair now
      ['O5', '2026-11-26T13:30', '2026-11-26T16:00', 'checkedin', 3, 2500], // 2.5 h → 3 hours (half up)
      ['O2', '2026-11-01T00:30', '2026-11-01T01:00', 'confirmed', 1, 700], // November; 0.5 h → 1 hour
      ['O2', '2026-10-31T23:00', '2026-11-01T01:00', 'checkedout', 2, 1000], // October; 2 hours
      ['O2', '2026-10-10T18:00', '2026-10-10T21:00', 'checkedout', 2, 3300.01], // October; 3 hours
    ];
    await db
      .insertInto('bookings')
      .values(
        stays.map(([name, starts, ends, status, guests, rubles]) => ({
          unit_id: units[name] ?? 0,
          starts_at: `${starts}:00+03:00`,
          ends_at: `${ends}:00+03:00`,
          status: status as 'new',
          guest_amount: guests,
          sum_kopecks: Math.round(rubles * 100),
        })),
      )
      .execute();
    const repairs: Array<[unit: string, starts: string, ends: string]> = [
      ['R3', '2026-11-25T00:00', '2026-11-27T00:00'],
      ['R6', '2026-11-26T15:00', '2026-11-28T12:00'], // starts exactly now: under repair
      ['R7', '2026-11-20T12:00', '2026-11-26T15:00'], // ended exactly now: free
      ['O4', '2026-11-26T14:00', '2026-11-26T18:00'],
    ];
    await db
      .insertInto('repairs')
      .values(
        repairs.map(([name, starts, ends]) => ({
          unit_id: units[name] ?? 0,
          starts_at: `${starts}:00+03:00`,
          ends_at: `${ends}:00+03:00`,
        })),
      )
      .execute();
  });
  afterAll(() => t?.close());

  const statistics = (part: 'main' | 'periphery', now: Date, locationId = location) =>
    bookingStatistics(t.ctx, investor, locationId, part, now);

  it("counts the rooms' day and months", async () => {
    expect(await statistics('main', afternoon)).toEqual({
      countOfUnits: 9,
      // R1, R2, R3, R5, R8 of 9.
      loadToday: { countOfUnits: 5, percentOfUnits: 55.56 },
      // November: 5000 + 7500 + 9000 + 3000 + 4000 + 20000 + 4000 + 1500 + 2499.96; October: 6000 + 5000.02.
      income: { thisMonth: 56_499.96, lastMonth: 11_000.02 },
      // Arriving R1 2 + R5 2; staying R2 3 + R8 1 + 1; departing R3 1.
      guestsToday: { '1': 4, '2': 5, '3': 1 },
      // Free R4, R7, R9; booked R2, R5, R8; checked in R1; repair R3, R6.
      unitsStatus: { '0': 3, '1': 3, '2': 1, '3': 2 },
      // November: 5 649 996 kopecks over 2+3+3+1+1+10+2+1+1 = 24 nights is 235 416.5, rounded half up;
      // October: 1 100 002 over 2+2 = 4 is 275 000.5.
      averageRoomPrice: { thisMonth: 2354.17, lastMonth: 2750.01 },
    });
  });

  it("counts the outbuildings' sessions of today and their hours", async () => {
    expect(await statistics('periphery', afternoon)).toEqual({
      countOfUnits: 5,
      // O1, O2, O4, O5 of 5.
      loadToday: { countOfUnits: 4, percentOfUnits: 80 },
      // November: 3000 + 4500 + 2000 + 2000 + 1500 + 2400 + 2500 + 700; October: 1000 + 3300.01.
      income: { thisMonth: 18_600, lastMonth: 4300.01 },
      // A session of today has begun today: every guest is arriving (O1 4 + 2, O2 3, O4 2, O5 3).
      guestsToday: { '1': 14, '2': 0, '3': 0 },
      // Free O3; booked O1 (its first session of today was checked out), O2; checked in O5; repair O4.
      unitsStatus: { '0': 1, '1': 2, '2': 1, '3': 1 },
      // November: 1 860 000 kopecks over 2+3+2+2+2+2+3+1 = 17 hours; October: 430 001 over 2+3 = 5.
      averageRoomPrice: { thisMonth: 1094.12, lastMonth: 860 },
    });
  });

  it('reads the month and the day in Moscow time just after midnight on the 1st', async () => {
    expect(await statistics('main', firstOfDecember)).toEqual({
      countOfUnits: 9,
      loadToday: { countOfUnits: 1, percentOfUnits: 11.11 },
      // December: the stay from 00:30 on the 1st, one night; November as above.
      income: { thisMonth: 8000, lastMonth: 56_499.96 },
      // R9's stay from 30 November leaves today.
      guestsToday: { '1': 0, '2': 0, '3': 2 },
      unitsStatus: { '0': 8, '1': 1, '2': 0, '3': 0 },
      averageRoomPrice: { thisMonth: 8000, lastMonth: 2354.17 },
    });
    expect(await statistics('periphery', firstOfDecember)).toEqual({
      countOfUnits: 5,
      loadToday: { countOfUnits: 0, percentOfUnits: 0 },
      income: { thisMonth: 0, lastMonth: 18_600 },
      guestsToday: { '1': 0, '2': 0, '3': 0 },
      unitsStatus: { '0': 5, '1': 0, '2': 0, '3': 0 },
      averageRoomPrice: { thisMonth: 0, lastMonth: 1094.12 },
    });
  });

  it('answers zeros for a part without units, and 404 for a location the user does not read', async () => {
    expect(await statistics('periphery', afternoon, onlyRooms)).toEqual({
      countOfUnits: 0,
      loadToday: { countOfUnits: 0, percentOfUnits: 0 },
      income: { thisMonth: 0, lastMonth: 0 },
      guestsToday: { '1': 0, '2': 0, '3': 0 },
      unitsStatus: { '0': 0, '1': 0, '2': 0, '3': 0 },
      averageRoomPrice: { thisMonth: 0, lastMonth: 0 },
    });
    const get = (url: string) => t.request({ method: 'GET', url: `/api/v1/${url}`, token: lender });
    expect((await get(`bookings/location-statistics?location=${location}`)).statusCode).toBe(404);
    expect((await get(`location-statistics-periphery?location=${location}`)).statusCode).toBe(404);
    expect((await get('bookings/location-statistics?location=9999')).statusCode).toBe(404);
  });
});
