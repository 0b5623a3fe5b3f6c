import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { startSmtpServer } from '../../test/smtp.ts';

type Member = {
  id: number;
  managerId: number | null;
  name: string;
  nameEn: string;
  email: string | null;
  roles: string[];
  status: string;
  isDefault: boolean;
  clientCount: number;
};

describe('staff in the console', () => {
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
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    t.request({ method, url: `/api/v1/backoffice/${url}`, token, headers, ...(payload ? { payload } : {}) });
  const list = async (): Promise<Member[]> => (await call(admin, 'GET', 'staff')).json().items;
  const byEmail = async (email: string) => {
    const member = (await list()).find((item) => item.email === email);
    if (!member) throw new Error(`${email} is not listed`);
    return member;
  };
  const auditActions = async () =>
    (await call(admin, 'GET', 'audit?pageSize=100'))
      .json()
      .items.map((item: { action: string; entityId: string }) => `${item.action}:${item.entityId}`);
  const newManager = {
    name: 'Пётр Орлов',
    nameEn: 'Petr Orlov',
    email: 'orlov@example.com',
    phone: '+7 (999) 555-44-33',
    role: 'MANAGER',
  };

  it('is for admins only: a manager and an owner get 403 before the body is read, anonymous 401', async () => {
    for (const token of [manager, investor]) {
      expect((await call(token, 'GET', 'staff')).statusCode).toBe(403);
      expect((await call(token, 'POST', 'staff', { role: 'nobody' })).statusCode).toBe(403);
      expect((await call(token, 'PUT', 'staff/5', newManager)).statusCode).toBe(403);
      expect((await call(token, 'POST', 'staff/5/deactivate', {})).statusCode).toBe(403);
      expect((await call(token, 'POST', 'staff/5/reactivate')).statusCode).toBe(403);
    }
    expect((await t.request({ method: 'GET', url: '/api/v1/backoffice/staff' })).statusCode).toBe(401);
  });

  it('lists managers and admins with their roles, status, default flag and number of clients', async () => {
    const items = await list();
    const demoManager = items.find((item) => item.email === 'manager@example.com');
    expect(demoManager).toMatchObject({
      id: 5,
      managerId: 1,
      name: 'Ольга Белова',
      nameEn: 'Olga Belova',
      roles: ['MANAGER'],
      status: 'active',
      isDefault: true,
    });
    expect(demoManager?.clientCount).toBeGreaterThanOrEqual(3);
    expect(items.find((item) => item.email === 'admin@example.com')).toMatchObject({
      id: 7,
      roles: ['ADMIN'],
      status: 'active',
      clientCount: 0,
    });
    // Owners are not staff.
    expect(items.map((item) => item.email)).not.toContain('investor@example.com');
  });

  it('refuses bad input with 400 in the user language and creates nothing', async () => {
    const before = (await list()).length;
    const bad = await call(
      admin,
      'POST',
      'staff',
      { ...newManager, email: 'not-an-email', phone: '12345', role: 'OWNER' },
      { cookie: 'cookieLocale=en' },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      email: "This doesn't look like an email address.",
      phone: 'Invalid phone number.',
      role: 'Invalid value',
    });
    const noName = await call(admin, 'POST', 'staff', { ...newManager, name: ' ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.fields.name).toBe('Обязательное поле');
    const adminDefault = await call(admin, 'POST', 'staff', {
      ...newManager,
      role: 'ADMIN',
      isDefault: true,
    });
    expect(adminDefault.statusCode).toBe(400);
    expect((await call(admin, 'POST', 'staff/abc/deactivate', {})).statusCode).toBe(400);
    expect((await list()).length).toBe(before);
  });

  it('creates a manager who activates the mailed link, signs in to the console; taken contacts are refused', async () => {
    const created = await call(admin, 'POST', 'staff', newManager);
    expect(created.statusCode).toBe(200);
    const id = created.json().id as number;
    expect(await byEmail('orlov@example.com')).toMatchObject({
      id,
      name: 'Пётр Орлов',
      nameEn: 'Petr Orlov',
      roles: ['MANAGER'],
      status: 'invited',
      isDefault: false,
      clientCount: 0,
    });
    expect(await auditActions()).toContain(`staff.create:${id}`);

    const mail = await smtp.waitForMail('orlov@example.com');
    const link = /\/activation\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? '';
    const activated = await t.request({
      method: 'POST',
      url: '/api/v1/users/information',
      payload: { link, password: 'Orlov1988Kvx' },
    });
    expect(activated.statusCode).toBe(200);
    expect(activated.json().staffRoles).toEqual(['MANAGER']);
    const orlov = await t.signIn('orlov@example.com', 'Orlov1988Kvx');
    expect((await call(orlov, 'GET', 'me')).json()).toMatchObject({ userId: id, roles: ['MANAGER'] });
    expect((await byEmail('orlov@example.com')).status).toBe('active');

    const taken = await call(admin, 'POST', 'staff', { ...newManager, phone: '+79995554400' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields.email).toBeDefined();
    const phoneTaken = await call(admin, 'POST', 'staff', {
      ...newManager,
      email: 'other@example.com',
      phone: '+79990000001',
    });
    expect(phoneTaken.statusCode).toBe(409);
  });

  it('edits names, contacts and role; the default flag moves and is never just dropped; unknown ids are 404', async () => {
    const orlov = await byEmail('orlov@example.com');
    const saved = await call(admin, 'PUT', `staff/${orlov.id}`, {
      ...newManager,
      name: 'Пётр Орлов-Старший',
      nameEn: '',
      phone: '+79995554434',
    });
    expect(saved.statusCode).toBe(200);
    expect(await byEmail('orlov@example.com')).toMatchObject({
      name: 'Пётр Орлов-Старший',
      nameEn: 'Пётр Орлов-Старший',
    });
    expect(await auditActions()).toContain(`staff.update:${orlov.id}`);

    const demoManager = await byEmail('manager@example.com');
    const dropDefault = await call(
      admin,
      'PUT',
      `staff/${demoManager.id}`,
      {
        name: 'Ольга Белова',
        email: 'manager@example.com',
        phone: '+79990000005',
        role: 'MANAGER',
        isDefault: false,
      },
      { cookie: 'cookieLocale=en' },
    );
    expect(dropDefault.statusCode).toBe(400);
    expect(dropDefault.json().error.message).toBe('Make another manager the default one first');

    const ownRole = await call(admin, 'PUT', 'staff/7', {
      name: 'Игорь Кравцов',
      email: 'admin@example.com',
      phone: '+79990000007',
      role: 'MANAGER',
    });
    expect(ownRole.statusCode).toBe(400);

    expect((await call(admin, 'PUT', 'staff/999999', newManager)).statusCode).toBe(404);
    // An owner is not a staff member either.
    expect((await call(admin, 'PUT', 'staff/1', newManager)).statusCode).toBe(404);
    expect((await call(admin, 'POST', 'staff/999999/deactivate', {})).statusCode).toBe(404);
    expect((await call(admin, 'POST', 'staff/999999/reactivate')).statusCode).toBe(404);
  });

  it('deactivates a manager: clients and open requests go to the chosen manager in one step, sessions end', async () => {
    const demoManager = await byEmail('manager@example.com');
    const orlov = await byEmail('orlov@example.com');
    const db = t.ctx.database.db;
    const clientsBefore = demoManager.clientCount;
    const openBefore = await db
      .selectFrom('requests')
      .select('id')
      .where('manager_id', '=', 1)
      .where('status', '!=', 'done')
      .execute();
    expect(openBefore.length).toBeGreaterThan(0);

    const noTarget = await call(admin, 'POST', `staff/${demoManager.id}/deactivate`, {});
    expect(noTarget.statusCode).toBe(400);
    expect(noTarget.json().error.fields.managerId).toBeDefined();
    const toSelf = await call(admin, 'POST', `staff/${demoManager.id}/deactivate`, {
      managerId: 1,
      defaultManagerId: orlov.managerId,
    });
    expect(toSelf.statusCode).toBe(400);
    // Manager 2 of the demo has no account: nobody could work with the clients.
    const toNobody = await call(admin, 'POST', `staff/${demoManager.id}/deactivate`, {
      managerId: 2,
      defaultManagerId: orlov.managerId,
    });
    expect(toNobody.statusCode).toBe(400);
    const noDefault = await call(admin, 'POST', `staff/${demoManager.id}/deactivate`, {
      managerId: orlov.managerId,
    });
    expect(noDefault.statusCode).toBe(400);
    expect(noDefault.json().error.fields.defaultManagerId).toBeDefined();
    expect((await call(admin, 'POST', 'staff/7/deactivate', {})).statusCode).toBe(400);
    // Nothing of the refused calls changed anything.
    expect((await byEmail('manager@example.com')).clientCount).toBe(clientsBefore);
    expect((await call(manager, 'GET', 'me')).statusCode).toBe(200);

    const done = await call(admin, 'POST', `staff/${demoManager.id}/deactivate`, {
      managerId: orlov.managerId,
      defaultManagerId: orlov.managerId,
    });
    expect(done.statusCode).toBe(200);
    expect(await byEmail('manager@example.com')).toMatchObject({
      status: 'deactivated',
      clientCount: 0,
      isDefault: false,
    });
    expect(await byEmail('orlov@example.com')).toMatchObject({ clientCount: clientsBefore, isDefault: true });
    const moved = await db
      .selectFrom('requests')
      .select('id')
      .where(
        'id',
        'in',
        openBefore.map((row) => row.id),
      )
      .where('manager_id', '=', orlov.managerId)
      .execute();
    expect(moved.length).toBe(openBefore.length);
    expect(await auditActions()).toContain(`staff.deactivate:${demoManager.id}`);
    // The console no longer offers the deactivated manager for clients.
    const managerIds = async () =>
      (await call(admin, 'GET', 'catalogue')).json().managers.map((item: { id: number }) => item.id);
    expect(await managerIds()).not.toContain(1);

    // Their token stops working at once, and the password no longer signs in.
    expect((await call(manager, 'GET', 'me')).statusCode).toBe(401);
    const signIn = await t.request({
      method: 'POST',
      url: '/api/v1/authenticate',
      payload: { login: 'manager@example.com', password: 'Manager1' },
    });
    expect(signIn.statusCode).not.toBe(200);
    expect(signIn.json().token).toBeUndefined();

    // Reactivated, the account signs in again; its clients stay with the manager who took them.
    expect((await call(admin, 'POST', `staff/${demoManager.id}/reactivate`)).statusCode).toBe(200);
    expect(await byEmail('manager@example.com')).toMatchObject({ status: 'active', clientCount: 0 });
    await t.signIn('manager@example.com');
    expect(await managerIds()).toContain(1);
    expect(await auditActions()).toContain(`staff.reactivate:${demoManager.id}`);
  });
});
