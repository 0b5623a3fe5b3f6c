import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, MOBILE, openPage, screenshot, signIn } from '../support/browser.ts';
import { type Portal, startPortal } from '../support/server.ts';

/**
 * Every figure and label a user can trust, in both languages, at 1440
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

/** Signs a manager or an admin in (in Russian), then switches to the language asked. */
async function staffSession(
  browser: Browser,
  baseUrl: string,
  login: string,
  password: string,
  code: Language,
) {
  const opened = await openPage(browser);
  await opened.page.goto(`${baseUrl}/login`);
  await opened.page.locator('input[name=login]').fill(login);
  await opened.page.locator('input[name=password]').fill(password);
  await opened.page.getByRole('button', { name: 'Войти', exact: true }).click();
  await opened.page.waitForURL('**/backoffice/');
  await language(opened.page, baseUrl, code);
  return opened;
}

/** The e2e code has no DOM types: a box as getBoundingClientRect gives it. */
type Rect = { left: number; right: number; top: number; bottom: number; width: number };
type Measured = { getBoundingClientRect: () => Rect };

/** The boxes of the elements a locator finds, in the page's pixels. */
const boxesOf = (locator: ReturnType<Page['locator']>) =>
  locator.evaluateAll((elements) =>
    (elements as unknown as Measured[]).map((element) => {
      const { left, right, top, bottom, width } = element.getBoundingClientRect();
      return { left, right, top, bottom, width };
    }),
  );

/** A picture of one part of the page (a card, a chart, a dialog), beside the full pages in e2e/artifacts. */
async function partShot(page: Page, locator: ReturnType<Page['locator']>, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  await locator.screenshot({ path: path.join(import.meta.dirname, '../artifacts', `${name}-${width}.png`) });
}

