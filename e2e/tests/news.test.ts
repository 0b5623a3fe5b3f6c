import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, MOBILE, openPage, screenshot, signIn } from '../support/browser.ts';
import { type Portal, startPortal } from '../support/server.ts';

const titles = (page: Page) => page.getByTestId('news-title').allTextContents();
const pageOf = (page: Page) => page.getByTestId('news-page-of').textContent();

describe('the news page', () => {
  let portal: Portal;
  let browser: Browser;
  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  it("pages the investor's news four at a time at 1440 px, with the desktop title image", async () => {
    const { page, errors, close } = await openPage(browser, DESKTOP);
    await signIn(page, portal.url, 'investor@example.com', 'Investor1');
    await page.goto(`${portal.url}/news/`);
    await page.getByTestId('news-card').first().waitFor();
    expect(await page.getByTestId('news-card').count()).toBe(4);
    expect(await pageOf(page)).toBe('Страница 1 из 2');
    expect((await titles(page))[0]).toBe('Загрузка отелей в октябре — 78 %');
    const image = page.getByTestId('news-title-image').locator('img');
    await expect
      .poll(() => image.evaluate((img) => (img as { currentSrc: string }).currentSrc))
      .toContain('title-desktop.svg');
    const first = page.getByTestId('news-card').first();
    expect(await first.locator('.mantine-Badge-label').textContent()).toBe('Итоги');
    expect(await first.locator('.news-content b').textContent()).toBe('78 %');
    await screenshot(page, 'news-investor');

    const pagination = page.getByTestId('news-pagination');
    expect(await pagination.getByRole('button', { name: 'Назад' }).isDisabled()).toBe(true);
    await pagination.getByRole('button', { name: 'Вперёд' }).click();
    await expect.poll(() => pageOf(page)).toBe('Страница 2 из 2');
    // The counter moves at once; the cards of page 2 follow when their answer arrives.
    await expect.poll(() => titles(page)).toContain('Документы теперь можно подписать онлайн');
    expect(await pagination.getByRole('button', { name: 'Вперёд' }).isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it('shows three cards a page and the mobile title image at 375 px', async () => {
    const { page, errors, close } = await openPage(browser, MOBILE);
    await signIn(page, portal.url, 'investor@example.com', 'Investor1');
    await page.goto(`${portal.url}/news/`);
    await page.getByTestId('news-card').first().waitFor();
    expect(await page.getByTestId('news-card').count()).toBe(3);
    expect(await pageOf(page)).toBe('Страница 1 из 3');
    const image = page.getByTestId('news-title-image').locator('img');
    await expect
      .poll(() => image.evaluate((img) => (img as { currentSrc: string }).currentSrc))
      .toContain('title-mobile.svg');
    expect(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth')).toBe(0);
    await screenshot(page, 'news-investor');
    expect(errors).toEqual([]);
    await close();
  });

  it('follows the current role of a user with both, and shows the lender only lender news', async () => {
    const { page, errors, close } = await openPage(browser, { width: 900, height: 900 });
    await signIn(page, portal.url, 'both@example.com', 'Both1234');
    await page.goto(`${portal.url}/news/`);
    await page.getByTestId('news-card').first().waitFor();
    // 481–1080 px: two cards a page.
    expect(await page.getByTestId('news-card').count()).toBe(2);
    expect(await pageOf(page)).toBe('Страница 1 из 4');
    await page.getByTestId('role-toggler').getByText('Займодатель').click();
    await expect.poll(() => pageOf(page)).toBe('Страница 1 из 3');
    expect(await titles(page)).toEqual([
      'Загрузка отелей в октябре — 78 %',
      'Проценты за III квартал выплачены',
    ]);
    expect(errors).toEqual([]);
    await close();

    const lender = await openPage(browser, DESKTOP);
    await signIn(lender.page, portal.url, 'lender@example.com', 'Lender1');
    await lender.page.goto(`${portal.url}/news/`);
    await lender.page.getByTestId('news-card').first().waitFor();
    expect(await titles(lender.page)).not.toContain('Озёрная часть: кровля готова');
    expect(await pageOf(lender.page)).toBe('Страница 1 из 2');
    await screenshot(lender.page, 'news-lender');
    expect(lender.errors).toEqual([]);
    await lender.close();
  });
});
