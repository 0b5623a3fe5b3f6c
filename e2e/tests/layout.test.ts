import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, MOBILE, openPage, screenshot, signIn } from '../support/browser.ts';
import { type Portal, startPortal } from '../support/server.ts';

const menuStates = (page: Page) =>
  page.$$eval('nav.side-menu [data-menu]', (items) =>
    Object.fromEntries(
      items.map((item) => [item.getAttribute('data-menu'), item.getAttribute('data-state') ?? 'active']),
    ),
  );

async function tooltipOf(page: Page, key: string) {
  await page.locator(`nav.side-menu [data-menu="${key}"]`).hover();
  const tooltip = page.getByRole('tooltip');
  await tooltip.waitFor();
  const text = await tooltip.textContent();
  await page.mouse.move(700, 10);
  await tooltip.waitFor({ state: 'hidden' });
  return text;
}

async function personalMenu(page: Page) {
  await page.getByTestId('personal-menu').click();
  await page.getByRole('menuitem').first().waitFor();
  const items = await page.getByRole('menuitem').allTextContents();
  await page.keyboard.press('Escape');
  await page.getByRole('menuitem').first().waitFor({ state: 'hidden' });
  return items;
}

describe('the shared layout by role, location and language', () => {
  let portal: Portal;
  let browser: Browser;
  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  it('gives the investor the full menus, location tabs with the coming location, units by location and the documents banner', async () => {
    const { page, errors, close } = await openPage(browser);
    await signIn(page, portal.url, 'investor@example.com', 'Investor1');
    await page.locator('nav.side-menu').waitFor();
    expect(Object.values(await menuStates(page)).every((state) => state === 'active')).toBe(true);
    expect(await personalMenu(page)).toEqual([
      'Настройки',
      'Мои активы',
      'Документы',
      'Новости',
      'Лоты от инвесторов',
      'FAQ',
      'Выход',
    ]);

    const tabs = page.locator('.location-tabs [role=tab]');
    expect(await tabs.allTextContents()).toEqual([
      'Лесной SPA-отель «Сосны»',
      'Комплекс «Берег»: лесная часть',
      'Отель «Отражение»',
      'Комплекс «Берег»: озёрная часть',
      'Новая локация',
    ]);
    expect(await tabs.last().isDisabled()).toBe(true);
    expect(await page.locator('.units-list').textContent()).toContain('Джуниор сюит №3');

    await page.getByRole('tab', { name: 'Отель «Отражение»' }).click();
    await page.locator('.units-list', { hasText: 'Сюит-зеркало №2' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('user_current_location_id'))).toBe('3');
    // Location 3 has no outbuildings: their sections turn inactive and say why.
    expect((await menuStates(page)).outcomePeriphery).toBe('inactive');
    expect(await tooltipOf(page, 'outcomePeriphery')).toBe(
      'Раздел недоступен: у вас нет таких активов в этой локации',
    );

    const banner = page.getByTestId('need-sign-banner');
    await banner.waitFor();
    expect(await banner.getByRole('link').getAttribute('href')).toBe('/documents/');

    // The stored location survives a reload.
    await page.reload();
    await page.locator('.units-list', { hasText: 'Сюит-зеркало №2' }).waitFor();
    await screenshot(page, 'dashboard-investor');
    await page.goto(`${portal.url}/profile/`);
    await page.getByRole('heading', { name: 'Настройки профиля' }).waitFor();
    await screenshot(page, 'profile-investor');
    expect(errors).toEqual([]);
    await close();
  });

  it("gives the lender the reduced menus with the spec's tooltips and no banner", async () => {
    const { page, close } = await openPage(browser);
    await signIn(page, portal.url, 'lender@example.com', 'Lender1');
    await page.locator('nav.side-menu').waitFor();
    expect(await menuStates(page)).toEqual({
      main: 'active',
      income: 'active',
      timeline: 'active',
      reports: 'active',
      booking: 'inactive',
      bookingPeriphery: 'inactive',
      outcome: 'inactive',
      outcomePeriphery: 'inactive',
      cameras: 'soon',
      control: 'inactive',
      inventory: 'inactive',
    });
    expect(await tooltipOf(page, 'booking')).toBe('Недоступно для займодателей');
    expect(await tooltipOf(page, 'outcome')).toBe(
      'Раздел доступен только пользователям с договором инвестирования',
    );
    expect(await personalMenu(page)).toEqual(['Документы', 'Настройки', 'Выход']);
    expect(await page.getByTestId('need-sign-banner').count()).toBe(0);
    expect(await page.getByTestId('role-toggler').count()).toBe(0);
    expect(await page.locator('.location-tabs [role=tab]').allTextContents()).toEqual([
      'Лесной SPA-отель «Сосны»',
      'Комплекс «Берег»: лесная часть',
    ]);
    await screenshot(page, 'dashboard-lender');
    await page.goto(`${portal.url}/profile/`);
    await page.getByTestId('bank-details').waitFor();
    await screenshot(page, 'profile-lender');
    await close();
  });

  it('switches the role of a user with both, with its locations and menus', async () => {
    const { page, close } = await openPage(browser);
    await signIn(page, portal.url, 'both@example.com', 'Both1234');
    const toggler = page.getByTestId('role-toggler');
    await toggler.waitFor();
    expect(await page.evaluate(() => localStorage.getItem('user_current_role'))).toBe('INVESTOR');
    expect(await page.locator('.location-tabs [role=tab]').allTextContents()).toContain(
      'Комплекс «Берег»: озёрная часть',
    );
    await screenshot(page, 'dashboard-both');
    const selectedTab = () => page.locator('.location-tabs [role=tab][aria-selected=true]').textContent();
    const firstTab = await page.locator('.location-tabs [role=tab]').first().textContent();
    await page.locator('.location-tabs [role=tab]', { hasText: 'Комплекс «Берег»: озёрная часть' }).click();
    expect(await selectedTab()).toBe('Комплекс «Берег»: озёрная часть');
    await toggler.getByText('Займодатель').click();
    await page.locator('.location-tabs [role=tab]', { hasText: 'Отель «Отражение»' }).waitFor();
    expect(await page.locator('.location-tabs [role=tab]').allTextContents()).toEqual(['Отель «Отражение»']);
    expect((await menuStates(page)).booking).toBe('inactive');
    expect(await page.evaluate(() => localStorage.getItem('user_current_role'))).toBe('LENDER');
    // Both roles get the investor personal menu.
    expect(await personalMenu(page)).toContain('Мои активы');
    await toggler.getByText('Инвестор').click();
    await page.locator('.location-tabs [role=tab]', { hasText: 'Комплекс «Берег»: лесная часть' }).waitFor();
    // A role starts again on its first location.
    expect(await selectedTab()).toBe(firstTab);
    await close();
  });

  it('switches the language to English and keeps it in the cookie', async () => {
    const { page, close } = await openPage(browser);
    await signIn(page, portal.url, 'investor@example.com', 'Investor1');
    await page.locator('.app-header').getByText('EN', { exact: true }).click();
    await page.getByRole('heading', { name: 'Main' }).waitFor();
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'cookieLocale')?.value).toBe('EN');
    await page.reload();
    await page.getByText('My units').waitFor();
    expect(await page.locator('.location-tabs [role=tab]').first().textContent()).toBe(
      'Sosny Forest SPA Hotel',
    );
    await screenshot(page, 'dashboard-investor-en');
    await page.goto(`${portal.url}/profile/`);
    await page.getByRole('heading', { name: 'Profile settings' }).waitFor();
    await screenshot(page, 'profile-investor-en');
    await close();
  });

  it('moves locations and roles into dropdowns and the menu into the burger at 375 px', async () => {
    for (const [login, password, name] of [
      ['investor@example.com', 'Investor1', 'investor'],
      ['lender@example.com', 'Lender1', 'lender'],
      ['both@example.com', 'Both1234', 'both'],
    ] as const) {
      const { page, close } = await openPage(browser, MOBILE);
      await signIn(page, portal.url, login, password);
      await page.getByTestId('location-select').first().waitFor();
      expect(await page.locator('.app-aside').isVisible()).toBe(false);
      await screenshot(page, `dashboard-${name}`);
      await page.getByRole('button', { name: 'Меню' }).click();
      const drawer = page.getByRole('dialog');
      await drawer.locator('nav.side-menu').waitFor();
      expect(await drawer.getByText('Главная').count()).toBeGreaterThan(0);
      // The header's links live in the burger on a phone, for the lender too.
      for (const link of ['Новости', 'Лоты от инвесторов', 'FAQ'])
        expect(await drawer.getByRole('link', { name: link, exact: true }).count()).toBe(1);
      await screenshot(page, `menu-${name}`);
      await drawer.getByText('Настройки').click();
      await page.getByRole('heading', { name: 'Настройки профиля' }).waitFor();
      await screenshot(page, `profile-${name}`);
      await close();
    }
  });

  it('shows the profile pages of the demo profile', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const { page, close } = await openPage(browser, viewport);
      await signIn(page, portal.url, 'demo@example.com', 'Demo1234');
      await screenshot(page, 'dashboard-demo');
      await page.goto(`${portal.url}/profile/`);
      await page.getByRole('heading', { name: 'Настройки профиля' }).waitFor();
      await screenshot(page, 'profile-demo');
      await close();
    }
  });

  it("leads a manager's sign-in to the back office, with no owner's menus, and out again", async () => {
    const { page, errors, close } = await openPage(browser);
    await page.goto(`${portal.url}/login`);
    await page.locator('input[name=login]').fill('manager@example.com');
    await page.locator('input[name=password]').fill('Manager1');
    await page.getByRole('button', { name: 'Войти', exact: true }).click();
    await page.waitForURL('**/backoffice/');
    await page.getByTestId('backoffice').waitFor();
    expect(await page.locator('nav.side-menu').count()).toBe(0);
    await page.getByRole('button', { name: 'Выход' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('user_jwt_token'))).toBeNull();
    expect(errors).toEqual([]);
    await close();
  });

  it('shows an error with a retry, never a blank page, when the layout data fails to load', async () => {
    const { page, errors, close } = await openPage(browser);
    await signIn(page, portal.url, 'lender@example.com', 'Lender1');
    // The locations fail: in the layout's one call of a first load, and on their own.
    const locations = (url: URL) => /^\/api\/v1\/users\/(layout|locations)$/.test(url.pathname);
    await page.route(locations, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"error":{"code":"unavailable","message":"Сервис недоступен"}}',
      }),
    );
    await page.goto(`${portal.url}/profile/`);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Не удалось загрузить данные.');
    await screenshot(page, 'layout-error');
    await page.unroute(locations);
    await alert.getByRole('button', { name: 'Повторить' }).click();
    await page.getByRole('heading', { name: 'Настройки профиля' }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });
});
