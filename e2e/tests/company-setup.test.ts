import { spawnSync } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../apps/server/src/modules/auth/totp.ts';
import { pinnedNow } from '../../apps/server/src/test/pinned-today.ts';
import { DESKTOP, launchBrowser, MOBILE, openPage, screenshot } from '../support/browser.ts';
import { type Portal, startPortal } from '../support/server.ts';

const ROOT = path.join(import.meta.dirname, '../..');
const ADMIN = { email: 'director@hotels.test', phone: '+79161234567', password: 'Kedr7Sosna4Zvezda' };
const MANAGER = { email: 'petrova@hotels.test', phone: '+79161234568', password: 'Mayak5Volna8Buhta' };
const OWNER = { email: 'sokolov@hotels.test', password: 'Ozero9Pirs3Tropa' };
const LOCATION = 'Парк-отель «Сосны»';
const UNIT = 'Коттедж у озера';
// A 48×32 PNG of two stripes, green over yellow.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAAOklEQVR42u3OMQ0AMAgAMBRNwZTgBWuTMx24IBxNKqBxKlcJISEhISEhIaHh0H93FSEhISEhISGhYQ1iaq95W7MVqwAAAABJRU5ErkJggg==',
  'base64',
);
/** The production settings a company sets; the mail goes to the test's SMTP server. */
const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'a-company-secret-of-at-least-32-characters',
  PUBLIC_URL: 'https://portal.hotels.test',
  // Production asks managers and admins for a second factor first (tests/security.test.ts covers it).
};

