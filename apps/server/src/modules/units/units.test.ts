import { annualYield, averageMonthlyIncome } from '@portal/contract/money-rules';
import { lastCompleteMonth, nextMonth } from '@portal/contract/periods';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toRubles } from '../../shared/money.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { pinnedNow } from '../../test/pinned-today.ts';
import { startSmtpServer } from '../../test/smtp.ts';
import { unitIncomes } from './incomes.ts';

type Lot = {
  unit_id: number;
  investor_id: number;
  name: string;
  price: number;
  profit: number;
  defaultPrice: number;
  discountPrice: number | null;
  photo_url: string[];
  isOwn: boolean;
};
type Card = {
  unit_id: number;
  name: string;
  locationId: number;
  is_sale: boolean;
  salePrice: number | null;
  last_month_income: number;
  average_monthly_income: number;
};

describe('units for sale', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  let investor: string;
  let lender: string;
  let both: string;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp({ SMTP_URL: smtp.url });
    [investor, lender, both] = await Promise.all([
      t.signIn('investor@example.com'),
      t.signIn('lender@example.com'),
      t.signIn('both@example.com'),
    ]);
  });
  afterAll(async () => {
    await t?.close();
    await smtp.close();
  });
  const get = (url: string, token: string) => t.request({ method: 'GET', url: `/api/v1/${url}`, token });
  const post = (url: string, token: string, payload?: object, locale = 'ru') =>
    t.request({
      method: 'POST',
      url: `/api/v1/${url}`,
      token,
      headers: { cookie: `cookieLocale=${locale}` },
      ...(payload ? { payload } : {}),
    });
  const lots = async (token: string): Promise<Lot[]> =>
    (await get('sale-unit/get-sale-units', token)).json().lots;
  const cards = async (token: string): Promise<Card[]> =>
    (await get('users/actives-info', token)).json().actives;
  const request = (id: number) =>
    t.ctx.database.db.selectFrom('requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('gives the unit cards their last month and average monthly incomes', async () => {
    const list = await cards(investor);
    const earning = list.filter((c) => c.locationId !== 7);
    expect(earning.length).toBeGreaterThan(0);
    for (const c of earning) {
      expect(c.last_month_income).toBeGreaterThan(0);
      expect(c.average_monthly_income).toBeGreaterThan(0);
    }
    // Location 7 is still being built: no income, so nothing to sell.
    expect(list.find((c) => c.locationId === 7)).toMatchObject({
      last_month_income: 0,
      average_monthly_income: 0,
    });
  });

  it("gives every card the same income figures as the unit's sale and promotion rules read", async () => {
    const owner = await t.ctx.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'investor@example.com')
      .executeTakeFirstOrThrow();
    const links = await t.ctx.database.db
      .selectFrom('user_units')
      .select(['id', 'unit_id'])
      .where('user_id', '=', owner.id)
      .where('relation', '=', 'owner')
      .execute();
    const incomes = await unitIncomes(
      t.ctx.database.db,
      links.map((link) => link.id),
      pinnedNow(),
    );
    const list = await cards(investor);
    expect(list).toHaveLength(links.length);
    for (const link of links) {
      const income = incomes.get(link.id);
      expect(list.find((c) => c.unit_id === link.unit_id)).toMatchObject({
        last_month_income: toRubles(income?.lastMonth ?? -1),
        average_monthly_income: toRubles(income?.averageMonthly ?? -1),
      });
    }
  });

  it('lists a unit for sale only at a price above 0, only the own unit and only while it earns', async () => {
    const list = await cards(investor);
    const unit = list.find((c) => !c.is_sale && c.last_month_income > 0) as Card;
    const building = list.find((c) => c.locationId === 7) as Card;
    const zero = await post('sale-unit/offer-unit-for-sale', investor, { unit_id: unit.unit_id, price: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().error.message).toBe('Цена должна быть больше 0');
    const negative = await post(
      'sale-unit/offer-unit-for-sale',
      investor,
      { unit_id: unit.unit_id, price: -5 },
      'en',
    );
    expect(negative.json().error.message).toBe('The price must be above 0');
    for (const price of [0.001, 'abc', 2_000_000_000])
      expect(
        (await post('sale-unit/offer-unit-for-sale', investor, { unit_id: unit.unit_id, price })).statusCode,
      ).toBe(400);
    expect(
      (await post('sale-unit/offer-unit-for-sale', investor, { unit_id: unit.unit_id })).statusCode,
    ).toBe(400);
    const bothUnit = (await cards(both))[0] as Card;
    expect(
      (await post('sale-unit/offer-unit-for-sale', investor, { unit_id: bothUnit.unit_id, price: 100 }))
        .statusCode,
    ).toBe(404);
    const noIncome = await post('sale-unit/offer-unit-for-sale', investor, {
      unit_id: building.unit_id,
      price: 100,
    });
    expect(noIncome.statusCode).toBe(400);
    expect(noIncome.json().error.message).toContain('доход');
    expect(
      (await post('sale-unit/offer-unit-for-sale', lender, { unit_id: unit.unit_id, price: 100 })).statusCode,
    ).toBe(403);
    expect((await cards(investor)).find((c) => c.unit_id === unit.unit_id)?.is_sale).toBe(false);

    const ok = await post('sale-unit/offer-unit-for-sale', investor, {
      unit_id: unit.unit_id,
      price: 12_345_678.9,
    });
    expect(ok.statusCode).toBe(200);
    expect((await cards(investor)).find((c) => c.unit_id === unit.unit_id)).toMatchObject({
      is_sale: true,
      salePrice: 12_345_678.9,
    });
    const lot = (await lots(lender)).find((l) => l.unit_id === unit.unit_id);
    expect(lot).toMatchObject({ investor_id: 1, price: 12_345_678.9, isOwn: false });
    expect(lot?.profit).toBe(annualYield(unit.average_monthly_income, 12_345_678.9));
    expect((await lots(investor)).find((l) => l.unit_id === unit.unit_id)?.isOwn).toBe(true);
    const again = await post('sale-unit/offer-unit-for-sale', investor, {
      unit_id: unit.unit_id,
      price: 100,
    });
    expect(again.statusCode).toBe(400);

    // The sale notice reaches the investor's manager.
    const notice = await post('sale-unit/send-notification', investor, { unit_id: unit.unit_id });
    expect(notice.statusCode).toBe(200);
    expect(await request(notice.json().requestId)).toMatchObject({
      user_id: 1,
      kind: 'sale_notice',
      payload: { unitId: unit.unit_id, status: 'listed', price: 12_345_678.9 },
    });
    const mail = await smtp.waitForMail('manager@example.com');
    expect(mail.subject).toContain('Уведомление о продаже');
    expect(mail.text).toContain(unit.name);
    expect(
      (await post('sale-unit/send-notification', investor, { unit_id: bothUnit.unit_id })).statusCode,
    ).toBe(404);

    // Withdrawn: the lot leaves the marketplace; only the owner may withdraw it.
    expect((await post('sale-unit/delete-lot', both, { unit_id: unit.unit_id })).statusCode).toBe(404);
    expect((await post('sale-unit/delete-lot', investor, { unit_id: unit.unit_id })).statusCode).toBe(200);
    expect((await lots(lender)).some((l) => l.unit_id === unit.unit_id)).toBe(false);
    expect((await cards(investor)).find((c) => c.unit_id === unit.unit_id)).toMatchObject({
      is_sale: false,
      salePrice: null,
    });
    expect((await post('sale-unit/delete-lot', investor, { unit_id: unit.unit_id })).statusCode).toBe(400);
    const withdrawn = await post('sale-unit/send-notification', investor, { unit_id: unit.unit_id });
    expect((await request(withdrawn.json().requestId)).payload).toMatchObject({ status: 'withdrawn' });
    await smtp.waitForMail('manager@example.com');
  });

  it("keeps each card's incomes equal to the sum of the rows as incomes are added, changed and removed", async () => {
    const db = t.ctx.database.db;
    const card = (await cards(investor)).find((c) => c.last_month_income > 0) as Card;
    const { id: userUnitId } = await db
      .selectFrom('user_units')
      .innerJoin('users', 'users.id', 'user_units.user_id')
      .select('user_units.id')
      .where('users.email', '=', 'investor@example.com')
      .where('user_units.unit_id', '=', card.unit_id)
      .executeTakeFirstOrThrow();
    const lastMonth = lastCompleteMonth(pinnedNow());
    // What the card must say, from every row (the definition the kept total stands in for).
    const expected = async () => {
      const rows = (
        await db
          .selectFrom('incomes')
          .select(['year_month', 'amount_kopecks'])
          .where('user_unit_id', '=', userUnitId)
          .execute()
      ).filter((row) => row.year_month <= lastMonth);
      const months = rows.map((row) => row.year_month);
      const total = rows.reduce((sum, row) => sum + Number(row.amount_kopecks), 0);
      return {
        last_month_income: toRubles(
          Number(rows.find((row) => row.year_month === lastMonth)?.amount_kopecks ?? 0),
        ),
        average_monthly_income: toRubles(
          averageMonthlyIncome({ total, first: Math.min(...months), last: Math.max(...months) }),
        ),
      };
    };
    const check = async () =>
      expect((await cards(investor)).find((c) => c.unit_id === card.unit_id)).toMatchObject(await expected());

    await check();
    await db
      .insertInto('incomes')
      .values({ user_unit_id: userUnitId, year_month: 200_101, amount_kopecks: 12_345_600 })
      .execute();
    await check();
    await db
      .updateTable('incomes')
      .set({ amount_kopecks: 777_700 })
      .where('user_unit_id', '=', userUnitId)
      .where('year_month', '=', lastMonth)
      .execute();
    await check();
    // A month after the last complete one counts only when it is complete.
    await db
      .insertInto('incomes')
      .values({ user_unit_id: userUnitId, year_month: nextMonth(lastMonth), amount_kopecks: 99_900_000 })
      .execute();
    await check();
    await db
      .deleteFrom('incomes')
      .where('user_unit_id', '=', userUnitId)
      .where('year_month', '=', 200_101)
      .execute();
    await check();
    expect((await cards(investor)).find((c) => c.unit_id === card.unit_id)?.last_month_income).toBe(7_777);
  });
});
