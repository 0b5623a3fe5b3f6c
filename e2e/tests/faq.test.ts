import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, MOBILE, openPage, screenshot, signIn } from '../support/browser.ts';
import { type Portal, startPortal } from '../support/server.ts';

describe('the FAQ page', () => {
  let portal: Portal;
  let browser: Browser;
  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  it('opens answers independently and sends a question to the manager, with the 5-second banner', async () => {
    const { page, errors, close } = await openPage(browser, DESKTOP);
    await signIn(page, portal.url, 'investor@example.com', 'Investor1');
    await page.goto(`${portal.url}/faq/`);
    await page.getByRole('heading', { name: 'Часто задаваемые вопросы' }).waitFor();
    const items = page.getByTestId('faq-item');
    await items.first().waitFor();
    expect(await items.count()).toBeGreaterThanOrEqual(8);

    const income = items.filter({ hasText: 'Как начисляется доход по моему юниту?' });
    const payouts = items.filter({ hasText: 'Когда приходят выплаты?' });
    await income.getByRole('button').click();
    await income.getByText('Доход считается раз в месяц').waitFor();
    await payouts.getByRole('button').click();
    await payouts.getByText('до 15 числа следующего месяца').waitFor();
    // Opening the second left the first open; closing the first leaves the second.
    expect(await income.getByText('Доход считается раз в месяц').isVisible()).toBe(true);
    await income.getByRole('button').click();
    await expect.poll(() => income.getByText('Доход считается раз в месяц').isVisible()).toBe(false);
    expect(await payouts.getByText('до 15 числа следующего месяца').isVisible()).toBe(true);
    expect(await payouts.locator('b').count()).toBe(0);
    expect(await income.locator('[data-testid=faq-answer] b').allTextContents()).toEqual(['«Доходность»']);

    const ask = page.getByTestId('faq-ask');
    await ask.getByText('менеджер ответит в течение 24 часов').waitFor();
    const send = ask.getByTestId('faq-send');
    expect(await send.isDisabled()).toBe(true);
    await ask.getByRole('textbox').fill('   ');
    expect(await send.isDisabled()).toBe(true);
    await ask.getByRole('textbox').fill('Можно ли получать выплаты ежеквартально?');
    await send.click();
    const banner = page.getByTestId('success-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toBe('Вопрос отправлен. Менеджер ответит в течение 24 часов.');
    expect(await ask.getByRole('textbox').inputValue()).toBe('');
    const mail = await portal.mail('manager@example.com');
    expect(mail.text).toContain('Можно ли получать выплаты ежеквартально?');
    await screenshot(page, 'faq-investor');
    await banner.waitFor({ state: 'detached', timeout: 7000 });
    expect(errors).toEqual([]);
    await close();
  });

  it('shows the lender the same questions, in English too, at 375 px', async () => {
    const { page, errors, close } = await openPage(browser, MOBILE);
    await signIn(page, portal.url, 'lender@example.com', 'Lender1');
    await page.goto(`${portal.url}/faq/`);
    const items = page.getByTestId('faq-item');
    await items.first().waitFor();
    await items.first().getByRole('button').click();
    await items.first().getByTestId('faq-answer').waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth')).toBe(0);
    await screenshot(page, 'faq-lender');

    await page.context().addCookies([{ name: 'cookieLocale', value: 'EN', url: portal.url }]);
    await page.reload();
    await page.getByRole('heading', { name: 'Frequently asked questions' }).waitFor();
    await page
      .getByTestId('faq-item')
      .first()
      .getByText('How is the income of my unit calculated?')
      .waitFor();
    expect(errors).toEqual([]);
    await close();
  });
});
