import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, MOBILE, openPage, screenshot, signIn } from '../support/browser.ts';
import { type Portal, startPortal } from '../support/server.ts';

/** dd.mm.yyyy of the report date labels → yyyy-mm-dd, which sorts as text. */
const reportDates = async (page: Page) =>
  (await page.getByTestId('report-date').allTextContents()).map((d) => d.split('.').reverse().join('-'));

describe('the reports page', () => {
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
    it(`shows the investor's location reports as cards, orders them, opens the gallery, then a unit's blocks at ${viewport.width} px`, async () => {
      const { page, errors, close } = await openPage(browser, viewport);
      await signIn(page, portal.url, 'investor@example.com', 'Investor1');
      await page.goto(`${portal.url}/dashboard/reports/`);
      await page.getByRole('heading', { name: 'Фото- и видеоотчёты', level: 1 }).waitFor();
      const cards = page.getByTestId('report-card');
      await cards.first().waitFor();
      expect(await cards.count()).toBe(6);
      expect(await page.getByTestId('reports-info').textContent()).toContain('управляющая компания');
      const order = page.getByTestId('report-order');
      expect(await order.locator('option').allTextContents()).toEqual([
        'Сначала самые поздние',
        'Сначала самые ранние',
      ]);
      const latest = await reportDates(page);
      expect(latest).toEqual([...latest].sort().reverse());
      // The subtitle is HTML, kept as markup after sanitizing.
      expect(await cards.first().getByTestId('report-subtitle').locator('p').count()).toBeGreaterThan(0);
      await screenshot(page, 'reports-investor');

      await order.selectOption('2');
      await expect.poll(() => reportDates(page)).toEqual([...latest].reverse());

      // The cover opens the gallery of the report's photos and videos.
      await cards.first().getByTestId('report-cover').click();
      const gallery = page.getByTestId('gallery');
      await gallery.locator('img').waitFor();
      const counter = gallery.getByTestId('gallery-counter');
      const total = Number((await counter.textContent())?.split('/')[1]);
      expect(total).toBeGreaterThan(1);
      await gallery.getByRole('button', { name: 'Следующее' }).click();
      await expect.poll(() => counter.textContent()).toBe(`2 / ${total}`);
      if (viewport === DESKTOP) await screenshot(page, 'reports-gallery');
      await page.keyboard.press('Escape');
      await gallery.waitFor({ state: 'detached' });

      // A unit tab: media blocks, no order filter; a video opens in the gallery.
      const tabs = page.getByTestId('timeline-tabs').getByRole('tab');
      await tabs.nth(1).click();
      const blocks = page.getByTestId('report-block');
      await blocks.first().waitFor();
      expect(await blocks.count()).toBe(2);
      expect(await page.getByTestId('report-order').count()).toBe(0);
      const dates = await reportDates(page);
      expect(dates).toEqual([...dates].sort().reverse());
      await blocks.first().getByTestId('report-slide').last().click();
      await gallery.locator('video').waitFor();
      await page.keyboard.press('Escape');
      await gallery.waitFor({ state: 'detached' });
      await screenshot(page, 'reports-unit-investor');

      // The banya has no reports yet.
      await tabs.nth(2).click();
      await page.getByText('Отчётов пока нет').waitFor();
      expect(errors).toEqual([]);
      await close();
    });

  it('gives lenders the cards of locations 1, 2, 3 with the order filter', async () => {
    const { page, errors, close } = await openPage(browser);
    await signIn(page, portal.url, 'lender@example.com', 'Lender1');
    await page.goto(`${portal.url}/dashboard/reports/`);
    const tabs = page.getByTestId('timeline-tabs').getByRole('tab');
    await expect.poll(() => tabs.count()).toBe(3);
    await page.getByTestId('report-card').first().waitFor();
    await tabs.nth(2).click();
    await expect.poll(() => tabs.nth(2).getAttribute('aria-selected')).toBe('true');
    await page.getByTestId('report-card').first().waitFor();
    expect(await page.getByTestId('report-card').count()).toBe(6);
    expect(await page.getByTestId('report-order').count()).toBe(1);
    await screenshot(page, 'reports-lender');
    expect(errors).toEqual([]);
    await close();
  });

  it('says there are no reports for a location without any, in English too', async () => {
    const { page, close } = await openPage(browser);
    await signIn(page, portal.url, 'investor@example.com', 'Investor1');
    await page.goto(`${portal.url}/dashboard/reports/`);
    await page.getByTestId('report-card').first().waitFor();
    // Location 7 (being built) has no whole-location reports yet.
    await page.locator('.location-tabs [role=tab]', { hasText: 'Комплекс «Берег»: озёрная часть' }).click();
    await page.getByText('Отчётов пока нет').waitFor();
    await page.locator('.app-header').getByText('EN', { exact: true }).click();
    await page.getByText('No reports yet').waitFor();
    await page.setViewportSize(MOBILE);
    await page.getByText('No reports yet').waitFor();
    await screenshot(page, 'reports-empty');
    await close();
  });
});
