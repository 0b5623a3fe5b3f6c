import type { RequestKindCode } from '@portal/contract/requests';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../demo/accounts.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { REQUEST_LIMITS } from './service.ts';

/**
 * Owners' requests to their manager are limited per user, and the console's scope
 * (imports, the requests inbox) follows the manager's current clients.
 */
describe('requests to the manager and the back-office scope', () => {
  let t: TestApp;
  let investor: string;
  let lender: string;
  let manager: string;
  let admin: string;
  /** A second manager's account: managers row 2 (Дмитрий Соколов), whose client the lender (user 2) is. */
  let second: string;
  const SECOND_LOGIN = 'sokolov@example.com';

  beforeAll(async () => {
    t = await startTestApp();
    const db = t.ctx.database.db;
    const managerAccount = DEMO_ACCOUNTS.find((account) => account.login === 'manager@example.com');
    if (!managerAccount) throw new Error('no demo manager');
    const user = await db
      .insertInto('users')
      .values({
        email: SECOND_LOGIN,
        phone: '+79990000099',
        password_hash: managerAccount.passwordHash,
        is_active: true,
        last_name: 'Соколов',
        first_name: 'Дмитрий',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('user_roles').values({ user_id: user.id, role: 'MANAGER' }).execute();
    await db.updateTable('managers').set({ user_id: user.id }).where('id', '=', 2).execute();
    [investor, lender, manager, admin, second] = await Promise.all([
      t.signIn('investor@example.com'),
      t.signIn('lender@example.com'),
      t.signIn('manager@example.com'),
      t.signIn('admin@example.com'),
      t.signIn(SECOND_LOGIN, managerAccount.password),
    ]);
  });
  afterAll(() => t?.close());

  const ask = (token: string, question: string, locale = 'ru') =>
    t.request({
      method: 'POST',
      url: '/api/v1/faq/send-question',
      token,
      headers: { cookie: `cookieLocale=${locale}` },
      payload: { question },
    });
  const requestCount = async (userId: number, kind: RequestKindCode) =>
    Number(
      (
        await t.ctx.database.db
          .selectFrom('requests')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', userId)
          .where('kind', '=', kind)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('limits the questions a user sends: 429 with Retry-After and a message in their language', async () => {
    const before = await requestCount(1, 'faq_question');
    for (let i = 0; i < REQUEST_LIMITS.perKind.limit; i += 1) {
      expect((await ask(investor, `Вопрос ${i}`)).statusCode).toBe(200);
    }
    const refused = await ask(investor, 'Ещё один вопрос');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(refused.json().error).toMatchObject({
      code: 'rate_limited',
      message: 'Слишком много обращений к менеджеру. Повторите позже.',
    });
    const english = await ask(investor, 'One more', 'en');
    expect(english.statusCode).toBe(429);
    expect(english.json().error.message).toBe('Too many requests to your manager. Try again later.');
    // Refused questions are not stored (nor mailed: the request and its mail are one transaction).
    expect(await requestCount(1, 'faq_question')).toBe(before + REQUEST_LIMITS.perKind.limit);
    // Another user is not held back by this one.
    expect((await ask(lender, 'Вопрос займодателя')).statusCode).toBe(200);
  });

  /** The manager completes the user's open requests of a kind, so the next one is no duplicate. */
  const complete = (userId: number, kind: RequestKindCode) =>
    t.ctx.database.db
      .updateTable('requests')
      .set({ status: 'done', manager_comment: 'Готово' })
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .execute();

  it('limits every kind of request: callbacks, buy requests, change requests, conversion', async () => {
    const callback = () =>
      t.request({
        method: 'POST',
        url: '/api/v1/suggestions/booking',
        token: lender,
        payload: { phone: '+79990000002' },
      });
    // One callback is open at a time: each is completed before the next is asked for.
    for (let i = 0; i < REQUEST_LIMITS.perKind.limit; i += 1) {
      await complete(2, 'callback');
      expect((await callback()).statusCode).toBe(200);
    }
    await complete(2, 'callback');
    expect((await callback()).statusCode).toBe(429);

    const change = () =>
      t.request({
        method: 'POST',
        url: '/api/v1/users/send-change-data-request',
        token: lender,
        payload: { kind: 'base_data', message: 'Новый адрес регистрации' },
      });
    for (let i = 0; i < REQUEST_LIMITS.perKind.limit; i += 1) expect((await change()).statusCode).toBe(200);
    const refused = await change();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();

    // Over all kinds together: the per-user ceiling holds whatever the kind (every attempt counts, refused ones too).
    const conversion = async () => {
      await complete(2, 'conversion');
      return t.request({
        method: 'POST',
        url: '/api/v1/lender-income/send-conversion-request',
        token: lender,
      });
    };
    const statuses: number[] = [];
    for (let i = 0; i < REQUEST_LIMITS.perKind.limit; i += 1) statuses.push((await conversion()).statusCode);
    const sent = 1 + 2 * (REQUEST_LIMITS.perKind.limit + 1);
    expect(statuses.filter((status) => status === 200)).toHaveLength(REQUEST_LIMITS.perUser.limit - sent);
    expect(statuses.at(-1)).toBe(429);
  });

  it("keeps one open request a thing: a duplicate is 409 in the user's language until the manager completes it", async () => {
    const demo = await t.signIn('demo@example.com');
    const demoId = Number(
      (
        await t.ctx.database.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'demo@example.com')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const call = (
      method: 'GET' | 'POST' | 'PATCH',
      url: string,
      token: string,
      payload?: object,
      locale = 'ru',
    ) =>
      t.request({
        method,
        url: `/api/v1/${url}`,
        token,
        headers: { cookie: `cookieLocale=${locale}` },
        ...(payload ? { payload } : {}),
      });
    const open = async (token: string) =>
      (await call('GET', 'users/open-requests', token)).json().requests as Array<{
        id: number;
        kind: string;
        subject: string;
        status: string;
      }>;
    const stored = async () =>
      Number((await requestCount(demoId, 'document')) + (await requestCount(demoId, 'buy_lot')));

    expect(await open(demo)).toEqual([]);
    const askDocument = (category: number, locale = 'ru') =>
      call('POST', 'user-document/send-document-request', demo, { category, comment: 'Для банка' }, locale);
    const first = await askDocument(372382);
    expect(first.statusCode).toBe(200);
    const requestId = first.json().requestId as number;
    const outbox = await t.ctx.database.db.selectFrom('outbox').select('id').execute();
    const before = await stored();

    const again = await askDocument(372382);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'conflict',
      message: 'Заявка уже отправлена, менеджер работает с ней. Новую можно отправить, когда он её закроет.',
    });
    expect((await askDocument(372382, 'en')).json().error.message).toBe(
      'The request has already been sent and your manager is working on it. You can send a new one once it is closed.',
    );
    // Another category is another thing.
    expect((await askDocument(2)).statusCode).toBe(200);

    // A lot: once, whoever sells it; two at the same moment store one.
    const lots = (await call('GET', 'sale-unit/get-sale-units', demo)).json().lots as Array<{
      investor_id: number;
      unit_id: number;
      isOwn: boolean;
    }>;
    const lot = lots.find((item) => !item.isOwn && item.investor_id !== 0);
    if (!lot) throw new Error('no lot of another investor');
    const buy = () =>
      call('POST', 'sale-unit/send-buy-request', demo, {
        owner_investor_id: lot.investor_id,
        unit_id: lot.unit_id,
      });
    const both = await Promise.all([buy(), buy()]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect((await buy()).statusCode).toBe(409);

    // Refused duplicates are neither stored nor mailed.
    expect(await stored()).toBe(before + 2);
    expect((await t.ctx.database.db.selectFrom('outbox').select('id').execute()).length).toBe(
      outbox.length + 2,
    );

    const listed = await open(demo);
    expect(listed.map(({ kind, subject, status }) => ({ kind, subject, status }))).toEqual(
      expect.arrayContaining([
        { kind: 'document', subject: '372382', status: 'new' },
        { kind: 'document', subject: '2', status: 'new' },
        { kind: 'buy_lot', subject: `${lot.investor_id}:${lot.unit_id}`, status: 'new' },
      ]),
    );
    expect(listed).toHaveLength(3);
    // Each user reads their own.
    const lenderOpen = await open(lender);
    expect(lenderOpen.some((item) => listed.some((mine) => mine.id === item.id))).toBe(false);
    expect((await t.request({ method: 'GET', url: '/api/v1/users/open-requests' })).statusCode).toBe(401);

    // In progress it is still open; done, it leaves the list and a new one may be sent.
    expect(
      (await call('PATCH', `backoffice/requests/${requestId}`, admin, { status: 'in_progress' })).statusCode,
    ).toBe(200);
    expect((await open(demo)).find((item) => item.id === requestId)?.status).toBe('in_progress');
    expect((await askDocument(372382)).statusCode).toBe(409);
    expect(
      (
        await call('PATCH', `backoffice/requests/${requestId}`, admin, {
          status: 'done',
          comment: 'Загрузили',
        })
      ).statusCode,
    ).toBe(200);
    expect((await open(demo)).some((item) => item.id === requestId)).toBe(false);
    expect((await askDocument(372382)).statusCode).toBe(200);

    // Requests in the owner's own words are never duplicates.
    const question = () => call('POST', 'faq/send-question', demo, { question: 'Когда выплата?' });
    expect((await question()).statusCode).toBe(200);
    expect((await question()).statusCode).toBe(200);
  });

  const upload = (token: string, kind: string, csv: string) =>
    t.request({
      method: 'POST',
      url: `/api/v1/backoffice/import/${kind}`,
      token,
      headers: { 'content-type': 'text/csv', 'x-file-name': 'file.csv' },
      payload: csv,
    });

  it("refuses import rows about another manager's clients, without telling who owns what", async () => {
    const db = t.ctx.database.db;
    const owned = await db
      .selectFrom('user_units')
      .select(['unit_id'])
      .where('user_id', '=', 1)
      .where('relation', '=', 'owner')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const notOwned = await db
      .selectFrom('units')
      .select('id')
      .where('id', 'not in', db.selectFrom('user_units').select('unit_id').where('user_id', '=', 1))
      .orderBy('id')
      .executeTakeFirstOrThrow();
    // The investor (user 1) is manager 1's client. The second manager writes neither the unit the investor owns
    // nor probes one they do not: both rows get the same answer, naming the row and the column only.
    const incomes = `userId,unitId,month,amount\n1,${owned.unit_id},2031-01,45000\n1,${notOwned.id},2031-01,100\n`;
    const refused = await upload(second, 'incomes', incomes);
    expect(refused.statusCode).toBe(200);
    const report = refused.json();
    expect(report).toMatchObject({ applied: false, accepted: 0, rejected: 2 });
    expect(report.problems).toEqual([
      { row: 1, field: 'userId', message: 'строка не относится к вашим клиентам' },
      { row: 2, field: 'userId', message: 'строка не относится к вашим клиентам' },
    ]);
    expect(JSON.stringify(report)).not.toMatch(/Иванов|investor@|не принадлежит/);
    // Skipping the bad rows writes nothing of them either.
    const skipped = await t.request({
      method: 'POST',
      url: '/api/v1/backoffice/import/incomes?skipInvalid=true',
      token: second,
      headers: { 'content-type': 'text/csv' },
      payload: incomes,
    });
    expect(skipped.json()).toMatchObject({ inserted: 0, updated: 0 });

    // Rows that name a unit the investor holds: bookings, inventory, the unit's timeline.
    const bookings = `externalId,unitId,startsAt,endsAt,status,guests,sourceId,paid,sum\nx-1,${owned.unit_id},2031-03-01T14:00:00+03:00,2031-03-02T12:00:00+03:00,new,1,,0,100\n`;
    expect((await upload(second, 'bookings', bookings)).json()).toMatchObject({
      applied: false,
      problems: [{ row: 1, field: 'unitId', message: 'строка не относится к вашим клиентам' }],
    });
    const inventory = `unitId,invNumber,name,nameEn,cost,status,date,spaceId,spaceName,spaceNameEn\n${owned.unit_id},ИН-Z,Стол,Table,100,true,,1,Кухня,Kitchen\n`;
    expect((await upload(second, 'inventory', inventory)).json()).toMatchObject({
      applied: false,
      problems: [{ row: 1, field: 'unitId' }],
    });
    // The investor's own manager and an admin import them.
    expect((await upload(manager, 'bookings', bookings)).json()).toMatchObject({
      applied: true,
      inserted: 1,
    });
    expect((await upload(admin, 'incomes', incomes.split('\n').slice(0, 2).join('\n'))).json()).toMatchObject(
      {
        applied: true,
        inserted: 1,
      },
    );
    // Text the database cannot store (a NUL escaped in JSON) is a refused row, not a failed import.
    const nul = JSON.stringify([
      {
        externalId: 'x-\u0000',
        unitId: owned.unit_id,
        startsAt: '2031-03-01T14:00:00+03:00',
        endsAt: '2031-03-02T12:00:00+03:00',
        status: 'new',
        guests: 1,
        paid: 0,
        sum: 100,
      },
    ]);
    const nulReport = await t.request({
      method: 'POST',
      url: '/api/v1/backoffice/import/bookings',
      token: admin,
      headers: { 'content-type': 'application/json' },
      payload: nul,
    });
    expect(nulReport.statusCode).toBe(200);
    expect(nulReport.json()).toMatchObject({ applied: false, problems: [{ row: 1, field: 'row' }] });
  });

  it("moves a client's requests to the new manager: the old one no longer reads or changes them", async () => {
    const both = await t.signIn('both@example.com');
    const sent = await ask(both, 'Когда выплата?');
    const id = sent.json().requestId as number;
    const inbox = async (token: string) =>
      (await t.request({ method: 'GET', url: '/api/v1/backoffice/requests?pageSize=100', token })).json()
        .items as Array<{ id: number; owner: { id: number } }>;
    expect((await inbox(manager)).map((item) => item.id)).toContain(id);
    expect((await inbox(second)).map((item) => item.id)).not.toContain(id);

    // The admin hands the client (user 3) to the second manager.
    const card = (
      await t.request({ method: 'GET', url: '/api/v1/backoffice/owners/3', token: admin })
    ).json();
    const moved = await t.request({
      method: 'PUT',
      url: '/api/v1/backoffice/owners/3',
      token: admin,
      payload: {
        lastName: card.lastName,
        firstName: card.firstName,
        middleName: card.middleName,
        email: card.email,
        phone: card.phone,
        contractNumber: card.contractNumber,
        contractDate: card.contractDate,
        organizationType: card.organizationType,
        locale: card.locale,
        roles: card.roles,
        managerId: 2,
      },
    });
    expect(moved.statusCode).toBe(200);

    const mine = await inbox(second);
    expect(mine.map((item) => item.id)).toContain(id);
    expect(mine.filter((item) => item.owner.id === 3).length).toBeGreaterThan(1);
    expect((await inbox(manager)).some((item) => item.owner.id === 3)).toBe(false);
    const patch = (token: string) =>
      t.request({
        method: 'PATCH',
        url: `/api/v1/backoffice/requests/${id}`,
        token,
        payload: { status: 'in_progress' },
      });
    expect((await patch(manager)).statusCode).toBe(404);
    expect((await patch(second)).statusCode).toBe(200);
    const stored = await t.ctx.database.db
      .selectFrom('requests')
      .select('manager_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.manager_id)).toBe(2);
    // And the import scope moved with the client.
    const owned = await t.ctx.database.db
      .selectFrom('user_units')
      .select('unit_id')
      .where('user_id', '=', 3)
      .executeTakeFirstOrThrow();
    const csv = `userId,unitId,month,amount\n3,${owned.unit_id},2031-02,100\n`;
    expect((await upload(manager, 'incomes', csv)).json()).toMatchObject({ applied: false });
    expect((await upload(second, 'incomes', csv)).json()).toMatchObject({ applied: true, inserted: 1 });
  });
});
