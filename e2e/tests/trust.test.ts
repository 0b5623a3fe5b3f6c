import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, MOBILE, openPage, screenshot, signIn } from '../support/browser.ts';
import { type Portal, startPortal } from '../support/server.ts';

/**
 * Issue 17, the defects seen in the browser: every figure and label a user can trust, in both languages, at 1440
 * and 375 px.
 */

const LANGUAGES = ['RU', 'EN'] as const;
type Language = (typeof LANGUAGES)[number];

/** The e2e code has no DOM types: the few element fields it reads. */
type Box = { scrollWidth: number; clientWidth: number; textContent: string | null };

async function language(page: Page, baseUrl: string, code: Language) {
  await page.context().addCookies([{ name: 'cookieLocale', value: code, url: baseUrl }]);
}

/** Signs in (in Russian, as the sign-in helper expects), then switches to the language asked. */
async function session(browser: Browser, baseUrl: string, login: string, password: string, code: Language) {
  const opened = await openPage(browser);
  await signIn(opened.page, baseUrl, login, password);
  await language(opened.page, baseUrl, code);
  return opened;
}

describe('trust in every figure and label (issue 17)', () => {
  let portal: Portal;
  let browser: Browser;
  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  it('names the lender income by the loan and keeps the period in the page language while it loads or fails', async () => {
    for (const code of LANGUAGES) {
      const { page, close } = await session(browser, portal.url, 'lender@example.com', 'Lender1', code);
      for (const viewport of [DESKTOP, MOBILE]) {
        await page.setViewportSize(viewport);
        await page.goto(`${portal.url}/dashboard/income/`);
        await page.getByTestId('income-actives').waitFor();
        // The chart's legend names the series: the interest on the loan.
        await page
          .getByTestId('income-chart')
          .getByText(code === 'RU' ? 'Проценты по займу' : 'Loan interest')
          .first()
          .waitFor();
        const text = (await page.locator('main').textContent()) ?? '';
        if (code === 'RU') {
          expect(text).toContain('Проценты по займу');
          expect(text).toContain('Доход по займу');
          expect(text).not.toContain('Доход по юнитам');
        } else {
          expect(text).toContain('Loan interest');
          expect(text).toContain('Income on the loan');
          expect(text).not.toContain('Income by units');
        }
        // Lenders hold no units: no side block telling them there are none.
        expect(await page.locator('.units-list').count()).toBe(0);
        await screenshot(page, `trust-income-lender-${code}`);
      }
      // The statistics call fails: the period above the error is still in the page's language.
      await page.route('**/api/v1/lender-income/statistics**', (route) => route.abort());
      await page.goto(`${portal.url}/dashboard/income/`);
      await page.getByRole('alert').first().waitFor();
      const period = await page.getByTestId('income-range').textContent();
      if (code === 'RU') expect(period).not.toMatch(/[A-Za-z]/);
      else expect(period).toMatch(/[A-Za-z]/);
      await page.unroute('**/api/v1/lender-income/statistics**');
      await close();
    }
  });

  it('prints one number format per language, «₽» glued to its sum, and no decimal comma in English', async () => {
    for (const code of LANGUAGES) {
      const { page, close } = await session(browser, portal.url, 'investor@example.com', 'Investor1', code);
      for (const viewport of [DESKTOP, MOBILE]) {
        await page.setViewportSize(viewport);
        await page.goto(`${portal.url}/dashboard/income/`);
        await page.getByTestId('income-actives').waitFor();
        const summary = (await page.getByTestId('income-summary').textContent()) ?? '';
        // «₽» is never after an ordinary space, so it never wraps onto a line of its own.
        expect(summary).toContain('\u00a0₽');
        expect(summary).not.toMatch(/ ₽/);
        if (code === 'EN') expect(summary).not.toMatch(/\d,\d+%/);
        else expect(summary).toMatch(/\d,\d+%/);
        // No ADR/RevPAR help icons without figures.
        expect(await page.getByRole('button', { name: 'ADR' }).count()).toBe(0);
        if (viewport === MOBILE) {
          // The phone's chart labels at most 5 months, so they never print over each other.
          await screenshot(page, `trust-income-investor-${code}`);
          // The month labels are the chart's texts that end in a two-digit year ('нояб. 25', 'Nov 25').
          const months = () =>
            page
              .getByTestId('income-chart')
              .locator('svg text')
              .evaluateAll(
                (texts) =>
                  texts.filter((text) =>
                    /\S \d{2}$/.test(((text as unknown as Box).textContent ?? '').trim()),
                  ).length,
              );
          await expect.poll(months).toBeGreaterThan(1);
          expect(await months()).toBeLessThanOrEqual(5);
        }
        await screenshot(page, `trust-income-investor-${code}`);

        await page.goto(`${portal.url}/dashboard/booking/`);
        await page.getByTestId('booking-statistics').waitFor();
        const cards = (await page.getByTestId('booking-statistics').textContent()) ?? '';
        expect(cards).not.toMatch(/ ₽/);
        await screenshot(page, `trust-bookings-${code}`);
      }
      await close();
    }
  });

  it('shows location tabs only where the page follows them, and lenders one row of tabs', async () => {
    const investor = await session(browser, portal.url, 'investor@example.com', 'Investor1', 'RU');
    for (const path of ['/documents/', '/units/', '/news/', '/promo/', '/faq/', '/profile/']) {
      await investor.page.goto(`${portal.url}${path}`);
      await investor.page.locator('main h1, main h2').first().waitFor();
      expect(await investor.page.locator('.location-tabs').count(), path).toBe(0);
      if (path === '/documents/' || path === '/units/') {
        await screenshot(investor.page, `trust-${path.replaceAll('/', '')}`);
        await investor.page.setViewportSize(MOBILE);
        await screenshot(investor.page, `trust-${path.replaceAll('/', '')}`);
        await investor.page.setViewportSize(DESKTOP);
      }
    }
    await investor.page.goto(`${portal.url}/dashboard/`);
    await investor.page.locator('.location-tabs').waitFor();
    await investor.close();

    for (const code of LANGUAGES) {
      const lender = await session(browser, portal.url, 'lender@example.com', 'Lender1', code);
      for (const viewport of [DESKTOP, MOBILE]) {
        await lender.page.setViewportSize(viewport);
        for (const path of ['/dashboard/booking/', '/dashboard/timeline/']) {
          await lender.page.goto(`${portal.url}${path}`);
          await lender.page.getByRole('tablist').first().waitFor();
          expect(await lender.page.locator('.location-tabs').count(), path).toBe(0);
          expect(await lender.page.getByTestId('location-select').count(), path).toBe(0);
        }
        await screenshot(lender.page, `trust-timeline-lender-${code}`);
      }
      await lender.close();
    }
  });

  it('shows inventory statuses whole, wide tables with a scroll cue, and pages the gallery by arrow keys', async () => {
    for (const code of LANGUAGES) {
      const { page, close } = await session(browser, portal.url, 'investor@example.com', 'Investor1', code);
      await page.goto(`${portal.url}/inventory/`);
      await page.getByTestId('inventory-status').first().waitFor();
      const cut = await page
        .getByTestId('inventory-status')
        .evaluateAll(
          (badges) =>
            (badges as unknown as Box[]).filter((badge) => badge.scrollWidth > badge.clientWidth + 1).length,
        );
      expect(cut).toBe(0);
      await screenshot(page, `trust-inventory-${code}`);

      await page.setViewportSize(MOBILE);
      const cue = page.getByTestId('scroll-cue').first();
      await expect.poll(() => cue.getAttribute('data-more-right')).toBe('true');
      await screenshot(page, `trust-inventory-${code}`);
      await page.setViewportSize(DESKTOP);

      // The gallery of a check: a named close button, and the arrow keys move through its photos.
      // The forest hotel (location 1) has inspections with photos.
      await page.evaluate(() => localStorage.setItem('user_current_location_id', '1'));
      await page.goto(`${portal.url}/dashboard/control/`);
      await page.locator('a[href*="/dashboard/control/inspection/"]').first().click();
      await page
        .getByRole('button', { name: code === 'RU' ? 'Открыть фото' : 'Open photo' })
        .first()
        .click();
      const gallery = page.getByTestId('gallery');
      await gallery.locator('img, video').first().waitFor();
      expect(
        await page
          .getByRole('dialog')
          .getByRole('button', { name: code === 'RU' ? 'Закрыть' : 'Close' })
          .count(),
      ).toBe(1);
      const counter = page.getByTestId('gallery-counter');
      if ((await counter.count()) > 0) {
        expect(await counter.textContent()).toMatch(/^1 \//);
        await page.keyboard.press('ArrowRight');
        await expect.poll(() => counter.textContent()).toMatch(/^2 \//);
        await page.keyboard.press('ArrowLeft');
        await expect.poll(() => counter.textContent()).toMatch(/^1 \//);
      }
      await screenshot(page, `trust-gallery-${code}`);
      await close();
    }
  });

  it('never strikes a market price below the price asked, and rests a request button once it is sent', async () => {
    for (const code of LANGUAGES) {
      const { page, close } = await session(browser, portal.url, 'both@example.com', 'Both1234', code);
      for (const viewport of [DESKTOP, MOBILE]) {
        await page.setViewportSize(viewport);
        await page.goto(`${portal.url}/promo/`);
        await page.getByTestId('lot-card').first().waitFor();
        const wrong = await page.getByTestId('lot-card').evaluateAll((cards) => {
          const rubles = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));
          type Card = {
            querySelectorAll: (s: string) => ArrayLike<Box & { style: { textDecoration: string } }>;
          };
          return (cards as unknown as Card[]).filter((card) => {
            const texts = Array.from(card.querySelectorAll('p, span'));
            const struck = texts.find((el) => el.style.textDecoration.includes('line-through'));
            const prices = texts
              .filter((el) => /₽$/.test(el.textContent ?? ''))
              .map((el) => rubles(el.textContent));
            return struck !== undefined && prices.some((price) => price > rubles(struck.textContent));
          }).length;
        });
        expect(wrong).toBe(0);
        await screenshot(page, `trust-promo-${code}`);
      }
      await page.setViewportSize(DESKTOP);
      const request = page.getByTestId('lot-request').first();
      await request.click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: code === 'RU' ? 'Отправить' : 'Send' }).click();
      await dialog.getByRole('button', { name: code === 'RU' ? 'Хорошо' : 'OK' }).click();
      await expect.poll(() => request.isDisabled()).toBe(true);
      await close();
    }
  });

  it('refuses a non-image or a too large avatar with a message', async () => {
    for (const code of LANGUAGES) {
      const { page, close } = await session(browser, portal.url, 'investor@example.com', 'Investor1', code);
      for (const viewport of [DESKTOP, MOBILE]) {
        await page.setViewportSize(viewport);
        await page.goto(`${portal.url}/profile/`);
        await page.getByTestId('choose-photo').waitFor();
        const input = page.locator('input[type=file][accept*="image"]').first();
        await input.setInputFiles({
          name: 'notes.txt',
          mimeType: 'text/plain',
          buffer: Buffer.from('hello'),
        });
        await expect
          .poll(() => page.getByTestId('photo-error').textContent())
          .toContain(code === 'RU' ? 'не изображение' : 'not an image');
        await input.setInputFiles({
          name: 'big.jpg',
          mimeType: 'image/jpeg',
          buffer: Buffer.alloc(2 * 1024 * 1024 + 10, 1),
        });
        await expect
          .poll(() => page.getByTestId('photo-error').textContent())
          .toContain(code === 'RU' ? '2 МБ' : '2 MB');
        await screenshot(page, `trust-avatar-${code}`);
      }
      await close();
    }
  });

  it('labels every booked cell and shows a phone more than a few hour columns of the outbuildings', async () => {
    for (const code of LANGUAGES) {
      const { page, close } = await session(browser, portal.url, 'investor@example.com', 'Investor1', code);
      for (const viewport of [DESKTOP, MOBILE]) {
        await page.setViewportSize(viewport);
        await page.goto(`${portal.url}/dashboard/booking-periphery/`);
        const grid = page.getByTestId('booking-grid');
        await grid.locator('.booking-grid-head').first().waitFor();
        const unnamed = await grid
          .locator('button.booking-grid-cell')
          .evaluateAll(
            (cells) => cells.filter((cell) => !(cell as unknown as { ariaLabel: string }).ariaLabel).length,
          );
        expect(unnamed).toBe(0);
        const visibleHours = await grid.evaluate((box) => {
          const view = box as unknown as {
            getBoundingClientRect: () => { left: number; right: number };
            querySelectorAll: (
              s: string,
            ) => ArrayLike<{ getBoundingClientRect: () => { left: number; right: number } }>;
          };
          const frame = view.getBoundingClientRect();
          return Array.from(view.querySelectorAll('.booking-grid-head')).filter((head) => {
            const r = head.getBoundingClientRect();
            return r.left >= frame.left + 100 && r.right <= frame.right;
          }).length;
        });
        expect(visibleHours).toBeGreaterThanOrEqual(viewport === MOBILE ? 7 : 15);
        await screenshot(page, `trust-outbuildings-${code}`);
      }
      await close();
    }
  });
});
