import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';

const ARTIFACTS = path.join(import.meta.dirname, '../artifacts');

/** The system Chromium (CHROMIUM_PATH or /usr/bin/chromium); no test downloads a browser. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const DESKTOP = { width: 1440, height: 900 };
export const MOBILE = { width: 375, height: 812 };

/** A fresh page (own storage and cookies) at the given size that fails the test on uncaught page errors. */
export async function openPage(browser: Browser, viewport = DESKTOP) {
  // Reduced motion: modals and drawers appear at once, so screenshots never catch them mid-animation.
  const context = await browser.newContext({ viewport, locale: 'ru-RU', reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.addInitScript(countScrollsToTop);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors, close: () => context.close() };
}

/** What the page's window holds for counting; e2e code has no DOM types, so it names only what it uses. */
type ScrollCounter = { __scrollsToTop?: number; scrollTo: (...args: unknown[]) => void };

/** Runs in the page: counts window.scrollTo calls, which only the router's delayed scroll to the top makes. */
function countScrollsToTop() {
  const counted = globalThis as unknown as ScrollCounter;
  const scrollTo = counted.scrollTo.bind(counted);
  counted.scrollTo = (...args: unknown[]) => {
    counted.__scrollsToTop = (counted.__scrollsToTop ?? 0) + 1;
    scrollTo(...args);
  };
}

/** How many times the router has scrolled this document to the top so far. */
export function scrollsToTop(page: Page): Promise<number> {
  return page.evaluate(() => (globalThis as unknown as ScrollCounter).__scrollsToTop ?? 0);
}

/**
 * Waits for the router's scroll to the top that follows a navigation (it comes ROUTER_SCROLL_DELAY_MS later, and
 * a click on the page before it would be undone); `before` is scrollsToTop() read before that navigation.
 */
export async function waitForScrollToTop(page: Page, before = 0) {
  await page.waitForFunction(
    (count) => ((globalThis as unknown as ScrollCounter).__scrollsToTop ?? 0) > count,
    before,
  );
}

export async function screenshot(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}-${width}.png`), fullPage: true });
}

export async function signIn(page: Page, baseUrl: string, login: string, password: string) {
  await page.goto(`${baseUrl}/login`);
  await page.locator('input[name=login]').fill(login);
  await page.locator('input[name=password]').fill(password);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await page.waitForURL('**/dashboard/');
}
