import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, MOBILE, openPage, screenshot, signIn } from '../support/browser.ts';
import { type Portal, startPortal } from '../support/server.ts';

const currentTime = (page: Page, selector: string) =>
  page.locator(selector).evaluate((v) => (v as unknown as { currentTime: number }).currentTime);

describe('the cameras page', () => {
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
    it(`plays the live HLS stream and five looping views with their links at ${viewport.width} px`, async () => {
      const { page, errors, close } = await openPage(browser, viewport);
      await signIn(page, portal.url, 'investor@example.com', 'Investor1');
      await page.goto(`${portal.url}/dashboard/cameras`);
      await page.getByRole('tab', { name: 'Камеры наблюдения' }).waitFor();
      const videos = page.getByTestId('camera-video');
      expect(await videos.locator('h3').allTextContents()).toEqual([
        'Территория между банным комплексом и рестораном',
        'Банный чан и банный комплекс',
        'Коттеджи в отеле',
        'СПА-комплекс с бассейном',
        'Территория у пруда',
      ]);
      // The live stream really plays in Chromium (hls.js over Media Source Extensions): its time moves on.
      await expect
        .poll(() => currentTime(page, '[data-testid=live-stream]'), { timeout: 15_000 })
        .toBeGreaterThan(0);
      const first = await currentTime(page, '[data-testid=live-stream]');
      await expect
        .poll(() => currentTime(page, '[data-testid=live-stream]'), { timeout: 15_000 })
        .toBeGreaterThan(first + 1);
      expect(await page.getByTestId('stream-broken').count()).toBe(0);
      // The recorded views loop (Chromium plays muted autoplay videos once they are in view).
      await videos.first().scrollIntoViewIfNeeded();
      expect(await videos.first().locator('video').getAttribute('loop')).not.toBeNull();
      await expect
        .poll(() => currentTime(page, '[data-testid=camera-video] >> nth=0 >> video'), { timeout: 10_000 })
        .toBeGreaterThan(0);
      await screenshot(page, 'cameras-investor');

      // A link scrolls to its view.
      await page.getByTestId('camera-links').getByText('Территория у пруда').click();
      await expect
        .poll(() => videos.nth(4).evaluate((el) => Math.round(el.getBoundingClientRect().top)))
        .toBeLessThan(viewport.height);
      expect(errors).toEqual([]);
      await close();
    });

  it("says 'Something is wrong' and logs the spec's error where the browser has no HLS at all", async () => {
    const { page, close } = await openPage(browser);
    await page.addInitScript(`
      delete window.MediaSource;
      delete window.ManagedMediaSource;
      delete window.WebKitMediaSource;
      HTMLMediaElement.prototype.canPlayType = () => '';
    `);
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await signIn(page, portal.url, 'investor@example.com', 'Investor1');
    await page.goto(`${portal.url}/dashboard/cameras`);
    await page.getByText('Что-то не так').waitFor();
    expect(consoleErrors).toContain('HLS is not supported in this browser.');
    await close();
  });

  it("marks cameras 'soon' for a lender and tells them on the page", async () => {
    const { page, close } = await openPage(browser);
    await signIn(page, portal.url, 'lender@example.com', 'Lender1');
    await page.goto(`${portal.url}/dashboard/cameras`);
    await page.getByText('Камеры появятся в личном кабинете займодателя позже.').waitFor();
    expect(await page.locator('.app-aside, nav').getByText('Скоро').count()).toBeGreaterThan(0);
    await screenshot(page, 'cameras-lender');
    await close();
  });
});
