import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe.ts';
import { DESKTOP, launchBrowser, MOBILE } from '../support/browser.ts';
import { type Portal, startPortal } from '../support/server.ts';

/**
 * What an owner meets beyond the figures: a new owner without units sees each page's empty state (never a loader
 * for ever), every dialog is named, opens on its field and gives the focus back, and the server speaks the page's
 * language on a first visit. Both languages, 1440 and 375 px, axe-core on every page and dialog.
 */

const LANGUAGES = ['RU', 'EN'] as const;
type Language = (typeof LANGUAGES)[number];
const WIDTHS = [DESKTOP, MOBILE];
const LONG_MS = 600_000;

/** Each page of a new owner and the empty state the spec draws for it, in Russian and English. */
const EMPTY: Array<[string, string, string]> = [
  ['/dashboard/', 'Юнитов пока нет', 'No units yet'],
  ['/dashboard/income/', 'Данных о доходах пока нет', 'No income data yet'],
  ['/dashboard/booking/', 'Данных о бронированиях пока нет', 'There is no booking data yet'],
  ['/dashboard/booking-periphery/', 'Данных о бронированиях пока нет', 'There is no booking data yet'],
  ['/dashboard/outcome/', 'Данных о доходах и расходах пока нет', 'No income and expenses data yet'],
  [
    '/dashboard/outcome-periphery/',
    'Данных о доходах и расходах пока нет',
    'No income and expenses data yet',
  ],
  ['/dashboard/timeline/', 'Данных по таймлайну пока нет', 'No timeline data yet'],
  ['/dashboard/reports/', 'Отчётов пока нет', 'No reports yet'],
  ['/dashboard/control/', 'Проверок пока не было', 'No checks yet'],
  ['/inventory/', 'Информация по этому юниту не предоставлена', 'Information for this unit is not provided'],
  ['/dashboard/cameras', 'В этой локации пока нет камер', 'There are no cameras in this location yet'],
  ['/documents/', 'Документов пока нет', 'No documents yet'],
  ['/units/', 'У вас пока нет активов', 'You have no assets yet'],
];

type Doc = { document: { querySelector: (s: string) => unknown; activeElement: unknown; body: unknown } };

