import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

describe('import of loan payments and capitalization', () => {
  let t: TestApp;
  let admin: string;
  let manager: string;
  let lender: string;
  let investor: string;
  beforeAll(async () => {
    t = await startTestApp();
    [admin, manager, lender, investor] = await Promise.all([
      t.signIn('admin@example.com'),
      t.signIn('manager@example.com'),
      t.signIn('lender@example.com'),
      t.signIn('investor@example.com'),
    ]);
  });
  afterAll(() => t?.close());

  const upload = (kind: string, token: string, body: string, locale = 'ru') =>
    t.request({
      method: 'POST',
      url: `/api/v1/backoffice/import/${kind}`,
      token,
      headers: { 'content-type': 'text/csv', 'x-file-name': 'file.csv', cookie: `cookieLocale=${locale}` },
      payload: body,
    });
  const get = async (url: string, token: string) =>
    (await t.request({ method: 'GET', url: `/api/v1/${url}`, token })).json();

  it("lands a lender's payments once by loan and month, and the lender's income answers show them", async () => {
    // lender@example.com (user 2) has a loan in location 1; the months are after the demo's payments.
    const loan = await t.ctx.database.db
      .selectFrom('loans')
      .select('id')
      .where('user_id', '=', 2)
      .where('location_id', '=', 1)
      .executeTakeFirstOrThrow();
    const file = `userId;loanId;month;amount\n2;${loan.id};01.2031;45 000,50\n2;${loan.id};2031-02;46000\n`;
    const first = (await upload('loanPayments', admin, file)).json();
    expect(first).toMatchObject({ applied: true, accepted: 2, inserted: 2, rejected: 0 });
    // The same file again changes nothing.
    expect((await upload('loanPayments', admin, file)).json()).toMatchObject({ inserted: 0, updated: 0 });

    const list = await get('lender-income?location=1&yearMonthFrom=203101&yearMonthTo=203102', lender);
    expect(list.incomes).toEqual([
      { amount: 45_000.5, yearMonth: 203101, location: expect.objectContaining({ id: 1 }) },
      { amount: 46_000, yearMonth: 203102, location: expect.objectContaining({ id: 1 }) },
    ]);
    expect(list.periodIncome).toBe(91_000.5);
    const stats = await get('lender-income/statistics?location=1', lender);
    expect(stats.lastYearMonth).toBe(203102);
    expect(stats.loanTermYearMonth).toBe(202702);
  });

  it("refuses a payment of another client's loan, and a manager's rows about another manager's client", async () => {
    const loan = await t.ctx.database.db
      .selectFrom('loans')
      .select('id')
      .where('user_id', '=', 3)
      .executeTakeFirstOrThrow();
    const notLent = (
      await upload('loanPayments', admin, `userId,loanId,month,amount\n2,${loan.id},2031-03,10\n`)
    ).json();
    expect(notLent).toMatchObject({ applied: false, rejected: 1 });
    expect(notLent.problems[0]).toMatchObject({
      field: 'loanId',
      message: 'id займа: это не заём этого клиента',
    });
    // The lender (user 2) is another manager's client.
    const other = (
      await upload('loanPayments', manager, `userId,loanId,month,amount\n2,${loan.id},2031-03,10\n`)
    ).json();
    expect(other).toMatchObject({ applied: false, rejected: 1 });
    const own = (
      await upload('loanPayments', manager, `userId,loanId,month,amount\n3,${loan.id},2031-03,10\n`)
    ).json();
    expect(own).toMatchObject({ applied: true, inserted: 1 });
    expect((await upload('loanPayments', investor, 'userId,loanId,month,amount\n')).statusCode).toBe(403);
  });

  it("lands units' capitalization stages by unit and date, shown on the investor's chart", async () => {
    const file = 'unitId;date;name;nameEn;price\n5;31.12.2031;Сдача объекта;Handover;15 000 000\n';
    expect((await upload('capitalization', admin, file)).json()).toMatchObject({
      applied: true,
      inserted: 1,
    });
    expect((await upload('capitalization', admin, file)).json()).toMatchObject({ inserted: 0, updated: 0 });
    const graphic = await get('investor-income/unit-capitalization-graphic?unitId=5', investor);
    expect(graphic).toMatchObject({
      capitalizationName: 'Сдача объекта',
      capitalizationDate: '2031-12-31',
      capitalizationPrice: 15_000_000,
    });
  });

  it("lands units' repairs by unit and start; a changed end updates the repair in place", async () => {
    const file = (end: string) =>
      `unitId;startsAt;endsAt;description\n5;03.02.2031 12:00;${end};Замена сантехники\n`;
    expect((await upload('repairs', admin, file('05.02.2031 12:00'))).json()).toMatchObject({
      applied: true,
      inserted: 1,
    });
    expect((await upload('repairs', admin, file('05.02.2031 12:00'))).json()).toMatchObject({
      inserted: 0,
      updated: 0,
    });
    expect((await upload('repairs', admin, file('06.02.2031 12:00'))).json()).toMatchObject({
      inserted: 0,
      updated: 1,
    });
    const rows = await t.ctx.database.db
      .selectFrom('repairs')
      .select(['ends_at', 'description'])
      .where('unit_id', '=', 5)
      .where('starts_at', '=', new Date('2031-02-03T09:00:00Z'))
      .execute();
    expect(rows).toHaveLength(1);
    expect(new Date(rows[0]?.ends_at ?? '').toISOString()).toBe('2031-02-06T09:00:00.000Z');
    const backwards = (await upload('repairs', admin, file('01.02.2031 12:00'))).json();
    expect(backwards).toMatchObject({ applied: false, rejected: 1 });
    expect(backwards.problems[0].field).toBe('endsAt');
  });
});
