import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { startSmtpServer } from '../../test/smtp.ts';

describe("the company's settings and its invitations", () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let admin: string;
  let manager: string;
  let investor: string;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp({ SMTP_URL: smtp.url });
    [admin, manager, investor] = await Promise.all([
      t.signIn('admin@example.com'),
      t.signIn('manager@example.com'),
      t.signIn('investor@example.com'),
    ]);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, body?: object, locale = 'ru') =>
    t.request({
      method,
      url: `/api/v1/${url}`,
      ...(token ? { token } : {}),
      headers: { cookie: `cookieLocale=${locale}` },
      ...(body ? { payload: body } : {}),
    });
  const settings = {
    name: 'УК «Северный берег»',
    nameEn: 'Northern Shore Management',
    investUrl: 'https://invest.north-shore.test',
    hotelsUrl: '',
    schemeUrl: 'https://invest.north-shore.test/scheme.pdf',
    privacyUrl: '/privacy-policy.pdf',
    supportPhone: '+7 800 555-35-35',
    supportEmail: 'help@north-shore.test',
    reportTitle: 'Отчёт за первое полугодие 2026 года',
    reportTitleEn: '',
    statementDay: 7,
  };

  it('an admin writes the settings, anyone reads them, the change is audited', async () => {
    const saved = await call('PUT', 'backoffice/company-settings', admin, settings);
    expect(saved.statusCode).toBe(200);
    const read = await call('GET', 'company-settings');
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(settings);
    const audit = await t.ctx.database.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'company.settings.update')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.details)).toContain('Северный берег');
  });

  it('a manager and an owner may not write; bad input is 400 in the user language', async () => {
    expect((await call('PUT', 'backoffice/company-settings', manager, settings)).statusCode).toBe(403);
    expect((await call('PUT', 'backoffice/company-settings', investor, settings)).statusCode).toBe(403);
    const bad = {
      ...settings,
      name: '',
      investUrl: 'javascript:alert(1)',
      supportEmail: 'nope',
      statementDay: 29,
    };
    const ru = await call('PUT', 'backoffice/company-settings', admin, bad);
    expect(ru.statusCode).toBe(400);
    expect(ru.json().error.fields).toMatchObject({
      name: 'Обязательное поле',
      investUrl: 'Неверное значение',
      statementDay: 'Неверное значение',
    });
    const en = await call('PUT', 'backoffice/company-settings', admin, bad, 'en');
    expect(en.json().error.fields).toMatchObject({
      name: 'This field is required',
      investUrl: 'Invalid value',
    });
    expect((await call('GET', 'company-settings')).json().name).toBe(settings.name);
  });

  it("a lender's invitation names the role and the company; sent again, the old link is refused", async () => {
    const created = await call('POST', 'backoffice/owners', manager, {
      lastName: 'Заимова',
      firstName: 'Вера',
      email: 'zaimova@example.com',
      roles: ['LENDER'],
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().id as number;
    const first = await smtp.waitForMail('zaimova@example.com');
    expect(first.subject).toContain('заимодавца');
    expect(first.subject).toContain(settings.name);
    expect(first.text).not.toContain('не запрашивали');
    const linkOf = (text: string) => /\/activation\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';
    const oldLink = linkOf(first.text);

    expect((await call('POST', `backoffice/users/${id}/invitation`, investor)).statusCode).toBe(403);
    const resent = await call('POST', `backoffice/users/${id}/invitation`, manager);
    expect(resent.statusCode).toBe(200);
    const second = await smtp.waitForMail('zaimova@example.com');
    const newLink = linkOf(second.text);
    expect(newLink).not.toBe('');
    expect(newLink).not.toBe(oldLink);

    const activate = (link: string) =>
      t.request({
        method: 'POST',
        url: '/api/v1/users/information',
        payload: { link, password: 'Zaimova1988Kvx' },
      });
    expect((await activate(oldLink)).statusCode).not.toBe(200);
    expect((await activate(newLink)).statusCode).toBe(200);
    const again = await call('POST', `backoffice/users/${id}/invitation`, manager);
    expect(again.statusCode).toBe(409);
  });
  it("an owner with only a phone gets an SMS naming the company and the role, in the owner's language", async () => {
    const smsTo = async (phone: string) =>
      t.ctx.database.db
        .selectFrom('outbox')
        .select('body')
        .where('channel', '=', 'sms')
        .where('recipient', '=', phone)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
    const ru = await call('POST', 'backoffice/owners', manager, {
      lastName: 'Телефонов',
      firstName: 'Пётр',
      phone: '+79990001122',
      roles: ['INVESTOR', 'LENDER'],
    });
    expect(ru.statusCode).toBe(200);
    const ruText = (await smsTo('+79990001122')).body;
    expect(ruText).toContain(settings.name);
    expect(ruText).toContain('инвестора и заимодавца');
    expect(ruText).toMatch(/\/activation\/[A-Za-z0-9_-]+/);

    const en = await call('POST', 'backoffice/owners', manager, {
      lastName: 'Phoneman',
      firstName: 'Paul',
      phone: '+79990003344',
      locale: 'en',
      roles: ['LENDER'],
    });
    expect(en.statusCode).toBe(200);
    const enText = (await smsTo('+79990003344')).body;
    expect(enText).toContain(settings.nameEn);
    expect(enText).toContain('lender portal');
    const resent = await call('POST', `backoffice/users/${en.json().id}/invitation`, manager);
    expect(resent.statusCode).toBe(200);
    expect((await smsTo('+79990003344')).body).toContain(settings.nameEn);
  });
});
