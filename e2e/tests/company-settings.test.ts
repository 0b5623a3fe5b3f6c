import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, openPage, signIn } from '../support/browser.ts';
import { type Portal, startPortal } from '../support/server.ts';

describe("the company's settings", () => {
  let portal: Portal;
  let browser: Browser;
  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  it("an admin sets the company's site and report title and empties a link; a lender sees them in the footer and on the dashboard", async () => {
    const admin = await openPage(browser, DESKTOP);
    await admin.page.goto(`${portal.url}/login`);
    await admin.page.locator('input[name=login]').fill('admin@example.com');
    await admin.page.locator('input[name=password]').fill('Admin1234');
    await admin.page.getByRole('button', { name: 'Войти', exact: true }).click();
    await admin.page.waitForURL('**/backoffice/');
    await admin.page.getByRole('tab', { name: 'Компания' }).click();
    await admin.page.getByRole('button', { name: 'Сохранить' }).waitFor();
    await admin.page.getByLabel('Инвестиционный сайт').fill('https://invest.north-shore.test');
    // An emptied link is not shown to owners.
    await admin.page.getByLabel('Сайт сети отелей').fill('');
    await admin.page.getByLabel('Заголовок отчёта', { exact: true }).fill('Отчёт за первое полугодие');
    await admin.page.getByRole('button', { name: 'Сохранить' }).click();
    await admin.page.getByText('Сохранено').waitFor();

    const lender = await openPage(browser, DESKTOP);
    await signIn(lender.page, portal.url, 'lender@example.com', 'Lender1');
    await lender.page.getByText('Отчёт за первое полугодие').waitFor();
    const footerLink = lender.page.locator('footer').getByRole('link', { name: 'Инвестиционный сайт' });
    expect(await footerLink.getAttribute('href')).toBe('https://invest.north-shore.test');
    expect(await lender.page.locator('footer').getByRole('link', { name: 'Сайт сети отелей' }).count()).toBe(
      0,
    );
  });
});
