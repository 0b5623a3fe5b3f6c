import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe.ts';
import { launchBrowser, openPage, signIn } from '../support/browser.ts';
import { type Portal, startPortal } from '../support/server.ts';

/**
 * The investor's main pages on a few dates the calendar gets wrong (the year's first day, a month end of 28 days,
 * a leap day), each on a portal started on that date: every page shows its data, no call of the page fails and axe
 * finds nothing serious. apps/server/src/demo/date-runs.test.ts walks every owner call on more dates.
 */
const DATES = ['2027-01-01', '2027-02-28', '2028-02-29'];

/** The owner pages and what each shows once it has its data. */
const PAGES: { path: string; data: (page: Page) => Promise<void> }[] = [
  {
    path: '/dashboard/',
    data: async (page) => {
      await page.getByTestId('dashboard-statistics').waitFor();
      // The dashboard opens on the last complete month, which the demo always has income for.
      await page.getByTestId('actual-income').waitFor();
      expect(await page.getByTestId('actual-empty').count()).toBe(0);
    },
  },
  {
    path: '/dashboard/booking/',
    data: async (page) => {
      await page.getByTestId('booking-grid').locator('button.booking-grid-cell').first().waitFor();
      expect(await page.getByTestId('booking-statistics').textContent()).toContain('Загрузка сегодня');
    },
  },
  {
    path: '/dashboard/income/',
    data: async (page) => {
      await page.getByTestId('income-summary').waitFor();
      await page.getByTestId('income-chart').waitFor();
    },
  },
  {
    path: '/units/',
    data: async (page) => {
      await page.getByTestId('unit-card').first().waitFor();
    },
  },
];

type Doc = { document: { querySelector: (selector: string) => unknown } };

describe.each(DATES)('the investor pages on %s', (today) => {
  let portal: Portal;
  let browser: Browser;
  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal({ env: { PORTAL_TODAY: today } }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  it('show their data, with no failed call and no serious axe violation', async () => {
    const { page, errors, close } = await openPage(browser);
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/v1/') && response.status() >= 400)
        failed.push(`${response.status()} ${response.url()}`);
    });
    await signIn(page, portal.url, 'investor@example.com', 'Investor1');
    expect(await page.locator('meta[name="portal-today"]').getAttribute('content')).toBe(today);
    for (const { path, data } of PAGES) {
      await page.goto(`${portal.url}${path}`);
      await data(page);
      await page.waitForLoadState('networkidle');
      await page.waitForFunction(
        () => !(globalThis as unknown as Doc).document.querySelector('.mantine-Loader-root'),
      );
      expect(await page.getByText('Не удалось загрузить данные').count(), path).toBe(0);
      expect(await axeViolations(page), path).toEqual([]);
    }
    expect(failed).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });
});
