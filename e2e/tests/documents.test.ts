import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simplePdf } from '../../apps/server/src/modules/documents/pdf.ts';
import { DESKTOP, launchBrowser, MOBILE, openPage, screenshot, signIn } from '../support/browser.ts';
import { type Portal, startPortal } from '../support/server.ts';

async function signInStaff(page: Page, baseUrl: string, login: string, password: string) {
  await page.goto(`${baseUrl}/login`);
  await page.locator('input[name=login]').fill(login);
  await page.locator('input[name=password]').fill(password);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await page.waitForURL('**/backoffice/');
}

/** dd.mm.yyyy of the table as yyyy-mm-dd, so dates compare as text. */
const isoOf = (text: string) => text.trim().split('.').reverse().join('-');
const datesOf = async (page: Page) => (await page.getByTestId('document-date').allTextContents()).map(isoOf);

describe('the documents page', () => {
  let portal: Portal;
  let browser: Browser;
  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  it('shows the investor documents with labels, alert rows, the date sort cycle, filters and a PDF download', async () => {
    const { page, errors, close } = await openPage(browser, DESKTOP);
    await signIn(page, portal.url, 'investor@example.com', 'Investor1');
    await page.goto(`${portal.url}/documents/`);
    const rows = page.getByTestId('document-row');
    await rows.first().waitFor();
    // Cards at every width: each field of the spec's columns with its label.
    const managed = rows.filter({ hasText: 'Отчёт об управлении' });
    expect(await managed.getByTestId('category-label').textContent()).toBe('Отчёт');
    expect(await managed.getByTestId('document-place').textContent()).toBe('ЛокацияЛесной SPA-отель «Сосны»');
    expect(await managed.textContent()).toMatch(/ЮнитДжуниор сюит №3.*Номер1105/);
    expect(await managed.getByTestId('document-status').textContent()).toContain('В работе');
    // Own documents in every status and the documents of the investor's four locations.
    const statuses = new Set(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-status'))));
    expect(statuses).toEqual(new Set(['1', '13', '3', '2', '-1']));
    expect(await page.getByText('Отчёт о строительстве озёрной части').count()).toBe(1);
    const alerts = page.locator('[data-testid=document-row][data-alert]');
    expect(await alerts.count()).toBe(1);
    expect(await alerts.getByTestId('document-status').textContent()).toContain('Требует внимания');
    // Category labels are coloured by the spec's ids: an act and a contract differ.
    const colour = (id: number) =>
      page
        .locator(`[data-testid=category-label][data-category="${id}"]`)
        .first()
        .evaluate(
          (el) =>
            (globalThis as unknown as { getComputedStyle(e: unknown): { color: string } }).getComputedStyle(
              el,
            ).color,
        );
    expect(await colour(2)).not.toBe(await colour(1));
    await screenshot(page, 'documents-investor');

    // The date sort: newest first, then oldest first, then the server's order again.
    const initial = await datesOf(page);
    const sort = page.getByTestId('date-sort');
    await sort.click();
    expect(await datesOf(page)).toEqual([...initial].sort().reverse());
    await sort.click();
    expect(await datesOf(page)).toEqual([...initial].sort());
    await sort.click();
    expect(await datesOf(page)).toEqual(initial);

    // Filters: a category, then a location, then cleared.
    await page.getByTestId('filter-categoryId').click();
    await page.getByRole('option', { name: 'Акт сверки' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByTestId('filter-categoryId').click();
    await page.getByRole('option', { name: 'Акт сверки' }).click();
    await expect.poll(() => rows.count()).toBeGreaterThan(1);
    await page.getByTestId('filter-locationId').click();
    await page.getByRole('option', { name: 'Комплекс «Берег»: озёрная часть' }).click();
    const lakeRows = await rows.allTextContents();
    expect(lakeRows.length).toBeGreaterThan(0);
    expect(lakeRows.every((text) => text.includes('Комплекс «Берег»: озёрная часть'))).toBe(true);

    // Download as PDF: the file keeps its Cyrillic name and is a PDF.
    const first = rows.first();
    await first.getByTestId('row-menu').click();
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Скачать в PDF' }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/^[А-Яа-яЁё ]+ .+\.pdf$/);
    const saved = await file.path();
    expect((await readFile(saved)).subarray(0, 5).toString()).toBe('%PDF-');
    expect(errors).toEqual([]);
    await close();
  });

  it('requests a document: only with a category; the sent modal closes by a click outside and the form resets', async () => {
    const { page, errors, close } = await openPage(browser, DESKTOP);
    await signIn(page, portal.url, 'investor@example.com', 'Investor1');
    await page.goto(`${portal.url}/documents/`);
    const submit = page.getByTestId('request-submit');
    await submit.waitFor();
    expect(await submit.isDisabled()).toBe(true);
    const category = page.getByTestId('request-category');
    await category.fill('спра');
    await page.getByRole('option', { name: 'Справка' }).click();
    await page.getByTestId('request-comment').fill('Справка о доходах за 2025 год');
    await submit.click();
    const modal = page.getByTestId('request-sent');
    await modal.waitFor();
    expect(await modal.textContent()).toContain('Документ будет загружен на эту страницу');
    await page.mouse.click(10, 10);
    await modal.waitFor({ state: 'detached' });
    expect(await category.inputValue()).toBe('');
    expect(await page.getByTestId('request-comment').inputValue()).toBe('');
    expect(await submit.isDisabled()).toBe(true);
    // Again, closed by OK.
    await category.click();
    await page.getByRole('option', { name: 'Акт', exact: true }).click();
    await submit.click();
    await modal.waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await modal.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await close();
  });

  it('takes the signed PDF of the document to sign; the status moves on and the banner disappears', async () => {
    const { page, errors, close } = await openPage(browser, DESKTOP);
    await signIn(page, portal.url, 'investor@example.com', 'Investor1');
    await page.getByTestId('need-sign-banner').waitFor();
    await page.getByTestId('need-sign-banner').getByRole('link').click();
    await page.waitForURL('**/documents/');
    const toSign = page.locator('[data-testid=document-row][data-status="1"]');
    await toSign.waitFor();
    expect(await toSign.count()).toBe(1);
    await toSign.getByTestId('row-menu').click();
    // An investor without the electronic document service uploads; the service's item is not offered.
    expect(await page.getByRole('menuitem', { name: 'Подписать в Диадоке' }).count()).toBe(0);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('menuitem', { name: 'Загрузить подписанный документ' }).click();
    await (await chooser).setFiles({
      name: 'Акт подписанный.pdf',
      mimeType: 'application/pdf',
      buffer: await simplePdf('Signed act', ['Signed by the investor']),
    });
    await page.getByTestId('documents-notice').getByText('Подписанный документ загружен').waitFor();
    await expect.poll(() => toSign.count()).toBe(0);
    await page.goto(`${portal.url}/dashboard/`);
    await page.locator('nav.side-menu').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('need-sign-banner').count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('offers the isDiadoc user signing on the service page of the document instead of an upload', async () => {
    const { page, close } = await openPage(browser, DESKTOP);
    await signIn(page, portal.url, 'both@example.com', 'Both1234');
    await page.goto(`${portal.url}/documents/`);
    const toSign = page.locator('[data-testid=document-row][data-status="1"]');
    await toSign.waitFor();
    // The 'both' account is flagged isDiadoc: it signs in the service, on that document's page.
    await toSign.getByTestId('row-menu').click();
    const sign = page.getByRole('menuitem', { name: 'Подписать в Диадоке' });
    expect(await sign.getAttribute('href')).toMatch(/^https:\/\/diadoc\.kontur\.ru\//);
    expect(await sign.getAttribute('target')).toBe('_blank');
    expect(await page.getByRole('menuitem', { name: 'Загрузить подписанный документ' }).count()).toBe(0);
    await close();
  });

  for (const viewport of [DESKTOP, MOBILE])
    it(`shows the lender documents under 'Project' without a unit column at ${viewport.width} px`, async () => {
      const { page, errors, close } = await openPage(browser, viewport);
      await signIn(page, portal.url, 'lender@example.com', 'Lender1');
      await page.goto(`${portal.url}/documents/`);
      const rows = page.getByTestId('document-row');
      await rows.first().waitFor();
      expect(await page.getByTestId('filter-locationId').locator('..').locator('..').textContent()).toContain(
        'Проект',
      );
      expect(await page.getByTestId('filter-unitId').count()).toBe(0);
      // The place is labelled 'Проект' on every card, and lenders' documents name no unit.
      const places = await page.getByTestId('document-place').allTextContents();
      expect(places.length).toBe(await rows.count());
      expect(places.every((place) => place.startsWith('Проект'))).toBe(true);
      expect(await page.getByTestId('document-unit').count()).toBe(0);
      expect(await page.locator('[data-testid=document-row][data-status="1"]').count()).toBe(0);
      expect(await page.locator('[data-testid=document-row][data-alert]').count()).toBe(1);
      await screenshot(page, 'documents-lender');
      // Download from a row on a phone too.
      await rows.first().getByTestId('row-menu').click();
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('menuitem', { name: 'Скачать в PDF' }).click(),
      ]);
      expect(file.suggestedFilename()).toMatch(/\.pdf$/);
      expect(errors).toEqual([]);
      await close();
    });

  it('fits the investor documents as cards at 375 px', async () => {
    const { page, close } = await openPage(browser, MOBILE);
    await signIn(page, portal.url, 'demo@example.com', 'Demo1234');
    await page.goto(`${portal.url}/documents/`);
    await page.getByTestId('document-row').first().waitFor();
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'documents-investor');
    await close();
  });

  it('closes the loop of a signed copy: returned with a comment, signed again, confirmed, «Подписан» for the owner', async () => {
    const staff = await openPage(browser, DESKTOP);
    await signInStaff(staff.page, portal.url, 'manager@example.com', 'Manager1');
    await staff.page.goto(`${portal.url}/backoffice/owners/1223`);
    const section = staff.page.getByTestId('owner-documents');
    await section.getByTestId('owner-documents-table').waitFor();
    const form = staff.page.getByTestId('owner-document-upload');
    const choose = async (testId: string, label: string) => {
      const select = form.getByTestId(testId);
      await select.locator('option', { hasText: label }).first().waitFor({ state: 'attached' });
      await select.selectOption({ label });
    };
    await choose('staff-category', 'Договор');
    await choose('staff-location', 'Лесной SPA-отель «Сосны»');
    await form.getByLabel('Номер документа').fill('Д-ПЕТЛЯ-1');
    await form.getByLabel('Описание').fill('Договор управления к подписи');
    await form.locator('input[type=file]').setInputFiles({
      name: 'Договор управления.pdf',
      mimeType: 'application/pdf',
      buffer: await simplePdf('Management contract', ['For the owner to sign']),
    });
    await form.getByRole('button', { name: 'Загрузить' }).click();
    await staff.page.getByTestId('staff-uploaded').waitFor();
    const staffRow = section.getByTestId('owner-document-row').filter({ hasText: 'Д-ПЕТЛЯ-1' });
    await staffRow.waitFor();

    const owner = await openPage(browser, DESKTOP);
    await signIn(owner.page, portal.url, 'demo@example.com', 'Demo1234');
    await owner.page.goto(`${portal.url}/documents/`);
    const row = owner.page.getByTestId('document-row').filter({ hasText: 'Договор управления к подписи' });
    const signCopy = async (name: string) => {
      await row.getByTestId('row-menu').click();
      const chooser = owner.page.waitForEvent('filechooser');
      await owner.page.getByRole('menuitem', { name: 'Загрузить подписанный документ' }).click();
      await (await chooser).setFiles({
        name,
        mimeType: 'application/pdf',
        buffer: await simplePdf('Management contract, signed', ['Signed by the owner']),
      });
      await expect.poll(() => row.getAttribute('data-status')).toBe('13');
    };
    await row.waitFor();
    await signCopy('Договор подписан.pdf');

    // The copy is in the manager's inbox; the manager returns it with a comment.
    await staff.page.goto(`${portal.url}/backoffice/`);
    await staff.page.getByTestId('inbox-kind').selectOption('signed_document');
    await staff.page.getByTestId('inbox-table').getByText('Подписанный документ').first().waitFor();
    await staff.page.goto(`${portal.url}/backoffice/owners/1223`);
    await staffRow.getByRole('button', { name: 'Вернуть' }).click();
    await staff.page.getByLabel('Что исправить').fill('Нет подписи на второй странице');
    await staff.page.getByRole('button', { name: 'Вернуть клиенту' }).click();
    await expect.poll(() => staffRow.getAttribute('data-status')).toBe('1');

    // The owner reads the comment beside the document, which needs the signature again, and signs again.
    await owner.page.reload();
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('1');
    expect(await row.getByTestId('document-return-comment').textContent()).toContain(
      'Нет подписи на второй странице',
    );
    await signCopy('Договор подписан заново.pdf');
    expect(await row.getByTestId('document-return-comment').count()).toBe(0);

    // The manager confirms; the owner sees «Подписан».
    await staff.page.reload();
    await staffRow.getByRole('button', { name: 'Подписан' }).click();
    await expect.poll(() => staffRow.getAttribute('data-status')).toBe('3');
    await owner.page.reload();
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('3');
    expect(await row.getByTestId('document-status').textContent()).toContain('Подписан');
    expect(owner.errors).toEqual([]);
    expect(staff.errors).toEqual([]);
    await owner.close();
    await staff.close();
  });

  it("shows the manager's answer to a document request with the request", async () => {
    const owner = await openPage(browser, DESKTOP);
    await signIn(owner.page, portal.url, 'demo@example.com', 'Demo1234');
    await owner.page.goto(`${portal.url}/documents/`);
    const category = owner.page.getByTestId('request-category');
    await category.fill('спра');
    await owner.page.getByRole('option', { name: 'Справка' }).click();
    await owner.page.getByTestId('request-submit').click();
    await owner.page.getByRole('button', { name: 'OK' }).click();
    const request = owner.page.getByTestId('owner-request').filter({ hasText: 'Справка' });
    await request.waitFor();
    expect(await request.getByTestId('owner-request-status').textContent()).toBe('Отправлена');

    const staff = await openPage(browser, DESKTOP);
    await signInStaff(staff.page, portal.url, 'manager@example.com', 'Manager1');
    await staff.page.getByTestId('inbox-kind').selectOption('document');
    const inboxRow = staff.page.getByTestId('inbox-table').getByRole('row').filter({ hasText: 'Справка' });
    await inboxRow.first().getByRole('button', { name: 'Выполнить' }).click();
    await staff.page.getByRole('dialog').getByLabel('Комментарий').fill('Справка загружена в ваши документы');
    await staff.page.getByRole('dialog').getByRole('button', { name: 'Выполнить' }).click();
    await staff.page.getByRole('dialog').waitFor({ state: 'detached' });

    await owner.page.reload();
    await request.waitFor();
    expect(await request.getByTestId('owner-request-status').textContent()).toBe('Выполнена');
    expect(await request.getByTestId('owner-request-comment').textContent()).toContain(
      'Справка загружена в ваши документы',
    );
    expect(owner.errors).toEqual([]);
    await owner.close();
    await staff.close();
  });
});
