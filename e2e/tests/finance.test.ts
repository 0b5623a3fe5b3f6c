import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAYOUT_CALL } from '../../apps/web/src/shared/api/early-calls.ts';
import { DESKTOP, launchBrowser, MOBILE, openPage, screenshot, signIn } from '../support/browser.ts';
import { type Portal, startPortal } from '../support/server.ts';

async function downloadXlsx(page: Page, testId: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await file.path())) as never);
  return { name: file.suggestedFilename(), sheet: workbook.worksheets[0] };
}

describe('finance pages in the browser', () => {
  let portal: Portal;
  let browser: Browser;
  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  it("shows the investor's dashboard: catalogue, figures, the month's data and the request with its 5-second confirmation", async () => {
    const { page, errors, close } = await openPage(browser);
    await signIn(page, portal.url, 'investor@example.com', 'Investor1');
    await page.getByTestId('dashboard-statistics').waitFor();
    expect(await page.getByTestId('dashboard-statistics').textContent()).toContain(
      '16\u00a0300\u00a0000\u00a0₽',
    );
    expect(await page.getByTestId('location-units').textContent()).toContain(
      '2 юнита «Стандарт», 28 м² каждый',
    );
    expect(await page.getByTestId('location-units').textContent()).toContain(
      '9 юнитов «Джуниор сюит», 36 м² каждый',
    );
    // One unit is not «each».
    const units = (await page.getByTestId('location-units').textContent()) ?? '';
    expect(units).toContain('1 юнит «Сюит», 54 м²');
    expect(units).not.toContain('54 м² каждый');
    const before = await page.getByTestId('actual-income').textContent();
    await page.getByTestId('actual-month').click();
    await page.getByRole('option').nth(2).click();
    await expect.poll(() => page.getByTestId('actual-income').textContent()).not.toBe(before);
    await page.getByTestId('ip-request').getByRole('button', { name: 'Оставить заявку' }).click();
    await page.getByTestId('success-banner').waitFor();
    expect(await page.getByTestId('success-banner').textContent()).toBe('Заявка отправлена');
    await page.getByTestId('success-banner').waitFor({ state: 'detached', timeout: 7000 });
    await screenshot(page, 'dashboard-finance-investor');
    expect(errors).toEqual([]);
    await close();
  });

  it("loads the dashboard with each call once, the shell's script asking for them before the client's code", async () => {
    const { page, errors, close } = await openPage(browser);
    await signIn(page, portal.url, 'investor@example.com', 'Investor1');
    await page.getByTestId('dashboard-statistics').waitFor();
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/v1/')) asked.push(`${url.pathname.slice(8)}${url.search}`);
    });
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    const shell = await page.request.get(`${portal.url}/dashboard/`);
    expect(await shell.text()).toContain('__portalEarlyCalls');
    // The layout's six answers in one call and the dashboard's four in another: each asked once, none again by the client;
    // first without a stored location, then with one (a location tab picked on an earlier visit).
    for (const stored of [null, '2']) {
      if (stored) await page.evaluate((id) => localStorage.setItem('user_current_location_id', id), stored);
      asked.length = 0;
      await page.reload();
      await page.getByTestId('dashboard-statistics').waitFor();
      await page.getByTestId('location-units').waitFor();
      // Settled: the client's loaders and the page's hooks have asked whatever they were going to ask.
      await page.waitForLoadState('networkidle');
      expect([...asked].sort()).toEqual(
        [LAYOUT_CALL, `dashboard/first-screen${stored ? `?location=${stored}` : ''}`].sort(),
      );
    }
    expect(refused).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  it("hides the entrepreneur request from a sole proprietor and shows the lender's conversion offer", async () => {
    const { page, close } = await openPage(browser);
    await signIn(page, portal.url, 'lender@example.com', 'Lender1');
    await page.getByTestId('conversion-offer').waitFor();
    const offer = await page.getByTestId('conversion-offer').textContent();
    for (const figure of ['500 тыс. ₽', 'до 24% годовых', 'до 40% в год', '30%'])
      expect(offer).toContain(figure);
    expect(await page.getByTestId('ip-request').count()).toBe(0);
    // The demo lender's conversion request is still open with the manager: the button says so and rests.
    const conversion = page.getByTestId('conversion-request');
    await expect.poll(() => conversion.textContent()).toBe('Заявка отправлена');
    expect(await conversion.isDisabled()).toBe(true);
    await screenshot(page, 'dashboard-finance-lender');
    // The report-download block is a real control: the demo report's pages as one PDF.
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('report-download').click(),
    ]);
    expect(file.suggestedFilename()).toBe('Промежуточный финансовый отчёт.pdf');
    const bytes = await readFile((await file.path()) ?? '');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await close();
  });

  it('shows the income page by role, reloads with the month range and downloads the XLSX that matches it', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const { page, close } = await openPage(browser, viewport);
      await signIn(page, portal.url, 'investor@example.com', 'Investor1');
      await page.goto(`${portal.url}/dashboard/income/`);
      await page.getByTestId('income-summary').waitFor();
      await page.getByTestId('income-actives').waitFor();
      // The per-unit capitalization (investor-income/unit-capitalization-graphic): current stage and price, chart.
      const capitalization = page.getByTestId('capitalization-chart');
      const current = capitalization.getByTestId('capitalization-current');
      await current.waitFor();
      await capitalization.locator('.recharts-line-curve').first().waitFor();
      const first = await current.textContent();
      expect(first).toMatch(/: [\d\u00a0]+\u00a0₽ на \d{2}\.\d{2}\.\d{4}$/);
      const units = capitalization.getByTestId('capitalization-unit');
      expect(await units.locator('option').allTextContents()).toEqual(['Джуниор сюит №3', 'Баня №1']);
      const graphic = page.waitForResponse((r) => r.url().includes('unit-capitalization-graphic'));
      await units.selectOption({ label: 'Баня №1' });
      expect((await graphic).status()).toBe(200);
      await expect.poll(() => current.textContent()).not.toBe(first);
      await screenshot(page, 'income-investor');
      await close();
    }
    const { page, close } = await openPage(browser);
    await signIn(page, portal.url, 'investor@example.com', 'Investor1');
    await page.goto(`${portal.url}/dashboard/income/`);
    await page.getByTestId('private-person-info').waitFor();
    const summary = await page.getByTestId('income-summary').textContent();
    expect(summary).toContain('Окупаемость');
    expect(summary).toContain('мес.');
    // A narrower range reloads the list.
    const reloaded = page.waitForRequest(
      (r) => r.url().includes('/api/v1/investor-income?') && r.url().includes('yearMonthFrom='),
    );
    await page.getByTestId('income-range').click();
    const months = page.locator('.mantine-MonthPickerInput-monthsListControl:not([data-disabled])');
    await months.nth(2).click();
    await months.nth(5).click();
    const request = new URL((await reloaded).url());
    expect(
      Number(request.searchParams.get('yearMonthTo')) - Number(request.searchParams.get('yearMonthFrom')),
    ).toBe(3);

    const { name, sheet } = await downloadXlsx(page, 'income-download');
    expect(name).toBe('доходы-1.xlsx');
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Месяц', 'Джуниор сюит №3', 'Баня №1', 'Итого']);
    const token = await page.evaluate(() => localStorage.getItem('user_jwt_token'));
    const statistics = await page.request.get(`${portal.url}/api/v1/investor-income/statistics?location=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const api = (await statistics.json()) as { totalIncome: number };
    const total = (sheet?.getSheetValues() ?? [])
      .slice(2)
      .reduce((sum: number, row) => sum + Number((row as unknown[])[4] ?? 0), 0);
    expect(total).toBeCloseTo(api.totalIncome, 0);
    await close();

    const lender = await openPage(browser);
    await signIn(lender.page, portal.url, 'lender@example.com', 'Lender1');
    await lender.page.goto(`${portal.url}/dashboard/income/`);
    await lender.page.getByTestId('income-summary').waitFor();
    const lenderSummary = await lender.page.getByTestId('income-summary').textContent();
    expect(lenderSummary).toContain('3\u00a0000\u00a0000\u00a0₽');
    // Genitive after «до».
    expect(lenderSummary).toContain('до февраля 2027');
    expect(lenderSummary).not.toContain('до февраль');
    // Capitalization is the investors'.
    expect(await lender.page.getByTestId('capitalization-chart').count()).toBe(0);
    // The payments of the period, month by month, with the loan's location.
    await lender.page.getByTestId('loan-payments').waitFor();
    expect(await lender.page.getByTestId('loan-payments').textContent()).toContain('45\u00a0000\u00a0₽');
    await screenshot(lender.page, 'income-lender');
    const lenderFile = await downloadXlsx(lender.page, 'income-download');
    expect(lenderFile.sheet?.getRow(2).getCell(3).value).toBe(45_000);
    await lender.close();
  });

  it("keeps a lender's loan and payments from the console: a payment added, then deleted after a question", async () => {
    const { page, close } = await openPage(browser);
    await page.goto(`${portal.url}/login`);
    await page.locator('input[name=login]').fill('manager@example.com');
    await page.locator('input[name=password]').fill('Manager1');
    await page.getByRole('button', { name: 'Войти', exact: true }).click();
    await page.waitForURL('**/backoffice/');
    // both@example.com (client 3) is the manager's client and has a loan.
    await page.goto(`${portal.url}/backoffice/owners/3`);
    const loans = page.getByTestId('owner-loans');
    await loans.waitFor();
    expect(await loans.textContent()).toContain('до января 2028');
    await loans.getByTestId('loan-payments').first().click();
    const dialog = page.getByTestId('loan-payments-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('add-payment').click();
    const form = page.getByTestId('payment-form');
    await form.getByTestId('payment-month').fill('2031-01');
    await form.getByTestId('payment-amount').fill('12345');
    await form.getByRole('button', { name: 'Сохранить' }).click();
    const row = dialog.getByTestId('payment-203101');
    await row.waitFor();
    expect(await row.textContent()).toContain('12\u00a0345\u00a0₽');
    await screenshot(page, 'console-loan-payments');

    await row.getByTestId('remove-payment').click();
    const confirm = page.getByRole('dialog', { name: 'Удаление выплаты' });
    expect(await confirm.textContent()).toContain('январь 2031');
    await confirm.getByRole('button', { name: 'Удалить' }).click();
    await row.waitFor({ state: 'detached' });
    await close();
  });

  it('filters and sorts the income-outcome rows, downloads the month, and keeps lenders out', async () => {
    const { page, close } = await openPage(browser);
    await signIn(page, portal.url, 'investor@example.com', 'Investor1');
    await page.goto(`${portal.url}/dashboard/outcome/`);
    await page.getByTestId('outcome-summary').waitFor();
    await page.getByRole('tab', { name: 'Расходы' }).click();
    const amounts = () =>
      page.$$eval('[data-testid=outcome-table] td[data-amount]', (cells) =>
        cells.map((c) => Number(c.getAttribute('data-amount'))),
      );
    const all = await amounts();
    expect(all.length).toBe(7);
    await page.getByTestId('amount-sort').getByText('По убыванию').click();
    const desc = await amounts();
    expect(desc).toEqual([...all].sort((a, b) => b - a));
    await page.getByTestId('amount-sort').getByText('По возрастанию').click();
    expect(await amounts()).toEqual([...all].sort((a, b) => a - b));
    await page.getByTestId('category-filter').click();
    await page.getByRole('option', { name: 'Налоги' }).click();
    await page.keyboard.press('Escape');
    expect((await amounts()).length).toBe(1);
    await screenshot(page, 'outcome-investor');
    const { name, sheet } = await downloadXlsx(page, 'outcome-download');
    expect(name).toMatch(/^доходы-расходы-1-\d{4}-\d{2}\.xlsx$/);
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Дата', 'Тип', 'Категория', 'Статья', 'Сумма']);
    await page.goto(`${portal.url}/dashboard/outcome-periphery/`);
    await page.getByTestId('outcome-summary').waitFor();
    await screenshot(page, 'outcome-periphery-investor');
    await close();

    for (const viewport of [DESKTOP, MOBILE]) {
      const demo = await openPage(browser, viewport);
      await signIn(demo.page, portal.url, 'demo@example.com', 'Demo1234');
      await demo.page.goto(`${portal.url}/dashboard/outcome/`);
      await demo.page.getByTestId('outcome-summary').waitFor();
      expect(await demo.page.getByTestId('outcome-month').count()).toBe(0);
      expect(await demo.page.getByTestId('outcome-summary').textContent()).toContain(
        '3\u00a0700\u00a0000\u00a0₽',
      );
      await screenshot(demo.page, 'outcome-demo');
      await demo.page.goto(`${portal.url}/dashboard/income/`);
      await demo.page.getByTestId('income-summary').waitFor();
      await screenshot(demo.page, 'income-demo');
      await demo.close();
    }

    const lender = await openPage(browser);
    await signIn(lender.page, portal.url, 'lender@example.com', 'Lender1');
    await lender.page.goto(`${portal.url}/dashboard/outcome/`);
    await lender.page.waitForURL('**/dashboard/');
    await lender.close();
  });
});
