import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

describe('income calls', () => {
  let t: TestApp;
  let investor: string;
  let lender: string;
  let both: string;
  beforeAll(async () => {
    t = await startTestApp();
    [investor, lender, both] = await Promise.all([
      t.signIn('investor@example.com'),
      t.signIn('lender@example.com'),
      t.signIn('both@example.com'),
    ]);
  });
  afterAll(() => t?.close());

  const get = async (url: string, token: string) =>
    t.request({ method: 'GET', url: `/api/v1/${url}`, token });

  it("gives the investor's statistics from the stored incomes of the location's units", async () => {
    const response = await get('investor-income/statistics?location=1', investor);
    expect(response.statusCode).toBe(200);
    const stats = response.json();
    // Worked from the database: invested 9 800 000 + 6 500 000 in location 1; income summed over all months.
    const incomes = await t.ctx.database.db
      .selectFrom('incomes')
      .innerJoin('user_units', 'user_units.id', 'incomes.user_unit_id')
      .innerJoin('units', 'units.id', 'user_units.unit_id')
      .select(['incomes.year_month', 'incomes.amount_kopecks'])
      .where('user_units.user_id', '=', 1)
      .where('units.location_id', '=', 1)
      .execute();
    const total = incomes.reduce((sum, r) => sum + r.amount_kopecks, 0) / 100;
    const months = [...new Set(incomes.map((r) => r.year_month))].sort();
    expect(stats.invested).toBe(16_300_000);
    expect(stats.totalIncome).toBeCloseTo(total, 2);
    expect(stats.firstYearMonth).toBe(months[0]);
    expect(stats.averageMonthlyIncome).toBeCloseTo(total / months.length, 1);
    expect(stats.averagePercentForYear).toBeCloseTo(((total / months.length) * 12 * 100) / 16_300_000, 1);
    expect(stats.payback).toBe(Math.ceil(16_300_000 / (total / months.length)));
    expect(stats.loanTermYearMonth).toBeNull();
  });

  it('lists incomes by unit within the range, with the change against the month before', async () => {
    const response = await get(
      'investor-income?location=1&yearMonthFrom=202608&yearMonthTo=202610',
      investor,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.units.map((u: { unitName: string }) => u.unitName)).toEqual(['Джуниор сюит №3', 'Баня №1']);
    for (const unit of body.units) {
      expect(unit.incomes.map((i: { yearMonth: number }) => i.yearMonth)).toEqual([202608, 202609, 202610]);
      const [aug, sep] = unit.incomes;
      expect(sep.lastMonthDiff).toBeCloseTo(((sep.amount - aug.amount) / aug.amount) * 100, 1);
    }
    const period = body.units
      .flatMap((u: { incomes: Array<{ amount: number }> }) => u.incomes)
      .reduce((s: number, i: { amount: number }) => s + i.amount, 0);
    expect(body.periodIncome).toBeCloseTo(period, 2);
    expect(body.periodPercent).toBeCloseTo((period / 16_300_000) * 100, 2);
  });

  it('answers an empty list for months without income', async () => {
    const response = await get(
      'investor-income?location=1&yearMonthFrom=202001&yearMonthTo=202002',
      investor,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().units.every((u: { incomes: unknown[] }) => u.incomes.length === 0)).toBe(true);
    expect(response.json().periodIncome).toBe(0);
  });

  it('refuses bad parameters with a message', async () => {
    for (const url of [
      'investor-income?location=1&yearMonthFrom=202613&yearMonthTo=202614',
      'investor-income?location=1&yearMonthFrom=202610&yearMonthTo=202601',
      'investor-income?location=abc&yearMonthFrom=202601&yearMonthTo=202602',
      'investor-income/statistics',
    ]) {
      const response = await get(url, investor);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.message).toBeTruthy();
    }
  });

  it("answers 404 for a location or unit that is not the user's, and 403 for the other role's calls", async () => {
    expect((await get('investor-income/statistics?location=99', investor)).statusCode).toBe(404);
    // The lender holds no units: the investor calls are not theirs.
    expect((await get('investor-income/statistics?location=1', lender)).statusCode).toBe(403);
    expect((await get('lender-income/statistics?location=1', investor)).statusCode).toBe(403);
    // Unit 5 belongs to the investor, not to both@example.com.
    expect((await get('investor-income/unit-capitalization-graphic?unitId=5', both)).statusCode).toBe(404);
    expect((await get('investor-income/unit-capitalization-graphic?unitId=5', investor)).statusCode).toBe(
      200,
    );
  });

  it("gives the month's income by unit with its percent of the investment", async () => {
    const body = (await get('investor-income/actives?location=1&yearMonth=202610', investor)).json();
    const suite = body.actives.find((a: { id: number }) => a.id === 5);
    expect(suite.invested).toBe(9_800_000);
    expect(suite.percent).toBeCloseTo((suite.amount / 9_800_000) * 100, 2);
    expect(suite.capitalizationPrice).toBeGreaterThan(0);
    // Each unit's price is its latest capitalization stage's, or null without one.
    const stages = await t.ctx.database.db
      .selectFrom('capitalization')
      .select(['unit_id', 'price_kopecks'])
      .orderBy('stage_date', 'asc')
      .execute();
    const latest = new Map(stages.map((stage) => [Number(stage.unit_id), Number(stage.price_kopecks) / 100]));
    for (const active of body.actives as Array<{ id: number; capitalizationPrice: number | null }>) {
      expect(active.capitalizationPrice).toBe(latest.get(active.id) ?? null);
    }
  });

  it("answers the income page's three calls in one, each part as its own call answers it", async () => {
    const first = async (location: number, from: number, to: number, token = investor) =>
      get(`investor-income/first-screen?location=${location}&yearMonthFrom=${from}&yearMonthTo=${to}`, token);
    for (const [from, to] of [
      [202511, 202610],
      [202608, 202608],
      // Months before any income: the units with empty lists, the statistics as ever.
      [202001, 202002],
    ] as const) {
      const response = await first(1, from, to);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        statistics: (await get('investor-income/statistics?location=1', investor)).json(),
        income: (
          await get(`investor-income?location=1&yearMonthFrom=${from}&yearMonthTo=${to}`, investor)
        ).json(),
        actives: (await get(`investor-income/actives?location=1&yearMonth=${to}`, investor)).json(),
      });
    }
    expect((await first(1, 202610, 202610)).json().actives.actives.length).toBeGreaterThan(0);
    // Another owner's location, the other role, and bad ranges, as for each of the three.
    expect((await first(99, 202601, 202602)).statusCode).toBe(404);
    expect((await first(1, 202601, 202602, lender)).statusCode).toBe(403);
    for (const url of [
      'investor-income/first-screen?location=1&yearMonthFrom=202610&yearMonthTo=202601',
      'investor-income/first-screen?location=1&yearMonthFrom=202613&yearMonthTo=202614',
      'investor-income/first-screen?location=1',
    ]) {
      const response = await get(url, investor);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.message).toBeTruthy();
    }
  });

  it("answers a lender's income page in one call, each part as its own call answers it", async () => {
    for (const [from, to] of [
      [202511, 202610],
      [202602, 202602],
      // Before the loan and after its term: the statistics as ever, no payments in the range.
      [202001, 202002],
      [202801, 202803],
    ] as const) {
      const response = await get(
        `lender-income/first-screen?location=1&yearMonthFrom=${from}&yearMonthTo=${to}`,
        lender,
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        statistics: (await get('lender-income/statistics?location=1', lender)).json(),
        income: (
          await get(`lender-income?location=1&yearMonthFrom=${from}&yearMonthTo=${to}`, lender)
        ).json(),
        actives: (await get(`lender-income/actives?location=1&yearMonth=${to}`, lender)).json(),
      });
    }
    const range = 'yearMonthFrom=202601&yearMonthTo=202603';
    expect(
      (await get(`lender-income/first-screen?location=1&${range}`, lender)).json().income.incomes,
    ).toHaveLength(3);
    expect((await get(`lender-income/first-screen?location=99&${range}`, lender)).statusCode).toBe(404);
    expect((await get(`lender-income/first-screen?location=1&${range}`, investor)).statusCode).toBe(403);
    expect((await get('lender-income/first-screen?location=1&yearMonthFrom=202603', lender)).statusCode).toBe(
      400,
    );
  });

  it("gives the lender's loan, payments and term", async () => {
    const stats = (await get('lender-income/statistics?location=1', lender)).json();
    expect(stats.invested).toBe(3_000_000);
    expect(stats.loanTermYearMonth).toBe(202702);
    // 3 000 000 at 18 % a year pays 45 000 a month.
    expect(stats.averageMonthlyIncome).toBe(45_000);
    const list = (
      await get('lender-income?location=1&yearMonthFrom=202601&yearMonthTo=202603', lender)
    ).json();
    expect(list.incomes).toEqual([
      { amount: 45_000, yearMonth: 202601, location: expect.objectContaining({ id: 1 }) },
      { amount: 45_000, yearMonth: 202602, location: expect.objectContaining({ id: 1 }) },
      { amount: 45_000, yearMonth: 202603, location: expect.objectContaining({ id: 1 }) },
    ]);
    const actives = (await get('lender-income/actives?location=1&yearMonth=202602', lender)).json();
    expect(actives.actives).toEqual([
      expect.objectContaining({ invested: 3_000_000, amount: 45_000, lastMonthDiff: 0 }),
    ]);
    // The export has a row a month with the same payments.
    const response = await get('lender-income/xls?location=1', lender);
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as never);
    const february = workbook.worksheets[0]
      ?.getSheetValues()
      .find((row) => Array.isArray(row) && row[1] === '02.2026') as unknown[];
    expect(february?.slice(1)).toEqual(['02.2026', list.incomes[0].location.name, 45_000]);
    expect((await get('lender-income/xls?location=99', lender)).statusCode).toBe(404);
  });

  it('exports the incomes as an .xlsx file whose numbers match the API', async () => {
    const response = await get('investor-income/xls?location=1', investor);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain("filename*=UTF-8''");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as never);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Месяц', 'Джуниор сюит №3', 'Баня №1', 'Итого']);
    const october = sheet
      ?.getSheetValues()
      .find((row) => Array.isArray(row) && row[1] === '10.2026') as unknown[];
    const api = (
      await get('investor-income?location=1&yearMonthFrom=202610&yearMonthTo=202610', investor)
    ).json();
    const [suite, banya] = api.units.map((u: { incomes: Array<{ amount: number }> }) => u.incomes[0]?.amount);
    expect(october[2]).toBe(suite);
    expect(october[3]).toBe(banya);
    expect(october[4]).toBeCloseTo(suite + banya, 2);
    expect(typeof october[4]).toBe('number');
    expect(sheet?.getRow(2).getCell(2).numFmt).toContain('₽');
  });

  it('stores a conversion request for the manager and an entrepreneur request only for oneself', async () => {
    const convert = () =>
      t.request({ method: 'POST', url: '/api/v1/lender-income/send-conversion-request', token: lender });
    // The demo lender's conversion request is still open: one at a time, until the manager completes it.
    expect((await convert()).statusCode).toBe(409);
    await t.ctx.database.db
      .updateTable('requests')
      .set({ status: 'done', manager_comment: 'Готово' })
      .where('user_id', '=', 2)
      .where('kind', '=', 'conversion')
      .execute();
    const conversion = await convert();
    expect(conversion.statusCode).toBe(200);
    const stored = await t.ctx.database.db
      .selectFrom('requests')
      .selectAll()
      .where('id', '=', conversion.json().requestId)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ user_id: 2, kind: 'conversion', status: 'new' });
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/v1/lender-income/send-conversion-request',
          token: investor,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/v1/banner/submit',
          token: investor,
          payload: { userId: 2 },
        })
      ).statusCode,
    ).toBe(404);
    const own = await t.request({
      method: 'POST',
      url: '/api/v1/banner/submit',
      token: investor,
      payload: { userId: 1 },
    });
    expect(own.statusCode).toBe(200);
  });
});
