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
    await t.close();
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
      headers: { 'accept-language': 'en' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Invalid value');
  });

  it('receives a new request from an owner and moves it forward only, done with a comment, audited', async () => {
    const sent = await t.request({
      method: 'POST',
      url: '/api/v1/users/send-change-data-request',
      token: investor,
      payload: { kind: 'bank_details', message: 'Новый счёт 40817810000000000001' },
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
      payload: { link: token, password: 'Petrov123' },
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

    const petrov = await t.signIn('petrov@example.com', 'Petrov123');
    const actives = await t.request({ method: 'GET', url: '/api/v1/users/actives', token: petrov });
    expect(actives.json().actives.map((unit: { unitId: number }) => unit.unitId)).toEqual([1]);

    const actions = (await audit(manager)).map((entry: { action: string }) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['owner.create', 'owner.unit.add']));
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
      details: { contract_number: 'ИК-NEW-1', organization_type: 'sole_proprietor' },
    });

    const both = await t.signIn('both@example.com');
    expect((await call(manager, 'POST', 'owners/3/deactivate')).statusCode).toBe(200);
    expect(
      (await t.request({ method: 'GET', url: '/api/v1/users/data-profile', token: both })).statusCode,
    ).toBe(401);
    expect((await call(manager, 'GET', 'owners/3')).json().status).toBe('deactivated');
  });
});
