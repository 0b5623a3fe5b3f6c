import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, MOBILE, openPage, screenshot, signIn } from '../support/browser.ts';
import { type Portal, startPortal } from '../support/server.ts';

describe('the timeline page', () => {
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
    it(`shows the investor the whole location, a unit's timeline and the no-data stub at ${viewport.width} px`, async () => {
      const { page, errors, close } = await openPage(browser, viewport);
      await signIn(page, portal.url, 'investor@example.com', 'Investor1');
      await page.goto(`${portal.url}/dashboard/timeline/`);
      const tabs = page.getByTestId('timeline-tabs').getByRole('tab');
      await page.getByTestId('location-timeline').waitFor();
      expect(await tabs.allTextContents()).toEqual(['Вся локация', 'Джуниор сюит №3', 'Баня №1']);
      expect(await tabs.first().getAttribute('aria-selected')).toBe('true');
      expect(await tabs.first().getAttribute('data-tab-id')).toBe('1488');

      // The whole location: levels 1–3 nested, and the periphery stages (investors only) with their lists.
      const stages = page.getByTestId('location-stage');
      const levels = await stages.evaluateAll((els) => els.map((el) => el.getAttribute('data-level')));
      expect(new Set(levels)).toEqual(new Set(['1', '2', '3']));
      expect(
        await page.locator('[data-level="1"] [data-level="2"] [data-level="3"]').count(),
      ).toBeGreaterThan(0);
      expect(await page.getByTestId('timeline-legend').first().locator('p').allTextContents()).toEqual([
        'Выполнено',
        'В процессе',
        'Ожидает начала',
      ]);
      const periphery = page.getByTestId('periphery-stage');
      expect(await periphery.count()).toBeGreaterThan(0);
      expect(await periphery.first().getByTestId('periphery-inner').count()).toBeGreaterThan(0);
      await screenshot(page, 'timeline-location-investor');

      // A unit: the purchase stage is the priced, starred header; every status 0–4 has its row.
      await tabs.nth(1).click();
      await page.getByTestId('unit-timeline').waitFor();
      expect(await page.getByTestId('capitalization').textContent()).toContain('Эксплуатация');
      const rows = page.getByTestId('timeline-row');
      const statuses = await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-status')));
      expect(new Set(statuses)).toEqual(new Set(['0', '1', '2', '3', '4']));
      const header = page.locator('[data-testid=timeline-row][data-header]');
      expect(await header.count()).toBe(1);
      expect(await header.getByTestId('timeline-row-name').textContent()).toBe('Покупка юнита');
      expect(await header.locator('[data-star]').count()).toBe(1);
      expect(await header.getByTestId('timeline-prices').textContent()).toMatch(
        /Цена капитализации11\u00a0564\u00a0000\u00a0₽Рыночная цена12\u00a0446\u00a0000\u00a0₽/,
      );
      expect(await header.locator('svg[data-status="4"]').count()).toBe(1);
      await screenshot(page, 'timeline-unit-investor');

      // The banya has no timeline yet.
      await tabs.nth(2).click();
      await page.getByText('Данных по таймлайну пока нет').waitFor();
      expect(await page.getByTestId('unit-timeline').count()).toBe(0);
      expect(errors).toEqual([]);
      await close();
    });

  it('reloads on a location change and speaks English', async () => {
    const { page, close } = await openPage(browser);
    await signIn(page, portal.url, 'investor@example.com', 'Investor1');
    await page.goto(`${portal.url}/dashboard/timeline/`);
    await page.getByTestId('location-timeline').waitFor();
    await page.locator('.location-tabs [role=tab]', { hasText: 'Комплекс «Берег»: озёрная часть' }).click();
    const tabs = page.getByTestId('timeline-tabs').getByRole('tab');
    await expect.poll(() => tabs.allTextContents()).toEqual(['Вся локация', 'Сюит №1']);
    await tabs.nth(1).click();
    await page.getByTestId('capitalization').getByText('Строительство').waitFor();
    await page.locator('.app-header').getByText('EN', { exact: true }).click();
    await page.getByText('Construction stages').waitFor();
    expect(await tabs.allTextContents()).toEqual(['Whole location', 'Suite No. 1']);
    await close();
  });

  it('gives lenders the fixed tabs of locations 1, 2, 3 and keeps the chosen one', async () => {
    const { page, errors, close } = await openPage(browser);
    await signIn(page, portal.url, 'lender@example.com', 'Lender1');
    await page.goto(`${portal.url}/dashboard/timeline/`);
    const tabs = page.getByTestId('timeline-tabs').getByRole('tab');
    await expect
      .poll(() => tabs.allTextContents())
      .toEqual(['Лесной SPA-отель «Сосны»', 'Комплекс «Берег»: лесная часть', 'Отель «Отражение»']);
    await page.getByTestId('location-timeline').waitFor();
    expect(await tabs.first().getAttribute('aria-selected')).toBe('true');
    expect(await page.getByTestId('periphery-stages').count()).toBe(0);
    await tabs.nth(2).click();
    await expect.poll(() => tabs.nth(2).getAttribute('aria-selected')).toBe('true');
    await page.getByTestId('location-stage').first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('user_lender_timeline_tab'))).toBe('3');
    await screenshot(page, 'timeline-lender');
    await page.reload();
    await page.getByTestId('location-timeline').waitFor();
    await expect.poll(() => tabs.nth(2).getAttribute('aria-selected')).toBe('true');
    expect(errors).toEqual([]);
    await close();
  });

  it('switches between the investor and lender tabs when a user with both roles changes role', async () => {
    const { page, errors, close } = await openPage(browser);
    await signIn(page, portal.url, 'both@example.com', 'Both1234');
    await page.goto(`${portal.url}/dashboard/timeline/`);
    const tabs = page.getByTestId('timeline-tabs').getByRole('tab');
    await page.getByTestId('periphery-stages').waitFor();
    expect(await tabs.allTextContents()).toEqual(['Вся локация', 'Джуниор сюит №8']);
    await page.getByTestId('role-toggler').getByText('Займодатель').click();
    await expect.poll(() => tabs.count()).toBe(3);
    // The lender's current location (3, the loan) is one of the fixed tabs: it opens first.
    await expect.poll(() => tabs.nth(2).getAttribute('aria-selected')).toBe('true');
    await page.getByTestId('location-timeline').waitFor();
    expect(await page.getByTestId('periphery-stages').count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('shows the lender tabs at 375 px', async () => {
    const { page, close } = await openPage(browser, MOBILE);
    await signIn(page, portal.url, 'lender@example.com', 'Lender1');
    await page.goto(`${portal.url}/dashboard/timeline/`);
    await page.getByTestId('location-timeline').waitFor();
    await expect.poll(() => page.getByTestId('timeline-tabs').getByRole('tab').count()).toBe(3);
    await screenshot(page, 'timeline-lender');
    await close();
  });
});
