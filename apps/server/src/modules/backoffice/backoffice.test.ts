import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { startSmtpServer } from '../../test/smtp.ts';

describe('back office', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  let manager: string;
  let admin: string;
  let investor: string;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp({ SMTP_URL: smtp.url });
    [manager, admin, investor] = await Promise.all([
      t.signIn('manager@example.com'),
      t.signIn('admin@example.com'),
      t.signIn('investor@example.com'),
    ]);
  });
  afterAll(async () => {
    await t?.close();
    await smtp.close();
  });

  const call = (
    token: string,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.request({ method, url: `/api/v1/backoffice/${url}`, token, ...(payload ? { payload } : {}) });
  const audit = async (token: string) => (await call(token, 'GET', 'audit?pageSize=100')).json().items;

  it('is closed to owners (403) and to anonymous calls (401)', async () => {
    for (const url of ['me', 'requests', 'owners', 'owners/1', 'audit', 'catalogue']) {
      expect((await call(investor, 'GET', url)).statusCode).toBe(403);
      expect((await t.request({ method: 'GET', url: `/api/v1/backoffice/${url}` })).statusCode).toBe(401);
    }
    expect((await call(investor, 'PATCH', 'requests/1', { status: 'done', comment: 'x' })).statusCode).toBe(
      403,
    );
    // Refused before the body is validated: an owner learns nothing of the console's calls.
    expect((await call(investor, 'POST', 'owners', { roles: 'none' })).statusCode).toBe(403);
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/v1/backoffice/import/bookings',
          token: investor,
          headers: { 'content-type': 'text/csv' },
          payload: 'not,a,file',
        })
      ).statusCode,
    ).toBe(403);
    expect((await call(manager, 'GET', 'me')).json()).toMatchObject({ roles: ['MANAGER'], managerId: 1 });
  });

  it("shows a manager the requests addressed to them and an admin everyone's", async () => {
    const mine = (await call(manager, 'GET', 'requests')).json();
    expect(mine.items.length).toBeGreaterThan(0);
    expect(mine.items.every((item: { managerId: number }) => item.managerId === 1)).toBe(true);
    expect(mine.items.map((item: { kind: string }) => item.kind)).not.toContain('conversion');
    const all = (await call(admin, 'GET', 'requests')).json();
    expect(all.items.map((item: { kind: string }) => item.kind)).toContain('conversion');
    expect(all.total).toBeGreaterThan(mine.total);

    const callbacks = (await call(manager, 'GET', 'requests?kind=callback&status=new')).json();
    expect(callbacks.items).toHaveLength(1);
    expect(callbacks.items[0]).toMatchObject({ kind: 'callback', status: 'new', owner: { id: 3 } });
    const bad = await t.request({
      method: 'GET',
      url: '/api/v1/backoffice/requests?status=closed',
      token: manager,
      headers: { cookie: 'cookieLocale=en' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Invalid value');
  });

  it('receives a new request from an owner and moves it forward only, done with a comment, audited', async () => {
    const sent = await t.request({
      method: 'POST',
      url: '/api/v1/users/send-change-data-request',
      token: investor,
      payload: { kind: 'bank_details', message: 'Новый счёт 40817810000000000001', password: 'Investor1' },
    });
    const id = sent.json().requestId as number;
    const inbox = (await call(manager, 'GET', 'requests?kind=bank_details')).json();
    expect(inbox.items[0]).toMatchObject({
      id,
      status: 'new',
      owner: { id: 1, email: 'investor@example.com' },
      payload: { message: 'Новый счёт 40817810000000000001' },
    });

    const done = await call(manager, 'PATCH', `requests/${id}`, { status: 'done' });
    expect(done.statusCode).toBe(400);
    expect(done.json().error.message).toBe('Напишите комментарий к выполненной заявке');
    expect((await call(manager, 'PATCH', `requests/${id}`, { status: 'in_progress' })).statusCode).toBe(200);
    const back = await call(manager, 'PATCH', `requests/${id}`, { status: 'new' });
    expect(back.statusCode).toBe(400);
    expect(
      (await call(manager, 'PATCH', `requests/${id}`, { status: 'done', comment: 'Реквизиты обновлены' }))
        .statusCode,
    ).toBe(200);
    const after = (await call(manager, 'GET', 'requests?kind=bank_details&status=done')).json();
    expect(after.items[0]).toMatchObject({ id, status: 'done', comment: 'Реквизиты обновлены' });

    const trail = await audit(manager);
    expect(trail.slice(0, 2)).toMatchObject([
      {
        action: 'request.status',
        entityId: String(id),
        details: { from: 'in_progress', to: 'done' },
        actor: { id: 5 },
      },
      { action: 'request.status', entityId: String(id), details: { from: 'new', to: 'in_progress' } },
    ]);
  });

  it("answers 404 for a request or an owner of another manager's client", async () => {
    const all = (await call(admin, 'GET', 'requests?kind=conversion')).json();
    const foreign = all.items[0].id as number;
    expect((await call(manager, 'PATCH', `requests/${foreign}`, { status: 'in_progress' })).statusCode).toBe(
      404,
    );
    // The lender (id 2) is Sokolov's client, not this manager's.
    expect((await call(manager, 'GET', 'owners/2')).statusCode).toBe(404);
    expect((await call(admin, 'GET', 'owners/2')).statusCode).toBe(200);
    expect((await call(manager, 'GET', 'owners/5')).statusCode).toBe(404);
  });

  it('creates an owner who activates the account through the mailed link', async () => {
    const invalid = await call(manager, 'POST', 'owners', { lastName: '', firstName: 'A', roles: [] });
    expect(invalid.statusCode).toBe(400);
    const taken = await call(manager, 'POST', 'owners', {
      lastName: 'Петров',
      firstName: 'Пётр',
      email: 'investor@example.com',
      roles: ['INVESTOR'],
    });
    expect(taken.statusCode).toBe(409);

    const created = await call(manager, 'POST', 'owners', {
      lastName: 'Петров',
      firstName: 'Пётр',
      email: 'petrov@example.com',
      roles: ['INVESTOR'],
      contractNumber: 'ИК-2026/77',
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().id as number;
    const detail = (await call(manager, 'GET', `owners/${id}`)).json();
    expect(detail).toMatchObject({
      status: 'invited',
      roles: ['INVESTOR'],
      managerId: 1,
      name: 'Петров Пётр',
    });

    const mail = await smtp.waitForMail('petrov@example.com');
    const token = /\/activation\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? '';
    const activated = await t.request({
      method: 'POST',
      url: '/api/v1/users/information',
      payload: { link: token, password: 'Petrov1988Kv' },
    });
    expect(activated.statusCode).toBe(200);
    expect((await call(manager, 'GET', `owners/${id}`)).json().status).toBe('active');

    const unitless = await call(manager, 'POST', `owners/${id}/units`, {
      unitId: 999_999,
      relation: 'owner',
    });
    expect(unitless.statusCode).toBe(400);
    expect(
      (
        await call(manager, 'POST', `owners/${id}/units`, {
          unitId: 1,
          relation: 'owner',
          invested: 1_500_000,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await call(manager, 'POST', `owners/${id}/units`, { unitId: 1, relation: 'owner' })).statusCode,
    ).toBe(409);
    const withUnit = (await call(manager, 'GET', `owners/${id}`)).json();
    expect(withUnit.units).toMatchObject([{ unitId: 1, relation: 'owner', invested: 1_500_000 }]);

    const petrov = await t.signIn('petrov@example.com', 'Petrov1988Kv');
    const actives = await t.request({ method: 'GET', url: '/api/v1/users/actives', token: petrov });
    expect(actives.json().actives.map((unit: { unitId: number }) => unit.unitId)).toEqual([1]);

    const actions = (await audit(manager)).map((entry: { action: string }) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['owner.create', 'owner.unit.add']));
  });

  const ownerData = async (id: number) => {
    const owner = (await call(admin, 'GET', `owners/${id}`)).json();
    return {
      lastName: owner.lastName,
      firstName: owner.firstName,
      middleName: owner.middleName,
      email: owner.email,
      phone: owner.phone,
      roles: owner.roles,
    };
  };

  it("applies a client's change-of-data request in the same save as the card, or leaves it open", async () => {
    const own = (await call(manager, 'GET', 'requests?ownerId=1')).json();
    expect(own.items.length).toBeGreaterThan(0);
    expect(own.items.every((item: { owner: { id: number } }) => item.owner.id === 1)).toBe(true);
    const request = own.items.find((item: { kind: string; status: string }) => item.kind === 'change_data');
    expect(request).toMatchObject({ status: 'new' });
    const data = await ownerData(1);
    const statusOf = async () =>
      (await call(manager, 'GET', 'requests?ownerId=1&kind=change_data')).json().items[0].status;

    // A save that fails (another owner's e-mail) or has no comment leaves the request as it was.
    const taken = await call(manager, 'PUT', 'owners/1', {
      ...data,
      email: 'lender@example.com',
      requestId: request.id,
      requestComment: 'Адрес обновлён',
    });
    expect(taken.statusCode).toBe(409);
    const noComment = await call(manager, 'PUT', 'owners/1', {
      ...data,
      middleName: 'Андреевна',
      requestId: request.id,
    });
    expect(noComment.statusCode).toBe(400);
    expect(noComment.json().error.fields).toEqual({
      requestComment: 'Напишите комментарий к выполненной заявке',
    });
    expect((await call(manager, 'GET', 'owners/1')).json().middleName).toBe(data.middleName);
    expect(await statusOf()).toBe('new');
    // Only this owner's change-of-data requests: a callback of another client is refused.
    const callback = (await call(manager, 'GET', 'requests?kind=callback')).json().items[0];
    const foreign = await call(manager, 'PUT', 'owners/1', {
      ...data,
      requestId: callback.id,
      requestComment: 'x',
    });
    expect(foreign.statusCode).toBe(400);
    expect(Object.keys(foreign.json().error.fields)).toEqual(['requestId']);

    const applied = await call(manager, 'PUT', 'owners/1', {
      ...data,
      middleName: 'Андреевна',
      requestId: request.id,
      requestComment: 'Отчество исправлено',
    });
    expect(applied.statusCode).toBe(200);
    expect((await call(manager, 'GET', 'owners/1')).json().middleName).toBe('Андреевна');
    const done = (await call(manager, 'GET', 'requests?ownerId=1&kind=change_data')).json().items[0];
    expect(done).toMatchObject({ id: request.id, status: 'done', comment: 'Отчество исправлено' });
    expect((await audit(manager)).slice(0, 2)).toMatchObject([
      {
        action: 'request.status',
        entityId: String(request.id),
        details: { from: 'new', to: 'done', applied: true },
      },
      {
        action: 'owner.update',
        entityId: '1',
        details: { changes: { middle_name: { to: 'Андреевна' } }, requestId: request.id },
      },
    ]);
    const again = await call(manager, 'PUT', 'owners/1', {
      ...data,
      requestId: request.id,
      requestComment: 'x',
    });
    expect(again.statusCode).toBe(400);
  });

  it("saves a company's bank details applying its request, audited without the numbers; an individual has none", async () => {
    const details = {
      inn: '7701234567',
      kpp: '770101001',
      ogrn: '1027700000001',
      bik: '044525225',
      bankName: 'ПАО «Банк»',
      paymentAccount: '40702810000000000099',
      jurAddress: 'Москва, Тверская ул., 1',
      address: 'Москва, Тверская ул., 1',
    };
    const company = await t.signIn('both@example.com');
    const sent = await t.request({
      method: 'POST',
      url: '/api/v1/users/send-change-data-request',
      token: company,
      payload: { kind: 'bank_details', message: 'Новый счёт 40702810000000000099', password: 'Both1234' },
    });
    const requestId = sent.json().requestId as number;
    const save = (token: string, ownerId: number, body: object) =>
      call(token, 'PUT', `owners/${ownerId}/bank-details`, body);

    const bad = await save(manager, 3, { ...details, inn: '12', paymentAccount: '4070' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      inn: 'ИНН — 10 или 12 цифр',
      paymentAccount: 'Расчётный счёт — 20 цифр',
    });
    const noKpp = await save(manager, 3, { ...details, kpp: null });
    expect(noKpp.statusCode).toBe(400);
    expect(Object.keys(noKpp.json().error.fields)).toEqual(['kpp']);
    const individual = await save(manager, 1, details);
    expect(individual.statusCode).toBe(400);
    expect(individual.json().error.message).toBe('У физического лица нет реквизитов в кабинете');
    expect((await save(manager, 2, details)).statusCode).toBe(404);
    expect((await call(manager, 'GET', 'owners/3')).json().bankDetails.paymentAccount).not.toBe(
      details.paymentAccount,
    );

    const applied = await save(manager, 3, { ...details, requestId, requestComment: 'Реквизиты обновлены' });
    expect(applied.statusCode).toBe(200);
    expect((await call(manager, 'GET', 'owners/3')).json().bankDetails).toEqual(details);
    const profile = await t.request({ method: 'GET', url: '/api/v1/users/data-profile', token: company });
    expect(profile.json().bankDetails).toEqual(details);
    const trail = await audit(manager);
    expect(trail.slice(0, 2)).toMatchObject([
      { action: 'request.status', entityId: String(requestId), details: { to: 'done', applied: true } },
      { action: 'owner.bankDetails', entityId: '3', details: { requestId } },
    ]);
    expect(trail[1].details.changed).toContain('payment_account');
    expect(JSON.stringify(trail[1].details)).not.toContain(details.paymentAccount);

    // A sole proprietor keeps no KPP or legal address.
    const sole = await save(admin, 2, { ...details, inn: '770123456789', ogrn: '304770000000001' });
    expect(sole.statusCode).toBe(200);
    expect((await call(admin, 'GET', 'owners/2')).json().bankDetails).toMatchObject({
      inn: '770123456789',
      kpp: null,
      jurAddress: null,
    });
  });

  it('lets an admin assign a client to any manager, audited; a manager keeps own clients', async () => {
    const data = await ownerData(1);
    const unknown = await call(admin, 'PUT', 'owners/1', { ...data, managerId: 999_999 });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().error.fields)).toEqual(['managerId']);
    expect((await call(admin, 'PUT', 'owners/1', { ...data, managerId: 2 })).statusCode).toBe(200);
    expect((await audit(admin))[0]).toMatchObject({
      action: 'owner.update',
      actor: { email: 'admin@example.com' },
      details: { changes: { manager_id: { from: 1, to: 2 } } },
      // The log names the client the change was about.
      entity: 'user',
      entityId: '1',
      entityName: [data.lastName, data.firstName, data.middleName].filter(Boolean).join(' '),
    });
    // Now Sokolov's client: out of this manager's sight, and the admin's to edit still.
    expect((await call(manager, 'GET', 'owners/1')).statusCode).toBe(404);
    expect((await call(manager, 'PUT', 'owners/1', data)).statusCode).toBe(404);
    expect((await call(admin, 'PUT', 'owners/1', { ...data, managerId: 1 })).statusCode).toBe(200);
    // A manager's save cannot hand the client to someone else.
    expect((await call(manager, 'PUT', 'owners/1', { ...data, managerId: 2 })).statusCode).toBe(200);
    expect((await call(manager, 'GET', 'owners/1')).json().managerId).toBe(1);
  });

  it('adds loans of a client, validated and audited', async () => {
    const loan = {
      locationId: 1,
      amount: 3_000_000,
      issuedAt: '2026-01-15',
      termYearMonth: 202901,
      ratePercent: 14,
    };
    for (const bad of [
      { termYearMonth: 36 },
      { amount: 0 },
      { issuedAt: '15.01.2026' },
      { locationId: 999_999 },
      { ratePercent: 101 },
    ]) {
      expect((await call(manager, 'POST', 'owners/1/loans', { ...loan, ...bad })).statusCode).toBe(400);
    }
    expect((await call(manager, 'POST', 'owners/2/loans', loan)).statusCode).toBe(404);
    expect((await call(investor, 'POST', 'owners/1/loans', loan)).statusCode).toBe(403);
    const before = (await call(manager, 'GET', 'owners/1')).json();
    expect((await call(manager, 'POST', 'owners/1/loans', loan)).statusCode).toBe(200);
    const withLoan = (await call(manager, 'GET', 'owners/1')).json();
    expect(withLoan.loans).toHaveLength(before.loans.length + 1);
    expect(withLoan.loans).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ locationId: 1, amount: 3_000_000, ratePercent: 14 }),
      ]),
    );

    expect((await audit(manager))[0]).toMatchObject({
      action: 'owner.loan.add',
      details: { amount: 3_000_000 },
    });
  });

  it("applies a requested change of data and deactivates an account, ending the owner's sessions", async () => {
    const owner = (await call(manager, 'GET', 'owners/1')).json();
    const saved = await call(manager, 'PUT', 'owners/1', {
      lastName: owner.lastName,
      firstName: owner.firstName,
      middleName: owner.middleName,
      email: owner.email,
      phone: owner.phone,
      contractNumber: 'ИК-NEW-1',
      organizationType: 'sole_proprietor',
      roles: owner.roles,
    });
    expect(saved.statusCode).toBe(200);
    const profile = await t.request({ method: 'GET', url: '/api/v1/users/data-profile', token: investor });
    expect(JSON.stringify(profile.json())).toContain('ИК-NEW-1');
    const trail = await audit(manager);
    expect(trail[0]).toMatchObject({
      action: 'owner.update',
      entityId: '1',
      details: {
        changes: {
          contract_number: { to: 'ИК-NEW-1' },
          organization_type: { to: 'sole_proprietor' },
        },
      },
    });

    const both = await t.signIn('both@example.com');
    expect((await call(manager, 'POST', 'owners/3/deactivate')).statusCode).toBe(200);
    expect(
      (await t.request({ method: 'GET', url: '/api/v1/users/data-profile', token: both })).statusCode,
    ).toBe(401);
    expect((await call(manager, 'GET', 'owners/3')).json().status).toBe('deactivated');
  });
});
