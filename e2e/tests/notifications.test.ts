import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simplePdf } from '../../apps/server/src/modules/documents/pdf.ts';
import { axeViolations } from '../support/axe.ts';
import { DESKTOP, launchBrowser, MOBILE, openPage, screenshot, signIn } from '../support/browser.ts';
import { type Portal, startPortal } from '../support/server.ts';

const DEMO = 1223;
const LENDER = 2;
const INVESTOR = 1;

/** The text of a PDF as pdf.js reads it, every page's lines joined by spaces. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const task = getDocument({ data: bytes, verbosity: 0 });
  const doc = await task.promise;
  const texts: string[] = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const items = (await (await doc.getPage(n)).getTextContent()).items as Array<{ str?: string }>;
    texts.push(items.map((item) => item.str ?? '').join(' '));
  }
  await task.destroy();
  return texts.join(' ').replace(/\s+/g, ' ');
}

/** Whole rubles of a sum as either language writes it («219 702,72 ₽», «219,702.72 ₽», «219 703 ₽»). */
function rubles(text: string, locale: 'ru' | 'en'): number {
  const plain = text.replace(/[\s\u00a0\u202f₽]/g, '');
  const decimal = locale === 'en' ? plain.replace(/,/g, '') : plain.replace(',', '.');
  return Math.round(Number(decimal));
}

