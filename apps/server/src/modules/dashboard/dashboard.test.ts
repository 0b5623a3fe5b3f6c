import { availableHours, occupancy } from '@portal/contract/money-rules';
import { firstDayOf, monthRange, nextMonth, occupancyChartRange } from '@portal/contract/periods';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalNow } from '../../shared/clock.ts';
import { moscowInstant } from '../../shared/time.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { dashboardActualData } from './service.ts';

describe('dashboard calls', () => {
  let t: TestApp;
  let investor: string;
  beforeAll(async () => {
    t = await startTestApp();
    investor = await t.signIn('investor@example.com');
  });
  afterAll(() => t?.close());
  const get = (url: string, token = investor) => t.request({ method: 'GET', url: `/api/v1/${url}`, token });

  it('gives occupancy by month on the 5th of each month, between 0 and 100 %', async () => {
    const response = await get('dashboard/graph?startDate=2026-06-01&endDate=2026-10-31&location=1');
    expect(response.statusCode).toBe(200);
    const points = response.json().points;
    expect(points.map((p: { date: string }) => p.date)).toEqual([
      '2026-06-05',
      '2026-07-05',
      '2026-08-05',
      '2026-09-05',
      '2026-10-05',
    ]);
    for (const point of points) {
      expect(point.bookingAmount).toBeGreaterThan(0);
      expect(point.bookingAmount).toBeLessThanOrEqual(100);
    }
  });

  it("counts each month's occupancy and income from the owned units' bookings and incomes, as the money rules say", async () => {
    const { db } = t.ctx.database;
    const owned = await db
      .selectFrom('user_units')
      .innerJoin('units', 'units.id', 'user_units.unit_id')
      .select(['user_units.id as link', 'units.id', 'units.part'])
      .where('user_units.user_id', '=', 1)
      .where('user_units.relation', '=', 'owner')
      .where('user_units.ended_on', 'is', null)
      .where('units.location_id', '=', 1)
      .execute();
    expect(owned.length).toBeGreaterThan(1);
    const bookings = await db
      .selectFrom('bookings')
      .select(['unit_id', 'starts_at', 'ends_at'])
      .where(
        'unit_id',
        'in',
        owned.map((u) => u.id),
      )
      .where('status', '!=', 'cancelled')
      .execute();
    const expected = (month: number) => {
      const start = moscowInstant(firstDayOf(month)).getTime();
      const end = moscowInstant(firstDayOf(nextMonth(month))).getTime();
      return occupancy(
        owned.map((unit) => ({
          booked: bookings
            .filter((b) => b.unit_id === unit.id)
            .reduce(
              (sum, b) =>
                sum +
                Math.max(
                  0,
                  Math.min(new Date(b.ends_at).getTime(), end) -
                    Math.max(new Date(b.starts_at).getTime(), start),
                ),
              0,
            ),
          available: availableHours(unit.part, month) * 3_600_000,
        })),
      );
    };
    const { points } = (
      await get('dashboard/graph?startDate=2026-01-01&endDate=2026-10-31&location=1')
    ).json();
    expect(points.map((p: { bookingAmount: number }) => p.bookingAmount)).toEqual(
      monthRange(202601, 202610).map(expected),
    );
    const incomes = await db
      .selectFrom('incomes')
      .select(['year_month', 'amount_kopecks'])
      .where(
        'user_unit_id',
        'in',
        owned.map((u) => u.link),
      )
      .execute();
    const income = (month: number) =>
      incomes
        .filter((row) => row.year_month === month)
        .reduce((sum, row) => sum + Number(row.amount_kopecks), 0) / 100;
    const data = (await get('dashboard/actual-data?location=1&yearMonth=202609')).json();
    expect(data.actualDataInSelectedDate).toMatchObject({
      yearMonth: 202609,
      amount: income(202609),
      bookingAmount: expected(202609),
    });
    expect(data.actualData.find((d: { yearMonth: number }) => d.yearMonth === 202608)?.amount).toBe(
      income(202608),
    );
  });

  it('refuses a reversed or malformed range', async () => {
    expect((await get('dashboard/graph?startDate=2026-10-01&endDate=2026-06-01&location=1')).statusCode).toBe(
      400,
    );
    expect((await get('dashboard/graph?startDate=June&endDate=2026-06-01&location=1')).statusCode).toBe(400);
  });

  it('offers months from January 2022 and compares the chosen month with the one before', async () => {
    const session = (
      await t.ctx.database.db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', 1)
        .executeTakeFirstOrThrow()
    ).id;
    const data = await dashboardActualData(
      t.ctx,
      { sessionId: session, userId: 1, roles: ['INVESTOR'] },
      { location: 1, yearMonth: 202609 },
      new Date('2026-11-22T12:00:00Z'),
    );
    expect(data.actualDataDates[0]).toBe(202610);
    expect(data.actualDataDates.at(-1)).toBe(202201);
    const sept = data.actualData.find((d) => d.yearMonth === 202609)?.amount ?? 0;
    const aug = data.actualData.find((d) => d.yearMonth === 202608)?.amount ?? 0;
    expect(data.actualDataInSelectedDate.amount).toBe(sept);
    expect(data.actualDataInSelectedDate.previousMonthIncomePercent).toBeCloseTo(
      ((sept - aug) / aug) * 100,
      1,
    );
    expect((await get('dashboard/actual-data?location=1&yearMonth=202101')).statusCode).toBe(400);
    // The list holds the dropdown's months only: an older history does not lengthen it (its cost does not grow with the
    // history).
    expect(data.actualData.map((d) => d.yearMonth).every((m) => m >= 202201 && m <= 202610)).toBe(true);
    expect(data.actualData.length).toBeGreaterThan(0);
  });

  it('lists the months of the dropdown however long the history, and compares January 2022 with December 2021', async () => {
    const { id: sessionId } = await t.ctx.database.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', 1)
      .executeTakeFirstOrThrow();
    const session = { sessionId, userId: 1, roles: ['INVESTOR' as const] };
    const now = new Date('2026-11-22T12:00:00Z');
    const before = await dashboardActualData(t.ctx, session, { location: 1, yearMonth: 202201 }, now);
    const link = await t.ctx.database.db
      .selectFrom('user_units as uu')
      .innerJoin('units as u', 'u.id', 'uu.unit_id')
      .select('uu.id')
      .where('uu.user_id', '=', 1)
      .where('uu.relation', '=', 'owner')
      .where('u.location_id', '=', 1)
      .executeTakeFirstOrThrow();
    // Twenty years of older incomes, and one for December 2021 worth 1,000 ₽.
    const old = Array.from({ length: 240 }, (_, i) => 200001 + Math.floor(i / 12) * 100 + (i % 12));
    await t.ctx.database.db
      .insertInto('incomes')
      .values([
        ...old.map((yearMonth) => ({
          user_unit_id: link.id,
          year_month: yearMonth,
          amount_kopecks: 5_000_000,
        })),
        { user_unit_id: link.id, year_month: 202112, amount_kopecks: 100_000 },
      ])
      .onConflict((oc) => oc.columns(['user_unit_id', 'year_month']).doUpdateSet({ amount_kopecks: 100_000 }))
      .execute();
    const after = await dashboardActualData(t.ctx, session, { location: 1, yearMonth: 202201 }, now);
    expect(after.actualData).toEqual(before.actualData);
    expect(after.actualDataDates).toEqual(before.actualDataDates);
    const january = after.actualDataInSelectedDate.amount;
    expect(after.actualDataInSelectedDate.previousMonthIncomePercent).toBeCloseTo(
      ((january - 1000) / 1000) * 100,
      1,
    );
  });

  it('agrees with the income statistics', async () => {
    const dashboard = (await get('dashboard/statistics?location=1')).json();
    const income = (await get('investor-income/statistics?location=1')).json();
    expect(dashboard).toEqual({
      invested: income.invested,
      totalIncome: income.totalIncome,
      averagePercentForYear: income.averagePercentForYear,
      averageMonthlyIncome: income.averageMonthlyIncome,
    });
  });

  it("gives the location's catalogue entry to whoever holds something there, 404 to others", async () => {
    const info = (await get('dashboard/location-info?location=3')).json();
    expect(info.units.map((u: { type: string; count: number }) => `${u.count} ${u.type}`)).toEqual([
      '6 Сюит-зеркало',
      '10 Джуниор сюит-зеркало',
      '4 Гриль-патио-зеркало',
    ]);
    expect(info.infrastructure).toHaveLength(4);
    // The spec's catalogue: rooms are the units; banyas, banya complexes and pontoon banyas are infrastructure.
    const entry = async (location: number) => {
      const body = (await get(`dashboard/location-info?location=${location}`)).json();
      const line = (l: { count: number; type?: string; name?: string }) => `${l.count} ${l.type ?? l.name}`;
      return { units: body.units.map(line), infrastructure: body.infrastructure.map(line) };
    };
    expect(await entry(1)).toEqual({
      units: ['2 Стандарт', '9 Джуниор сюит', '1 Сюит'],
      infrastructure: ['2 Баня'],
    });
    expect(await entry(2)).toEqual({ units: ['10 Джуниор сюит'], infrastructure: ['2 Банный комплекс'] });
    expect(await entry(7)).toEqual({ units: ['6 Сюит'], infrastructure: ['6 Патио', '6 Понтонная баня'] });
    const lender = await t.signIn('lender@example.com');
    expect((await get('dashboard/location-info?location=1', lender)).statusCode).toBe(200);
    expect((await get('dashboard/location-info?location=3', lender)).statusCode).toBe(404);
  });

  it("answers the dashboard's four calls in one, for the location the client picks", async () => {
    const range = 'startDate=2025-11-01&endDate=2026-11-27';
    const locations = (await get('users/locations')).json().locations as Array<{
      id: number;
      roleCode: string;
      isPlaceholder: boolean;
    }>;
    const real = locations.filter((l) => l.roleCode === 'INVESTOR' && !l.isPlaceholder).map((l) => l.id);
    expect(real.length).toBeGreaterThan(1);
    const parts = async (location: number, query: string) => ({
      location,
      startDate: /startDate=([\d-]+)/.exec(query)?.[1],
      endDate: /endDate=([\d-]+)/.exec(query)?.[1],
      locationInfo: (await get(`dashboard/location-info?location=${location}`)).json(),
      statistics: (await get(`dashboard/statistics?location=${location}`)).json(),
      actualData: (await get(`dashboard/actual-data?location=${location}`)).json(),
      graph: (await get(`dashboard/graph?location=${location}&${query}`)).json(),
    });
    // Without a stored location: the first real one, as pickLocation picks.
    const first = await get(`dashboard/first-screen?${range}`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual(await parts(real[0] as number, range));
    // The stored one while it is the investor's; another owner's (or a placeholder's) falls back to the first.
    expect((await get(`dashboard/first-screen?${range}&location=${real[1]}`)).json()).toEqual(
      await parts(real[1] as number, range),
    );
    const others = (await get('dashboard/first-screen?location=9999')).json();
    expect(others.location).toBe(real[0]);
    // An id past any location's type (a stored id from elsewhere) falls back the same, not a database error.
    const beyond = await get('dashboard/first-screen?location=9007199254740991');
    expect(beyond.statusCode).toBe(200);
    expect(beyond.json().location).toBe(real[0]);
    // Without a range, the chart's default one on the portal's clock, named in the answer.
    const defaults = occupancyChartRange(portalNow(t.ctx.config.portalToday));
    expect(others).toEqual(
      await parts(real[0] as number, `startDate=${defaults.startDate}&endDate=${defaults.endDate}`),
    );
    // A lender has no investor's dashboard: nothing to show, nothing refused.
    const lender = await t.signIn('lender@example.com');
    expect((await get(`dashboard/first-screen?${range}`, lender)).json()).toEqual({
      location: null,
      startDate: '2025-11-01',
      endDate: '2026-11-27',
      locationInfo: null,
      statistics: null,
      actualData: null,
      graph: null,
    });
    expect((await get('dashboard/first-screen?startDate=soon&endDate=2026-11-27')).statusCode).toBe(400);
    // Half a range is a mistake, not the default.
    expect((await get('dashboard/first-screen?startDate=2025-11-01')).statusCode).toBe(400);
    expect((await get('dashboard/first-screen?location=first')).statusCode).toBe(400);
  });
});