/** How far the page is wider than the window (0: nothing sticks out sideways). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');

describe('trust in every figure and label', () => {
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
      // The statistics fail (the first load's one call, then the statistics' own): the period above the error is
      // still in the page's language.
      const statistics = (url: URL) =>
        /\/api\/v1\/lender-income\/(first-screen|statistics)$/.test(url.pathname);
      await page.route(statistics, (route) => route.abort());
      await page.goto(`${portal.url}/dashboard/income/`);
      await page.getByRole('alert').first().waitFor();
      const period = await page.getByTestId('income-range').textContent();
      if (code === 'RU') expect(period).not.toMatch(/[A-Za-z]/);
      else expect(period).toMatch(/[A-Za-z]/);
      await page.unroute(statistics);
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
        // Thousands: commas in English (16,300,000 ₽), spaces in Russian (16 300 000 ₽).
        if (code === 'EN') expect(summary).toMatch(/\d,\d{3}\u00a0₽/);
        else expect(summary).toMatch(/\d\u00a0\d{3}\u00a0₽/);
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
        // The rooms' average price is the ADR, and RevPAR has its card: both with the spec's help texts.
        expect(await page.getByRole('button', { name: 'ADR' }).count()).toBe(1);
        expect(await page.getByRole('button', { name: 'RevPAR' }).count()).toBe(1);
        expect((await page.getByTestId('revpar').textContent()) ?? '').toMatch(/\d\u00a0₽/);
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

  it('never strikes a market price below the price asked', async () => {
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

  it('shows the documents as labelled cards that read at 1440 and at 375 px', async () => {
    for (const code of LANGUAGES) {
      const { page, close } = await session(browser, portal.url, 'investor@example.com', 'Investor1', code);
      for (const viewport of [DESKTOP, MOBILE]) {
        await page.setViewportSize(viewport);
        await page.goto(`${portal.url}/documents/`);
        const cards = page.getByTestId('document-row');
        await cards.first().waitFor();
        expect(await page.getByTestId('documents-table').count()).toBe(0);
        expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
        // Every card's parts stay inside it: nothing clipped, nothing pushed out sideways.
        const clipped = await cards.evaluateAll(
          (elements) =>
            (
              elements as unknown as Array<
                Box & Measured & { querySelectorAll: (s: string) => ArrayLike<Measured> }
              >
            ).filter((card) => {
              const frame = card.getBoundingClientRect();
              const parts = Array.from(card.querySelectorAll('[data-testid]')).map((part) =>
                part.getBoundingClientRect(),
              );
              return (
                card.scrollWidth > card.clientWidth + 1 ||
                parts.some((box) => box.left < frame.left - 1 || box.right > frame.right + 1)
              );
            }).length,
        );
        expect(clipped).toBe(0);
        // Each field with its label: the place of every card, the unit and room number where there is one.
        const places = await page.getByTestId('document-place').allTextContents();
        expect(places).toHaveLength(await cards.count());
        expect(places.every((place) => place.startsWith(code === 'RU' ? 'Локация' : 'Location'))).toBe(true);
        const managed = cards.filter({
          hasText: code === 'RU' ? 'Отчёт об управлении' : 'Management report',
        });
        expect(await managed.textContent()).toMatch(
          code === 'RU' ? /ЮнитДжуниор сюит №3.*Номер1105/ : /UnitJunior suite No\. 3.*Room number1105/,
        );
        // At 1440 px the status stands on the card's first line beside the date, the description has the card's
        // width (the table squeezed it to a fifth); on a phone the status comes last.
        const [card] = await boxesOf(managed);
        const [status] = await boxesOf(managed.getByTestId('document-status'));
        const [date] = await boxesOf(managed.getByTestId('document-date'));
        const [description] = await boxesOf(managed.locator('.document-description'));
        if (!card || !status || !date || !description) throw new Error('the card has lost a part');
        if (viewport === DESKTOP) {
          expect(Math.abs(status.top - date.top)).toBeLessThan(12);
          expect(description.width).toBeGreaterThan(card.width * 0.6);
        } else {
          expect(status.top).toBeGreaterThan(description.bottom - 1);
        }
        await screenshot(page, `trust-documents-cards-${code}`);
        await partShot(page, managed, `trust-documents-card-${code}`);
      }
      await close();
    }
  });

  it('fills every row of the income figures and puts the chart on round sums and months that never overlap', async () => {
    for (const code of LANGUAGES) {
      const { page, close } = await session(browser, portal.url, 'investor@example.com', 'Investor1', code);
      for (const viewport of [DESKTOP, { width: 800, height: 900 }, MOBILE]) {
        await page.setViewportSize(viewport);
        await page.goto(`${portal.url}/dashboard/income/`);
        await page.getByTestId('income-actives').waitFor();
        // No short last row: in each block of figures every row reaches the block's right edge.
        for (const block of ['income-summary-sums', 'income-summary-percents']) {
          const [frame] = await boxesOf(page.getByTestId(block));
          const cards = await boxesOf(page.getByTestId(block).locator(':scope > *'));
          if (!frame) throw new Error(`no ${block}`);
          const rows = new Map<number, number>();
          for (const card of cards)
            rows.set(Math.round(card.top), Math.max(rows.get(Math.round(card.top)) ?? 0, card.right));
          for (const right of rows.values()) expect(Math.abs(right - frame.right), block).toBeLessThan(2);
        }
        expect(await page.getByRole('button', { name: /ADR|RevPAR/ }).count()).toBe(0);

        const chart = page.getByTestId('income-chart');
        const yLabels = chart.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value');
        await expect.poll(() => yLabels.count()).toBeGreaterThan(2);
        // Round sums: equal steps of 1, 2 or 5 times a power of ten from 0, each label on one line with «₽».
        const texts = await yLabels.allTextContents();
        expect(texts.every((text) => text.endsWith('\u00a0₽'))).toBe(true);
        expect(
          await yLabels.evaluateAll((labels) => labels.filter((label) => label.childNodes.length > 1).length),
        ).toBe(0);
        const scale = (text: string) => (/(тыс|K)/.test(text) ? 1e3 : /(млн|M)/.test(text) ? 1e6 : 1);
        const sums = texts
          .map((text) => Number(text.replace(/[^\d,.]/g, '').replace(',', '.')) * scale(text))
          .sort((a, b) => a - b);
        expect(sums[0]).toBe(0);
        const step = (sums[1] ?? 0) - (sums[0] ?? 0);
        expect(sums.every((sum, i) => Math.abs(sum - i * step) < 1e-6)).toBe(true);
        expect(step / 10 ** Math.floor(Math.log10(step))).toBeOneOf([1, 2, 5]);
        // Month labels: at least two, and none printed over the next.
        const months = (
          await boxesOf(chart.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value'))
        ).filter((box) => box.width > 0);
        expect(months.length).toBeGreaterThan(1);
        months.sort((a, b) => a.left - b.left);
        for (let i = 1; i < months.length; i += 1)
          expect(months[i]?.left ?? 0).toBeGreaterThan((months[i - 1]?.right ?? 0) + 4);
        // No label is cut at the chart's edges: the first and last months, the top sum.
        const [frame] = await boxesOf(chart.locator('svg.recharts-surface').first());
        if (!frame) throw new Error('no chart');
        const labels = [...months, ...(await boxesOf(yLabels))];
        for (const label of labels) {
          expect(label.left).toBeGreaterThanOrEqual(frame.left - 1);
          expect(label.right).toBeLessThanOrEqual(frame.right + 1);
          expect(label.top).toBeGreaterThanOrEqual(frame.top - 1);
        }
        await screenshot(page, `trust-income-figures-${code}`);
        await partShot(page, page.getByTestId('income-summary'), `trust-income-summary-${code}`);
        await partShot(page, chart, `trust-income-chart-${code}`);
      }
      await close();
    }
  }, 480_000);

  it('says at once that a dead activation or recovery link no longer works, with the way to a new one', async () => {
    // A real recovery link, used once: the form while it works, the dead state after.
    const { page, close } = await openPage(browser);
    await page.goto(`${portal.url}/password-recovery`);
    await page.locator('input[name=email]').fill('demo@example.com');
    await page.getByRole('button', { name: 'Отправить ссылку' }).click();
    await page.waitForURL('**/recovery-success');
    const link = await portal.linkFromMail('demo@example.com', '/recovery/');
    await page.goto(`${portal.url}${link.path}`);
    await page.locator('input[name=password]').waitFor();
    await page.locator('input[name=password]').fill('Doverie7Kx');
    await page.locator('input[name=repeat]').fill('Doverie7Kx');
    await page.getByRole('button', { name: 'Сохранить пароль' }).click();
    await page.waitForURL('**/dashboard/');
    await close();

    for (const code of LANGUAGES) {
      const opened = await openPage(browser);
      await language(opened.page, portal.url, code);
      for (const viewport of [DESKTOP, MOBILE]) {
        await opened.page.setViewportSize(viewport);
        for (const [path, next] of [
          [link.path, '/password-recovery'],
          ['/activation/never-sent-link', '/sign-up'],
        ] as const) {
          await opened.page.goto(`${portal.url}${path}`);
          await opened.page
            .getByRole('heading', {
              name: code === 'RU' ? 'Ссылка больше не действует' : 'This link no longer works',
            })
            .waitFor();
          // Nothing to type: no password field, the next step instead.
          expect(await opened.page.locator('input[type=password]').count()).toBe(0);
          expect(await opened.page.getByTestId('link-dead').textContent()).toContain(
            code === 'RU' ? 'Запросите новую' : 'Request a new one',
          );
          const action = opened.page.getByRole('link', {
            name: code === 'RU' ? 'Получить новую ссылку' : 'Get a new link',
          });
          expect(await action.getAttribute('href')).toBe(next);
          expect(await sidewaysOverflow(opened.page)).toBeLessThanOrEqual(0);
          await screenshot(
            opened.page,
            `trust-dead-link-${path.startsWith('/recovery/') ? 'recovery' : 'activation'}-${code}`,
          );
        }
      }
      await opened.page
        .getByRole('link', { name: code === 'RU' ? 'Получить новую ссылку' : 'Get a new link' })
        .click();
      await opened.page.waitForURL('**/sign-up');
      await opened.close();
    }
  }, 480_000);

  it("keeps a sent request's button at «Заявка отправлена» across reloads, and answers a duplicate with the reason", async () => {
    for (const code of LANGUAGES) {
      const sent = code === 'RU' ? 'Заявка отправлена' : 'Request sent';
      const leave = code === 'RU' ? 'Оставить заявку' : 'Leave a request';
      const { page, close } = await session(browser, portal.url, 'both@example.com', 'Both1234', code);
      // A second tab of the same user, which sends the request first.
      const other = await page.context().newPage();
      await Promise.all([page.goto(`${portal.url}/promo/`), other.goto(`${portal.url}/promo/`)]);
      const lots = page.getByTestId('lot-card');
      await lots.first().waitFor();
      await other.getByTestId('lot-card').first().waitFor();
      const name =
        (await lots
          .filter({ has: page.getByRole('button', { name: leave }) })
          .first()
          .locator('h3')
          .textContent()) ?? '';
      const lot = lots.filter({ hasText: name });
      await other
        .getByTestId('lot-card')
        .filter({ hasText: name })
        .getByRole('button', { name: leave })
        .click();
      await other
        .getByRole('dialog')
        .getByRole('button', { name: code === 'RU' ? 'Отправить' : 'Send' })
        .click();
      await other
        .getByRole('dialog')
        .getByRole('button', { name: code === 'RU' ? 'Хорошо' : 'OK' })
        .click();
      await other.close();
      // This tab still offers it; sending says why not, and the button rests.
      await lot.getByRole('button', { name: leave }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: code === 'RU' ? 'Отправить' : 'Send' }).click();
      await dialog
        .getByText(
          code === 'RU'
            ? 'Заявка уже отправлена, менеджер работает с ней. Новую можно отправить, когда он её закроет.'
            : 'The request has already been sent and your manager is working on it. You can send a new one once it is closed.',
        )
        .waitFor();
      await partShot(page, dialog, `trust-request-duplicate-${code}`);
      await dialog.getByRole('button', { name: code === 'RU' ? 'Отмена' : 'Cancel' }).click();
      await expect.poll(() => lot.getByTestId('lot-request').textContent()).toBe(sent);
      for (const viewport of [DESKTOP, MOBILE]) {
        await page.setViewportSize(viewport);
        await page.reload();
        await lot.first().waitFor();
        await expect.poll(() => lot.getByTestId('lot-request').textContent()).toBe(sent);
        expect(await lot.getByTestId('lot-request').isDisabled()).toBe(true);
        await screenshot(page, `trust-request-lot-${code}`);
        await partShot(page, lot, `trust-request-lot-card-${code}`);
      }
      await close();

      // The lender's conversion request of the demo data is still open: the button says so from the start.
      const lender = await session(browser, portal.url, 'lender@example.com', 'Lender1', code);
      for (const viewport of [DESKTOP, MOBILE]) {
        await lender.page.setViewportSize(viewport);
        await lender.page.goto(`${portal.url}/dashboard/`);
        const conversion = lender.page.getByTestId('conversion-request');
        await expect.poll(() => conversion.textContent()).toBe(sent);
        expect(await conversion.isDisabled()).toBe(true);
        await screenshot(lender.page, `trust-request-conversion-${code}`);
      }
      await lender.close();

      // A document: asked for in Russian, it is still asked for after a reload and in English.
      const investor = await session(browser, portal.url, 'investor@example.com', 'Investor1', code);
      const category = code === 'RU' ? 'Справка' : 'Certificate';
      for (const viewport of [DESKTOP, MOBILE]) {
        await investor.page.setViewportSize(viewport);
        await investor.page.goto(`${portal.url}/documents/`);
        const submit = investor.page.getByTestId('request-submit');
        await submit.waitFor();
        await investor.page.getByTestId('request-category').click();
        await investor.page.getByRole('option', { name: category, exact: true }).click();
        if (code === 'RU' && viewport === DESKTOP) {
          await submit.click();
          await investor.page.getByTestId('request-sent').waitFor();
          await investor.page.getByRole('button', { name: 'OK' }).click();
          await investor.page.reload();
          await submit.waitFor();
          await investor.page.getByTestId('request-category').click();
          await investor.page.getByRole('option', { name: category, exact: true }).click();
        }
        await expect
          .poll(() => submit.textContent())
          .toBe(code === 'RU' ? 'Запрос отправлен' : 'Request sent');
        expect(await submit.isDisabled()).toBe(true);
        expect(await investor.page.getByTestId('document-request').textContent()).toContain(
          code === 'RU'
            ? 'Документ этой категории уже запрошен'
            : 'A document of this category has already been requested',
        );
        await screenshot(investor.page, `trust-request-document-${code}`);
        await partShot(
          investor.page,
          investor.page.getByTestId('document-request'),
          `trust-request-document-form-${code}`,
        );
      }
      await investor.close();
    }
  }, 480_000);

  it('shows the scroll cue on the console tables that overflow a phone', async () => {
    for (const code of LANGUAGES) {
      const { page, close } = await staffSession(browser, portal.url, 'admin@example.com', 'Admin1234', code);
      for (const viewport of [DESKTOP, MOBILE]) {
        await page.setViewportSize(viewport);
        for (const [path, table] of [
          ['/backoffice/owners/1', 'owner-units'],
          ['/backoffice/owners/1', 'owner-documents-table'],
          ['/backoffice/staff/', 'staff-table'],
          ['/backoffice/', 'inbox-table'],
        ] as const) {
          if (viewport === MOBILE && table === 'inbox-table') continue; // a phone gets the inbox as cards
          await page.goto(`${portal.url}${path}`);
          const cue = page.locator('[data-testid=scroll-cue]', { has: page.getByTestId(table) });
          await cue.waitFor();
          // A named, focusable region that scrolls, with the arrow where more columns wait.
          const region = cue.locator('section');
          expect(await region.getAttribute('aria-label')).toBeTruthy();
          expect(await region.getAttribute('tabindex')).toBe('0');
          if (viewport === MOBILE) {
            await expect.poll(() => cue.getAttribute('data-more-right')).toBe('true');
            await region.evaluate((box) => {
              const scroller = box as unknown as { scrollLeft: number; scrollWidth: number };
              scroller.scrollLeft = scroller.scrollWidth;
            });
            await expect.poll(() => cue.getAttribute('data-more-left')).toBe('true');
            expect(await cue.getAttribute('data-more-right')).toBeNull();
          } else {
            await expect.poll(() => cue.getAttribute('data-more-right')).toBeNull();
          }
          expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
          await screenshot(page, `trust-console-${table}-${code}`);
          await partShot(page, cue, `trust-console-cue-${table}-${code}`);
        }
      }
      await close();
    }
  }, 480_000);
});
