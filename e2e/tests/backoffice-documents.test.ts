import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simplePdf } from '../../apps/server/src/modules/documents/pdf.ts';
import { launchBrowser, openPage, screenshot, signIn } from '../support/browser.ts';
import { type Portal, startPortal } from '../support/server.ts';

async function signInStaff(page: Page, baseUrl: string, login: string, password: string) {
  await page.goto(`${baseUrl}/login`);
  await page.locator('input[name=login]').fill(login);
  await page.locator('input[name=password]').fill(password);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await page.waitForURL('**/backoffice/');
}

describe('documents between the console and the owner', () => {
  let portal: Portal;
  let browser: Browser;
  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  it('a manager uploads a document, the owner sees the banner, signs (uploads) it, the banner disappears', async () => {
    const staff = await openPage(browser);
    await signInStaff(staff.page, portal.url, 'manager@example.com', 'Manager1');
    await staff.page.goto(`${portal.url}/backoffice/owners/1223`);
    const section = staff.page.getByTestId('owner-documents');
    await section.getByTestId('owner-documents-table').waitFor();
    const before = await section.getByTestId('owner-document-row').count();

    const form = staff.page.getByTestId('owner-document-upload');
    const choose = async (testId: string, label: string) => {
      const select = form.getByTestId(testId);
      await select.locator('option', { hasText: label }).first().waitFor({ state: 'attached' });
      await select.selectOption({ label });
    };
    await choose('staff-category', 'Акт');
    await choose('staff-location', 'Лесной SPA-отель «Сосны»');
    await choose('staff-unit', 'Стандарт №1');
    await form.getByLabel('Номер документа').fill('А-Е2Е-1');
    await form.getByLabel('Описание').fill('Акт приёма-передачи к подписи');
    await form.locator('input[type=file]').setInputFiles({
      name: 'Акт приёма-передачи.pdf',
      mimeType: 'application/pdf',
      buffer: await simplePdf('Transfer act', ['For the owner to sign']),
    });
    await form.getByRole('button', { name: 'Загрузить' }).click();
    await staff.page.getByTestId('staff-uploaded').waitFor();
    await expect.poll(() => section.getByTestId('owner-document-row').count()).toBe(before + 1);
    expect(await section.locator('[data-testid=owner-document-row][data-status="1"]').count()).toBe(1);
    await screenshot(staff.page, 'backoffice-owner-documents');

    // The owner: the banner, the new document to sign, the signed copy uploaded, no banner.
    const owner = await openPage(browser);
    await signIn(owner.page, portal.url, 'demo@example.com', 'Demo1234');
    await owner.page.getByTestId('need-sign-banner').waitFor();
    await owner.page.getByTestId('need-sign-banner').getByRole('link').click();
    const row = owner.page.locator('[data-testid=document-row][data-status="1"]');
    await row.waitFor();
    expect(await row.textContent()).toContain('Акт приёма-передачи к подписи');
    await row.getByTestId('row-menu').click();
    const chooser = owner.page.waitForEvent('filechooser');
    await owner.page.getByRole('menuitem', { name: 'Загрузить подписанный документ' }).click();
    await (await chooser).setFiles({
      name: 'Акт подписан.pdf',
      mimeType: 'application/pdf',
      buffer: await simplePdf('Transfer act, signed', ['Signed by the owner']),
    });
    await owner.page.getByTestId('documents-notice').getByText('Подписанный документ загружен').waitFor();
    await expect.poll(() => row.count()).toBe(0);
    await owner.page.goto(`${portal.url}/dashboard/`);
    await owner.page.locator('nav.side-menu').waitFor();
    await owner.page.waitForLoadState('networkidle');
    expect(await owner.page.getByTestId('need-sign-banner').count()).toBe(0);
    expect(owner.errors).toEqual([]);
    await owner.close();

    // The manager sees the signed copy and downloads it; the upload is in the audit log.
    await staff.page.reload();
    const signed = section.getByTestId('signed-copy');
    await signed.first().waitFor();
    const [file] = await Promise.all([staff.page.waitForEvent('download'), signed.first().click()]);
    expect(file.suggestedFilename()).toBe('Акт подписан.pdf');
    await staff.page.goto(`${portal.url}/backoffice/audit/`);
    await staff.page.getByText('Документ загружен для клиента').first().waitFor();
    expect(staff.errors).toEqual([]);
    await staff.close();
  });
});
