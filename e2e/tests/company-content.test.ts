import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writePdf } from '../../apps/server/src/shared/pdf-writer.ts';
import { DESKTOP, launchBrowser, MOBILE, openPage, screenshot, signIn } from '../support/browser.ts';
import { type Portal, startPortal } from '../support/server.ts';

// The start of an MP4: its ftyp box is what the type is told by.
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypmp42'),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from('mp42isom'),
  Buffer.alloc(64),
]);
// A 48×32 PNG of two stripes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAAOklEQVR42u3OMQ0AMAgAMBRNwZTgBWuTMx24IBxNKqBxKlcJISEhISEhIaHh0H93FSEhISEhISGhYQ1iaq95W7MVqwAAAABJRU5ErkJggg==',
  'base64',
);

/** A two-page A4 PDF, each page a dark block on white, so a drawn page has dark pixels. */
function reportPdf(): Buffer {
  const page = {
    width: 595,
    height: 842,
    shapes: [
      { kind: 'rect' as const, x: 60, y: 300, width: 475, height: 400, colour: [0.1, 0.25, 0.2] as const },
    ],
  };
  return writePdf('Report', [page, page]);
}

/** Signs the manager in and opens a console section by its tab. */
async function signInStaff(page: Page, baseUrl: string, tab: string) {
  await page.goto(`${baseUrl}/login`);
  await page.locator('input[name=login]').fill('manager@example.com');
  await page.locator('input[name=password]').fill('Manager1');
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  if (!page.url().includes('/backoffice/')) await page.goto(`${baseUrl}/backoffice/`);
  await page.getByRole('tab', { name: tab }).click();
}

