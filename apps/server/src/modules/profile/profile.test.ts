import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { solidPng } from '../../test/images.ts';
import { startSmtpServer } from '../../test/smtp.ts';

/** The start of a real JPEG: the server checks the bytes, not the name or the header. */
const JPEG = Buffer.concat([
  Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
  Buffer.alloc(64),
  Buffer.from('ffd9', 'hex'),
]);

describe('profile calls', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  let investor: string;
  let lender: string;
  let both: string;
  let demo: string;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp({ SMTP_URL: smtp.url });
    [investor, lender, both, demo] = await Promise.all([
      t.signIn('investor@example.com'),
      t.signIn('lender@example.com'),
      t.signIn('both@example.com'),
      t.signIn('demo@example.com'),
    ]);
  });
  afterAll(async () => {
    await t?.close();
    await smtp.close();
  });
  const get = (url: string, token: string) => t.request({ method: 'GET', url: `/api/v1/${url}`, token });
  const post = (url: string, token: string, payload?: object) =>
    t.request({ method: 'POST', url: `/api/v1/${url}`, token, ...(payload ? { payload } : {}) });

  it("orders the investor's locations by the fixed list and adds the coming location 666 last", async () => {
    const { locations } = (await get('users/locations', investor)).json();
    expect(locations.map((l: { id: number }) => l.id)).toEqual([1, 2, 3, 7, 666]);
    expect(locations.at(-1)).toMatchObject({ id: 666, isPlaceholder: true, roleCode: 'INVESTOR' });
    expect(locations.find((l: { id: number }) => l.id === 3)).toMatchObject({
      existsMain: true,
      existsPeriphery: false,
    });
  });

  it('gives a lender only the locations of the loans, without the placeholder', async () => {
    const { locations } = (await get('users/locations', lender)).json();
    expect(locations.map((l: { id: number; roleCode: string }) => `${l.roleCode}:${l.id}`)).toEqual([
      'LENDER:1',
      'LENDER:2',
    ]);
  });

  it('gives a user with both roles a block per role, investor first', async () => {
    const { locations } = (await get('users/locations', both)).json();
    expect(locations.map((l: { id: number; roleCode: string }) => `${l.roleCode}:${l.id}`)).toEqual([
      'INVESTOR:2',
      'INVESTOR:7',
      'INVESTOR:666',
      'LENDER:3',
    ]);
  });

  it("lists the user's own units only", async () => {
    const mine = (await get('users/actives', investor)).json().actives;
    expect(mine.map((u: { unitName: string }) => u.unitName)).toEqual([
      'Джуниор сюит №3',
      'Баня №1',
      'Джуниор сюит №5',
      'Сюит-зеркало №2',
      'Сюит №1',
    ]);
    expect((await get('users/actives', lender)).json().actives).toEqual([]);
    const cards = (await get('users/actives-info', investor)).json().actives;
    expect(cards[0]).toMatchObject({
      unit_id: 5,
      invested: 9_800_000,
      dateOfInvest: '2023-03-14',
      is_sale: false,
      capacity: 3,
      area: 36,
    });
    expect(cards.find((c: { unit_id: number }) => c.unit_id === 28)).toMatchObject({
      is_sale: true,
      salePrice: 16_900_000,
    });
  });

  it('gives the profile with its settings, bank details by organization form and the unsigned-documents flag', async () => {
    const profile = (await get('users/data-profile', investor)).json();
    expect(profile).toMatchObject({
      id: 1,
      name: 'Иванов Иван Петрович',
      organizationType: { code: 'individual', name: 'Физическое лицо' },
      bankDetails: null,
      needSign: true,
      currentRole: 'INVESTOR',
      currentLocale: 'ru',
      allLocales: ['ru', 'en'],
      managerData: { name: 'Ольга Белова', email: 'manager@example.com' },
    });
    expect(profile.allLocations).toEqual([
      { roleCode: 'INVESTOR', locations: [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 7 }, { id: 666 }] },
    ]);
    const soleProprietor = (await get('users/data-profile', lender)).json();
    expect(soleProprietor.bankDetails).toMatchObject({ inn: '772345678901', kpp: null, jurAddress: null });
    const company = (await get('users/data-profile', both)).json();
    expect(company.bankDetails).toMatchObject({
      kpp: '770101001',
      jurAddress: expect.stringContaining('Пресненская'),
    });
    expect((await get('users/data-profile', demo)).json()).toMatchObject({ id: 1223, needSign: false });
    // The profile reads the locations in its own statement: the same list as users/locations, by role.
    for (const token of [investor, lender, both, demo]) {
      const { locations } = (await get('users/locations', token)).json() as {
        locations: Array<{ id: number; roleCode: string }>;
      };
      const { roles, allLocations } = (await get('users/data-profile', token)).json();
      expect(allLocations).toEqual(
        roles.map(({ code }: { code: string }) => ({
          roleCode: code,
          locations: locations.filter((l) => l.roleCode === code).map((l) => ({ id: l.id })),
        })),
      );
    }
  });

  it('saves only the sent fields, validated, and keeps e-mails and phones unique', async () => {
    const saved = await post('users/profile', demo, { phone: '+7 (999) 123-45-67', password: 'Demo1234' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ phone: '+79991234567', email: 'demo@example.com' });
    const badEmail = await post('users/profile', demo, { email: 'demo@' });
    expect(badEmail.json().error.message).toBe('Это непохоже на email-адрес.');
    const badPhone = await post('users/profile', demo, { phone: '12' });
    expect(badPhone.json().error.message).toBe('Некорректный номер телефона.');
    const taken = await post('users/profile', demo, { email: 'investor@example.com', password: 'Demo1234' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields.email).toBe('Этот e-mail уже используется другим пользователем');
    expect((await post('users/profile', demo, { name: 'Hacker' })).statusCode).toBe(400);
    expect((await post('users/profile', lender, { currentRole: 'INVESTOR' })).statusCode).toBe(400);
    expect((await post('users/profile', both, { currentRole: 'LENDER' })).json().currentRole).toBe('LENDER');
    const after = (await get('users/data-profile', demo)).json();
    expect(after).toMatchObject({ phone: '+79991234567', email: 'demo@example.com' });
  });

  it("takes the spec's form too: a list of the changed settings, under the same rules", async () => {
    const list = (settings: Array<[string, unknown]>) => settings.map(([name, value]) => ({ name, value }));
    const switched = await post('users/profile', both, list([['currentLocale', 'en']]) as never);
    expect(switched.statusCode).toBe(200);
    expect(switched.json().currentLocale).toBe('en');
    // A contact change needs the password in the same list, as in the object form.
    const noProof = await post('users/profile', demo, list([['phone', '+7 (999) 765-43-21']]) as never);
    expect(noProof.statusCode).toBe(400);
    expect(noProof.json().error.code).toBe('step_up_required');
    const saved = await post(
      'users/profile',
      demo,
      list([
        ['phone', '+7 (999) 765-43-21'],
        ['password', 'Demo1234'],
      ]) as never,
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json().phone).toBe('+79997654321');
    const badEmail = await post('users/profile', demo, list([['email', 'demo@']]) as never);
    expect(badEmail.json().error.message).toBe('Это непохоже на email-адрес.');
    // Unknown or repeated names and malformed items are refused.
    for (const body of [
      list([['name', 'Hacker']]),
      list([['__proto__', {}]]),
      list([
        ['currentLocale', 'en'],
        ['currentLocale', 'ru'],
      ]),
      [{ value: 'en' }],
      ['currentLocale'],
    ])
      expect((await post('users/profile', both, body as never)).statusCode, JSON.stringify(body)).toBe(400);
    expect((await post('users/profile', both, [] as never)).statusCode).toBe(200);
  });

  it('stores requests to the manager and mails the manager', async () => {
    const change = await post('users/send-change-data-request', lender, {
      kind: 'bank_details',
      message: 'Новый счёт 40802810000000000001',
      password: 'Lender1',
    });
    expect(change.statusCode).toBe(200);
    const stored = await t.ctx.database.db
      .selectFrom('requests')
      .selectAll()
      .where('id', '=', change.json().requestId)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      user_id: 2,
      kind: 'bank_details',
      status: 'new',
      manager_id: 2,
      payload: { message: 'Новый счёт 40802810000000000001' },
    });
    const mail = await smtp.waitForMail('sokolov@example.com');
    expect(mail.subject).toContain('Изменение банковских реквизитов');
    expect(mail.text).toContain('Новый счёт 40802810000000000001');
    expect(
      (await post('users/send-change-data-request', lender, { kind: 'bank_details', message: '  ' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await post('users/send-change-data-request', lender, { kind: 'password', message: 'x' })).statusCode,
    ).toBe(400);

    const deletion = await post('users/deleteaccount', investor, { password: 'Investor1' });
    expect(deletion.statusCode).toBe(200);
    expect((await smtp.waitForMail('manager@example.com')).subject).toContain('Удаление аккаунта');
    // A request changes nothing until the manager acts.
    expect((await get('users/data-profile', investor)).statusCode).toBe(200);
  });

  it('stores a JPEG or PNG avatar by its content, serves it back with its type, and deletes it', async () => {
    const png = solidPng(2, 2, [200, 40, 40]);
    const uploaded = await t.request({
      method: 'POST',
      url: '/api/v1/users/avatar',
      token: demo,
      payload: png,
      headers: { 'content-type': 'image/png' },
    });
    expect(uploaded.statusCode).toBe(200);
    const url: string = uploaded.json().avatar;
    expect(url).toMatch(/^\/api\/v1\/files\/avatars\/[\w-]+$/);
    const served = await t.request({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
    expect((await get('users/data-profile', demo)).json().avatar).toBe(url);

    const jpeg = await t.request({
      method: 'POST',
      url: '/api/v1/users/avatar',
      token: demo,
      payload: JPEG,
      headers: { 'content-type': 'image/png' },
    });
    expect(jpeg.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: jpeg.json().avatar })).headers['content-type']).toBe(
      'image/jpeg',
    );
    // The replaced image is gone.
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(404);

    const deleted = await t.request({ method: 'DELETE', url: '/api/v1/users/avatar', token: demo });
    expect(deleted.json()).toEqual({ avatar: null });
    expect((await t.request({ method: 'GET', url: jpeg.json().avatar })).statusCode).toBe(404);
  });

  it('refuses a text file named as an image, and anything over 2 MB, storing nothing', async () => {
    const text = await t.request({
      method: 'POST',
      url: '/api/v1/users/avatar',
      token: lender,
      payload: Buffer.from('<?php echo 1; ?>'),
      headers: { 'content-type': 'image/png' },
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().error.message).toBe('Загрузите изображение в формате JPEG или PNG');
    const big = Buffer.concat([solidPng(2, 2, [200, 40, 40]), Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await t.request({
      method: 'POST',
      url: '/api/v1/users/avatar',
      token: lender,
      payload: big,
      headers: { 'content-type': 'image/png' },
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.message).toBe('Размер файла не должен превышать 2 МБ');
    expect((await get('users/data-profile', lender)).json().avatar).toBeNull();
    const uploads = await t.ctx.database.db
      .selectFrom('uploads')
      .selectAll()
      .where('owner_user_id', '=', 2)
      .execute();
    expect(uploads).toEqual([]);
  });

  it('answers 401 to every account call without a token', async () => {
    for (const url of [
      'users/locations',
      'users/actives',
      'users/actives-info',
      'users/data-profile',
      'locale/get-user-locale',
    ]) {
      expect((await t.request({ method: 'GET', url: `/api/v1/${url}` })).statusCode, url).toBe(401);
    }
    expect((await t.request({ method: 'POST', url: '/api/v1/users/deleteaccount' })).statusCode).toBe(401);
  });

  it('keeps the language of the user', async () => {
    expect((await t.request({ method: 'GET', url: '/api/v1/locale/get-locales' })).json()).toEqual({
      locales: ['ru', 'en'],
    });
    expect((await post('locale/set-user-locale?userLocale=EN', lender)).json()).toEqual({ locale: 'en' });
    expect((await get('locale/get-user-locale', lender)).json()).toEqual({ locale: 'en' });
    expect((await post('locale/set-user-locale?userLocale=de', lender)).statusCode).toBe(400);
    expect((await post('locale/set-user-locale', lender)).statusCode).toBe(400);
  });

  it('lists the demo accounts on a demo database', async () => {
    const { accounts } = (await t.request({ method: 'GET', url: '/api/v1/demo-accounts' })).json();
    expect(accounts.map((a: { login: string }) => a.login)).toEqual([
      'investor@example.com',
      'lender@example.com',
      'both@example.com',
      'demo@example.com',
      'manager@example.com',
      'admin@example.com',
    ]);
  });

  it('ends every session of a deactivated account at once and refuses its sign-in', async () => {
    const token = await t.signIn('lender@example.com');
    const admin = await t.signIn('admin@example.com');
    const deactivated = await t.request({
      method: 'POST',
      url: '/api/v1/backoffice/owners/2/deactivate',
      token: admin,
    });
    expect(deactivated.statusCode).toBe(200);
    expect((await get('users/data-profile', token)).statusCode).toBe(401);
    expect((await get('users/data-profile', lender)).statusCode).toBe(401);
    const signIn = await t.request({
      method: 'POST',
      url: '/api/v1/authenticate',
      payload: { login: 'lender@example.com', password: 'Lender1' },
    });
    expect(signIn.statusCode).toBe(401);
  });
});
