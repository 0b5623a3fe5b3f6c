import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, MOBILE, openPage, screenshot, signIn } from '../support/browser.ts';
import { type Portal, startPortal } from '../support/server.ts';

const NEWS_TITLE = 'Открыт новый корпус у моря';
const FAQ_QUESTION = 'Можно ли приехать в свой юнит летом?';
// Both a script element and an event handler: neither may survive to the owner's page nor run in the console.
const HOSTILE = '<script>window.__xss = 1</script><img src="x" onerror="window.__xss = 2">';

async function signInStaff(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/login`);
  await page.locator('input[name=login]').fill('manager@example.com');
  await page.locator('input[name=password]').fill('Manager1');
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await page.waitForURL('**/backoffice/');
  await page.getByRole('heading', { name: 'Заявки клиентов' }).waitFor();
}

/** A form field by its exact label, the required mark (' *') aside. */
const field = (form: Locator, label: string) => form.getByLabel(new RegExp(`^${label}\\s*\\*?$`));

const xss = (page: Page) => page.evaluate('window.__xss ?? null');

describe("the console's news and FAQ", () => {
  let portal: Portal;
  let browser: Browser;
  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  it('a manager publishes a news item for investors and an FAQ entry; the investor reads both, without the script', async () => {
    const { page, errors, close } = await openPage(browser);
    await signInStaff(page, portal.url);

    await page.getByRole('tab', { name: 'Новости' }).click();
    await page.getByRole('heading', { name: 'Новости' }).waitFor();
    await page.getByTestId('staff-news-item').first().waitFor();
    await page.getByRole('button', { name: 'Написать новость' }).click();
    const form = page.getByTestId('news-form');
    await form.waitFor();
    // For nobody: the server's message shows in the form.
    await form.getByLabel('Инвесторам').uncheck();
    await form.getByLabel('Займодателям').uncheck();
    await field(form, 'Метка').fill('Стройка');
    await field(form, 'Заголовок').fill(NEWS_TITLE);
    await form
      .getByTestId('news-content')
      .fill(`<p>Корпус <b>«Бриз»</b> принял первых гостей.</p>${HOSTILE}`);
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await form.getByText('Выберите, кому новость: инвесторам, займодателям или всем').waitFor();

    await form.getByLabel('Инвесторам').check();
    await form.getByTestId('news-image').selectOption({ label: 'Картинка портала 3' });
    // The live preview is sanitized as the owner's page is.
    const preview = form.getByTestId('news-content-preview');
    await preview.locator('b', { hasText: '«Бриз»' }).waitFor();
    expect(await preview.locator('script').count()).toBe(0);
    expect(await preview.locator('img').getAttribute('onerror')).toBeNull();
    await screenshot(page, 'backoffice-news-form');
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await form.waitFor({ state: 'detached' });
    const item = page.getByTestId('staff-news-item').filter({ hasText: NEWS_TITLE });
    await item.getByText('Опубликовано').waitFor();
    await item.getByText('Инвесторам', { exact: false }).waitFor();
    await screenshot(page, 'backoffice-news');

    await page.getByRole('tab', { name: 'FAQ' }).click();
    await page.getByRole('heading', { name: 'Часто задаваемые вопросы' }).waitFor();
    await page.getByTestId('staff-faq-item').first().waitFor();
    await page.getByRole('button', { name: 'Добавить вопрос' }).click();
    const faqForm = page.getByTestId('faq-form');
    await field(faqForm, 'Вопрос').fill(FAQ_QUESTION);
    await faqForm
      .getByTestId('faq-answer-field')
      .fill(`<p>Да, <i>до 14 дней</i> в году, по заявке менеджеру.</p>${HOSTILE}`);
    await faqForm.getByTestId('faq-answer-field-preview').locator('i').waitFor();
    await faqForm.getByRole('button', { name: 'Сохранить' }).click();
    await faqForm.waitFor({ state: 'detached' });
    await page.getByTestId('staff-faq-item').filter({ hasText: FAQ_QUESTION }).waitFor();
    await screenshot(page, 'backoffice-faq');

    await page.getByRole('tab', { name: 'Журнал' }).click();
    await page.getByTestId('audit-table').getByText('Вопрос FAQ создан').waitFor();
    await page.getByTestId('audit-table').getByText('Новость создана').waitFor();
    expect(await xss(page)).toBeNull();
    expect(errors).toEqual([]);
    await close();

    const investor = await openPage(browser);
    await signIn(investor.page, portal.url, 'investor@example.com', 'Investor1');
    await investor.page.goto(`${portal.url}/news/`);
    const card = investor.page.getByTestId('news-card').filter({ hasText: NEWS_TITLE });
    await card.locator('b', { hasText: '«Бриз»' }).waitFor();
    expect(await card.locator('script').count()).toBe(0);
    expect(await card.locator('[onerror]').count()).toBe(0);
    expect(await card.locator('img[src$="news-3.svg"]').count()).toBe(1);

    await investor.page.goto(`${portal.url}/faq/`);
    const entry = investor.page.getByTestId('faq-item').filter({ hasText: FAQ_QUESTION });
    await entry.getByRole('button', { name: FAQ_QUESTION }).click();
    await entry.getByTestId('faq-answer').locator('i', { hasText: 'до 14 дней' }).waitFor();
    expect(await entry.locator('script, [onerror]').count()).toBe(0);
    expect(await xss(investor.page)).toBeNull();
    expect(investor.errors).toEqual([]);
    await investor.close();
  });

  it('unpublishes the news item to the drafts and deletes it after a confirmation', async () => {
    const { page, errors, close } = await openPage(browser);
    await signInStaff(page, portal.url);
    await page.getByRole('tab', { name: 'Новости' }).click();
    const item = page.getByTestId('staff-news-item').filter({ hasText: NEWS_TITLE });
    await item.getByRole('button', { name: 'Снять с публикации' }).click();
    await item.getByText('Черновик').waitFor();
    await page.getByText('Черновики', { exact: true }).click();
    await item.waitFor();
    await page.getByText('Опубликованные', { exact: true }).click();
    await item.waitFor({ state: 'detached' });
    await page.getByText('Черновики', { exact: true }).click();
    await item.getByRole('button', { name: 'Удалить' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`«${NEWS_TITLE}»`, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Удалить' }).click();
    await dialog.waitFor({ state: 'detached' });
    await item.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Журнал' }).click();
    await page.getByTestId('audit-table').getByText('Новость удалена').waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('fits a phone screen, the forms too', async () => {
    const { page, errors, close } = await openPage(browser, MOBILE);
    await signInStaff(page, portal.url);
    for (const [tab, name, create, form] of [
      ['Новости', 'backoffice-news', 'Написать новость', 'news-form'],
      ['FAQ', 'backoffice-faq', 'Добавить вопрос', 'faq-form'],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await page
        .getByTestId(name === 'backoffice-news' ? 'staff-news-item' : 'staff-faq-item')
        .first()
        .waitFor();
      await screenshot(page, name);
      expect(
        await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'),
      ).toBeLessThanOrEqual(0);
      await page.getByRole('button', { name: create }).click();
      await page.getByTestId(form).waitFor();
      await screenshot(page, `${name}-form`);
      await page.getByTestId(form).getByRole('button', { name: 'Отмена' }).click();
      await page.getByTestId(form).waitFor({ state: 'detached' });
    }
    expect(errors).toEqual([]);
    await close();
  });
});