describe("the company's content in the console", () => {
  let portal: Portal;
  let browser: Browser;
  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  it('a manager uploads the financial report as a PDF; owners see its pages drawn, with no context menu', async () => {
    const staff = await openPage(browser, DESKTOP);
    await signInStaff(staff.page, portal.url, 'Фин. отчёт');
    await staff.page.getByRole('heading', { name: 'Промежуточный финансовый отчёт' }).waitFor();
    await staff.page.getByText('Демонстрационный отчёт (15 стр.)').waitFor();
    const file = staff.page.getByTestId('company-report-file');
    // A picture named .pdf is refused by its content.
    await file.setInputFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer: PNG });
    await staff.page.getByText('Загрузите файл PDF').waitFor();
    await file.setInputFiles({
      name: 'Отчёт 2024.pdf',
      mimeType: 'application/pdf',
      buffer: reportPdf(),
    });
    await staff.page.getByTestId('company-report-current').waitFor();
    expect(await staff.page.getByTestId('company-report-current').textContent()).toContain('Отчёт 2024.pdf');
    await screenshot(staff.page, 'backoffice-financial-report');
    expect(staff.errors).toEqual([]);
    await staff.close();

    for (const viewport of [DESKTOP, MOBILE]) {
      const { page, errors, close } = await openPage(browser, viewport);
      const csp: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy|Refused to/i.test(message.text())) csp.push(message.text());
      });
      await signIn(page, portal.url, 'lender@example.com', 'Lender1');
      await page.goto(`${portal.url}/dashboard/report-2024`);
      const pages = page.getByTestId('financial-report-page');
      await pages.nth(1).waitFor();
      expect(await pages.count()).toBe(2);
      expect(await pages.nth(1).getAttribute('aria-label')).toBe('Страница 2 из 2');
      // The first page is really drawn: its middle is the dark block.
      await page.waitForFunction(`(() => {
        const canvas = document.querySelector('[data-testid=financial-report-page]');
        if (!canvas || canvas.width === 0) return false;
        const [r, g, b] = canvas.getContext('2d').getImageData(canvas.width / 2, canvas.height / 2, 1, 1).data;
        return r + g + b < 200;
      })()`);
      const prevented = await page.evaluate(`(() => {
        const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
        document.querySelector('[data-testid=financial-report-page]').dispatchEvent(event);
        return event.defaultPrevented;
      })()`);
      expect(prevented).toBe(true);
      await screenshot(page, `report-pdf-${viewport.width}`);
      expect(csp).toEqual([]);
      expect(errors).toEqual([]);
      await close();
    }
  });

  it('a manager publishes a lot with a photo; the investor sees it on the promo page', async () => {
    const staff = await openPage(browser, DESKTOP);
    await signInStaff(staff.page, portal.url, 'Лоты');
    await staff.page.getByText('Компания пока не выставила лотов').waitFor();
    await staff.page.getByRole('button', { name: 'Новый лот' }).click();
    const dialog = staff.page.getByRole('dialog');
    await dialog.getByTestId('lot-price').fill('9900000');
    await dialog.getByLabel('Цена со скидкой, ₽').fill('9500000');
    await dialog.getByLabel('Метка').fill('Новинка');
    await dialog.getByLabel('Описание', { exact: true }).fill('Юнит от компании у озера');
    await dialog.getByLabel('Опубликован').check();
    await dialog.getByTestId('lot-save').click();
    const photo = dialog.getByTestId('lot-photo-file');
    await photo.waitFor({ state: 'attached' });
    await photo.setInputFiles({ name: 'lake.png', mimeType: 'image/png', buffer: PNG });
    await dialog.locator('img').first().waitFor();
    await screenshot(staff.page, 'backoffice-lot-form');
    await dialog.getByRole('button', { name: 'Отмена' }).click();
    await staff.page.getByTestId('company-lot').first().waitFor();
    expect(staff.errors).toEqual([]);
    await staff.close();

    const { page, errors, close } = await openPage(browser, DESKTOP);
    await signIn(page, portal.url, 'investor@example.com', 'Investor1');
    await page.goto(`${portal.url}/promo/`);
    const card = page.getByTestId('lot-card').filter({ hasText: 'Юнит от компании у озера' });
    await card.waitFor();
    expect(await card.getByText('Новинка').count()).toBe(1);
    await page.waitForFunction(
      `[...document.querySelectorAll('[data-testid=lot-card] img')].some((img) => img.src.includes('/api/v1/files/lots/') && img.naturalWidth > 0)`,
    );
    await card.getByRole('button', { name: 'Оставить заявку' }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('a manager sets a camera stream and a view, and a photo of an inventory item', async () => {
    const { page, errors, close } = await openPage(browser, DESKTOP);
    await signInStaff(page, portal.url, 'Камеры');
    await page.getByRole('heading', { name: 'Камеры' }).waitFor();
    await page.getByText('Сейчас показывается демонстрационная таблица').waitFor();
    expect(await page.getByTestId('camera-view').count()).toBe(5);
    await page.getByTestId('company-location').selectOption('2');
    await page.getByTestId('camera-stream').fill('http://cams.example.com/live.m3u8');
    await page.getByRole('button', { name: 'Сохранить' }).first().click();
    await page.getByText('Укажите https-адрес плейлиста HLS (.m3u8)').waitFor();
    await page.getByTestId('camera-stream').fill('https://cams.example.com/lake/index.m3u8');
    await page.getByRole('button', { name: 'Сохранить' }).first().click();
    await page.getByText('Сохранено').waitFor();
    await page.getByTestId('camera-view').first().getByRole('button', { name: 'Удалить' }).click();
    await expect.poll(() => page.getByTestId('camera-view').count()).toBe(4);
    await page.getByTestId('camera-view-title').fill('Пирс');
    await page
      .getByTestId('camera-view-file')
      .setInputFiles({ name: 'pier.mp4', mimeType: 'video/mp4', buffer: MP4 });
    await expect.poll(() => page.getByTestId('camera-view').count()).toBe(5);
    await screenshot(page, 'backoffice-cameras');

    await page.getByRole('tab', { name: 'Фото инвентаря' }).click();
    const item = page.getByTestId('company-inventory-item').first();
    await item.waitFor();
    await item
      .locator('input[type=file]')
      .setInputFiles({ name: 'chair.png', mimeType: 'image/png', buffer: PNG });
    await item.getByText('Фото: 1').waitFor();
    await item.locator('img').first().waitFor();
    await screenshot(page, 'backoffice-inventory-photos');
    expect(errors).toEqual([]);
    await close();
  });

  it("a manager loads the locations' documents as a register and attaches the PDF; the location's investor reads it", async () => {
    const { page, errors, close } = await openPage(browser, DESKTOP);
    await signInStaff(page, portal.url, 'Загрузка данных');
    await page.getByTestId('import-kind').click();
    await page.getByRole('option', { name: 'Документы локаций' }).click();
    const register =
      'locationId;categoryId;number;date;description\n1;2;RU-77-777;15.02.2026;Разрешение на ввод в эксплуатацию\n';
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'register.csv', mimeType: 'text/csv', buffer: Buffer.from(register) });
    await page.getByRole('button', { name: 'Загрузить' }).click();
    await page.getByTestId('import-report').getByText('Загрузка завершена').waitFor();

    await page.getByRole('tab', { name: 'Документы локаций' }).click();
    const row = page.getByTestId('location-document-row').filter({ hasText: 'RU-77-777' });
    await row.getByRole('button', { name: 'Изменить' }).click();
    const form = page.getByTestId('location-document-form');
    await form.getByText('У документа пока нет файла').waitFor();
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'permit.pdf', mimeType: 'application/pdf', buffer: reportPdf() });
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await row.getByText('permit.pdf').waitFor();
    await screenshot(page, 'backoffice-location-documents');
    expect(errors).toEqual([]);
    await close();

    const investor = await openPage(browser, DESKTOP);
    await signIn(investor.page, portal.url, 'investor@example.com', 'Investor1');
    await investor.page.goto(`${portal.url}/documents/`);
    const listed = investor.page
      .getByTestId('document-row')
      .filter({ hasText: 'Разрешение на ввод в эксплуатацию' });
    await listed.waitFor();
    expect(investor.errors).toEqual([]);
    await investor.close();
  });
});
