import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe.ts';
import { DESKTOP, launchBrowser, MOBILE } from '../support/browser.ts';
import { type Portal, startPortal } from '../support/server.ts';

/**
 * axe-core (WCAG 2.2 AA) on every route of the route table, for each role that sees it, in both languages, at
 * 1440 and 375 px: no serious or critical violation anywhere, and none of axe's best practices broken (headings,
 * landmarks, table headers). One portal, one browser, one page per role reused
 * across routes, languages and widths, so the whole walk stays within a few minutes.
 */

const LANGUAGES = ['RU', 'EN'] as const;
const WIDTHS = [DESKTOP, MOBILE];
/** A role's walk is some 20 routes × 2 languages × 2 widths: far longer than one ordinary test. */
const WALK_TIMEOUT_MS = 900_000;

/** The pages of the cabinet by role (the menus' rules: lenders see no bookings, outcome, control or inventory). */
const SHARED = ['/dashboard/', '/dashboard/income/', '/dashboard/timeline/', '/dashboard/reports/'];
const PERSONAL = ['/documents/', '/units/', '/promo/', '/news/', '/faq/', '/profile/', '/notifications/'];
const INVESTOR_ONLY = [
  '/dashboard/booking/',
  '/dashboard/booking-periphery/',
  '/dashboard/outcome/',
  '/dashboard/outcome-periphery/',
  '/dashboard/control/',
  '/dashboard/report-2024',
  '/inventory/',
  '/dashboard/cameras',
];
const BACKOFFICE = [
  '/backoffice/',
  '/backoffice/owners/',
  '/backoffice/news/',
  '/backoffice/faq/',
  '/backoffice/reports/',
  '/backoffice/locations/',
  '/backoffice/locations/lists/',
  '/backoffice/locations/sources/',
  '/backoffice/cameras/',
  '/backoffice/financial-report/',
  '/backoffice/lots/',
  '/backoffice/inventory/',
  '/backoffice/import/',
  '/backoffice/audit/',
  '/backoffice/outbox/',
  '/backoffice/staff/',
];
const ANONYMOUS = [
  '/login',
  '/sign-up',
  '/sign-up-success',
  '/password-recovery',
  '/recovery-success',
  '/activation/not-a-real-link',
  '/recovery/not-a-real-link',
  '/no-such-page',
];

type Doc = {
  document: { querySelector: (s: string) => unknown; title: string; documentElement: { lang: string } };
};

/**
 * Waits until the page has its data: no request in flight and no loader on screen; then, briefly, for the
 * language (the document's lang and title follow it), which axe checks itself. Answers what never settled.
 */
async function settled(page: Page): Promise<string | null> {
  await page.waitForLoadState('networkidle');
  try {
    await page.waitForFunction(
      () => !(globalThis as unknown as Doc).document.querySelector('.mantine-Loader-root'),
    );
  } catch {
    return 'a loader stayed on the page';
  }
  await page
    .waitForFunction(
      () => {
        const doc = (globalThis as unknown as Doc).document;
        return doc.title !== '' && doc.documentElement.lang !== '';
      },
      undefined,
      { timeout: 5000 },
    )
    .catch(() => undefined);
  return null;
}

async function setLanguage(page: Page, baseUrl: string, language: (typeof LANGUAGES)[number]) {
  await page.context().addCookies([{ name: 'cookieLocale', value: language, url: baseUrl }]);
}

/** Every route at both widths in both languages; answers the violations found, each named by where it was seen. */
async function walk(page: Page, baseUrl: string, routes: string[]) {
  const found: string[] = [];
  for (const language of LANGUAGES) {
    await setLanguage(page, baseUrl, language);
    for (const route of routes) {
      await page.setViewportSize(DESKTOP);
      await page.goto(`${baseUrl}${route}`);
      for (const viewport of WIDTHS) {
        if (page.viewportSize()?.width !== viewport.width) await page.setViewportSize(viewport);
        const unsettled = await settled(page);
        if (unsettled) found.push(`${language} ${viewport.width} ${route}: ${unsettled}`);
        for (const v of await axeViolations(page, undefined, { bestPractice: true })) {
          const line = `${language} ${viewport.width} ${route} ${v.impact} ${v.id} (${v.help})\n  ${v.nodes.join('\n  ')}`;
          // Said at once too: a long walk that runs out of time still shows what it found.
          console.log(line);
          found.push(line);
        }
      }
    }
  }
  return found;
}

/** A page of its own context; the portal's CSP forbids inline scripts, so axe-core is let in by bypassCSP. */
async function openPage(browser: Browser) {
  const context = await browser.newContext({
    viewport: DESKTOP,
    locale: 'ru-RU',
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
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await page.waitForURL(/\/(dashboard|backoffice)\//);
}

describe('accessibility: axe-core WCAG 2.2 AA and best practices on every route, role, language and width', () => {
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
    'has no serious or critical violation and no broken best practice on the anonymous pages',
    async () => {
      const { page, close } = await openPage(browser);
      const found = await walk(page, portal.url, ANONYMOUS);
      await close();
      expect(found).toEqual([]);
    },
    WALK_TIMEOUT_MS,
  );

  it(
    'has none on the investor pages (with an inspection)',
    async () => {
      const { page, close } = await openPage(browser);
      await signInAs(page, portal.url, 'investor@example.com', 'Investor1');
      await page.goto(`${portal.url}/dashboard/control/`);
      const inspection = await page
        .locator('a[href*="/dashboard/control/inspection/"]')
        .first()
        .getAttribute('href');
      expect(inspection).toBeTruthy();
      const found = await walk(page, portal.url, [
        ...SHARED,
        ...INVESTOR_ONLY,
        ...PERSONAL,
        inspection ?? '',
      ]);
      await close();
      expect(found).toEqual([]);
    },
    WALK_TIMEOUT_MS,
  );

  it(
    'has none on the lender pages',
    async () => {
      const { page, close } = await openPage(browser);
      await signInAs(page, portal.url, 'lender@example.com', 'Lender1');
      const found = await walk(page, portal.url, [...SHARED, ...PERSONAL]);
      await close();
      expect(found).toEqual([]);
    },
    WALK_TIMEOUT_MS,
  );

  it(
    'has none for a user with both roles, in the lender role',
    async () => {
      const { page, close } = await openPage(browser);
      await signInAs(page, portal.url, 'both@example.com', 'Both1234');
      await page.evaluate(() => localStorage.setItem('user_current_role', 'LENDER'));
      const found = await walk(page, portal.url, [...SHARED, '/units/']);
      await close();
      expect(found).toEqual([]);
    },
    WALK_TIMEOUT_MS,
  );

  it(
    'has none in the back office',
    async () => {
      const { page, close } = await openPage(browser);
      await signInAs(page, portal.url, 'manager@example.com', 'Manager1');
      await page.goto(`${portal.url}/backoffice/owners/`);
      const owner = await page.locator('a[href*="/backoffice/owners/"]').first().getAttribute('href');
      await page.goto(`${portal.url}/backoffice/locations/`);
      const location = await page
        .locator('a[href^="/backoffice/locations/"]:not([href$="/lists/"]):not([href$="/sources/"])')
        .first()
        .getAttribute('href');
      const found = await walk(
        page,
        portal.url,
        [...BACKOFFICE, owner, location].filter((route): route is string => Boolean(route)),
      );
      await close();
      expect(found).toEqual([]);
    },
    WALK_TIMEOUT_MS,
  );
});
