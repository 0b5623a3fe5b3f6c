import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, MOBILE, openPage, screenshot, signIn } from '../support/browser.ts';
import { type Portal, startPortal } from '../support/server.ts';

async function signInStaff(page: Page, baseUrl: string, login: string, password: string) {
  await page.goto(`${baseUrl}/login`);
  await page.locator('input[name=login]').fill(login);
  await page.locator('input[name=password]').fill(password);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await page.waitForURL('**/backoffice/');
  await page.getByRole('heading', { name: 'Заявки клиентов' }).waitFor();
}

describe("the managers' console", () => {
  let portal: Portal;
  let browser: Browser;
  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  it('is not there for an owner', async () => {
    const { page, close } = await openPage(browser);
    await signIn(page, portal.url, 'investor@example.com', 'Investor1');
    await page.goto(`${portal.url}/backoffice/`);
    await page.getByRole('heading', { name: 'Такой страницы нет' }).waitFor();
    expect(await page.getByTestId('backoffice').count()).toBe(0);
    await close();
  });

  it("takes a client's request on and completes it with a comment", async () => {
    const { page, errors, close } = await openPage(browser);
    await signInStaff(page, portal.url, 'manager@example.com', 'Manager1');
    const row = page.getByTestId('inbox-table').getByRole('row').filter({ hasText: 'Изменение данных' });
    await row.getByText('Прошу изменить адрес регистрации').waitFor();
    await screenshot(page, 'backoffice-inbox');
    await row.getByRole('button', { name: 'Взять в работу' }).click();
    // Taken on, it leaves the new ones.
    await row.waitFor({ state: 'detached' });
    await page.getByText('В работе · 2').click();
    const taken = page.getByTestId('inbox-table').getByRole('row').filter({ hasText: 'Изменение данных' });
    await taken.getByRole('button', { name: 'Выполнить' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Выполнить' }).click();
    await dialog.getByText('Напишите комментарий к выполненной заявке').waitFor();
    await dialog.getByLabel('Комментарий').fill('Адрес обновлён в карточке клиента');
    await dialog.getByRole('button', { name: 'Выполнить' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Выполнены · 2').click();
    await page.getByText('Комментарий: Адрес обновлён в карточке клиента').waitFor();

    await page.getByRole('tab', { name: 'Журнал' }).click();
    await page.getByTestId('audit-table').getByText('Статус заявки').first().waitFor();
    await screenshot(page, 'backoffice-audit');
    expect(errors).toEqual([]);
    await close();
  });

  it("applies a client's change of data from the inbox in the client's card", async () => {
    const signedIn = await fetch(`${portal.url}/api/v1/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'investor@example.com', password: 'Investor1' }),
    });
    const { token } = (await signedIn.json()) as { token: string };
    const sent = await fetch(`${portal.url}/api/v1/users/send-change-data-request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ kind: 'base_data', message: 'Прошу указать отчество: Андреевна' }),
    });
    expect(sent.status).toBe(200);

    const { page, errors, close } = await openPage(browser);
    await signInStaff(page, portal.url, 'manager@example.com', 'Manager1');
    await page.getByTestId('inbox-kind').selectOption({ label: 'Изменение данных' });
    const row = page
      .getByTestId('inbox-table')
      .getByRole('row')
      .filter({ hasText: 'Прошу указать отчество' });
    await row.getByRole('link', { name: 'Применить' }).click();
    const applying = page.getByTestId('applying-request');
    await applying.waitFor();
    await page.getByTestId('owner-requests').getByText('Прошу указать отчество: Андреевна').waitFor();
    await screenshot(page, 'backoffice-owner-apply');
    await page.getByLabel('Отчество').fill('Андреевна');
    await page.getByRole('button', { name: 'Сохранить и выполнить заявку' }).click();
    await page.getByText('Изменения сохранены').waitFor();
    await applying.waitFor({ state: 'detached' });
    expect(await page.getByTestId('owner-requests').getByText('Прошу указать отчество').count()).toBe(0);

    await page.getByRole('tab', { name: 'Заявки' }).click();
    await page.getByText('Выполнены ·', { exact: false }).click();
    const done = page
      .getByTestId('inbox-table')
      .getByRole('row')
      .filter({ hasText: 'Прошу указать отчество' });
    await done.getByText('Комментарий: Данные изменены в карточке клиента').waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it("applies a company's new bank details from the inbox, and the client sees them in the profile", async () => {
    const { page, errors, close } = await openPage(browser);
    await signInStaff(page, portal.url, 'manager@example.com', 'Manager1');
    await page.getByTestId('inbox-kind').selectOption({ label: 'Банковские реквизиты' });
    const row = page.getByTestId('inbox-table').getByRole('row').filter({ hasText: '40702810900000001234' });
    await row.getByRole('link', { name: 'Применить' }).click();
    const bank = page.getByTestId('owner-bank-details');
    await bank.getByTestId('applying-bank-request').waitFor();
    await bank.getByLabel('Расчётный счёт').fill('4070281090000000');
    await bank.getByRole('button', { name: 'Сохранить и выполнить заявку' }).click();
    await bank.getByText('Расчётный счёт — 20 цифр').waitFor();
    await bank.getByLabel('Расчётный счёт').fill('40702810900000001234');
    await bank.getByRole('button', { name: 'Сохранить и выполнить заявку' }).click();
    await bank.getByText('Изменения сохранены').waitFor();
    await bank.getByTestId('applying-bank-request').waitFor({ state: 'detached' });
    await screenshot(page, 'backoffice-owner-bank-details');
    expect(errors).toEqual([]);
    await close();

    const owner = await openPage(browser);
    await signIn(owner.page, portal.url, 'both@example.com', 'Both1234');
    await owner.page.goto(`${portal.url}/profile/`);
    await owner.page.getByText('40702810900000001234').waitFor();
    expect(owner.errors).toEqual([]);
    await owner.close();
  });

  it('creates a client with a unit, who then activates the account through the mail and sees the unit', async () => {
    const { page, errors, close } = await openPage(browser);
    await signInStaff(page, portal.url, 'manager@example.com', 'Manager1');
    await page.getByRole('tab', { name: 'Клиенты' }).click();
    await page.getByTestId('owners-table').waitFor();
    await screenshot(page, 'backoffice-owners');
    await page.getByRole('button', { name: 'Новый владелец' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Новый владелец' }).click();
    await dialog.getByText('Обязательное поле').first().waitFor();
    await dialog.getByLabel('Фамилия').fill('Орлова');
    await dialog.getByLabel('Имя').fill('Анна');
    await dialog.getByLabel('E-mail').fill('orlova@example.com');
    await dialog.getByRole('button', { name: 'Новый владелец' }).click();
    await page.getByText('Клиент создан, ссылка для активации отправлена').waitFor();
    await page.getByRole('heading', { name: 'Орлова Анна' }).waitFor();

    // The first unit of the picker's list (a native select: its options need no dropdown to open).
    const units = page.getByTestId('add-unit');
    await units.locator('option').nth(1).waitFor({ state: 'attached' });
    await units.selectOption({ index: 1 });
    await page.getByLabel('Вложено, ₽').fill('2500000');
    await expect.poll(() => page.getByLabel('Вложено, ₽').inputValue()).toMatch(/^2\s500\s000$/);
    // The call and its answer, so a failure says what was sent and answered rather than only what is missing.
    const added = page.waitForResponse(
      (response) => response.request().method() === 'POST' && /\/owners\/\d+\/units$/.test(response.url()),
    );
    await page.getByRole('button', { name: 'Добавить юнит' }).click();
    const answer = await added;
    expect(answer.request().postDataJSON()).toMatchObject({ relation: 'owner', invested: 2500000 });
    expect(`${answer.status()} ${await answer.text()}`).toBe('200 {"success":true}');
    const links = page.getByTestId('owner-units');
    await links.getByText('2 500 000').waitFor();
    await screenshot(page, 'backoffice-owner');
    const unitName = (await links.locator('tbody tr td').first().locator('p').first().textContent()) ?? '';
    expect(unitName).not.toBe('');

    const link = await portal.linkFromMail('orlova@example.com', '/activation/');
    const owner = await openPage(browser);
    await owner.page.goto(`${portal.url}${link.path}`);
    await owner.page.locator('input[name=password]').fill('Orlova1988Kv');
    await owner.page.locator('input[name=repeat]').fill('Orlova1988Kv');
    await owner.page.getByRole('button', { name: 'Войти в личный кабинет' }).click();
    await owner.page.waitForURL('**/dashboard/');
    await owner.page.locator('.units-list').waitFor();
    await owner.page.goto(`${portal.url}/units/`);
    await owner.page.getByTestId('unit-card').getByText(unitName).first().waitFor();

    // A typo in the invested sum is corrected; the log says what it was and what it is.
    await links.getByRole('button', { name: 'Изменить' }).click();
    const edit = page.getByTestId('edit-unit-link');
    await edit.getByLabel('Вложено, ₽').fill('2600000');
    await edit.getByRole('button', { name: 'Сохранить' }).click();
    await edit.waitFor({ state: 'detached' });
    await links.getByText('2 600 000').waitFor();

    // Ending the link asks first, naming the unit and the history it keeps; the owner no longer sees the unit.
    await links.getByRole('button', { name: 'Завершить' }).click();
    const ask = page.getByRole('dialog');
    await ask.getByTestId('end-unit-text').getByText(unitName, { exact: false }).waitFor();
    await ask.getByText('История не удаляется', { exact: false }).waitFor();
    await screenshot(page, 'backoffice-owner-end-unit');
    await ask.getByRole('button', { name: 'Завершить' }).click();
    await links.getByTestId('unit-ended').waitFor();
    await links.getByRole('button', { name: 'Восстановить' }).waitFor();
    await owner.page.reload();
    await owner.page.getByText('У вас пока нет активов').waitFor();
    expect(owner.errors).toEqual([]);
    await owner.close();

    await page.goto(`${portal.url}/backoffice/audit/`);
    const trail = page.getByTestId('audit-details');
    await trail
      .getByText(/2\s500\s000\s₽ → 2\s600\s000\s₽/)
      .first()
      .waitFor();
    await page.getByText('Связь с юнитом завершена').first().waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it("shows requests, the client's card and the log in words; another manager's client is a not-found state", async () => {
    // An investor asks to buy a lot: the request carries the unit's id, the seller's id and the price.
    const signedIn = await fetch(`${portal.url}/api/v1/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'investor@example.com', password: 'Investor1' }),
    });
    const { token } = (await signedIn.json()) as { token: string };
    const auth = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const { lots } = (await (
      await fetch(`${portal.url}/api/v1/sale-unit/get-sale-units`, { headers: auth })
    ).json()) as {
      lots: Array<{ unit_id: number; investor_id: number; name: string; price: number }>;
    };
    const lot = lots.find((l) => l.investor_id !== 1);
    expect(lot).toBeDefined();
    const sent = await fetch(`${portal.url}/api/v1/sale-unit/send-buy-request`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ owner_investor_id: lot?.investor_id, unit_id: lot?.unit_id }),
    });
    expect(sent.status).toBe(200);
    const price = new Intl.NumberFormat('ru-RU').format(lot?.price ?? 0).replace(/\s/g, '\u00a0');

    for (const viewport of [DESKTOP, MOBILE]) {
      const { page, errors, close } = await openPage(browser, viewport);
      await signInStaff(page, portal.url, 'manager@example.com', 'Manager1');
      await page.getByText('Все', { exact: true }).click();
      await page.getByTestId('inbox-kind').selectOption({ label: 'Покупка лота' });
      const request = page
        .locator('[data-testid^="request-"]')
        .filter({ hasText: lot?.name ?? '' })
        .first();
      const details = request.getByTestId('request-details');
      await details.waitFor();
      const words = (await details.textContent()) ?? '';
      expect(words).toContain(`Юнит: ${lot?.name}`);
      expect(words).toContain(`Цена: ${price}\u00a0₽`);
      expect(words).toContain('Продавец:');
      expect(words).not.toMatch(/unitId|ownerInvestorId|lotId|price:/);
      if (viewport === DESKTOP) {
        await request.getByRole('button', { name: 'Взять в работу' }).click();
        await request.getByText('В работе').waitFor();
      }
      // Phones in the spec's mask.
      await page.getByTestId('inbox-kind').selectOption({ label: 'Обратный звонок' });
      await page.locator('[data-testid^="request-"]').getByText('Телефон: +7 (999) 000-00-03').waitFor();
      await screenshot(page, 'backoffice-inbox-words');
      if (viewport === MOBILE) {
        // Lists are cards at 375 px: no table to scroll sideways.
        expect(await page.getByTestId('inbox-cards').count()).toBe(1);
        expect(await page.getByTestId('inbox-table').count()).toBe(0);
      }

      // The log names the client and says what changed.
      await page.getByRole('tab', { name: 'Журнал' }).click();
      const entry = page.getByTestId('audit-entry').filter({ hasText: 'Статус: Новая → В работе' }).first();
      await entry.waitFor();
      expect(await entry.textContent()).toMatch(/заявка №\d+/);
      expect(await entry.textContent()).toContain('Вид заявки: Покупка лота');
      expect(await page.getByTestId('audit-details').allTextContents()).not.toContainEqual(
        expect.stringMatching(/manager_id|unitId|"from"/),
      );
      await screenshot(page, 'backoffice-audit-words');

      // Another manager's client (the lender is Sokolov's): a not-found state with the way back.
      await page.goto(`${portal.url}/backoffice/owners/2`);
      const missing = page.getByTestId('owner-notFound');
      // The state is the page: its title is the page's heading.
      await missing.getByRole('heading', { level: 1, name: 'Клиент не найден' }).waitFor();
      await missing.getByText('закреплён за другим менеджером', { exact: false }).waitFor();
      expect(await page.getByRole('alert').count()).toBe(0);
      await missing.getByRole('link', { name: 'Ко всем клиентам' }).click();
      await page.waitForURL('**/backoffice/owners/');
      await page.getByRole('button', { name: 'Новый владелец' }).waitFor();
      await page.getByText('+7 (999) 000-00-01').first().waitFor();
      if (viewport === MOBILE) expect(await page.getByTestId('owners-cards').count()).toBe(1);
      await screenshot(page, 'backoffice-owners-words');
      expect(errors).toEqual([]);
      await close();
    }
  });

  it('imports a file: a bad row stops it with the reasons, skipping it imports the rest', async () => {
    const { page, errors, close } = await openPage(browser);
    await signInStaff(page, portal.url, 'admin@example.com', 'Admin1234');
    await page.getByRole('tab', { name: 'Загрузка данных' }).click();
    const csv = [
      'externalId,unitId,startsAt,endsAt,status,guests,sourceId,paid,sum',
      'e2e-1,1,2031-05-01T14:00:00+03:00,2031-05-03T12:00:00+03:00,confirmed,2,3,1000,9000',
      'e2e-2,999999,2031-05-01T14:00:00+03:00,2031-05-03T12:00:00+03:00,confirmed,2,3,1000,9000',
    ].join('\n');
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'bookings.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Загрузить' }).click();
    const report = page.getByTestId('import-report');
    await report.getByText('Ничего не загружено: в файле есть ошибочные строки').waitFor();
    await report.getByText('нет такого значения в данных портала').waitFor();
    await screenshot(page, 'backoffice-import');
    await page.getByLabel('Пропустить ошибочные строки и загрузить остальные').check();
    await page.getByRole('button', { name: 'Загрузить' }).click();
    await report.getByText('Загрузка завершена').waitFor();
    expect(await report.getByTestId('import-inserted').textContent()).toBe('1');
    expect(errors).toEqual([]);
    await close();
  });

  it('fits a phone screen', async () => {
    const { page, close } = await openPage(browser, MOBILE);
    await signInStaff(page, portal.url, 'manager@example.com', 'Manager1');
    await screenshot(page, 'backoffice-inbox');
    for (const [tab, name] of [
      ['Клиенты', 'backoffice-owners'],
      ['Загрузка данных', 'backoffice-import'],
      ['Журнал', 'backoffice-audit'],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await page.waitForLoadState('networkidle');
      await screenshot(page, name);
    }
    const overflow = await page.evaluate('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow).toBeLessThanOrEqual(0);
    await close();
  });
});
