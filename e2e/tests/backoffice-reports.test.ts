import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, MOBILE, openPage, screenshot, signIn } from '../support/browser.ts';
import { type Portal, startPortal } from '../support/server.ts';

const TITLE = 'Фасад главного корпуса готов';
// Both a script element and an event handler: neither may survive to the owner's page nor run in the console.
const HOSTILE = '<script>window.__xss = 1</script><img src="x" onerror="window.__xss = 2">';
// A 48×32 PNG of two stripes, green over yellow.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAAOklEQVR42u3OMQ0AMAgAMBRNwZTgBWuTMx24IBxNKqBxKlcJISEhISEhIaHh0H93FSEhISEhISGhYQ1iaq95W7MVqwAAAABJRU5ErkJggg==',
  'base64',
);

async function signInStaff(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/login`);
  await page.locator('input[name=login]').fill('manager@example.com');
  await page.locator('input[name=password]').fill('Manager1');
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await page.waitForURL('**/backoffice/');
  await page.getByRole('heading', { name: 'Заявки клиентов' }).waitFor();
  await page.getByRole('tab', { name: 'Фотоотчёты' }).click();
  await page.getByRole('heading', { name: 'Фотоотчёты' }).waitFor();
  await page.getByTestId('staff-report-item').first().waitFor();
}

const xss = (page: Page) => page.evaluate('window.__xss ?? null');
const overflow = (page: Page) => page.evaluate('document.documentElement.scrollWidth - window.innerWidth');
/** Waits until every <img> under the selector has loaded real pixels. */
const imagesLoaded = (page: Page, selector: string) =>
  page.waitForFunction(
    `[...document.querySelectorAll(${JSON.stringify(selector)})].every((img) => img.complete && img.naturalWidth > 0) && document.querySelector(${JSON.stringify(selector)}) !== null`,
  );

describe("the console's photo reports", () => {
  let portal: Portal;
  let browser: Browser;
  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  it('a manager publishes a whole-location report with a PNG; the investor sees it first and opens the photo', async () => {
    const { page, errors, close } = await openPage(browser, DESKTOP);
    await signInStaff(page, portal.url);
    await page.getByTestId('reports-location').selectOption('1');
    await page.getByRole('button', { name: 'Добавить отчёт' }).click();
    const form = page.getByTestId('report-form');
    await form.waitFor();
    expect(await form.getByTestId('report-location').inputValue()).toBe('1');
    await form.getByTestId('report-unit').selectOption({ label: 'Вся локация' });
    await form.getByTestId('report-title').fill(TITLE);
    await form.getByTestId('report-subtitle').fill(`<p>Облицовка <b>завершена</b> в срок.</p>${HOSTILE}`);
    const preview = form.getByTestId('report-subtitle-preview');
    await preview.locator('b', { hasText: 'завершена' }).waitFor();
    expect(await preview.locator('script, [onerror]').count()).toBe(0);
    await form.getByText('Сохраните отчёт, чтобы добавить фото и видео.').waitFor();
    await form.getByRole('button', { name: 'Сохранить' }).click();

    // Saved: the form stays open for the media. A page of HTML named .jpg is refused by its content.
    const file = form.getByTestId('report-file');
    await file.waitFor({ state: 'attached' });
    await file.setInputFiles({
      name: 'photo.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from(`<html>${HOSTILE}</html>`),
    });
    await form.getByText('Загрузите фото JPEG, PNG или WebP либо видео MP4').waitFor();
    await file.setInputFiles({ name: 'facade.png', mimeType: 'image/png', buffer: PNG });
    await form.getByTestId('report-media-item').waitFor();
    await imagesLoaded(page, '[data-testid="report-media-item"] img');
    await form.getByRole('button', { name: 'Готово' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'backoffice-report-form');
    await form.getByRole('button', { name: 'Готово' }).click();
    await form.waitFor({ state: 'detached' });

    const item = page.getByTestId('staff-report-item').first();
    await item.getByText(TITLE).waitFor();
    await item.getByText('Вся локация', { exact: false }).waitFor();
    await imagesLoaded(page, '[data-testid="staff-report-item"]:first-child img');
    await screenshot(page, 'backoffice-reports');
    await page.getByRole('tab', { name: 'Журнал' }).click();
    await page.getByTestId('audit-table').getByText('Файл добавлен в фотоотчёт').waitFor();
    await page.getByTestId('audit-table').getByText('Фотоотчёт создан').waitFor();
    expect(await xss(page)).toBeNull();
    expect(errors).toEqual([]);
    await close();

    for (const viewport of [DESKTOP, MOBILE]) {
      const investor = await openPage(browser, viewport);
      await signIn(investor.page, portal.url, 'investor@example.com', 'Investor1');
      await investor.page.goto(`${portal.url}/dashboard/reports/`);
      await investor.page.getByTestId('timeline-tabs').getByRole('tab', { name: 'Вся локация' }).click();
      const card = investor.page.getByTestId('report-card').first();
      await card.getByTestId('report-title').getByText(TITLE).waitFor();
      await card.getByTestId('report-subtitle').locator('b', { hasText: 'завершена' }).waitFor();
      expect(await card.locator('script, [onerror]').count()).toBe(0);
      await imagesLoaded(
        investor.page,
        '[data-testid="report-card"]:first-child [data-testid="report-cover"] img',
      );
      await screenshot(investor.page, 'reports-uploaded');
      await card.getByTestId('report-cover').click();
      const gallery = investor.page.getByTestId('gallery');
      await gallery.locator('img').waitFor();
      await imagesLoaded(investor.page, '[data-testid="gallery"] img');
      if (viewport === DESKTOP) await screenshot(investor.page, 'reports-uploaded-gallery');
      expect(await xss(investor.page)).toBeNull();
      expect(investor.errors).toEqual([]);
      await investor.close();
    }
  });

  it('fits a phone screen, the form too, removes the photo and deletes the report after a confirmation', async () => {
    const { page, errors, close } = await openPage(browser, MOBILE);
    await signInStaff(page, portal.url);
    const item = page.getByTestId('staff-report-item').filter({ hasText: TITLE });
    await item.waitFor();
    await screenshot(page, 'backoffice-reports');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await item.getByRole('button', { name: 'Редактировать' }).click();
    const form = page.getByTestId('report-form');
    await form.getByTestId('report-media-item').waitFor();
    await form.getByRole('button', { name: 'Готово' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'backoffice-report-form');
    await form.getByTestId('report-media-item').getByRole('button', { name: 'Убрать' }).click();
    await form.getByText('Фото и видео пока нет').waitFor();
    await form.getByRole('button', { name: 'Готово' }).click();
    await form.waitFor({ state: 'detached' });
    await item.getByText('Фото и видео: 0', { exact: false }).waitFor();

    await item.getByRole('button', { name: 'Удалить' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`«${TITLE}»`, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Удалить' }).click();
    await dialog.waitFor({ state: 'detached' });
    await item.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await close();
  });
});
