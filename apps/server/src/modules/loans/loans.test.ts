import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

describe('back-office loans and loan payments', () => {
  let t: TestApp;
  let manager: string;
  let admin: string;
  let investor: string;
  let lender: string;
  beforeAll(async () => {
    t = await startTestApp();
    [manager, admin, investor, lender] = await Promise.all([
      t.signIn('manager@example.com'),
      t.signIn('admin@example.com'),
      t.signIn('investor@example.com'),
      t.signIn('lender@example.com'),
    ]);
  });
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, body?: object) =>
    t.request({
      method,
      url: `/api/v1/${url}`,
      token,
      headers: { cookie: 'cookieLocale=ru' },
      ...(body ? { payload: body } : {}),
    });
  const loanOf = (userId: number) =>
    t.ctx.database.db
      .selectFrom('loans')
      .select(['id', 'amount_kopecks', 'term_year_month'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
  const audit = (action: string) =>
    t.ctx.database.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('action', '=', action)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  const loan = {
    locationId: 1,
    amount: 2_500_000,
    issuedAt: '2026-03-10',
    termYearMonth: 202903,
    ratePercent: 16,
  };
  const payment = { yearMonth: 202604, amount: 33_333.33 };

  it("lets a manager correct and remove their own client's loan and its payments, audited", async () => {
    // both@example.com (user 3) is the manager's client and a lender.
    expect((await call('POST', 'backoffice/owners/3/loans', manager, loan)).statusCode).toBe(200);
    const created = await t.ctx.database.db
      .selectFrom('loans')
      .select('id')
      .where('user_id', '=', 3)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const base = `backoffice/owners/3/loans/${created.id}`;

    const edited = { ...loan, amount: 2_600_000, termYearMonth: 202912 };
    expect((await call('PUT', base, manager, edited)).statusCode).toBe(200);
    const owner = (await call('GET', 'backoffice/owners/3', manager)).json();
    expect(owner.loans).toContainEqual(
      expect.objectContaining({ id: created.id, amount: 2_600_000, termYearMonth: 202912 }),
    );
    expect((await audit('owner.loan.update'))?.details).toMatchObject({
      changes: {
        amount: { from: 2_500_000, to: 2_600_000 },
        termYearMonth: { from: 202903, to: 202912 },
      },
    });

    const added = await call('POST', `${base}/payments`, manager, payment);
    expect(added.statusCode).toBe(200);
    const paymentId = added.json().id;
    // One payment a month: the same month again is refused with a clear message.
    const twice = await call('POST', `${base}/payments`, manager, payment);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('Выплата за этот месяц уже есть: измените её.');
    expect(
      (await call('PUT', `${base}/payments/${paymentId}`, manager, { ...payment, amount: 40_000 }))
        .statusCode,
    ).toBe(200);
    expect((await call('GET', `${base}/payments`, manager)).json()).toEqual({
      items: [{ id: paymentId, yearMonth: 202604, amount: 40_000 }],
      total: 40_000,
    });
    expect((await audit('owner.loanPayment.update'))?.details).toMatchObject({
      changes: { amount: { from: 33_333.33, to: 40_000 } },
    });

    // A loan with payments is not deleted: its payments are the lender's income history.
    const refused = await call('DELETE', base, manager);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('У займа есть выплаты: сначала удалите их, затем заём.');
    expect((await call('DELETE', `${base}/payments/${paymentId}`, manager)).statusCode).toBe(200);
    expect((await call('DELETE', `${base}/payments/${paymentId}`, manager)).statusCode).toBe(404);
    expect((await call('DELETE', base, manager)).statusCode).toBe(200);
    expect((await call('GET', `${base}/payments`, manager)).statusCode).toBe(404);
    expect((await audit('owner.loan.remove'))?.details).toMatchObject({
      loanId: created.id,
      amount: 2_600_000,
      termYearMonth: 202912,
    });
  });

  it("answers 404 for another manager's client, 403 to owners, and lets an admin edit anyone's", async () => {
    // lender@example.com (user 2) is another manager's client.
    const theirs = await loanOf(2);
    const base = `backoffice/owners/2/loans/${theirs.id}`;
    expect((await call('GET', `${base}/payments`, manager)).statusCode).toBe(404);
    expect((await call('PUT', base, manager, loan)).statusCode).toBe(404);
    expect((await call('DELETE', base, manager)).statusCode).toBe(404);
    expect((await call('POST', `${base}/payments`, manager, payment)).statusCode).toBe(404);
    // A loan named under another owner's path is not found either.
    expect((await call('GET', `backoffice/owners/3/loans/${theirs.id}/payments`, admin)).statusCode).toBe(
      404,
    );
    for (const token of [investor, lender]) {
      expect((await call('GET', `${base}/payments`, token)).statusCode).toBe(403);
      expect((await call('DELETE', base, token)).statusCode).toBe(403);
    }

    const listed = (await call('GET', `${base}/payments`, admin)).json();
    expect(listed.items.length).toBeGreaterThan(0);
    const [latest] = listed.items;
    const url = `${base}/payments/${latest.id}`;
    expect((await call('PUT', url, admin, { yearMonth: latest.yearMonth, amount: 45_001 })).statusCode).toBe(
      200,
    );
    expect((await call('GET', `${base}/payments`, admin)).json().items[0].amount).toBe(45_001);
    expect(
      (await call('PUT', url, admin, { yearMonth: latest.yearMonth, amount: latest.amount })).statusCode,
    ).toBe(200);
  });

  it("refuses bad input with 400 in the user's language; a term is a month (yyyymm)", async () => {
    const { id } = await loanOf(3);
    const base = `backoffice/owners/3/loans/${id}`;
    for (const bad of [
      { termYearMonth: 36 },
      { termYearMonth: 202613 },
      { termYearMonth: 202601, issuedAt: '2026-03-10' },
      { amount: 0 },
      { locationId: 999_999 },
    ]) {
      const response = await call('PUT', base, manager, { ...loan, ...bad });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const english = await t.request({
      method: 'POST',
      url: `/api/v1/${base}/payments`,
      token: manager,
      headers: { cookie: 'cookieLocale=en' },
      payload: { yearMonth: 36, amount: -1 },
    });
    expect(english.statusCode).toBe(400);
    expect(english.json().error.message).toMatch(/[a-z]/i);
    expect(english.json().error.message).not.toMatch(/[а-я]/i);
    // The lender's statistics carry the term as yyyymm.
    const stats = (await call('GET', 'lender-income/statistics?location=1', lender)).json();
    expect(stats.loanTermYearMonth).toBe(202702);
  });
});
