import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  launchBrowser,
  MOBILE,
  openPage,
  screenshot,
  scrollsToTop,
  signIn,
  waitForScrollToTop,
} from '../support/browser.ts';
import { type Portal, startPortal } from '../support/server.ts';

const LOCATION_7 = 'Комплекс «Берег»: озёрная часть';

describe('inspections: the control page and an inspection with its checklist', () => {
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
    it(`shows the summary, chart, date range and both tabs at ${viewport.width} px`, async () => {
      const { page, errors, close } = await openPage(browser, viewport);
      await signIn(page, portal.url, 'investor@example.com', 'Investor1');
      await page.goto(`${portal.url}/dashboard/control/`);
      const summary = page.getByTestId('control-summary');
      await summary.waitFor();
      expect(await summary.textContent()).toMatch(/Средний результат\d+%/);
      expect(await summary.textContent()).toContain('Проведено проверок10');
      await page.getByTestId('control-chart').locator('svg').first().waitFor();
      expect(await page.getByTestId('control-legend').textContent()).toBe(
        'Материальная базаКонтроль сервисаДругое',
      );
      // The default window is the year ending now: the ten checks of the last year.
      const rows = page.getByTestId('inspection-table').getByTestId('inspection-row');
      expect(await rows.count()).toBe(10);
      expect(await rows.first().textContent()).toMatch(/\d+\/15 \(\d+%\)/);
      if (viewport === DESKTOP) await screenshot(page, 'control-investor');
      await page.getByRole('tab', { name: /Предстоящие/ }).click();
      await expect
        .poll(() => page.getByTestId('inspection-table').getByTestId('inspection-row').count())
        .toBe(3);
      if (viewport === MOBILE) await screenshot(page, 'control-investor');

      // Location 7 is still being built: no completed checks.
      if (viewport === DESKTOP) {
        await page.locator('.location-tabs [role=tab]', { hasText: LOCATION_7 }).click();
        await page.getByRole('tab', { name: 'Пройденные (0)' }).click();
        await page.getByText('Проверок пока не было').waitFor();
        expect(await page.getByTestId('control-summary').textContent()).toContain('Проведено проверок0');
      }
      expect(errors).toEqual([]);
      await close();
    });

  it('filters the checks by type (currentFilterId) beside the date range, in both tabs', async () => {
    const { page, errors, close } = await openPage(browser);
    await signIn(page, portal.url, 'investor@example.com', 'Investor1');
    await page.goto(`${portal.url}/dashboard/control/`);
    const rows = page.getByTestId('inspection-table').getByTestId('inspection-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(10);
    const filter = page.getByTestId('control-filter');
    expect(await filter.textContent()).toBe('ВсеМатериальная базаКонтроль сервисаДругое');
    let sum = 0;
    for (const kind of ['Материальная база', 'Контроль сервиса', 'Другое']) {
      await filter.getByText(kind, { exact: true }).click();
      await expect
        .poll(
          async () => {
            const types = await rows.locator('.mantine-Badge-label').allTextContents();
            return types.every((type) => type === kind);
          },
          { timeout: 10_000 },
        )
        .toBe(true);
      sum += await rows.count();
      const passedTab = await page.getByRole('tab', { name: /Пройденные/ }).textContent();
      expect(passedTab).toBe(`Пройденные (${await rows.count()})`);
    }
    expect(sum).toBe(10);
    await filter.getByText('Контроль сервиса', { exact: true }).click();
    await screenshot(page, 'control-filter');
    await filter.getByText('Все', { exact: true }).click();
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(10);
    expect(errors).toEqual([]);
    await close();
  });

  it('narrows the passed checks by the date range and says when the period had none', async () => {
    const { page, close } = await openPage(browser);
    await signIn(page, portal.url, 'investor@example.com', 'Investor1');
    await page.goto(`${portal.url}/dashboard/control/`);
    const rows = page.getByTestId('inspection-row');
    await rows.first().waitFor();
    // The first two days of a month: never an inspection in the demo data (they are 35+ days apart from today).
    await page.getByTestId('control-range').click();
    const day = (n: string) =>
      page.locator('.mantine-DatePickerInput-day:not([data-outside])').getByText(n, { exact: true });
    await day('1').click();
    await day('2').click();
    await page.getByText('В комплексе не было проверок за выбранный период').waitFor();
    expect(await rows.count()).toBe(0);
    expect(await page.getByTestId('control-chart').count()).toBe(0);
    // Clearing the range shows every completed check again.
    await page.locator('.mantine-InputClearButton-root').click();
    await expect.poll(() => rows.count()).toBe(10);
    await close();
  });

  it('opens an inspection: result, failures, counts rounded up, photos, and the side index scrolls to a group', async () => {
    const { page, errors, close } = await openPage(browser);
    await signIn(page, portal.url, 'investor@example.com', 'Investor1');
    await page.goto(`${portal.url}/dashboard/control/`);
    await waitForScrollToTop(page);
    const scrolls = await scrollsToTop(page);
    await page.getByTestId('inspection-row').first().getByRole('link').click();
    await page.waitForURL(/\/dashboard\/control\/inspection\/\d+$/);
    expect(await page.getByTestId('back-to-control').textContent()).toContain('Назад ко всем проверкам');
    const result = await page.getByTestId('inspection-result').textContent();
    const [, fact, max, percent] = /^(\d+)\/(\d+) \((\d+)%\)$/.exec(result ?? '') ?? [];
    expect(Number(max)).toBe(15);
    expect(Number(percent)).toBe(Math.ceil((Number(fact) * 100) / Number(max)));
    const groups = page.getByTestId('checklist-group');
    expect(await groups.count()).toBe(3);
    // Each group's 'N из M (P%)' agrees with its 'Да' answers.
    for (let g = 0; g < 3; g += 1) {
      const group = groups.nth(g);
      const text = (await group.locator('h3 + p').first().textContent()) ?? '';
      const [, n, m, p] = /^(\d+) из (\d+) \((\d+)%\)$/.exec(text) ?? [];
      const answers = await group.getByTestId('check').locator('.mantine-Badge-label').allTextContents();
      expect(Number(m)).toBe(answers.length);
      expect(Number(n)).toBe(answers.filter((a) => a === 'Да').length);
      expect(Number(p)).toBe(Math.ceil((Number(n) * 100) / Number(m)));
    }
    const fails = await page.getByTestId('check').filter({ hasText: 'Нет' }).count();
    if (fails > 0) expect(await page.getByTestId('inspection-fails').locator('li').count()).toBe(fails);

    // The side index scrolls smoothly to the last group: out of view before, wholly in view after.
    const last = groups.nth(2);
    const box = () =>
      last.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom };
      });
    expect((await box()).bottom).toBeGreaterThan(DESKTOP.height);
    // The router's own scroll to the top comes a moment after the navigation; a click before it is undone.
    await waitForScrollToTop(page, scrolls);
    await page
      .getByTestId('checklist-index')
      .getByRole('button', { name: /Сервис/ })
      .click();
    await expect.poll(async () => (await box()).bottom).toBeLessThanOrEqual(DESKTOP.height);
    expect((await box()).top).toBeGreaterThanOrEqual(0);
    await screenshot(page, 'inspection-investor');

    // The photo gallery of a check.
    await page.getByRole('button', { name: 'Открыть фото' }).first().click();
    const gallery = page.getByTestId('gallery');
    await gallery.locator('img').waitFor();
    expect(
      await gallery
        .locator('img')
        .evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
    ).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await gallery.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await close();
  });

  it('folds the checklist at 375 px: groups open, subgroups closed', async () => {
    const { page, close } = await openPage(browser, MOBILE);
    await signIn(page, portal.url, 'investor@example.com', 'Investor1');
    await page.goto(`${portal.url}/dashboard/control/`);
    await page.getByTestId('inspection-row').first().getByRole('link').click();
    const accordion = page.getByTestId('checklist-accordion');
    await accordion.waitFor();
    expect(await page.getByTestId('checklist-index').count()).toBe(0);
    expect(await page.getByTestId('checklist-group').count()).toBe(3);
    expect(await page.getByTestId('checklist-subgroup').count()).toBe(6);
    expect(await page.getByTestId('check').filter({ visible: true }).count()).toBe(0);
    const firstSubgroup = page.getByTestId('checklist-subgroup').first();
    await firstSubgroup.getByRole('button').first().click();
    await expect.poll(() => firstSubgroup.getByTestId('check').filter({ visible: true }).count()).toBe(3);
    await screenshot(page, 'inspection-investor');
    // Closing a group hides its subgroups.
    const firstGroup = page.getByTestId('checklist-group').first();
    await firstGroup.getByRole('button').first().click();
    await expect.poll(() => firstSubgroup.isVisible()).toBe(false);
    await close();
  });

  it("shows the not-found state for another user's inspection and for a bad id", async () => {
    const { page, close } = await openPage(browser);
    await signIn(page, portal.url, 'investor@example.com', 'Investor1');
    // An inspection of location 3, which the lender does not hold.
    const id = await page.evaluate(async () => {
      const token = localStorage.getItem('user_jwt_token');
      const response = await fetch('/api/v1/check-office/get-location-inspections?locationId=3', {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await response.json()) as { completedInspections: Array<{ id: number }> };
      return body.completedInspections[0]?.id;
    });
    await close();
    const lender = await openPage(browser);
    await signIn(lender.page, portal.url, 'lender@example.com', 'Lender1');
    await lender.page.goto(`${portal.url}/dashboard/control/inspection/${id}`);
    await lender.page.getByText('Проверка не найдена').waitFor();
    await lender.page.goto(`${portal.url}/dashboard/control/inspection/abc`);
    await lender.page.getByText('Проверка не найдена').waitFor();
    await screenshot(lender.page, 'inspection-not-found-lender');
    await lender.page.getByTestId('back-to-control').click();
    await lender.page.waitForURL('**/dashboard/control/');
    // The lender's location 1 has inspections too.
    await lender.page.getByTestId('control-summary').waitFor();
    await screenshot(lender.page, 'control-lender');
    expect(lender.errors).toEqual([]);
    await lender.close();
  });

  it('speaks English', async () => {
    const { page, close } = await openPage(browser);
    await signIn(page, portal.url, 'investor@example.com', 'Investor1');
    await page.goto(`${portal.url}/dashboard/control/`);
    await page.locator('.app-header').getByText('EN', { exact: true }).click();
    await page.getByText('Average result').waitFor();
    await page.getByTestId('inspection-row').first().getByRole('link').click();
    await page.getByText('Back to all inspections').waitFor();
    expect(await page.getByTestId('checklist-group').first().textContent()).toMatch(/\d+ of \d+ \(\d+%\)/);
    await close();
  });
});
