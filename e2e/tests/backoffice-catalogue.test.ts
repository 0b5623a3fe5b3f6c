import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, MOBILE, openPage, screenshot, signIn } from '../support/browser.ts';
import { type Portal, startPortal } from '../support/server.ts';

const LOCATION = 'Курорт «Вершина»';
const UNIT = 'Шале у леса';
// A 48×32 PNG of two stripes, green over yellow.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAAOklEQVR42u3OMQ0AMAgAMBRNwZTgBWuTMx24IBxNKqBxKlcJISEhISEhIaHh0H93FSEhISEhISGhYQ1iaq95W7MVqwAAAABJRU5ErkJggg==',
  'base64',
);

async function signInStaff(
  page: Page,
  baseUrl: string,
  login = 'manager@example.com',
  password = 'Manager1',
) {
  await page.goto(`${baseUrl}/login`);
  await page.locator('input[name=login]').fill(login);
  await page.locator('input[name=password]').fill(password);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await page.waitForURL('**/backoffice/');
  await page.getByRole('tab', { name: 'Каталог' }).click();
  await page.getByRole('heading', { name: 'Локации' }).waitFor();
  await page.getByTestId('catalogue-location').first().waitFor();
}

const overflow = (page: Page) => page.evaluate('document.documentElement.scrollWidth - window.innerWidth');
type Img = { complete: boolean; naturalWidth: number; src: string };
/** Waits until the images of the selector (with a src containing `part`, when given) have loaded real pixels. */
const imagesLoaded = (page: Page, selector: string, part = '') =>
  expect
    .poll(() =>
      page
        .locator(selector)
        .evaluateAll(
          (images: Img[], needle: string) =>
            images
              .filter((img) => img.src.includes(needle))
              .some((img) => img.complete && img.naturalWidth > 0) &&
            images.every((img) => !img.src.includes(needle) || (img.complete && img.naturalWidth > 0)),
          part,
        ),
    )
    .toBe(true);