/** A page of its own context; axe-core needs bypassCSP (the portal's CSP forbids inline scripts). */
async function openPage(browser: Browser, locale = 'ru-RU') {
  const context = await browser.newContext({
    viewport: DESKTOP,
    locale,
    reducedMotion: 'reduce',
    bypassCSP: true,
  });
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

async function signInAs(page: Page, baseUrl: string, login: string, password: string) {
  await page.goto(`${baseUrl}/login`);
  await page.locator('input[name=login]').fill(login);
  await page.locator('input[name=password]').fill(password);
  await page.locator('form button[type=submit]').click();
  await page.waitForURL(/\/dashboard\//);
}

const setLanguage = (page: Page, baseUrl: string, language: Language) =>
  page.context().addCookies([{ name: 'cookieLocale', value: language, url: baseUrl }]);

const describeAxe = (where: string, found: Awaited<ReturnType<typeof axeViolations>>) =>
  found.map((v) => `${where} ${v.impact} ${v.id} (${v.help})\n  ${v.nodes.join('\n  ')}`);

/** What has the focus: the × of a dialog, the body, or anything else. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const doc = (globalThis as unknown as Doc).document;
    const active = doc.activeElement as { matches?: (s: string) => boolean } | null;
    if (!active || active === doc.body) return 'body';
    return active.matches?.('.mantine-Modal-close, .mantine-Drawer-close') ? 'close' : 'other';
  });

describe('an owner side with no dead ends, in both languages', () => {
  let portal: Portal;
  let browser: Browser;
  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  it(
    'shows a new owner with no units the empty state of every page, never a loader for ever',
    async () => {
      // The newcomer of the demo data signs up: an investor with a contract and no unit yet.
      const { page, close } = await openPage(browser);
      await page.goto(`${portal.url}/sign-up`);
      await page.locator('input[name=email]').fill('newcomer@example.com');
      await page.locator('form button[type=submit]').click();
      await page.waitForURL('**/sign-up-success');
      const link = await portal.linkFromMail('newcomer@example.com', '/activation/');
      await page.goto(`${portal.url}${link.path}`);
      await page.locator('input[name=password]').fill('Novichok1Vx');
      await page.locator('input[name=repeat]').fill('Novichok1Vx');
      await page.locator('form button[type=submit]').click();
      await page.waitForURL('**/dashboard/');

      const found: string[] = [];
      for (const language of LANGUAGES) {
        await setLanguage(page, portal.url, language);
        for (const viewport of WIDTHS) {
          await page.setViewportSize(viewport);
          for (const [path, ru, en] of EMPTY) {
            await page.goto(`${portal.url}${path}`);
            const where = `${language} ${viewport.width} ${path}`;
            await page
              .locator('main')
              .getByText(language === 'RU' ? ru : en, { exact: true })
              .first()
              .waitFor({ timeout: 15_000 })
              .catch(() => found.push(`${where}: no empty state`));
            await page.waitForLoadState('networkidle');
            if (await page.locator('main .mantine-Loader-root').count())
              found.push(`${where}: a loader stays`);
            found.push(...describeAxe(where, await axeViolations(page)));
          }
        }
      }
      await close();
      expect(found).toEqual([]);
    },
    LONG_MS,
  );

  it(
    'names every dialog, opens it on its first field, gives the focus back, and axe finds nothing serious',
    async () => {
      const { page, close } = await openPage(browser);
      await signInAs(page, portal.url, 'investor@example.com', 'Investor1');
      const found: string[] = [];
      const dialogs: Array<[string, string, () => Promise<void>]> = [
        ['password', '/profile/', () => page.getByTestId('change-password').click()],
        ['account deletion', '/profile/', () => page.getByTestId('delete-account').click()],
        [
          'second factor',
          '/profile/',
          () => page.locator('[data-testid=two-factor-on], [data-testid=two-factor-off]').first().click(),
        ],
        [
          'sale',
          '/units/',
          () =>
            page
              .getByTestId('unit-card')
              .getByRole('button', { name: /^(Продать актив|Sell asset)$/ })
              .first()
              .click(),
        ],
        [
          'gallery',
          '/dashboard/reports/',
          () => page.locator('[data-testid=report-cover], [data-testid=report-slide]').first().click(),
        ],
        [
          'lot request',
          '/promo/',
          () => page.getByTestId('lot-request').and(page.locator(':enabled')).first().click(),
        ],
      ];
      for (const language of LANGUAGES) {
        await setLanguage(page, portal.url, language);
        for (const viewport of WIDTHS) {
          await page.setViewportSize(viewport);
          const all = [...dialogs];
          if (viewport === MOBILE)
            all.push(['menu drawer', '/dashboard/', () => page.locator('.mantine-Burger-root').click()]);
          for (const [name, path, open] of all) {
            const where = `${language} ${viewport.width} ${name}`;
            await page.goto(`${portal.url}${path}`);
            await page.waitForLoadState('networkidle');
            await open();
            const dialog = page.getByRole('dialog').last();
            await dialog.waitFor();
            const closeButton = dialog.locator('.mantine-Modal-close, .mantine-Drawer-close');
            expect(await closeButton.getAttribute('aria-label'), where).toBe(
              language === 'RU' ? 'Закрыть' : 'Close',
            );
            // The dialog's own focus comes in a moment: wait until it is inside the dialog, then see where.
            await page.waitForFunction(() => {
              const doc = (globalThis as unknown as Doc).document;
              const active = doc.activeElement as { closest?: (s: string) => unknown } | null;
              return Boolean(active?.closest?.('[role="dialog"]'));
            });
            if ((await focused(page)) === 'close') found.push(`${where}: the × takes the focus`);
            found.push(...describeAxe(where, await axeViolations(page)));
            await page.keyboard.press('Escape');
            await dialog.waitFor({ state: 'detached' });
            await expect.poll(() => focused(page), { timeout: 5000 }).toBe('other');
          }
        }
      }
      await close();
      expect(found).toEqual([]);
    },
    LONG_MS,
  );

  it('answers a first visit from an English browser in Russian, as the page is, until English is chosen', async () => {
    const { page, close } = await openPage(browser, 'en-US');
    await page.goto(`${portal.url}/login`);
    await page.locator('input[name=login]').fill('investor@example.com');
    await page.locator('input[name=password]').fill('Wrong1234');
    const answer = page.waitForResponse(
      (r) => r.url().includes('/api/v1/') && r.request().method() === 'POST',
    );
    await page.locator('form button[type=submit]').click();
    const body = (await (await answer).json()) as { error?: { message?: string } };
    expect(await page.locator('html').getAttribute('lang')).toBe('ru');
    expect(body.error?.message ?? '').toMatch(/[а-яё]/i);
    // English chosen on the page: the server follows the cookie it sets.
    await setLanguage(page, portal.url, 'EN');
    const again = page.waitForResponse(
      (r) => r.url().includes('/api/v1/') && r.request().method() === 'POST',
    );
    await page.locator('form button[type=submit]').click();
    const english = (await (await again).json()) as { error?: { message?: string } };
    expect(english.error?.message ?? '').toMatch(/^[^а-яё]+$/i);
    await close();
  });

  it('keeps the shell when a page whose code has not loaded cannot reach the server, and its retry loads it', async () => {
    const { page, close } = await openPage(browser);
    await signInAs(page, portal.url, 'investor@example.com', 'Investor1');
    // The documents page's code is not loaded yet, and the server is away for it.
    await page.route('**/assets/documents-page*.js', (route) => route.abort('connectionrefused'));
    await page.goto(`${portal.url}/dashboard/`);
    await page.locator('nav.side-menu').waitFor();
    // An in-app navigation (the router's own, as a menu link makes), not a page load.
    await page.evaluate(
      "history.pushState(null, '', '/documents/'); dispatchEvent(new PopStateEvent('popstate'))",
    );
    await page.getByTestId('page-error').waitFor();
    // The header and the menu stay: the owner can go elsewhere.
    expect(await page.locator('nav.side-menu').isVisible()).toBe(true);
    expect(await page.locator('header').isVisible()).toBe(true);
    await page.unroute('**/assets/documents-page*.js');
    await page.getByTestId('page-error').getByRole('button').click();
    await page.locator('main h1', { hasText: 'Документы' }).waitFor();
    expect(await page.getByTestId('page-error').count()).toBe(0);
    await close();
  });

  it('fits the sign-in placeholder into its field at 375 px in both languages', async () => {
    const { page, close } = await openPage(browser);
    await page.setViewportSize(MOBILE);
    for (const language of LANGUAGES) {
      await setLanguage(page, portal.url, language);
      await page.goto(`${portal.url}/login`);
      const input = page.locator('input[name=login]');
      await input.waitFor();
      // The placeholder's text width, measured in the field's own font, against the room inside its padding.
      const [text, room] = await input.evaluate((element) => {
        type Field = { placeholder: string; clientWidth: number };
        type Style = { font: string; paddingLeft: string; paddingRight: string };
        const g = globalThis as unknown as {
          getComputedStyle: (e: unknown) => Style;
          document: {
            createElement: (t: string) => {
              getContext: (c: string) => { font: string; measureText: (s: string) => { width: number } };
            };
          };
        };
        const field = element as unknown as Field;
        const style = g.getComputedStyle(element);
        const context = g.document.createElement('canvas').getContext('2d');
        context.font = style.font;
        return [
          context.measureText(field.placeholder).width,
          field.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight),
        ];
      });
      expect(text, language).toBeLessThanOrEqual(room);
    }
    await close();
  });
});
