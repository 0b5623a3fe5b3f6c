import { firstDayOf, monthRange, nextMonth, yearMonthOf } from '@portal/contract/periods';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownedUnitsBookedTime } from '../modules/dashboard/queries.ts';
import { moscowInstant } from '../shared/time.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';

/** A Moscow calendar month's window, as the dashboard builds it. */
const monthWindow = (month: number) => ({
  month,
  start: moscowInstant(firstDayOf(month)),
  end: moscowInstant(firstDayOf(nextMonth(month))),
});

describe('booked_time_by_month (migration 061)', () => {
  let t: TestApp;
  let unitA = 0;
  let unitB = 0;
  beforeAll(async () => {
    t = await startTestApp();
    const ids = (
      await t.ctx.database.db.selectFrom('units').select('id').orderBy('id').limit(2).execute()
    ).map((row) => row.id);
    unitA = ids[0] ?? 0;
    unitB = ids[1] ?? 0;
  });
  afterAll(() => t?.close());

  const db = () => t.ctx.database.db;

  /** The kept rows, one a unit and month with booked time. */
  const kept = async () =>
    (
      await db()
        .selectFrom('booked_time_by_month')
        .select(['unit_id', 'year_month', 'booked_ms'])
        .orderBy('unit_id')
        .orderBy('year_month')
        .execute()
    ).map((row) => ({ unitId: row.unit_id, month: row.year_month, ms: Number(row.booked_ms) }));

  /** The same summed directly from the bookings, over every month a booking touches. */
  const summed = async () => {
    const { rows: range } = await sql<{ first: Date | null; last: Date | null }>`
      select min(starts_at) as first, max(ends_at) as last from bookings`.execute(db());
    const { first, last } = range[0] ?? {};
    if (!first || !last) return [];
    const windows = monthRange(yearMonthOf(first), yearMonthOf(last)).map(monthWindow);
    const { rows } = await sql<{ unit_id: number; month: number; booked_ms: number }>`
      select b.unit_id, m.month,
             sum(extract(epoch from least(b.ends_at, m.ends) - greatest(b.starts_at, m.starts)) * 1000) as booked_ms
      from unnest(${windows.map((w) => w.month)}::int[], ${windows.map((w) => w.start.toISOString())}::timestamptz[],
                  ${windows.map((w) => w.end.toISOString())}::timestamptz[]) as m (month, starts, ends)
      join bookings b on b.status <> 'cancelled' and b.starts_at < m.ends and b.ends_at > m.starts
      group by b.unit_id, m.month
      order by b.unit_id, m.month`.execute(db());
    return rows.map((row) => ({ unitId: row.unit_id, month: row.month, ms: Number(row.booked_ms) }));
  };

  const insert = (unitId: number, startsAt: string, endsAt: string) =>
    db()
      .insertInto('bookings')
      .values({
        unit_id: unitId,
        starts_at: new Date(startsAt),
        ends_at: new Date(endsAt),
        status: 'confirmed',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((row) => row.id);

  const keptOf = async (unitId: number, month: number) =>
    (await kept()).find((row) => row.unitId === unitId && row.month === month)?.ms;

  it('holds the booked time of the demo bookings', async () => {
    expect((await kept()).length).toBeGreaterThan(100);
    expect(await kept()).toEqual(await summed());
  });

  it('splits a stay at the Moscow midnight that starts a month, and follows moves, cancellations and deletions', async () => {
    const hour = 3_600_000;
    // 20:00 UTC on 28 February is 23:00 in Moscow: one hour in February, twelve in March.
    const crossing = await insert(unitA, '2031-02-28T20:00:00Z', '2031-03-01T09:00:00Z');
    // Ends at Moscow midnight, 1 May: nothing in May.
    const untilMidnight = await insert(unitA, '2031-04-30T09:00:00Z', '2031-04-30T21:00:00Z');
    expect(await keptOf(unitA, 203102)).toBe(hour);
    expect(await keptOf(unitA, 203103)).toBe(12 * hour);
    expect(await keptOf(unitA, 203104)).toBe(12 * hour);
    expect(await keptOf(unitA, 203105)).toBeUndefined();

    // Moved to another unit and month: both the old pairs and the new ones change.
    await db()
      .updateTable('bookings')
      .set({
        unit_id: unitB,
        starts_at: new Date('2031-06-10T11:00:00Z'),
        ends_at: new Date('2031-06-12T09:00:00Z'),
      })
      .where('id', '=', crossing)
      .execute();
    expect(await keptOf(unitA, 203102)).toBeUndefined();
    expect(await keptOf(unitA, 203103)).toBeUndefined();
    expect(await keptOf(unitB, 203106)).toBe(46 * hour);
    expect(await kept()).toEqual(await summed());

    // Other columns changed: the time stays.
    await db().updateTable('bookings').set({ paid_kopecks: 500 }).where('id', '=', crossing).execute();
    expect(await keptOf(unitB, 203106)).toBe(46 * hour);

    await db().updateTable('bookings').set({ status: 'cancelled' }).where('id', '=', crossing).execute();
    expect(await keptOf(unitB, 203106)).toBeUndefined();
    await db().updateTable('bookings').set({ status: 'confirmed' }).where('id', '=', crossing).execute();
    expect(await keptOf(unitB, 203106)).toBe(46 * hour);

    await db().deleteFrom('bookings').where('id', 'in', [crossing, untilMidnight]).execute();
    expect(await keptOf(unitB, 203106)).toBeUndefined();
    expect(await keptOf(unitA, 203104)).toBeUndefined();
    expect(await kept()).toEqual(await summed());
  });

  it('follows statements of many rows, as an import and a bulk change write them', async () => {
    await db()
      .insertInto('bookings')
      .values(
        Array.from({ length: 300 }, (_, i) => ({
          unit_id: i % 2 ? unitA : unitB,
          starts_at: new Date(Date.parse('2032-01-01T11:00:00Z') + i * 86_400_000),
          ends_at: new Date(Date.parse('2032-01-02T09:00:00Z') + i * 86_400_000),
          status: 'confirmed' as const,
        })),
      )
      .execute();
    expect(await kept()).toEqual(await summed());
    // Every booking of a unit a day later, across month ends.
    await db()
      .updateTable('bookings')
      .set({ starts_at: sql`starts_at + interval '1 day'`, ends_at: sql`ends_at + interval '1 day'` })
      .where('unit_id', '=', unitA)
      .execute();
    expect(await kept()).toEqual(await summed());
    await db().deleteFrom('bookings').where('starts_at', '>=', new Date('2032-06-01T00:00:00Z')).execute();
    expect(await kept()).toEqual(await summed());
  });

  it('sums from the bookings a window the kept months do not match', async () => {
    // Before October 2014 Moscow was at UTC+4: the portal's months (fixed UTC+3) start an hour after the tz
    // database's. This hour is in September for the portal and in October for the tz database.
    // An owned unit, read as the dashboard reads it: its owner's units of its location.
    const owned = await db()
      .selectFrom('user_units')
      .innerJoin('units', 'units.id', 'user_units.unit_id')
      .select(['user_units.user_id', 'units.id', 'units.location_id'])
      .where('user_units.relation', '=', 'owner')
      .where('user_units.ended_on', 'is', null)
      .orderBy('units.id')
      .executeTakeFirstOrThrow();
    await insert(owned.id, '2014-09-30T20:00:00Z', '2014-09-30T21:00:00Z');
    const booked = async (windows: Parameters<typeof ownedUnitsBookedTime>[3]) =>
      (await ownedUnitsBookedTime(db(), owned.user_id, owned.location_id, windows))
        .filter((row) => row.unit_id === owned.id && row.month !== null)
        .map((row) => [row.month, Number(row.booked_ms)]);
    expect(await booked([monthWindow(201409), monthWindow(201410)])).toEqual([[201409, 3_600_000]]);
    const partial = {
      month: 201409,
      start: monthWindow(201409).start,
      end: new Date('2014-09-30T20:30:00Z'),
    };
    expect(await booked([partial])).toEqual([[201409, 1_800_000]]);
  });

  it('gives the tz database’s month bounds, put in place in the statement that asks (migration 063)', async () => {
    const bounds = sql<{ month: number; starts: Date; ends: Date }>`
      select m.month, w.starts, w.ends
      from unnest(array[201410, 201411, 202602]) as m (month)
      cross join lateral moscow_month(m.month) as w
      order by m.month`;
    expect((await bounds.execute(db())).rows.map((row) => [row.month, row.starts, row.ends])).toEqual([
      [201410, new Date('2014-09-30T20:00:00Z'), new Date('2014-10-31T21:00:00Z')],
      [201411, new Date('2014-10-31T21:00:00Z'), new Date('2014-11-30T21:00:00Z')],
      [202602, new Date('2026-01-31T21:00:00Z'), new Date('2026-02-28T21:00:00Z')],
    ]);
    // A function the planner cannot inline is a scan of its own, planned anew on every run of the statement.
    const { rows: plan } = await sql<{ 'QUERY PLAN': string }>`explain ${bounds}`.execute(db());
    const text = plan.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toMatch(/Function Scan on (?:pg_catalog\.)?unnest/);
    expect(text).not.toMatch(/moscow_month/);
  });

  it('empties with the bookings', async () => {
    await sql`truncate bookings`.execute(db());
    expect(await kept()).toEqual([]);
  });
});
