import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, MOBILE, openPage, screenshot, signIn } from '../support/browser.ts';
import { type Portal, startPortal } from '../support/server.ts';

const rubles = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', '.'));

describe('the inventory page', () => {
  let portal: Portal;
  let browser: Browser;
  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  for (const viewport of [DESKTOP, MOBILE])
    it(`shows the unit's inventory by space, filters, sorts by cost and opens the photos at ${viewport.width} px`, async () => {
      const { page, errors, close } = await openPage(browser, viewport);
      await signIn(page, portal.url, 'investor@example.com', 'Investor1');
      await page.goto(`${portal.url}/inventory/`);
      const groups = page.getByTestId('inventory-group');
      await groups.first().waitFor();
      expect(await page.getByTestId('unit-tabs').getByRole('tab').allTextContents()).toEqual([
        'Джуниор сюит №3',
        'Баня №1',
      ]);
      expect(await groups.locator('h2').allTextContents()).toEqual(['Спальня', 'Санузел', 'Терраса']);
      const statuses = await page
        .getByTestId('inventory-row')
        .locator('.mantine-Badge-label')
        .allTextContents();
      expect(statuses.length).toBeGreaterThan(0);
      expect(statuses.every((s) => s === 'Обнаружено' || s === 'Не обнаружено')).toBe(true);
      if (viewport === DESKTOP) await screenshot(page, 'inventory-investor');

      // Cost: ascending on the first press, descending on the second.
      const bedroomCosts = async () =>
        (await groups.first().getByTestId('inventory-cost').allTextContents()).map(rubles);
      await groups.first().getByTestId('cost-sort').click();
      const asc = await bedroomCosts();
      expect(asc).toEqual([...asc].sort((a, b) => a - b));
      await groups.first().getByTestId('cost-sort').click();
      const desc = await bedroomCosts();
      expect(desc).toEqual([...asc].reverse());

      // The space filter keeps the chosen spaces only.
      await page.getByTestId('space-filter').click();
      await page.getByRole('option', { name: 'Терраса' }).click();
      await page.keyboard.press('Escape');
      await expect.poll(() => groups.locator('h2').allTextContents()).toEqual(['Терраса']);

      // The current photos open in the gallery.
      await page.getByRole('button', { name: 'Текущее фото' }).first().click();
      const gallery = page.getByTestId('gallery');
      await gallery.locator('img').waitFor();
      await expect
        .poll(() =>
          gallery.locator('img').evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
        )
        .toBeGreaterThan(0);
      // The generated photos are JPEG, as the spec gives inventory images, and the browser decodes them.
      expect(await gallery.locator('img').first().getAttribute('src')).toMatch(
        /^data:image\/jpeg;base64,\/9j\//,
      );
      if (viewport === MOBILE) await screenshot(page, 'inventory-investor');
      await page.keyboard.press('Escape');

      // The bath has no bedroom; location 7 is still being built: no inventory yet.
      await page.getByTestId('unit-tabs').getByRole('tab', { name: 'Баня №1' }).click();
      await expect.poll(() => groups.locator('h2').allTextContents()).toEqual(['Санузел', 'Терраса']);
      expect(errors).toEqual([]);
      await close();
    });

  it('says when a unit has no inventory information', async () => {
    const { page, close } = await openPage(browser);
    await signIn(page, portal.url, 'investor@example.com', 'Investor1');
    await page.locator('.location-tabs [role=tab]', { hasText: 'Комплекс «Берег»: озёрная часть' }).click();
    await page.goto(`${portal.url}/inventory/`);
    await page.getByText('Информация по этому юниту не предоставлена').waitFor();
    await screenshot(page, 'inventory-empty-investor');
    await close();
  });

  it('sends a lender to /dashboard/', async () => {
    const { page, close } = await openPage(browser);
    await signIn(page, portal.url, 'lender@example.com', 'Lender1');
    await page.goto(`${portal.url}/inventory/`);
    await page.waitForURL('**/dashboard/');
    await close();
  });
});
