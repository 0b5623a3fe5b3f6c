import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, MOBILE, openPage, screenshot, signIn } from '../support/browser.ts';
import { type Portal, startPortal } from '../support/server.ts';

describe('sign-in, sign-up and recovery in the browser', () => {
  let portal: Portal;
  let browser: Browser;
  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  it('lands an anonymous visitor on Вход and signs in by e-mail into the full layout', async () => {
    const { page, errors, close } = await openPage(browser);
    await page.goto(portal.url);
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Вход' }).waitFor();
    await signIn(page, portal.url, 'investor@example.com', 'Investor1');
    expect(await page.evaluate(() => localStorage.getItem('user_jwt_token'))).toBeTruthy();
    await page.getByRole('navigation', { name: 'Меню' }).waitFor();
    await page.getByText('Мои юниты').waitFor();
    await page.getByText('Ваш менеджер').waitFor();
    // A signed-in user who opens an auth route goes to the portal.
    await page.goto(`${portal.url}/login`);
    await page.waitForURL('**/dashboard/');
    expect(errors).toEqual([]);
    await close();
  });

  it("shows the spec's message for a wrong password and stays on Вход", async () => {
    const { page, close } = await openPage(browser);
    await page.goto(`${portal.url}/login`);
    await page.locator('input[name=login]').fill('investor@example.com');
    await page.locator('input[name=password]').fill('Wrong1234');
    await page.getByRole('button', { name: 'Войти', exact: true }).click();
    await expect(page.getByTestId('login-error').textContent()).resolves.toBe(
      'Пользователь с такой комбинацией логина и пароля не найден.',
    );
    expect(page.url()).toContain('/login');
    await close();
  });

  it('switches the sign-in screen to English, and the server answers in English too', async () => {
    const { page, close } = await openPage(browser);
    await page.goto(`${portal.url}/login`);
    await page.locator('.auth-topbar').getByText('EN', { exact: true }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect((await page.context().cookies()).find((c) => c.name === 'cookieLocale')?.value).toBe('EN');
    await page.locator('input[name=login]').fill('investor@example');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText("This doesn't look like an email address.").waitFor();
    await page.locator('input[name=login]').fill('investor@example.com');
    await page.locator('input[name=password]').fill('Wrong1234');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByTestId('login-error').textContent()).resolves.toBe(
      'No user found with this combination of username and password.',
    );
    await screenshot(page, 'login-en-error');
    await close();
  });

  it('signs in by a +7 phone and signs out, clearing everything', async () => {
    const { page, close } = await openPage(browser);
    await signIn(page, portal.url, '+7 (999) 000-00-02', 'Lender1');
    await page.getByTestId('personal-menu').click();
    await page.getByRole('menuitem', { name: 'Выход' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await page.goto(`${portal.url}/profile/`);
    await page.waitForURL('**/login');
    await close();
  });

  it('drops a revoked token at the next call and returns to Вход', async () => {
    const { page, close } = await openPage(browser);
    await signIn(page, portal.url, 'demo@example.com', 'Demo1234');
    const token = await page.evaluate(() => localStorage.getItem('user_jwt_token'));
    // The session ends elsewhere (another tab signs out): the next call answers 401.
    await page.request.post(`${portal.url}/api/v1/users/logout`, {
      headers: { authorization: `Bearer ${token}` },
    });
    // The next call answers 401 and the page reloads itself: a call of the page still loading may come first and
    // interrupt this navigation, so only where the user ends matters.
    await page.goto(`${portal.url}/profile/`, { waitUntil: 'commit' }).catch(() => undefined);
    await page.waitForURL('**/login');
    // The reload may still be under way at /login: asked again until the page answers, the token is gone.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('user_jwt_token')).catch(() => 'reloading'))
      .toBeNull();
    await close();
  });

  it('registers a contract contact through the link in the e-mail', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const { page, close } = await openPage(browser, viewport);
      // Every view of the auth screen; a link view of an unknown link says that it no longer works.
      for (const [path, name] of [
        ['/login', 'login'],
        ['/sign-up', 'sign-up'],
        ['/sign-up-success', 'sign-up-success'],
        ['/activation/preview', 'activation'],
        ['/password-recovery', 'password-recovery'],
        ['/recovery-success', 'recovery-success'],
        ['/recovery/preview', 'recovery'],
      ] as const) {
        await page.goto(`${portal.url}${path}`);
        await page.locator('.auth-card h1').waitFor();
        await screenshot(page, name);
      }
      await close();
    }
    const { page, close } = await openPage(browser);
    await page.goto(`${portal.url}/sign-up`);
    await page.locator('input[name=email]').fill('newcomer@example.com');
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await page.waitForURL('**/sign-up-success');
    await page.getByText('Мы отправили вам письмо с ссылкой на создание аккаунта').waitFor();
    await screenshot(page, 'sign-up-success');
    const link = await portal.linkFromMail('newcomer@example.com', '/activation/');
    await page.goto(`${portal.url}${link.path}`);
    await page.locator('#password-create-sign-up').waitFor();
    await screenshot(page, 'activation');
    await page.locator('input[name=password]').fill('short');
    await page.locator('input[name=repeat]').fill('short');
    await page.getByRole('button', { name: 'Войти в личный кабинет' }).click();
    await page
      .getByText(
        'Введите от 6 до 20 символов. Пароль должен содержать хотя бы одну цифру, одну заглавную и строчную букву',
      )
      .waitFor();
    await page.locator('input[name=password]').fill('Novichok1Vx');
    await page.locator('input[name=repeat]').fill('Novichok1Vx');
    await page.getByRole('button', { name: 'Войти в личный кабинет' }).click();
    await page.waitForURL('**/dashboard/');
    await close();

    // The link works once: opened again, it says so at once, with the way to a new one, and no form to fill.
    const again = await openPage(browser);
    await again.page.goto(`${portal.url}${link.path}`);
    await again.page.getByRole('heading', { name: 'Ссылка больше не действует' }).waitFor();
    expect(await again.page.locator('input[name=password]').count()).toBe(0);
    await again.page.getByRole('link', { name: 'Получить новую ссылку' }).click();
    await again.page.waitForURL('**/sign-up');
    await again.close();
  });

  it('recovers a password through the link in the e-mail', async () => {
    const { page, close } = await openPage(browser);
    await page.goto(`${portal.url}/password-recovery`);
    await page.locator('input[name=email]').fill('both@example.com');
    await page.getByRole('button', { name: 'Отправить ссылку' }).click();
    await page.waitForURL('**/recovery-success');
    await page.getByText('Мы отправили вам письмо с ссылкой на создание нового пароля').waitFor();
    await screenshot(page, 'recovery-success');
    const link = await portal.linkFromMail('both@example.com', '/recovery/');
    await page.goto(`${portal.url}${link.path}`);
    await page.locator('#password-create-recovery').waitFor();
    await page.locator('input[name=password]').fill('Vosstan1Kq');
    await page.locator('input[name=repeat]').fill('Vosstan2Kq');
    await page.getByRole('button', { name: 'Сохранить пароль' }).click();
    await page.getByText('Пароли не совпадают.').waitFor();
    await page.locator('input[name=repeat]').fill('Vosstan1Kq');
    await page.getByRole('button', { name: 'Сохранить пароль' }).click();
    await page.waitForURL('**/dashboard/');
    await close();
    const next = await openPage(browser);
    await signIn(next.page, portal.url, 'both@example.com', 'Vosstan1Kq');
    await next.close();
  });

  it("shows 'Такой страницы нет' for an unknown path", async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const { page, close } = await openPage(browser, viewport);
      await page.goto(`${portal.url}/no/such/page`);
      await page.getByRole('heading', { name: 'Такой страницы нет' }).waitFor();
      await screenshot(page, 'not-found');
      await page.getByRole('link', { name: 'Вернуться на главную' }).click();
      await page.waitForURL('**/login');
      await close();
    }
  });
});
