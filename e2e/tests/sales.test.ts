import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe.ts';
import {
  DESKTOP,
  launchBrowser,
  MOBILE,
  openPage,
  screenshot,
  signIn,
  waitForScrollToTop,
} from '../support/browser.ts';
import { type Portal, startPortal } from '../support/server.ts';

describe('the units and promo pages', () => {
  let portal: Portal;
  let browser: Browser;
  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  const card = (page: Page, name: string) => page.getByTestId('unit-card').filter({ hasText: name });

  for (const viewport of [DESKTOP, MOBILE])
    it(`lists the investor's assets by location, sells one and removes it from sale at ${viewport.width} px`, async () => {
      const { page, errors, close } = await openPage(browser, viewport);
      await signIn(page, portal.url, 'investor@example.com', 'Investor1');
      await page.goto(`${portal.url}/units/`);
      await page.getByTestId('unit-card').first().waitFor();
      expect(await page.getByTestId('unit-card').locator('h3').allTextContents()).toEqual([
        'Джуниор сюит №3',
        'Баня №1',
        'Джуниор сюит №5',
        'Сюит-зеркало №2',
        'Сюит №1',
      ]);
      expect(await page.getByTestId('units-location').locator('h2').count()).toBe(4);
      // Anchors in the order of the layout's units list.
      expect(await page.locator('#unit_0 h3').textContent()).toBe('Джуниор сюит №3');
      expect(await page.locator('#unit_3 h3').textContent()).toBe('Сюит-зеркало №2');
      // On sale: the badge and 'remove'; still being built (no income): no sale action at all.
      await expect.poll(() => card(page, 'Сюит-зеркало №2').getByTestId('on-sale').count()).toBe(1);
      expect(
        await card(page, 'Сюит-зеркало №2').getByRole('button', { name: 'Снять с продажи' }).count(),
      ).toBe(1);
      expect(
        await card(page, 'Сюит №1')
          .getByRole('button')
          .filter({ hasText: /продаж|Продать/ })
          .count(),
      ).toBe(0);
      const income = card(page, 'Джуниор сюит №3').getByRole('link', { name: 'Подробнее о доходе' });
      expect(await income.getAttribute('href')).toBe('/dashboard/income/');
      await screenshot(page, 'units-investor');

      // Sell: the yield with two decimals, a price above 0 required, then the success dialog.
      const unit = card(page, 'Джуниор сюит №3');
      await unit.getByRole('button', { name: 'Продать актив' }).click();
      const dialog = page.getByRole('dialog');
      expect(await dialog.getByTestId('sale-yield').textContent()).toMatch(/^\d+,\d{2}%$/);
      await dialog.getByRole('button', { name: 'Отправить' }).click();
      await dialog.getByText('Укажите цену больше 0').waitFor();
      await dialog.getByTestId('sale-price').fill('0');
      await dialog.getByRole('button', { name: 'Отправить' }).click();
      await dialog.getByText('Укажите цену больше 0').waitFor();
      await dialog.getByTestId('sale-price').fill('15000000');
      if (viewport === MOBILE) await screenshot(page, 'units-sell-dialog');
      await dialog.getByRole('button', { name: 'Отправить' }).click();
      await page.getByRole('dialog', { name: 'Актив выставлен на продажу' }).waitFor();
      expect(
        await page.getByRole('link', { name: 'Открыть лоты от инвесторов' }).getAttribute('target'),
      ).toBe('_blank');
      await page.getByRole('button', { name: 'Хорошо' }).click();
      await unit.getByTestId('on-sale').waitFor();
      await unit.getByText('15 000 000 ₽').waitFor();

      // Remove from sale: confirm, done, and the card can be sold again.
      await unit.getByRole('button', { name: 'Снять с продажи' }).click();
      const confirm = page.getByRole('dialog', { name: 'Снять с продажи' });
      await confirm.waitFor();
      // Its orange confirm button is read at WCAG AA contrast, as the pages' other filled buttons are.
      expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
      await confirm.getByRole('button', { name: 'Подтвердить' }).click();
      await page.getByRole('dialog', { name: 'Актив снят с продажи' }).waitFor();
      await page.getByRole('button', { name: 'Хорошо' }).click();
      await unit.getByRole('button', { name: 'Продать актив' }).waitFor();
      expect(await unit.getByTestId('on-sale').count()).toBe(0);
      expect(errors).toEqual([]);
      await close();
    });

  it("scrolls to a unit's card from the layout's units list", async () => {
    const { page, errors, close } = await openPage(browser, DESKTOP);
    await signIn(page, portal.url, 'investor@example.com', 'Investor1');
    await page.locator('.units-list').getByRole('link', { name: 'Баня №1' }).click();
    await page.waitForURL('**/units/#unit_1');
    await expect.poll(() => page.locator('#unit_1 h3').textContent()).toBe('Баня №1');
    await page.goto(`${portal.url}/units/#unit_4`);
    // The last card comes fully into view (the page scrolled down to it).
    await expect
      .poll(() =>
        page.locator('#unit_4').evaluate((el) => {
          const box = el.getBoundingClientRect();
          const view = globalThis as unknown as { scrollY: number; innerHeight: number };
          return view.scrollY > 0 && box.top >= 0 && box.bottom <= view.innerHeight;
        }),
      )
      .toBe(true);
    expect(await page.locator('#unit_4 h3').textContent()).toBe('Сюит №1');
    expect(errors).toEqual([]);
    await close();
  });

  it('sends lenders from the assets page to the dashboard', async () => {
    const { page, close } = await openPage(browser);
    await signIn(page, portal.url, 'lender@example.com', 'Lender1');
    await page.goto(`${portal.url}/units/`);
    await page.waitForURL('**/dashboard/');
    await close();
  });

  for (const viewport of [DESKTOP, MOBILE])
    it(`shows the lots to an investor, filters them, takes a request and a callback at ${viewport.width} px`, async () => {
      const { page, errors, close } = await openPage(browser, viewport);
      await signIn(page, portal.url, 'investor@example.com', 'Investor1');
      await page.goto(`${portal.url}/promo/`);
      const hero = page.getByTestId('promo-hero');
      await hero.getByText('35%').waitFor();
      await hero.getByText('16%').waitFor();
      await hero.getByText('3 месяца').waitFor();
      const lots = page.getByTestId('lot-card');
      await lots.first().waitFor();
      expect(await lots.count()).toBe(4);
      // The router's scroll to the top comes a moment after entry; the button works after it.
      await waitForScrollToTop(page);
      if (viewport === DESKTOP) await screenshot(page, 'promo-investor');
      await hero.getByRole('button', { name: 'Посмотреть юниты' }).click();
      await expect
        .poll(() => page.locator('#lots').evaluate((el) => Math.round(el.getBoundingClientRect().top)))
        .toBeLessThan(200);
      // The investor's own lot has no request button.
      const own = lots.filter({ hasText: 'Сюит-зеркало №2' });
      await own.getByTestId('own-lot').waitFor();
      expect(await own.getByRole('button', { name: 'Оставить заявку' }).count()).toBe(0);
      // The phone's run comes after the desktop's: the request it left on Баня №2 is still open, so that
      // button says so and rests.
      const earlier = viewport === MOBILE ? 1 : 0;
      expect(await lots.getByRole('button', { name: 'Оставить заявку' }).count()).toBe(3 - earlier);
      if (earlier) {
        const sent = lots.filter({ hasText: 'Баня №2' }).getByTestId('lot-request');
        expect(await sent.textContent()).toBe('Заявка отправлена');
        expect(await sent.isDisabled()).toBe(true);
      }

      // Filters: one at a time.
      const location = (await lots.first().getByTestId('label-location').textContent()) ?? '';
      await page.getByTestId('filter-location').click();
      await page.getByRole('option', { name: location }).click();
      await expect
        .poll(async () => new Set(await lots.getByTestId('label-location').allTextContents()))
        .toEqual(new Set([location]));
      await page.getByTestId('filter-type').click();
      await page.getByRole('option', { name: 'Периферия' }).click();
      await expect.poll(() => page.getByTestId('filter-location').inputValue()).toBe('');
      await expect.poll(() => lots.locator('h3').allTextContents()).toEqual(['Баня №2']);
      await page.getByTestId('filter-state').click();
      await page.getByRole('option', { name: 'Строится' }).click();
      await expect.poll(() => page.getByTestId('filter-type').inputValue()).toBe('');
      await page.getByText('Нет лотов с таким фильтром').waitFor();
      await page.getByTestId('filter-state').click();
      await page.getByRole('option', { name: 'Работает' }).click();
      await expect.poll(() => lots.count()).toBe(4);

      // Leave a request: confirm, then done (on the phone, on a lot not asked for yet).
      const target = earlier
        ? lots
            .filter({ hasNot: page.getByText('Баня №2') })
            .filter({ has: page.getByRole('button', { name: 'Оставить заявку' }) })
            .first()
        : lots.filter({ hasText: 'Баня №2' });
      const targetName = (await target.locator('h3').textContent()) ?? '';
      // By its name: the button's own name changes once the request is sent.
      const chosen = lots.filter({ hasText: targetName });
      await chosen.getByRole('button', { name: 'Оставить заявку' }).click();
      const confirm = page.getByRole('dialog', { name: 'Оставить заявку' });
      await confirm.getByText(targetName).waitFor();
      await confirm.getByRole('button', { name: 'Отправить' }).click();
      await page.getByRole('dialog', { name: 'Заявка отправлена' }).waitFor();
      await page.getByRole('button', { name: 'Хорошо' }).click();
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      await expect.poll(() => chosen.getByTestId('lot-request').textContent()).toBe('Заявка отправлена');

      if (earlier) {
        // The callback asked for on the desktop is still open: the block says it was taken, with no form.
        await page.getByTestId('callback-done').waitFor();
        expect(await page.getByTestId('callback-phone').count()).toBe(0);
        await screenshot(page, 'promo-investor');
        expect(errors).toEqual([]);
        await close();
        return;
      }
      // Callback: prefilled with the profile phone in the mask, sent only with a phone.
      const phone = page.getByTestId('callback-phone');
      expect(await phone.inputValue()).toBe('+7 (999) 000-00-01');
      await phone.fill('');
      await page.getByRole('button', { name: 'Перезвоните мне' }).click();
      await page.getByText('Укажите телефон', { exact: true }).waitFor();
      await phone.fill('9123456789');
      expect(await phone.inputValue()).toBe('+7 (912) 345-67-89');
      await page.getByRole('button', { name: 'Перезвоните мне' }).click();
      await page.getByTestId('callback-done').waitFor();
      expect(errors).toEqual([]);
      await close();
    });

  it('lets a lender leave a request on any lot, in English too', async () => {
    const { page, errors, close } = await openPage(browser, MOBILE);
    await signIn(page, portal.url, 'lender@example.com', 'Lender1');
    await page.goto(`${portal.url}/promo/`);
    const lots = page.getByTestId('lot-card');
    await lots.first().waitFor();
    expect(await lots.getByRole('button', { name: 'Оставить заявку' }).count()).toBe(4);
    await lots.first().getByRole('button', { name: 'Оставить заявку' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Отправить' }).click();
    await page.getByRole('dialog', { name: 'Заявка отправлена' }).waitFor();
    await page.getByRole('button', { name: 'Хорошо' }).click();
    await screenshot(page, 'promo-lender');
    await page.context().addCookies([{ name: 'cookieLocale', value: 'EN', url: portal.url }]);
    await page.reload();
    await page.getByRole('button', { name: 'View units' }).waitFor();
    await page.getByText('Investor price').first().waitFor();
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'promo-lender-en');
    expect(errors).toEqual([]);
    await close();
  });
});