describe("the console's catalogue of locations and units", () => {
  let portal: Portal;
  let browser: Browser;
  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  it('a manager creates a location and a unit with a photo; its owner sees both', async () => {
    const { page, errors, close } = await openPage(browser, DESKTOP);
    await signInStaff(page, portal.url);
    await screenshot(page, 'backoffice-catalogue-locations');

    await page.getByTestId('catalogue-location-create').click();
    const form = page.getByTestId('catalogue-location-form');
    await form.getByTestId('location-name').fill(LOCATION);
    await form.getByTestId('location-name-en').fill('Vershina Resort');
    await form.getByTestId('location-description').fill('Курорт у подножия горы');
    await form.getByTestId('location-distance').fill('120');
    await form.getByRole('button', { name: 'Добавить объект' }).click();
    await form.getByLabel('Объект', { exact: true }).fill('Подъёмник');
    await form.getByLabel('Количество').fill('2');
    await form.getByTestId('location-save').click();
    await form.waitFor({ state: 'detached' });

    const row = page.getByTestId('catalogue-location').filter({ hasText: LOCATION });
    await row.getByText('120 км', { exact: false }).waitFor();
    await row.getByTestId('catalogue-location-units').click();
    await page.getByRole('heading', { name: `Юниты локации «${LOCATION}»` }).waitFor();
    await page.getByText('В локации пока нет юнитов').waitFor();

    await page.getByTestId('catalogue-unit-create').click();
    const unit = page.getByTestId('catalogue-unit-form');
    await unit.getByTestId('unit-number').fill('V-101');
    await unit.getByTestId('unit-type').selectOption({ label: 'Сюит' });
    await unit.getByTestId('unit-stage').selectOption({ label: 'Строительство' });
    await unit.getByTestId('unit-name').fill(UNIT);
    await unit.getByTestId('unit-capacity').fill('4');
    await unit.getByTestId('unit-area').fill('64.5');
    await unit.getByTestId('unit-launch').fill('2027-12-01');
    await unit.getByText('Сохраните юнит, чтобы добавить фото.').waitFor();
    await unit.getByTestId('unit-save').click();

    // Saved: the form stays open for the photos. A text file named .png is refused by its content.
    const file = unit.getByTestId('unit-photo-file');
    await file.waitFor({ state: 'attached' });
    await file.setInputFiles({
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not a picture'),
    });
    await unit.getByText('Загрузите фото JPEG, PNG или WebP').waitFor();
    await file.setInputFiles({ name: 'chalet.png', mimeType: 'image/png', buffer: PNG });
    await unit.getByTestId('unit-photo').waitFor();
    await imagesLoaded(page, '[data-testid="unit-photo"] img');
    await screenshot(page, 'backoffice-catalogue-unit-form');
    await unit.getByRole('button', { name: 'Готово' }).click();
    await unit.waitFor({ state: 'detached' });
    const card = page.getByTestId('catalogue-unit').filter({ hasText: UNIT });
    await card.getByText('Фото: 1', { exact: false }).waitFor();
    await screenshot(page, 'backoffice-catalogue-units');

    await page.getByRole('tab', { name: 'Журнал' }).click();
    await page.getByTestId('audit-table').getByText('Фото юнита добавлено').waitFor();
    await page.getByTestId('audit-table').getByText('Локация создана').waitFor();
    expect(errors).toEqual([]);
    await close();

    // An admin gives the unit to the investor (the client card's call), then the investor sees it.
    const token = await apiSignIn(portal.url, 'admin@example.com', 'Admin1234');
    const locations = await apiGet(portal.url, token, 'backoffice/catalogue/locations');
    const created = locations.items.find((l) => l.name === LOCATION);
    if (!created) throw new Error('the new location is not listed');
    const units = await apiGet(portal.url, token, `backoffice/catalogue/units?locationId=${created.id}`);
    const link = await fetch(`${portal.url}/api/v1/backoffice/owners/1/units`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ unitId: units.items[0]?.id, relation: 'owner', invested: 5_000_000 }),
    });
    expect(link.status).toBe(200);

    for (const viewport of [DESKTOP, MOBILE]) {
      const investor = await openPage(browser, viewport);
      await signIn(investor.page, portal.url, 'investor@example.com', 'Investor1');
      await investor.page.goto(`${portal.url}/units/`);
      const owned = investor.page.getByTestId('unit-card').filter({ hasText: UNIT });
      await owned.getByText('Строительство').waitFor();
      await owned.locator('img').first().waitFor();
      await imagesLoaded(investor.page, '[data-testid="unit-card"] img', '/api/v1/files/units/');
      if (viewport === DESKTOP) {
        // The assets page has no location tabs: the dashboard's tabs pick the new location.
        await investor.page.goto(`${portal.url}/dashboard/`);
        await investor.page.getByRole('tab', { name: LOCATION }).click();
        await investor.page.getByTestId('location-infrastructure').getByText('Подъёмник').waitFor();
        await investor.page.getByTestId('location-units').getByText('Сюит', { exact: false }).waitFor();
        await screenshot(investor.page, 'dashboard-new-location');
      }
      expect(investor.errors).toEqual([]);
      await investor.close();
    }
  });

  it('fits a phone screen: locations, units, lists and sources', async () => {
    const { page, errors, close } = await openPage(browser, MOBILE);
    await signInStaff(page, portal.url, 'admin@example.com', 'Admin1234');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'backoffice-catalogue-locations');
    await page
      .getByTestId('catalogue-location')
      .filter({ hasText: LOCATION })
      .getByTestId('catalogue-location-units')
      .click();
    await page.getByTestId('catalogue-unit').first().waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'backoffice-catalogue-units');
    await page.getByTestId('catalogue-nav').getByText('Типы и стадии').click();
    await page.getByTestId('unit-types-item').first().waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'backoffice-catalogue-lists');
    await page.getByTestId('catalogue-nav').getByText('Источники бронирований').click();
    await page.getByTestId('booking-source').first().waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'backoffice-catalogue-sources');
    expect(errors).toEqual([]);
    await close();
  });
});

async function apiSignIn(baseUrl: string, login: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, password }),
  });
  return ((await response.json()) as { token: string }).token;
}

type Listed = { items: Array<{ id: number; name: string }> };

async function apiGet(baseUrl: string, token: string, path: string): Promise<Listed> {
  const response = await fetch(`${baseUrl}/api/v1/${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await response.json()) as Listed;
}
