import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, MOBILE, openPage, screenshot, signIn } from '../support/browser.ts';
import { type Portal, startPortal } from '../support/server.ts';

describe('the interim financial report', () => {
  let portal: Portal;
  let browser: Browser;
  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  for (const [login, password, name, viewport] of [
    ['investor@example.com', 'Investor1', 'investor', DESKTOP],
    ['investor@example.com', 'Investor1', 'investor', MOBILE],
    ['lender@example.com', 'Lender1', 'lender', DESKTOP],
  ] as const)
    it(`stacks fifteen page images and blocks the context menu (${name}, ${viewport.width} px)`, async () => {
      const { page, errors, close } = await openPage(browser, viewport);
      await signIn(page, portal.url, login, password);
      await page.goto(`${portal.url}/dashboard/report-2024`);
      await page.getByRole('heading', { name: 'Промежуточный финансовый отчёт' }).waitFor();
      // The heading comes before the report's pages arrive: wait for them.
      const images = page.getByTestId('financial-report').locator('img');
      await expect.poll(() => images.count()).toBe(15);
      expect(await images.nth(14).getAttribute('alt')).toBe('Страница 15 из 15');
      // Every page really loads, the lazy ones once scrolled to.
      for (let n = 0; n < 15; n += 1) {
        await images.nth(n).scrollIntoViewIfNeeded();
        await expect
          .poll(() =>
            images.nth(n).evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
          )
          .toBeGreaterThan(0);
      }
      const prevented = await page.evaluate(`(() => {
        const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
        document.querySelector('[data-testid=financial-report] img').dispatchEvent(event);
        return event.defaultPrevented;
      })()`);
      expect(prevented).toBe(true);
      await page.evaluate('window.scrollTo(0, 0)');
      await screenshot(page, `report-2024-${name}`);
      expect(errors).toEqual([]);
      await close();
    });
});