/** The month before the portal's current one (the pinned date) in Moscow time, as the income import writes it (YYYY-MM). */
function lastMonth() {
  const moscow = new Date(pinnedNow().getTime() + 3 * 3_600_000);
  const month = new Date(Date.UTC(moscow.getUTCFullYear(), moscow.getUTCMonth() - 1, 1));
  return `${month.getUTCFullYear()}-${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
}

async function setPassword(page: Page, baseUrl: string, linkPath: string, password: string) {
  await page.goto(`${baseUrl}${linkPath}`);
  await page.locator('input[name=password]').fill(password);
  await page.locator('input[name=repeat]').fill(password);
  await page.getByRole('button', { name: 'Войти в личный кабинет' }).click();
}

async function signIn(page: Page, baseUrl: string, login: string, password: string, landing: string) {
  await page.goto(`${baseUrl}/login`);
  await page.locator('input[name=login]').fill(login);
  await page.locator('input[name=password]').fill(password);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await page.waitForURL(`**${landing}`);
}

/** Production staff must have a second factor: the console first enrols the authenticator app. */
async function enrolAuthenticator(page: Page, name: string, password: string) {
  await page.getByTestId('staff-enrol').waitFor();
  await page.getByTestId('totp-on').click();
  // Enrolling a factor takes the current password.
  await page.getByTestId('step-up-password').fill(password);
  await page.getByTestId('step-up-confirm').click();
  await page.getByTestId('totp-qr').waitFor();
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  await page.getByTestId('totp-code').locator('input').first().click();
  await page.keyboard.type(totpCode(secret));
  await page.getByTestId('recovery-codes').waitFor();
  await screenshot(page, `company-setup-${name}-enrol`);
  await page.getByTestId('recovery-codes-saved').click();
  await page.getByTestId('backoffice').waitFor();
}

type Img = { complete: boolean; naturalWidth: number; src: string };
/** True once every image of the selector whose src contains `part` has loaded real pixels (and there is one). */
const imagesLoaded = (page: Page, selector: string, part: string) =>
  expect
    .poll(() =>
      page.locator(selector).evaluateAll((images: Img[], needle: string) => {
        const matching = images.filter((img) => img.src.includes(needle));
        return matching.length > 0 && matching.every((img) => img.complete && img.naturalWidth > 0);
      }, part),
    )
    .toBe(true);

describe('a company sets the portal up on an empty production database', () => {
  let portal: Portal;
  let browser: Browser;
  let activationPath = '';

  beforeAll(async () => {
    // The first administrator comes from the command, before the server holds the embedded database.
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-company-'));
    const { DATABASE_URL: _ignored, SMTP_URL: _noMail, ...env } = process.env;
    const command = spawnSync(
      process.execPath,
      [
        path.join(ROOT, 'apps/server/src/cli/admin.ts'),
        'create',
        '--email',
        ADMIN.email,
        '--phone',
        ADMIN.phone,
        '--name',
        'Ирина Директорова',
        '--name-en',
        'Irina Direktorova',
      ],
      { cwd: ROOT, env: { ...env, ...PRODUCTION, DATA_DIR: dataDir, DEMO_DATA: 'false' }, encoding: 'utf8' },
    );
    expect(command.status, command.stderr).toBe(0);
    // Without SMTP_URL the command prints the link.
    const link = /https:\/\/portal\.hotels\.test(\/activation\/[A-Za-z0-9_-]+)/.exec(command.stdout);
    if (!link?.[1]) throw new Error(`no activation link in:\n${command.stdout}`);
    activationPath = link[1];
    [portal, browser] = await Promise.all([
      startPortal({ demoData: false, dataDir, env: PRODUCTION }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  it('from the administrator command to an owner who sees the unit with its photo, the location and the income', async () => {
    const admin = await openPage(browser, DESKTOP);
    // No demo accounts are offered on a company's database.
    await admin.page.goto(`${portal.url}/login`);
    await admin.page.locator('input[name=login]').waitFor();
    expect(await admin.page.getByText('investor@example.com').count()).toBe(0);

    await setPassword(admin.page, portal.url, activationPath, ADMIN.password);
    await admin.page.waitForURL('**/backoffice/');
    await enrolAuthenticator(admin.page, 'admin', ADMIN.password);

    // A manager, who gets an activation link by mail.
    await admin.page.getByRole('tab', { name: 'Сотрудники' }).click();
    await admin.page.getByRole('button', { name: 'Новый сотрудник' }).click();
    const staffForm = admin.page.getByRole('dialog');
    await staffForm.getByLabel(/^Имя\s*\*?$/).fill('Мария Петрова');
    await staffForm.getByLabel('E-mail').fill(MANAGER.email);
    await staffForm.getByLabel('Телефон').fill(MANAGER.phone.slice(2));
    await staffForm.getByTestId('staff-role').selectOption('MANAGER');
    await staffForm.locator('button[type=submit]').click();
    await admin.page.getByTestId('staff-table').getByText('Мария Петрова').waitFor();
    await screenshot(admin.page, 'company-setup-staff');
    const managerLink = await portal.linkFromMail(MANAGER.email, '/activation/');

    // The unit types and stages the catalogue picks from.
    await admin.page.getByRole('tab', { name: 'Каталог' }).click();
    await admin.page.getByTestId('catalogue-nav').getByText('Типы и стадии').click();
    for (const [kind, name, nameEn] of [
      ['unit-types', 'Коттедж', 'Cottage'],
      ['unit-stages', 'Эксплуатация', 'Operation'],
    ] as const) {
      const list = admin.page.getByTestId(kind);
      await list.getByTestId(`${kind}-add`).click();
      const form = admin.page.getByTestId(`${kind}-form`);
      await form.getByTestId(`${kind}-name`).fill(name);
      await form.getByTestId(`${kind}-name-en`).fill(nameEn);
      await form.getByTestId(`${kind}-save`).click();
      await list.getByTestId(`${kind}-item`).filter({ hasText: name }).waitFor();
    }

    // A location, and a unit in it with a photo.
    await admin.page.getByTestId('catalogue-nav').getByText('Локации').click();
    await admin.page.getByTestId('catalogue-location-create').click();
    const locationForm = admin.page.getByTestId('catalogue-location-form');
    await locationForm.getByTestId('location-name').fill(LOCATION);
    await locationForm.getByTestId('location-name-en').fill('Pines Park Hotel');
    await locationForm.getByTestId('location-description').fill('Парк-отель в сосновом лесу у озера');
    await locationForm.getByTestId('location-distance').fill('85');
    await locationForm.getByRole('button', { name: 'Добавить объект' }).click();
    await locationForm.getByLabel('Объект', { exact: true }).fill('Пирс');
    await locationForm.getByLabel('Количество').fill('1');
    await locationForm.getByTestId('location-save').click();
    await locationForm.waitFor({ state: 'detached' });
    const locationRow = admin.page.getByTestId('catalogue-location').filter({ hasText: LOCATION });
    await locationRow.getByTestId('catalogue-location-units').click();
    await admin.page.getByTestId('catalogue-unit-create').click();
    const unitForm = admin.page.getByTestId('catalogue-unit-form');
    await unitForm.getByTestId('unit-number').fill('S-101');
    await unitForm.getByTestId('unit-type').selectOption({ label: 'Коттедж' });
    await unitForm.getByTestId('unit-stage').selectOption({ label: 'Эксплуатация' });
    await unitForm.getByTestId('unit-name').fill(UNIT);
    await unitForm.getByTestId('unit-capacity').fill('6');
    await unitForm.getByTestId('unit-area').fill('92');
    await unitForm.getByTestId('unit-launch').fill('2024-06-01');
    await unitForm.getByTestId('unit-save').click();
    const photo = unitForm.getByTestId('unit-photo-file');
    await photo.waitFor({ state: 'attached' });
    await photo.setInputFiles({ name: 'cottage.png', mimeType: 'image/png', buffer: PNG });
    await unitForm.getByTestId('unit-photo').waitFor();
    await unitForm.getByRole('button', { name: 'Готово' }).click();
    await admin.page.getByTestId('catalogue-unit').filter({ hasText: UNIT }).getByText('Фото: 1').waitFor();
    await screenshot(admin.page, 'company-setup-units');
    expect(admin.errors).toEqual([]);
    await admin.close();

    // The manager activates the account and creates the owner with that unit.
    const manager = await openPage(browser, DESKTOP);
    await setPassword(manager.page, portal.url, managerLink.path, MANAGER.password);
    await manager.page.waitForURL('**/backoffice/');
    await enrolAuthenticator(manager.page, 'manager', MANAGER.password);
    await manager.page.getByRole('tab', { name: 'Клиенты' }).click();
    await manager.page.getByRole('button', { name: 'Новый владелец' }).click();
    const ownerForm = manager.page.getByRole('dialog');
    await ownerForm.getByLabel('Фамилия').fill('Соколов');
    await ownerForm.getByLabel('Имя').fill('Павел');
    await ownerForm.getByLabel('E-mail').fill(OWNER.email);
    await ownerForm.getByRole('button', { name: 'Новый владелец' }).click();
    await manager.page.getByRole('heading', { name: 'Соколов Павел' }).waitFor();
    const ownerId = /\/backoffice\/owners\/(\d+)/.exec(manager.page.url())?.[1];
    if (!ownerId) throw new Error(`no owner id in ${manager.page.url()}`);
    const units = manager.page.getByTestId('add-unit');
    await units.locator('option', { hasText: UNIT }).waitFor({ state: 'attached' });
    const unitId = await units
      .locator('option', { hasText: UNIT })
      .evaluate((option) => (option as unknown as { value: string }).value);
    await units.selectOption(unitId);
    await manager.page.getByLabel('Вложено, ₽').fill('9000000');
    await manager.page.getByRole('button', { name: 'Добавить юнит' }).click();
    await manager.page.getByTestId('owner-units').getByText('9 000 000').waitFor();

    // The owner's income of last month, imported from a file.
    await manager.page.getByRole('tab', { name: 'Загрузка данных' }).click();
    await manager.page.getByTestId('import-kind').click();
    await manager.page.getByRole('option', { name: 'Ежемесячный доход' }).click();
    const csv = ['userId,unitId,month,amount', `${ownerId},${unitId},${lastMonth()},123456`].join('\n');
    await manager.page
      .locator('input[type=file]')
      .setInputFiles({ name: 'incomes.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await manager.page.getByRole('button', { name: 'Загрузить' }).click();
    const report = manager.page.getByTestId('import-report');
    await report.getByText('Загрузка завершена').waitFor();
    expect(await report.getByTestId('import-inserted').textContent()).toBe('1');
    expect(manager.errors).toEqual([]);
    await manager.close();

    // The owner activates the account from the mail and sees the unit, the location and the income.
    const ownerLink = await portal.linkFromMail(OWNER.email, '/activation/');
    for (const viewport of [DESKTOP, MOBILE]) {
      const owner = await openPage(browser, viewport);
      if (viewport === DESKTOP) {
        await setPassword(owner.page, portal.url, ownerLink.path, OWNER.password);
        await owner.page.waitForURL('**/dashboard/');
      } else {
        await signIn(owner.page, portal.url, OWNER.email, OWNER.password, '/dashboard/');
      }
      await owner.page.getByTestId('location-infrastructure').getByText('Пирс').waitFor();
      await owner.page.getByTestId('location-units').getByText('Коттедж', { exact: false }).waitFor();
      await screenshot(owner.page, 'company-setup-owner-dashboard');

      await owner.page.goto(`${portal.url}/units/`);
      const card = owner.page.getByTestId('unit-card').filter({ hasText: UNIT });
      await card.getByText('Эксплуатация').waitFor();
      await imagesLoaded(owner.page, '[data-testid="unit-card"] img', '/api/v1/files/units/');
      await screenshot(owner.page, 'company-setup-owner-units');

      await owner.page.goto(`${portal.url}/dashboard/income/`);
      await owner.page.getByTestId('income-summary').waitFor();
      await owner.page.getByText('123 456', { exact: false }).first().waitFor();
      await screenshot(owner.page, 'company-setup-owner-income');
      expect(owner.errors).toEqual([]);
      await owner.close();
    }
  });
});