describe('owners are told: mails, the activity list, the settings and the monthly statement', () => {
  let portal: Portal;
  let browser: Browser;
  /** Every mail taken from the SMTP server so far, by recipient: what a test did not wait for is still checked. */
  const seen: Array<{ to: string; subject: string; text: string }> = [];

  /** The next mail to the address whose subject matches; the mails before it are kept in `seen`. */
  async function mailTo(to: string, subject: RegExp) {
    for (;;) {
      const mail = await portal.mail(to);
      seen.push({ to, subject: mail.subject, text: mail.text });
      if (subject.test(mail.subject)) return mail;
    }
  }

  async function token(login: string, password: string) {
    const response = await fetch(`${portal.url}/api/v1/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login, password }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { token: string }).token;
  }

  async function api<T>(bearer: string, method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${portal.url}/api/v1/${path}`, {
      method,
      headers: { authorization: `Bearer ${bearer}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return JSON.parse(text) as T;
  }

  async function uploadDocument(staff: string, ownerId: number, number: string) {
    const form = new FormData();
    form.set('categoryId', '2');
    form.set('locationId', '1');
    form.set('number', number);
    form.set('statusId', '1');
    form.set(
      'file',
      new Blob([new Uint8Array(await simplePdf('Act', ['To sign']))], { type: 'application/pdf' }),
      `${number}.pdf`,
    );
    const response = await fetch(`${portal.url}/api/v1/backoffice/owners/${ownerId}/documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${staff}` },
      body: form,
    });
    expect(response.status).toBe(200);
  }

  /** The owner asks for a document; the manager answers it: answers the request's number. */
  async function answeredRequest(owner: string, staff: string, comment: string) {
    const { requestId } = await api<{ requestId: number }>(
      owner,
      'POST',
      'user-document/send-document-request',
      {
        category: 372382,
        comment,
      },
    );
    await api(staff, 'PATCH', `backoffice/requests/${requestId}`, {
      status: 'done',
      comment: `${comment}: готово`,
    });
    return requestId;
  }

  async function expectAxeClean(page: Page, what: string, include?: string) {
    const violations = await axeViolations(page, include);
    expect(violations, `${what}: ${JSON.stringify(violations)}`).toEqual([]);
  }

  beforeAll(async () => {
    // The statements of the month before are made as the portal starts (its pinned date is past the 5th). The tests
    // begin once the owners they read have theirs, so no statement lands among the events a test makes.
    [portal, browser] = await Promise.all([startPortal({ env: { STATEMENTS: 'true' } }), launchBrowser()]);
    await Promise.all([
      mailTo('demo@example.com', /^Выписка за /),
      mailTo('lender@example.com', /^(Выписка за |Your statement for )/),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  it('mails a Russian owner the document to sign and the answer, lists them under the bell, and stops a kind turned off', async () => {
    const [manager, demo] = await Promise.all([
      token('manager@example.com', 'Manager1'),
      token('demo@example.com', 'Demo1234'),
    ]);
    await uploadDocument(manager, DEMO, 'E2E-1');
    const signature = await mailTo('demo@example.com', /E2E-1/);
    expect(signature.subject).toBe('Документ ждёт вашей подписи: Акт №E2E-1');
    expect(signature.text).toContain('Отписаться от них в один клик:');
    const requestId = await answeredRequest(demo, manager, 'Справка для банка');
    const answer = await mailTo('demo@example.com', new RegExp(`заявка №${requestId}`));
    expect(answer.subject).toBe(`Ваша заявка №${requestId} выполнена — Запрос документа`);
    expect(answer.text).toContain('Справка для банка: готово');

    const { page, errors, close } = await openPage(browser, DESKTOP);
    await signIn(page, portal.url, 'demo@example.com', 'Demo1234');
    const bell = page.getByTestId('notification-bell');
    await expect.poll(async () => Number(await bell.getAttribute('data-unread'))).toBeGreaterThanOrEqual(2);
    expect(await bell.getAttribute('aria-label')).toMatch(/^Уведомления: \d+ непрочитанн/);
    await bell.click();
    await page.waitForURL('**/notifications/');
    const list = page.getByTestId('notifications');
    await list.waitFor();
    const items = list.getByTestId('notification');
    await expect.poll(() => items.first().textContent()).toContain(`Ваша заявка №${requestId} выполнена`);
    expect(await items.nth(1).textContent()).toContain('Документ ждёт вашей подписи: Акт №E2E-1');
    expect(await items.first().getAttribute('data-read')).toBe('false');
    await screenshot(page, 'notifications');
    await expectAxeClean(page, 'the notifications page');
    // One read, then all.
    await items.first().getByTestId('notification-read').click();
    await expect.poll(() => items.first().getAttribute('data-read')).toBe('true');
    await page.getByTestId('notifications-read-all').click();
    await expect.poll(() => bell.getAttribute('data-unread')).toBe('0');
    expect(await bell.getAttribute('aria-label')).toBe('Уведомления');

    // The owner turns the documents to sign off in the profile.
    await page.getByRole('link', { name: 'Настроить письма' }).click();
    await page.waitForURL((url) => url.pathname === '/profile/');
    const select = page.getByTestId('notification-settings').getByLabel('Документы на подпись');
    await select.selectOption('off');
    await page
      .getByTestId('notification-settings-saved')
      .getByText('Настройки уведомлений сохранены')
      .waitFor();
    // The block this change adds (the rest of the profile is checked by the accessibility suite).
    await expectAxeClean(page, 'the notification settings', '[data-testid=notification-settings]');
    await screenshot(page, 'notification-settings');

    // The next document is listed but not mailed: the answer after it comes, and nothing about it before.
    await uploadDocument(manager, DEMO, 'E2E-2');
    const second = await answeredRequest(demo, manager, 'Ещё одна справка');
    await mailTo('demo@example.com', new RegExp(`заявка №${second}`));
    expect(seen.filter((mail) => mail.subject.includes('E2E-2'))).toEqual([]);
    await page.goto(`${portal.url}/notifications/`);
    await expect.poll(() => page.getByTestId('notifications').textContent()).toContain('Акт №E2E-2');
    expect(errors).toEqual([]);
    await close();
  });

  it("tells an English lender in English at 375 px, and unsubscribes a kind by the mail's link", async () => {
    const [admin, lender] = await Promise.all([
      token('admin@example.com', 'Admin1234'),
      token('lender@example.com', 'Lender1'),
    ]);
    const { page, errors, close } = await openPage(browser, MOBILE);
    await signIn(page, portal.url, 'lender@example.com', 'Lender1');
    // The lender reads the portal in English from now on: the page by its cookie, the mails by the account's language.
    await page.context().addCookies([{ name: 'cookieLocale', value: 'en', url: portal.url }]);
    await api(lender, 'POST', 'locale/set-user-locale?userLocale=en');
    await page.goto(`${portal.url}/notifications/`);
    // The lender's statement of last month is their one event so far; read, the list says it is all read.
    await page.getByTestId('notifications').waitFor();
    await expectAxeClean(page, 'the notifications page at 375 px');

    await uploadDocument(admin, LENDER, 'EN-1');
    const mail = await mailTo('lender@example.com', /EN-1/);
    expect(mail.subject).toBe('A document awaits your signature: Act №EN-1');
    expect(mail.text).toContain('Unsubscribe from them in one click:');
    // The mail's link unsubscribes without signing in, in the page's language.
    const link = /https?:\/\/[^\s]+\/unsubscribe\?[^\s]+/.exec(mail.text)?.[0] ?? '';
    expect(link).not.toBe('');
    const anonymous = await openPage(browser, MOBILE);
    await anonymous.page.context().addCookies([{ name: 'cookieLocale', value: 'en', url: portal.url }]);
    await anonymous.page.goto(link.replace(/^https?:\/\/[^/]+/, portal.url));
    await anonymous.page.getByText('Stop mails about «Documents to sign»?').waitFor();
    await expectAxeClean(anonymous.page, 'the unsubscribe page at 375 px');
    await anonymous.page.getByTestId('unsubscribe').click();
    await anonymous.page.getByTestId('unsubscribe-done').waitFor();
    await screenshot(anonymous.page, 'unsubscribe');
    await anonymous.close();

    await page.reload();
    const items = page.getByTestId('notification');
    await expect
      .poll(() => items.first().textContent())
      .toContain('A document awaits your signature: Act №EN-1');
    await screenshot(page, 'notifications-en');
    await page.goto(`${portal.url}/profile/`);
    await expect
      .poll(() => page.getByTestId('notification-settings').getByLabel('Documents to sign').inputValue())
      .toBe('off');
    expect(errors).toEqual([]);
    await close();
  });

  it("lets an admin set the statement day and make an owner's statement again from the owner's card", async () => {
    const { page, errors, close } = await openPage(browser, DESKTOP);
    await page.goto(`${portal.url}/login`);
    await page.locator('input[name=login]').fill('admin@example.com');
    await page.locator('input[name=password]').fill('Admin1234');
    await page.getByRole('button', { name: 'Войти', exact: true }).click();
    await page.waitForURL('**/backoffice/');
    await page.getByRole('tab', { name: 'Компания' }).click();
    const day = page.getByTestId('statement-day');
    await day.waitFor();
    expect(await day.inputValue()).toBe('5');
    await day.fill('6');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Сохранено').waitFor();
    const settings = (await (await fetch(`${portal.url}/api/v1/company-settings`)).json()) as {
      statementDay: number;
    };
    expect(settings.statementDay).toBe(6);

    await page.goto(`${portal.url}/backoffice/owners/${DEMO}`);
    const block = page.getByTestId('owner-statement');
    await block.waitFor();
    await block.getByTestId('owner-statement-period').selectOption({ label: 'октябрь 2026' });
    await block.getByTestId('owner-statement-make').click();
    await block.getByText('Выписка сформирована и лежит в документах клиента').waitFor();
    await expectAxeClean(page, "the owner card's statement block", '[data-testid=owner-statement]');
    await screenshot(page, 'backoffice-owner-statement');
    expect(errors).toEqual([]);
    await close();
  });

  for (const locale of ['ru', 'en'] as const) {
    it(`files last month's statement among the documents (${locale}); its PDF has the income page's figures`, async () => {
      const viewport = locale === 'ru' ? DESKTOP : MOBILE;
      const { page, errors, close } = await openPage(browser, viewport);
      await signIn(page, portal.url, 'investor@example.com', 'Investor1');
      const bearer = (await page.evaluate(() => localStorage.getItem('user_jwt_token'))) ?? '';
      if (locale === 'en') {
        await page.context().addCookies([{ name: 'cookieLocale', value: 'en', url: portal.url }]);
        await api(bearer, 'POST', 'locale/set-user-locale?userLocale=en');
        // Made again by staff, in the owner's language now: the same document takes the English PDF.
        const admin = await token('admin@example.com', 'Admin1234');
        await api(admin, 'POST', `backoffice/owners/${INVESTOR}/statements`, {
          kind: 'month',
          period: 202610,
        });
      }
      await page.goto(`${portal.url}/documents/`);
      const title = locale === 'en' ? 'Statement for October 2026' : 'Выписка за октябрь 2026';
      const row = page
        .locator('[data-testid=document-row]', { hasText: locale === 'en' ? 'Statements' : 'Отчёты' })
        .first();
      await row.waitFor();
      await expectAxeClean(page, 'the documents with the statement');
      const { documents } = await api<{
        documents: Array<{ category: { name: string }; uploadsId: number }>;
      }>(bearer, 'GET', 'user-document/get-by-user');
      const statement = documents.find((doc) => doc.category.name === 'Отчёты');
      expect(statement).toBeDefined();
      const file = await fetch(`${portal.url}/api/v1/download/document/${statement?.uploadsId}`, {
        headers: { authorization: `Bearer ${bearer}` },
      });
      expect(file.status).toBe(200);
      const text = await pdfText(new Uint8Array(await file.arrayBuffer()));
      expect(text).toContain(title);

      // The income page of the same month: each unit's income in its table is the PDF's for that unit.
      await page.goto(`${portal.url}/dashboard/income/`);
      const table = page.getByTestId('income-actives');
      await table.waitFor();
      const heading = locale === 'en' ? 'October 2026' : 'октябрь 2026';
      expect(await page.getByRole('heading', { name: new RegExp(heading, 'i') }).count()).toBeGreaterThan(0);
      const location = await page.evaluate(() => localStorage.getItem('user_current_location_id'));
      const { locations } = await api<{
        locations: Array<{ id: number; name: string; nameEn: string; roleCode: string }>;
      }>(bearer, 'GET', 'users/locations');
      const shown = locations.find(
        (l) => l.roleCode === 'INVESTOR' && (location ? String(l.id) === location : true),
      );
      expect(shown).toBeDefined();
      const locationName = (locale === 'en' && shown?.nameEn) || shown?.name || '';
      const section = text.slice(text.indexOf(locationName));
      const rows = await table.locator('tbody tr').all();
      expect(rows.length).toBeGreaterThan(0);
      const incomeLabel = locale === 'en' ? 'Income for October 2026' : 'Доход за октябрь 2026';
      for (const tr of rows) {
        const unit = ((await tr.locator('td').nth(0).textContent()) ?? '').trim();
        const amountCell = (await tr.locator('td').nth(1).textContent()) ?? '';
        const pageAmount = rubles(/^[\d\s\u00a0.,]+/.exec(amountCell)?.[0] ?? '', locale);
        const at = section.indexOf(`${unit} `);
        expect(at, `${unit} in the PDF`).toBeGreaterThanOrEqual(0);
        const figure = new RegExp(`${incomeLabel} ([\\d\\s.,]+) ₽`).exec(section.slice(at))?.[1] ?? '';
        expect(rubles(figure, locale), unit).toBe(pageAmount);
      }
      await screenshot(page, `statement-income-${locale}`);
      expect(errors).toEqual([]);
      await close();
    });
  }
});
