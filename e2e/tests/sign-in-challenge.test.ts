import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe.ts';
import { launchBrowser, MOBILE, openPage, screenshot } from '../support/browser.ts';
import { type Portal, startPortal } from '../support/server.ts';

/**
 * Sign-in past the per-account ceiling of failed sign-ins: strangers' failures from many addresses do not lock the
 * owner out; the owner's browser, new to the account, is asked for the code mailed to the account and gets in with it.
 * The portal trusts X-Forwarded-For here (as behind a load balancer), so the failures come from six addresses.
 */
describe('sign-in past the ceiling of failed sign-ins, in the browser', () => {
  let portal: Portal;
  let browser: Browser;
  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal({ env: { TRUST_PROXY: 'true' } }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  /** 60 wrong passwords from 6 addresses, 10 each (each address stays within its own limit). */
  async function failFromSixAddresses(login: string) {
    for (let address = 1; address <= 6; address += 1)
      for (let i = 0; i < 10; i += 1) {
        const response = await fetch(`${portal.url}/api/v1/authenticate`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.90.${address}.1` },
          body: JSON.stringify({ login, password: 'Wrong1234' }),
        });
        expect(response.status).toBe(401);
      }
  }

  /** The code of the next sign-in mail to the address (other mails to it are passed over). */
  async function mailedCode(to: string) {
    for (;;) {
      const mail = await portal.mail(to);
      const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
      if (/sign-in code|код для входа/i.test(mail.subject) && code) return code;
    }
  }

  const typeDigits = async (page: Page, code: string) => {
    await page.locator('input[inputmode=numeric]').first().click();
    await page.keyboard.type(code);
  };

  it('asks for the mailed code in Russian and signs in with it', async () => {
    await failFromSixAddresses('investor@example.com');
    const { page, errors, close } = await openPage(browser);
    await page.goto(`${portal.url}/login`);
    await page.locator('input[name=login]').fill('investor@example.com');
    await page.locator('input[name=password]').fill('Investor1');
    await page.getByRole('button', { name: 'Войти', exact: true }).click();
    await page.getByText('Мы отправили код на вашу почту in***@example.com').waitFor();
    await page.getByText(/много неудачных попыток войти/).waitFor();
    await expect(page.getByTestId('resend-countdown').textContent()).resolves.toMatch(
      /Отправить код повторно через (30|29|28) с/,
    );
    expect(await page.evaluate(() => localStorage.getItem('user_jwt_token'))).toBeNull();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'login-mailed-code-ru');
    // A wrong code keeps the page on Вход with the server's message.
    const code = await mailedCode('investor@example.com');
    await typeDigits(page, code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Войти', exact: true }).click();
    await page.getByTestId('login-error').waitFor();
    expect(page.url()).toContain('/login');
    // Each box selects its digit on focus, so typing from the first box writes over the wrong code.
    await typeDigits(page, code);
    await page.getByRole('button', { name: 'Войти', exact: true }).click();
    await page.waitForURL('**/dashboard/');
    expect(await page.evaluate(() => localStorage.getItem('user_jwt_token'))).toBeTruthy();
    expect(errors).toEqual([]);
    await close();
  });

  it('asks for the mailed code in English on a phone and signs in with it', async () => {
    await failFromSixAddresses('lender@example.com');
    const { page, errors, close } = await openPage(browser, MOBILE);
    await page.goto(`${portal.url}/login`);
    await page.locator('.auth-topbar').getByText('EN', { exact: true }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.locator('input[name=login]').fill('lender@example.com');
    await page.locator('input[name=password]').fill('Lender1');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('We sent a code to your e-mail le***@example.com').waitFor();
    await page.getByText(/many failed attempts to sign in/).waitFor();
    await expect(page.getByTestId('resend-countdown').textContent()).resolves.toMatch(
      /Send the code again in (30|29|28) s/,
    );
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'login-mailed-code-en');
    await typeDigits(page, await mailedCode('lender@example.com'));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/dashboard/');
    expect(errors).toEqual([]);
    await close();
  });
});
