import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidPng } from '../../apps/server/src/test/images.ts';
import { launchBrowser, openPage, screenshot, signIn } from '../support/browser.ts';
import { type Portal, startPortal } from '../support/server.ts';

async function typeCode(page: Page, code: string) {
  await page.getByTestId('code-input').locator('input').first().click();
  await page.keyboard.type(code);
}

describe('the profile page', () => {
  let portal: Portal;
  let browser: Browser;
  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  it('uploads a cropped avatar that the header shows, and deletes it', async () => {
    const { page, errors, close } = await openPage(browser);
    await signIn(page, portal.url, 'investor@example.com', 'Investor1');
    await page.goto(`${portal.url}/profile/`);
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: solidPng(300, 200, [40, 120, 90]) });
    await page.getByRole('dialog', { name: 'Кадрирование фото' }).waitFor();
    await screenshot(page, 'profile-avatar-crop');
    await page.getByTestId('confirm-photo').click();
    const headerImage = page.getByTestId('header-avatar').locator('img');
    await headerImage.waitFor();
    const src = await headerImage.getAttribute('src');
    expect(src).toMatch(/^\/api\/v1\/files\/avatars\//);
    // The stored image is the square crop.
    const size = await headerImage.evaluate(
      async (img: { decode(): Promise<void>; naturalWidth: number; naturalHeight: number }) => {
        await img.decode();
        return [img.naturalWidth, img.naturalHeight];
      },
    );
    expect(size[0]).toBe(size[1]);
    await page.getByTestId('delete-photo').click();
    await headerImage.waitFor({ state: 'detached' });
    expect((await page.request.get(`${portal.url}${src}`)).status()).toBe(404);
    expect(errors).toEqual([]);
    await close();
  });

  it('edits the phone and e-mail, sending only what changed, with the validation messages', async () => {
    const { page, close } = await openPage(browser);
    await signIn(page, portal.url, 'demo@example.com', 'Demo1234');
    await page.goto(`${portal.url}/profile/`);
    await page.getByTestId('edit-profile').click();
    await page.locator('input[name=email]').fill('demo@example');
    await page.getByTestId('save-profile').click();
    await page.getByText('Это непохоже на email-адрес.').waitFor();
    await page.locator('input[name=phone]').fill('999');
    await page.getByText('Некорректный номер телефона.').waitFor();
    await page.locator('input[name=phone]').fill('9990000044');
    expect(await page.locator('input[name=phone]').inputValue()).toBe('+7 (999) 000-00-44');
    await page.locator('input[name=email]').fill('demo@example.com');
    await page.getByTestId('save-profile').click();
    // The change of a sign-in contact asks for the current password.
    await page.getByTestId('step-up-password').fill('Demo1234');
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/v1/users/profile'));
    await page.getByTestId('step-up-confirm').click();
    expect((await sent).postDataJSON()).toEqual({ phone: '+7 (999) 000-00-44', password: 'Demo1234' });
    await page.getByText('+7 (999) 000-00-44').waitFor();
    await close();
  });

  it('sends a request to change the data and shows the sent view for 2 seconds', async () => {
    const { page, close } = await openPage(browser);
    await signIn(page, portal.url, 'lender@example.com', 'Lender1');
    await page.goto(`${portal.url}/profile/`);
    expect(await page.getByTestId('bank-details').textContent()).toContain('ОГРНИП');
    await page.getByTestId('request-bank-change').click();
    await page
      .getByRole('dialog')
      .getByRole('textbox', { name: 'Что изменить' })
      .fill('Сменился банк: новый расчётный счёт 40802810000000000001');
    await page.getByTestId('step-up-password').fill('Lender1');
    await page.getByRole('dialog').getByRole('button', { name: 'Отправить' }).click();
    await page.getByTestId('request-sent').waitFor();
    await page.getByTestId('request-sent').waitFor({ state: 'detached', timeout: 4000 });
    await close();
  });

  it('changes the password in the modal, showing the server message for a wrong one', async () => {
    const { page, close } = await openPage(browser);
    await signIn(page, portal.url, 'both@example.com', 'Both1234');
    await page.goto(`${portal.url}/profile/`);
    expect(await page.getByTestId('bank-details').textContent()).toContain('Юридический адрес');
    await page.getByTestId('change-password').click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[name=oldPassword]').fill('Wrong1234');
    await dialog.locator('input[name=newPassword]').fill('Wrong1234');
    await dialog.locator('input[name=repeat]').fill('Other1234');
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await dialog.getByText('Новый пароль должен отличаться от старого').waitFor();
    await dialog.getByText('Пароли не совпадают.').waitFor();
    await dialog.locator('input[name=newPassword]').fill('Changed12Kq');
    await dialog.locator('input[name=repeat]').fill('Changed12Kq');
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    // The server's message, on the field it names.
    expect(await page.getByTestId('old-password-error').textContent()).toBe('Пароль введен не верно');
    expect(await dialog.locator('input[name=oldPassword]').getAttribute('data-invalid')).toBe('true');
    await dialog.locator('input[name=oldPassword]').fill('Both1234');
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByTestId('password-changed').waitFor();
    await page.getByTestId('password-changed').waitFor({ state: 'detached', timeout: 3000 });
    await close();
    const again = await openPage(browser);
    await signIn(again.page, portal.url, 'both@example.com', 'Changed12Kq');
    await again.close();
  });

  it('turns two-factor sign-in on with the SMS code, asks for a code at sign-in, and turns it off', async () => {
    const { page, close } = await openPage(browser);
    await signIn(page, portal.url, 'lender@example.com', 'Lender1');
    await page.goto(`${portal.url}/profile/`);
    const since = portal.logLength();
    await page.getByTestId('two-factor-on').click();
    // Turning a factor on takes the current password first: a stolen session alone enrols nothing.
    await page.getByTestId('step-up-password').fill('Lender1');
    await page.getByTestId('step-up-confirm').click();
    await page.getByTestId('resend-countdown').waitFor();
    expect(await page.getByTestId('resend-countdown').textContent()).toMatch(
      /Отправить код повторно через (30|29|28) с/,
    );
    await screenshot(page, 'profile-two-factor-code');
    const code = await portal.smsCode('+79990000002', since);
    await typeCode(page, code === '000000' ? '111111' : '000000');
    await page.getByTestId('code-wrong').waitFor();
    expect(await page.getByTestId('code-wrong').textContent()).toBe('Что-то пошло не так. Проверьте код.');
    for (let i = 0; i < 6; i += 1) await page.keyboard.press('Backspace');
    await typeCode(page, code);
    await page.getByTestId('two-factor-on-done').waitFor();
    await page.getByRole('button', { name: 'Хорошо' }).click();
    await page.getByTestId('two-factor-off').waitFor();
    await close();

    const next = await openPage(browser);
    await next.page.goto(`${portal.url}/login`);
    await next.page.locator('input[name=login]').fill('lender@example.com');
    await next.page.locator('input[name=password]').fill('Lender1');
    const beforeSignIn = portal.logLength();
    await next.page.getByRole('button', { name: 'Войти', exact: true }).click();
    await next.page.getByText('Код подтверждения').waitFor();
    const signInCode = await portal.smsCode('+79990000002', beforeSignIn);
    await next.page.locator('input[inputmode=numeric]').first().click();
    await next.page.keyboard.type(signInCode);
    await next.page.getByRole('button', { name: 'Войти', exact: true }).click();
    await next.page.waitForURL('**/dashboard/');
    await next.page.goto(`${portal.url}/profile/`);
    await next.page.getByTestId('two-factor-off').click();
    await next.page.getByTestId('step-up-password').fill('Lender1');
    await next.page.getByRole('dialog').getByRole('button', { name: 'Отключить' }).click();
    await next.page.getByText('Аутентификация отключена').waitFor();
    await next.close();
  });

  it('asks the manager to delete the account: confirm, then sent', async () => {
    const { page, close } = await openPage(browser);
    await signIn(page, portal.url, 'investor@example.com', 'Investor1');
    await page.goto(`${portal.url}/profile/`);
    await page.getByTestId('delete-account').click();
    await page.getByTestId('step-up-password').fill('Investor1');
    await page.getByTestId('confirm-delete').click();
    await page.getByTestId('delete-sent').waitFor();
    await close();
  });
});
