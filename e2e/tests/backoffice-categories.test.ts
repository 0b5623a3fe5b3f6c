import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, MOBILE, openPage, screenshot } from '../support/browser.ts';
import { type Portal, startPortal } from '../support/server.ts';

const DOCUMENT_CATEGORY = 'Протокол собрания';
const OUTCOME_CATEGORY = 'Аренда конференц-зала';

describe("the console's document and income-expense categories", () => {
  let portal: Portal;
  let browser: Browser;
  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  it('the admin adds a document and an income-expense category and sees them listed with their numbers', async () => {
    const { page, errors, close } = await openPage(browser, DESKTOP);
    await page.goto(`${portal.url}/login`);
    await page.locator('input[name=login]').fill('admin@example.com');
    await page.locator('input[name=password]').fill('Admin1234');
    await page.getByRole('button', { name: 'Войти', exact: true }).click();
    await page.waitForURL('**/backoffice/');
    await page.getByRole('tab', { name: 'Каталог' }).click();
    await page.getByTestId('catalogue-nav').getByText('Категории').click();
    await page.getByRole('heading', { name: 'Категории', exact: true }).waitFor();
    const documents = page.getByTestId('category-documents');
    const outcomes = page.getByTestId('category-income-expense');
    await documents.getByTestId('category-documents-item').first().waitFor();

    await documents.getByTestId('category-documents-add').click();
    const documentForm = page.getByTestId('category-documents-form');
    // An empty name is refused before the call, in the user's language.
    await documentForm.getByTestId('category-documents-save').click();
    await documentForm.getByText('Обязательное поле').waitFor();
    await documentForm.getByTestId('category-documents-name').fill(DOCUMENT_CATEGORY);
    await documentForm.getByTestId('category-documents-name-en').fill('Meeting minutes');
    await documentForm.getByTestId('category-documents-save').click();
    await documentForm.waitFor({ state: 'detached' });
    const documentRow = documents
      .getByTestId('category-documents-item')
      .filter({ hasText: DOCUMENT_CATEGORY });
    await documentRow.getByText('Meeting minutes', { exact: false }).waitFor();
    await expect.poll(() => documentRow.getByText(/№\s\d+/).count()).toBe(1);

    await outcomes.getByTestId('category-income-expense-add').click();
    const outcomeForm = page.getByTestId('category-income-expense-form');
    await outcomeForm.getByTestId('category-income-expense-id').fill('501');
    await outcomeForm.getByTestId('category-income-expense-name').fill(OUTCOME_CATEGORY);
    await outcomeForm.getByTestId('category-income-expense-direction').click();
    await page.getByRole('option', { name: 'Доход' }).click();
    await outcomeForm.getByTestId('category-income-expense-save').click();
    await outcomeForm.waitFor({ state: 'detached' });
    const outcomeRow = outcomes
      .getByTestId('category-income-expense-item')
      .filter({ hasText: OUTCOME_CATEGORY });
    await outcomeRow.getByText('№ 501').waitFor();
    await outcomeRow.getByText('Доход', { exact: true }).waitFor();
    await screenshot(page, 'backoffice-categories');

    // Archiving asks first; the archived category stays listed, marked.
    await documentRow.getByRole('button', { name: 'В архив' }).click();
    const dialog = page.getByRole('dialog', { name: 'Убрать категорию в архив?' });
    await dialog.getByText(`«${DOCUMENT_CATEGORY}» больше не будет предлагаться`, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'В архив' }).click();
    await dialog.waitFor({ state: 'detached' });
    await documentRow.getByText('В архиве').waitFor();
    await documentRow.getByRole('button', { name: 'Вернуть' }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('fits a phone screen', async () => {
    const { page, errors, close } = await openPage(browser, MOBILE);
    await page.goto(`${portal.url}/login`);
    await page.locator('input[name=login]').fill('manager@example.com');
    await page.locator('input[name=password]').fill('Manager1');
    await page.getByRole('button', { name: 'Войти', exact: true }).click();
    await page.waitForURL('**/backoffice/');
    await page.goto(`${portal.url}/backoffice/locations/categories/`);
    await page.getByTestId('category-income-expense-item').filter({ hasText: OUTCOME_CATEGORY }).waitFor();
    await expect
      .poll(() => page.evaluate('document.documentElement.scrollWidth - window.innerWidth'))
      .toBeLessThanOrEqual(0);
    await screenshot(page, 'backoffice-categories');
    expect(errors).toEqual([]);
    await close();
  });
});
