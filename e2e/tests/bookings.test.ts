import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinnedNow } from '../../apps/server/src/test/pinned-today.ts';
import { DESKTOP, launchBrowser, MOBILE, openPage, screenshot, signIn } from '../support/browser.ts';
import { type Portal, startPortal } from '../support/server.ts';

describe('the bookings grids', () => {
  let portal: Portal;
  let browser: Browser;
  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  it('shows the rooms of the location by type with booked cells, free counts, a tooltip and the statistics of location 1', async () => {
    const { page, errors, close } = await openPage(browser);
    await signIn(page, portal.url, 'investor@example.com', 'Investor1');
    await page.goto(`${portal.url}/dashboard/booking/`);
    const grid = page.getByTestId('booking-grid');
    await grid.locator('button.booking-grid-cell').first().waitFor();
    expect(await grid.locator('.booking-grid-group .booking-grid-name').allTextContents()).toEqual([
      'Стандарт',
      'Джуниор сюит',
      'Сюит',
    ]);
    // Only what is visible is rendered: far fewer nodes than 12 units × every day of the window.
    expect(await grid.locator('.booking-grid-cell').count()).toBeLessThan(1000);
    const statuses = await grid
      .locator('button.booking-grid-cell')
      .evaluateAll((cells) => [...new Set(cells.map((c) => c.getAttribute('data-status')))]);
    expect(
      statuses.every((s) => ['new', 'confirmed', 'checkedout', 'repair', 'both'].includes(s ?? '')),
    ).toBe(true);
    // A cell that shows a count names it as a word of its own (not in brackets), whatever the date it stands on.
    const counted = await grid
      .locator('button.booking-grid-cell[data-many]')
      .evaluateAll((cells) => cells.map((c) => [c.textContent ?? '', c.getAttribute('aria-label') ?? '']));
    for (const [count, label] of counted) expect(label).toMatch(new RegExp(`, ${count} запис(ь|и|ей)$`));
    await grid.locator('button.booking-grid-cell[data-status=new]:not([data-many])').first().hover();
    const tooltip = page.getByTestId('booking-tooltip');
    await tooltip.waitFor();
    expect(await tooltip.textContent()).toMatch(/Гостей: \d/);
    const statistics = await page.getByTestId('booking-statistics').textContent();
    expect(statistics).toContain('Загрузка сегодня');
    expect(statistics).toContain('Доход в этом месяце');
    await screenshot(page, 'booking-investor');

    // The blocks follow each location's data, not its id: location 2's rooms have bookings too.
    await page.getByRole('tab', { name: 'Комплекс «Берег»: лесная часть' }).click();
    await expect
      .poll(async () => page.getByTestId('booking-statistics').textContent())
      .toContain('Доход в этом месяце');
    expect(await page.getByTestId('booking-statistics').textContent()).toContain('Загрузка сегодня');
    expect(errors).toEqual([]);
    await close();
  });

  it('moves the window with a preset, filters by source and loads more dates at the edges', async () => {
    const { page, close } = await openPage(browser);
    await signIn(page, portal.url, 'investor@example.com', 'Investor1');
    await page.goto(`${portal.url}/dashboard/booking/`);
    const grid = page.getByTestId('booking-grid');
    await grid.locator('button.booking-grid-cell').first().waitFor();

    const booked = () => grid.locator('button.booking-grid-cell').count();
    // The first window grows until it fills the view: count once it has.
    await page.waitForLoadState('networkidle');
    const before = await booked();
    await page.getByTestId('source-filter').getByText('Сайт', { exact: true }).click();
    await expect.poll(booked).toBeLessThan(before);
    await page.getByTestId('source-filter').getByText('Сайт', { exact: true }).click();
    await expect.poll(booked).toBe(before);

    const later = page.waitForRequest((r) => r.url().includes('/api/v1/bookings?'));
    await grid.evaluate((element) => {
      element.scrollLeft = element.scrollWidth;
    });
    const laterUrl = new URL((await later).url());
    expect(Date.parse(laterUrl.searchParams.get('endDate') ?? '')).toBeGreaterThan(
      pinnedNow().getTime() + 20 * 86_400_000,
    );

    // Edge events rest for a while after one is taken (spec: Business constants and limits): go to the left edge, then
    // nudge there until
    // one is taken. Once earlier dates are prepended the view has moved off the edge and is left alone.
    let asked = false;
    const earlier = page
      .waitForRequest((r) => r.url().includes('/api/v1/bookings?'))
      .finally(() => {
        asked = true;
      });
    let first = true;
    await expect
      .poll(
        async () => {
          await grid.evaluate((element, toEdge) => {
            if (toEdge) element.scrollLeft = 0;
            else if (element.scrollLeft <= 1) element.scrollLeft = 1 - element.scrollLeft;
          }, first);
          first = false;
          return asked;
        },
        { timeout: 20_000, interval: 200 },
      )
      .toBe(true);
    const earlierUrl = new URL((await earlier).url());
    expect(Date.parse(earlierUrl.searchParams.get('startDate') ?? '')).toBeLessThan(
      pinnedNow().getTime() - 10 * 86_400_000,
    );
    // The view stays on the dates it showed: prepending shifts the scroll by the added columns.
    await expect.poll(() => grid.evaluate((element) => element.scrollLeft)).toBeGreaterThan(300);

    const preset = page.waitForRequest((r) => r.url().includes('/api/v1/bookings?'));
    await page.getByTestId('booking-preset').click();
    await page.getByRole('option', { name: 'Два месяца назад' }).click();
    const presetUrl = new URL((await preset).url());
    const start = Date.parse(presetUrl.searchParams.get('startDate') ?? '');
    expect(Math.round((pinnedNow().getTime() - start) / 86_400_000)).toBeGreaterThanOrEqual(60);
    await close();
  });

  it('shows outbuildings by the hour, 24 columns a day', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const { page, close } = await openPage(browser, viewport);
      await signIn(page, portal.url, 'investor@example.com', 'Investor1');
      await page.goto(`${portal.url}/dashboard/booking-periphery/`);
      const grid = page.getByTestId('booking-grid');
      await grid.locator('.booking-grid-head').first().waitFor();
      const labels = await grid.locator('.booking-grid-head > span:last-child').allTextContents();
      expect(labels.slice(0, 3).every((label) => /^\d\d$/.test(label))).toBe(true);
      expect(await grid.locator('.booking-grid-group .booking-grid-name').allTextContents()).toEqual([
        'Баня',
      ]);
      await screenshot(page, 'booking-periphery-investor');
      await close();
    }
  });

  it('gives the lender the tabs of booking locations first, and 375 px works', async () => {
    const { page, close } = await openPage(browser, MOBILE);
    await signIn(page, portal.url, 'investor@example.com', 'Investor1');
    await page.goto(`${portal.url}/dashboard/booking/`);
    const grid = page.getByTestId('booking-grid');
    await grid.locator('button.booking-grid-cell').first().waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'booking-investor');
    // On a phone every unit keeps its whole name (two lines, the rest in its tooltip) and the own one its mark.
    const names = await grid
      .locator('.booking-grid-row:not(.booking-grid-group) .booking-grid-label')
      .evaluateAll((labels) =>
        labels.map((label) => {
          const box = label as unknown as { textContent: string; scrollHeight: number; clientHeight: number };
          return { text: box.textContent, cut: box.scrollHeight > box.clientHeight + 1 };
        }),
      );
    expect(names.map((n) => n.text)).toContain('Джуниор сюит №3');
    expect(names.filter((n) => n.cut)).toEqual([]);
    const own = grid.getByTestId('own-unit').first();
    const ownBox = await own.boundingBox();
    const gridBox = await grid.boundingBox();
    expect(ownBox && gridBox && ownBox.x + ownBox.width <= gridBox.x + 104).toBe(true);
    expect(await grid.locator('[title*="Джуниор сюит №3"]').getAttribute('title')).toContain('Ваш юнит');

    // A swipe whose momentum ends at the right edge while edge events rest still brings the next dates, with no
    // swipe back first: the edge is looked at again when the rest ends.
    const widthBefore = await grid.evaluate((element) => element.scrollWidth);
    const first = page.waitForRequest((r) => r.url().includes('/api/v1/bookings?'));
    await grid.evaluate((element) => {
      element.scrollLeft = element.scrollWidth;
    });
    const firstEnd = Date.parse(new URL((await first).url()).searchParams.get('endDate') ?? '');
    await expect.poll(() => grid.evaluate((element) => element.scrollWidth)).toBeGreaterThan(widthBefore);
    const second = page.waitForRequest((r) => r.url().includes('/api/v1/bookings?'), { timeout: 15_000 });
    await grid.evaluate((element) => {
      element.scrollLeft = element.scrollWidth;
    });
    const secondUrl = new URL((await second).url());
    expect(Date.parse(secondUrl.searchParams.get('endDate') ?? '')).toBeGreaterThan(firstEnd);
    await close();

    const lender = await openPage(browser);
    await signIn(lender.page, portal.url, 'lender@example.com', 'Lender1');
    await lender.page.goto(`${portal.url}/dashboard/booking/`);
    const tabs = lender.page.locator('.page [role=tab]');
    await tabs.first().waitFor();
    expect(await tabs.allTextContents()).toEqual([
      'Лесной SPA-отель «Сосны»',
      'Комплекс «Берег»: лесная часть',
    ]);
    await lender.page.getByTestId('booking-grid').locator('button.booking-grid-cell').first().waitFor();
    await tabs.nth(1).click();
    await lender.page
      .getByTestId('booking-grid')
      .locator('.booking-grid-group .booking-grid-name', { hasText: 'Джуниор сюит' })
      .waitFor();
    await screenshot(lender.page, 'booking-lender');
    await lender.close();
  });
});
