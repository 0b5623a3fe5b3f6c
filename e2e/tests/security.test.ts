import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTP_STEP_SECONDS, totpCode, totpStep } from '../../apps/server/src/modules/auth/totp.ts';
import { axeViolations } from '../support/axe.ts';
import { launchBrowser, openPage, screenshot, signIn } from '../support/browser.ts';
import { type Portal, startPortal } from '../support/server.ts';

/**
 * Account security in the browser: recovery with two-factor, TOTP, the sessions list, the step-up of an e-mail change.
 */
describe('account security', () => {
  let portal: Portal;
  let browser: Browser;
  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  const api = async (path: string, body?: object, token?: string) => {
    const response = await fetch(`${portal.url}/api/v1/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body ?? {}),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  const typeDigits = async (page: Page, code: string) => {
    await page.locator('input[inputmode=numeric]').first().click();
    await page.keyboard.type(code);
  };

  it('asks for the SMS code on the recovery link before signing in, when two-factor is on', async () => {
    // Two-factor by SMS on for the investor, through the API as the profile does it (with the password).
    const password = 'Investor1';
    const { body } = await api('authenticate', { login: 'investor@example.com', password });
    const token = String(body.token);
    const since = portal.logLength();
    expect(
      (await api('users/authentification/code/send', { phone: '+79990000001', password }, token)).status,
    ).toBe(200);
    const enableCode = await portal.smsCode('+79990000001', since);
    expect(
      (await api('users/authentification/code', { code: enableCode, phone: '+79990000001', password }, token))
        .status,
    ).toBe(200);
    // The factor change is told to the account.
    expect((await portal.mail('investor@example.com')).subject).toBe(
      'Изменена защита входа в личный кабинет инвестора',
    );

    const { page, errors, close } = await openPage(browser);
    await page.goto(`${portal.url}/password-recovery`);
    await page.locator('input[name=email]').fill('investor@example.com');
    await page.getByRole('button', { name: 'Отправить ссылку' }).click();
    await page.waitForURL('**/recovery-success');
    const link = await portal.linkFromMail('investor@example.com', '/recovery/');
    await page.goto(`${portal.url}${link.path}`);
    await page.locator('input[name=password]').fill('Qwerty1');
    await page.locator('input[name=repeat]').fill('Qwerty1');
    await page.getByRole('button', { name: 'Сохранить пароль' }).click();
    // A common password is refused with the server's message on the field.
    await page.getByText('Этот пароль слишком простой или распространённый').waitFor();
    await page.locator('input[name=password]').fill('Vosstan1Kq');
    await page.locator('input[name=repeat]').fill('Vosstan1Kq');
    const beforeCode = portal.logLength();
    await page.getByRole('button', { name: 'Сохранить пароль' }).click();
    await page.getByText('Код подтверждения').waitFor();
    expect(page.url()).toContain('/recovery/');
    await screenshot(page, 'recovery-two-factor-code');
    await typeDigits(page, await portal.smsCode('+79990000001', beforeCode));
    await page.getByRole('button', { name: 'Сохранить пароль' }).click();
    await page.waitForURL('**/dashboard/');
    expect(errors).toEqual([]);
    await close();
  });

  it('turns the authenticator app on with its QR code and signs in with a code computed here', async () => {
    const { page, errors, close } = await openPage(browser);
    await signIn(page, portal.url, 'demo@example.com', 'Demo1234');
    await page.goto(`${portal.url}/profile/`);
    await page.getByTestId('totp-on').click();
    await page.getByTestId('step-up-password').fill('Demo1234');
    await page.getByTestId('step-up-confirm').click();
    await page.getByTestId('totp-qr').waitFor();
    const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await page.getByTestId('totp-qr').getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    await screenshot(page, 'profile-totp-setup');
    const enrolStep = totpStep();
    await page.getByTestId('totp-code').locator('input').first().click();
    await page.keyboard.type(totpCode(secret));
    await page.getByTestId('recovery-codes').waitFor();
    const codes = await page.locator('.recovery-code').allTextContents();
    expect(codes).toHaveLength(10);
    await page.getByTestId('recovery-codes-saved').click();
    await page.getByText('Резервных кодов осталось: 10').waitFor();
    expect(errors).toEqual([]);
    await close();

    const next = await openPage(browser);
    await next.page.goto(`${portal.url}/login`);
    await next.page.locator('input[name=login]').fill('demo@example.com');
    await next.page.locator('input[name=password]').fill('Demo1234');
    await next.page.getByRole('button', { name: 'Войти', exact: true }).click();
    await next.page.getByTestId('totp-login-code').waitFor();
    // A step after the one spent at enrolment, within the server's window of one step.
    const step = Math.max(totpStep(), enrolStep + 1);
    await next.page.getByTestId('totp-login-code').fill(totpCode(secret, step * TOTP_STEP_SECONDS * 1000));
    await next.page.getByRole('button', { name: 'Войти', exact: true }).click();
    await next.page.waitForURL('**/dashboard/');
    await next.close();

    // A recovery code signs in once instead of the app.
    const third = await openPage(browser);
    await third.page.goto(`${portal.url}/login`);
    await third.page.locator('input[name=login]').fill('demo@example.com');
    await third.page.locator('input[name=password]').fill('Demo1234');
    await third.page.getByRole('button', { name: 'Войти', exact: true }).click();
    await third.page.getByTestId('totp-login-code').fill(codes[0] ?? '');
    await third.page.getByRole('button', { name: 'Войти', exact: true }).click();
    await third.page.waitForURL('**/dashboard/');
    await third.close();
  });

  it('lists the sessions with their devices and ends another one', async () => {
    const phone = await openPage(browser);
    await signIn(phone.page, portal.url, 'lender@example.com', 'Lender1');
    const laptop = await openPage(browser);
    await signIn(laptop.page, portal.url, 'lender@example.com', 'Lender1');
    await laptop.page.goto(`${portal.url}/profile/`);
    const rows = laptop.page.getByTestId('session-row');
    await rows.nth(1).waitFor();
    expect(await rows.count()).toBe(2);
    expect(await laptop.page.locator('[data-testid=session-row][data-current=true]').count()).toBe(1);
    expect(await laptop.page.getByTestId('sessions').textContent()).toContain('Этот сеанс');
    await screenshot(laptop.page, 'profile-sessions');
    await laptop.page.getByTestId('session-end').click();
    await laptop.page.getByText('Других сеансов нет').waitFor();
    // The ended session's next call is 401: the page drops the token and shows the login.
    await phone.page.goto(`${portal.url}/profile/`);
    await phone.page.waitForURL('**/login');
    await phone.close();
    await laptop.close();
  });

  it('asks for the password before changing the e-mail', async () => {
    const { page, errors, close } = await openPage(browser);
    await signIn(page, portal.url, 'both@example.com', 'Both1234');
    await page.goto(`${portal.url}/profile/`);
    await page.getByTestId('edit-profile').click();
    await page.locator('input[name=email]').fill('both-new@example.com');
    await page.getByTestId('save-profile').click();
    await page.getByRole('dialog', { name: 'Подтвердите паролем' }).waitFor();
    await page.getByTestId('step-up-password').fill('Wrong1234');
    await page.getByTestId('step-up-confirm').click();
    await page.getByRole('dialog').getByText('Пароль введен не верно').waitFor();
    await page.getByTestId('step-up-password').fill('Both1234');
    await page.getByTestId('step-up-confirm').click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByText('both-new@example.com').waitFor();
    // The old address is told.
    const notice = await portal.mail('both@example.com');
    expect(notice.subject).toBe('Изменены данные для входа в личный кабинет инвестора');
    expect(errors).toEqual([]);
    await close();
  });

  it('asks for the password before the QR code of the authenticator app, in Russian and in English', async () => {
    const { page, errors, close } = await openPage(browser);
    await signIn(page, portal.url, 'lender@example.com', 'Lender1');
    await page.goto(`${portal.url}/profile/`);
    const enrolStep = async (texts: { title: string; text: string; wrong: string }, name: string) => {
      await page.getByTestId('totp-on').click();
      const dialog = page.getByRole('dialog', { name: texts.title });
      await dialog.getByText(texts.text).waitFor();
      await page.getByTestId('step-up-password').fill('Wrong1234');
      await page.getByTestId('step-up-confirm').click();
      await dialog.getByText(texts.wrong).waitFor();
      expect(await page.getByTestId('totp-qr').count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `profile-totp-password-${name}`);
      await page.getByTestId('step-up-password').fill('Lender1');
      await page.getByTestId('step-up-confirm').click();
      await page.getByTestId('totp-qr').waitFor();
      expect(await page.getByTestId('totp-secret').textContent()).toMatch(/^[A-Z2-7]{32}$/);
      await page.keyboard.press('Escape');
      await page.getByTestId('totp-qr').waitFor({ state: 'detached' });
    };
    await enrolStep(
      {
        title: 'Подтвердите паролем',
        text: 'Чтобы подключить приложение-аутентификатор, введите текущий пароль.',
        wrong: 'Пароль введен не верно',
      },
      'ru',
    );
    await page.locator('.app-header').getByText('EN', { exact: true }).click();
    await page.getByText('Authenticator app', { exact: true }).waitFor();
    await enrolStep(
      {
        title: 'Confirm with your password',
        text: 'To turn the authenticator app on, enter your current password.',
        wrong: 'The password is incorrect',
      },
      'en',
    );
    expect(errors).toEqual([]);
    await close();
  });
});
