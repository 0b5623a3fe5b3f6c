import { spawnSync } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../apps/server/src/modules/auth/totp.ts';
import { simplePdf } from '../../apps/server/src/modules/documents/pdf.ts';
import { pinnedNow } from '../../apps/server/src/test/pinned-today.ts';
import { DESKTOP, launchBrowser, MOBILE, openPage, screenshot } from '../support/browser.ts';
import { type Portal, startPortal } from '../support/server.ts';

const ROOT = path.join(import.meta.dirname, '../..');
const ADMIN = { email: 'director@hotels.test', phone: '+79161234567', password: 'Kedr7Sosna4Zvezda' };
const MANAGER = { email: 'petrova@hotels.test', phone: '+79161234568', password: 'Mayak5Volna8Buhta' };
const OWNER = { email: 'sokolov@hotels.test', password: 'Ozero9Pirs3Tropa' };
const LENDER = { email: 'zaimova@hotels.test', password: 'Bereg6Kamen2Luch' };
const DOCUMENT_CATEGORY = 'Акт сверки';
const OUTCOME_CATEGORY = 'Уборка коттеджей';
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

/** The month `back` months before the portal's current one (the pinned date) in Moscow time, as YYYY-MM. */
function monthBefore(back: number) {
  const moscow = new Date(pinnedNow().getTime() + 3 * 3_600_000);
  const month = new Date(Date.UTC(moscow.getUTCFullYear(), moscow.getUTCMonth() - back, 1));
  return `${month.getUTCFullYear()}-${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
}
const lastMonth = () => monthBefore(1);

/** Text as windows-1251 bytes (what Excel in a Russian Windows saves as "CSV"): the decoder's table inverted. */
function cp1251(text: string): Buffer {
  const decoder = new TextDecoder('windows-1251');
  const table = new Map<string, number>();
  for (let byte = 0; byte < 256; byte += 1) table.set(decoder.decode(Uint8Array.of(byte)), byte);
  return Buffer.from(
    [...text].map((char) => {
      const byte = table.get(char);
      if (byte === undefined) throw new Error(`${char} is not in windows-1251`);
      return byte;
    }),
  );
}

/** Loads a file of the kind on the console's «Загрузка данных» and waits for the report. */
async function importFile(page: Page, kind: string, name: string, buffer: Buffer) {
  await page.getByRole('tab', { name: 'Загрузка данных' }).click();
  await page.getByTestId('import-kind').click();
  await page.getByRole('option', { name: kind }).click();
  await page.locator('input[type=file]').setInputFiles({ name, mimeType: 'text/csv', buffer });
  await page.getByRole('button', { name: 'Загрузить' }).click();
  const report = page.getByTestId('import-report');
  await report.getByText('Загрузка завершена').waitFor();
  return report;
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
  // The staff stay signed in from the set-up into the year's work (production staff sign in with a second factor).
  let admin: Awaited<ReturnType<typeof openPage>>;
  let manager: Awaited<ReturnType<typeof openPage>>;
  let ownerId = '';
  let unitId = '';

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
    admin = await openPage(browser, DESKTOP);
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

    // The manager activates the account and creates the owner with that unit.
    manager = await openPage(browser, DESKTOP);
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
    ownerId = /\/backoffice\/owners\/(\d+)/.exec(manager.page.url())?.[1] ?? '';
    if (!ownerId) throw new Error(`no owner id in ${manager.page.url()}`);
    const units = manager.page.getByTestId('add-unit');
    await units.locator('option', { hasText: UNIT }).waitFor({ state: 'attached' });
    unitId = await units
      .locator('option', { hasText: UNIT })
      .evaluate((option) => (option as unknown as { value: string }).value);
    await units.selectOption(unitId);
    await manager.page.getByLabel('Вложено, ₽').fill('9000000');
    await manager.page.getByRole('button', { name: 'Добавить юнит' }).click();
    await manager.page.getByTestId('owner-units').getByText('9 000 000').waitFor();

    // The owner's income of last month, imported from a file.
    const csv = ['userId,unitId,month,amount', `${ownerId},${unitId},${lastMonth()},123456`].join('\n');
    const report = await importFile(manager.page, 'Ежемесячный доход', 'incomes.csv', Buffer.from(csv));
    expect(await report.getByTestId('import-inserted').textContent()).toBe('1');
    expect(manager.errors).toEqual([]);

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

  it("then a year's work with no SQL: categories, a signed document, a paid lender, an Excel file, an answer, an ended link", async () => {
    // The admin adds the categories the documents and the income-expense pages pick from.
    await admin.page.goto(`${portal.url}/backoffice/locations/categories/`);
    const documentCategories = admin.page.getByTestId('category-documents');
    await documentCategories.getByTestId('category-documents-add').click();
    const documentCategoryForm = admin.page.getByTestId('category-documents-form');
    await documentCategoryForm.getByTestId('category-documents-name').fill(DOCUMENT_CATEGORY);
    await documentCategoryForm.getByTestId('category-documents-name-en').fill('Reconciliation statement');
    await documentCategoryForm.getByTestId('category-documents-save').click();
    await documentCategoryForm.waitFor({ state: 'detached' });
    await documentCategories
      .getByTestId('category-documents-item')
      .filter({ hasText: DOCUMENT_CATEGORY })
      .waitFor();
    const outcomeCategories = admin.page.getByTestId('category-income-expense');
    await outcomeCategories.getByTestId('category-income-expense-add').click();
    const outcomeForm = admin.page.getByTestId('category-income-expense-form');
    await outcomeForm.getByTestId('category-income-expense-id').fill('501');
    await outcomeForm.getByTestId('category-income-expense-name').fill(OUTCOME_CATEGORY);
    await outcomeForm.getByTestId('category-income-expense-direction').click();
    await admin.page.getByRole('option', { name: 'Расход' }).click();
    await outcomeForm.getByTestId('category-income-expense-save').click();
    await outcomeForm.waitFor({ state: 'detached' });
    await outcomeCategories
      .getByTestId('category-income-expense-item')
      .filter({ hasText: OUTCOME_CATEGORY })
      .getByText('№ 501')
      .waitFor();
    await screenshot(admin.page, 'company-year-categories');

    // The admin uploads a document for the owner to sign, on the owner's card.
    await admin.page.goto(`${portal.url}/backoffice/owners/${ownerId}`);
    const upload = admin.page.getByTestId('owner-document-upload');
    const choose = async (testId: string, label: string) => {
      const select = upload.getByTestId(testId);
      await select.locator('option', { hasText: label }).first().waitFor({ state: 'attached' });
      await select.selectOption({ label });
    };
    await choose('staff-category', DOCUMENT_CATEGORY);
    await choose('staff-location', LOCATION);
    await choose('staff-status', 'Требует подписи');
    await upload.getByLabel('Номер документа').fill('АС-1');
    await upload.getByLabel('Описание').fill('Акт сверки за год');
    await upload.locator('input[type=file]').setInputFiles({
      name: 'Акт сверки.pdf',
      mimeType: 'application/pdf',
      buffer: await simplePdf('Reconciliation statement', ['For the owner to sign']),
    });
    await upload.getByRole('button', { name: 'Загрузить' }).click();
    await admin.page.getByTestId('staff-uploaded').waitFor();
    expect(admin.errors).toEqual([]);

    // The owner sends a signed copy back.
    const owner = await openPage(browser, DESKTOP);
    await signIn(owner.page, portal.url, OWNER.email, OWNER.password, '/dashboard/');
    await owner.page.goto(`${portal.url}/documents/`);
    const document = owner.page.getByTestId('document-row').filter({ hasText: 'Акт сверки за год' });
    await document.waitFor();
    expect(await document.getAttribute('data-status')).toBe('1');
    await document.getByTestId('row-menu').click();
    const chooser = owner.page.waitForEvent('filechooser');
    await owner.page.getByRole('menuitem', { name: 'Загрузить подписанный документ' }).click();
    await (await chooser).setFiles({
      name: 'Акт сверки подписан.pdf',
      mimeType: 'application/pdf',
      buffer: await simplePdf('Reconciliation statement, signed', ['Signed by the owner']),
    });
    await expect.poll(() => document.getAttribute('data-status')).toBe('13');

    // The copy reaches the manager's inbox; the manager confirms it on the card and the owner sees it signed.
    await manager.page.goto(`${portal.url}/backoffice/`);
    await manager.page.getByTestId('inbox-kind').selectOption('signed_document');
    await manager.page.getByTestId('inbox-table').getByText('Подписанный документ').first().waitFor();
    await manager.page.goto(`${portal.url}/backoffice/owners/${ownerId}`);
    const staffDocument = manager.page.getByTestId('owner-document-row').filter({ hasText: 'АС-1' });
    await staffDocument.getByRole('button', { name: 'Подписан' }).click();
    await expect.poll(() => staffDocument.getAttribute('data-status')).toBe('3');
    await owner.page.reload();
    await document.waitFor();
    expect(await document.getAttribute('data-status')).toBe('3');
    expect(await document.getByTestId('document-status').textContent()).toContain('Подписан');

    // The owner asks for a document of the new category; the manager answers with a comment the owner reads.
    await owner.page.getByTestId('request-category').fill('Акт');
    await owner.page.getByRole('option', { name: DOCUMENT_CATEGORY }).click();
    await owner.page.getByTestId('request-comment').fill('За первое полугодие');
    await owner.page.getByTestId('request-submit').click();
    await owner.page.getByRole('button', { name: 'OK' }).click();
    const request = owner.page.getByTestId('owner-request').filter({ hasText: DOCUMENT_CATEGORY });
    await request.waitFor();
    await manager.page.goto(`${portal.url}/backoffice/`);
    await manager.page.getByTestId('inbox-kind').selectOption('document');
    const inboxRow = manager.page
      .getByTestId('inbox-table')
      .getByRole('row')
      .filter({ hasText: DOCUMENT_CATEGORY });
    await inboxRow.getByRole('button', { name: 'Выполнить' }).click();
    const answer = manager.page.getByRole('dialog');
    await answer.getByLabel('Комментарий').fill('Акт загружен в ваши документы');
    await answer.getByRole('button', { name: 'Выполнить' }).click();
    await answer.waitFor({ state: 'detached' });
    await owner.page.reload();
    await request.waitFor();
    expect(await request.getByTestId('owner-request-status').textContent()).toBe('Выполнена');
    expect(await request.getByTestId('owner-request-comment').textContent()).toContain(
      'Акт загружен в ваши документы',
    );
    await screenshot(owner.page, 'company-year-owner-documents');

    // The month before last comes in a file as Russian Excel saves it: windows-1251, `;`, decimal commas, dd.mm.yyyy.
    const [year, month] = monthBefore(2).split('-');
    const excel = cp1251(
      [
        'userId;unitId;month;amount;примечание',
        `${ownerId};${unitId};01.${month}.${year};45 678,90;Доход за месяц`,
      ].join('\r\n'),
    );
    const excelReport = await importFile(manager.page, 'Ежемесячный доход', 'доходы.csv', excel);
    expect(await excelReport.getByTestId('import-inserted').textContent()).toBe('1');
    expect(await excelReport.getByTestId('import-rejected').textContent()).toBe('0');

    // A lender with a loan on the card, whose id the manager copies into the payments file.
    await manager.page.getByRole('tab', { name: 'Клиенты' }).click();
    await manager.page.getByRole('button', { name: 'Новый владелец' }).click();
    const lenderForm = manager.page.getByRole('dialog');
    await lenderForm.getByLabel('Фамилия').fill('Займова');
    await lenderForm.getByLabel('Имя').fill('Вера');
    await lenderForm.getByLabel('E-mail').fill(LENDER.email);
    await lenderForm.getByRole('checkbox', { name: 'Инвестор' }).uncheck();
    await lenderForm.getByRole('checkbox', { name: 'Займодатель' }).check();
    await lenderForm.getByRole('button', { name: 'Новый владелец' }).click();
    await manager.page.getByRole('heading', { name: 'Займова Вера' }).waitFor();
    const lenderId = /\/backoffice\/owners\/(\d+)/.exec(manager.page.url())?.[1];
    await manager.page.getByTestId('add-loan').click();
    const loanForm = manager.page.getByTestId('loan-form');
    await loanForm.getByTestId('loan-location').selectOption({ label: LOCATION });
    await loanForm.getByTestId('loan-amount').fill('3000000');
    await loanForm.getByTestId('loan-issued-at').fill('2025-03-01');
    await loanForm.getByTestId('loan-term').fill('2028-02');
    await loanForm.getByTestId('loan-rate').fill('14');
    await loanForm.locator('button[type=submit]').click();
    await loanForm.waitFor({ state: 'detached' });
    const loan = manager.page.locator('[data-testid^="owner-loan-"]');
    await manager.page
      .context()
      .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: portal.url });
    await loan.getByRole('button', { name: 'Скопировать id' }).click();
    // What the button put on the clipboard is the loan's number (its «Скопировано» lasts too short to wait for).
    const loanId = (await loan.getAttribute('data-testid'))?.replace('owner-loan-', '');
    await expect.poll(() => manager.page.evaluate<string>('navigator.clipboard.readText()')).toBe(loanId);
    const payments = [
      'userId,loanId,month,amount',
      `${lenderId},${loanId},${monthBefore(2)},45000`,
      `${lenderId},${loanId},${lastMonth()},45000`,
    ].join('\n');
    const paymentsReport = await importFile(
      manager.page,
      'Выплаты по займам',
      'payments.csv',
      Buffer.from(payments),
    );
    expect(await paymentsReport.getByTestId('import-inserted').textContent()).toBe('2');

    // The lender activates the account and sees the provided loan, the earned sum and the term.
    const lenderLink = await portal.linkFromMail(LENDER.email, '/activation/');
    const lender = await openPage(browser, DESKTOP);
    await setPassword(lender.page, portal.url, lenderLink.path, LENDER.password);
    await lender.page.waitForURL('**/dashboard/');
    await lender.page.goto(`${portal.url}/dashboard/income/`);
    const summary = lender.page.getByTestId('income-summary');
    await summary.getByText('3\u00a0000\u00a0000\u00a0₽').waitFor();
    const summaryText = await summary.textContent();
    expect(summaryText).toContain('Предоставленный заём');
    expect(summaryText).toContain('90\u00a0000\u00a0₽');
    expect(summaryText).toContain('до февраля 2028');
    await lender.page.getByTestId('loan-payments').getByText('45\u00a0000\u00a0₽').first().waitFor();
    await screenshot(lender.page, 'company-year-lender-income');
    expect(lender.errors).toEqual([]);
    await lender.close();

    // Ending the owner's link asks first, naming the income it keeps; the owner no longer sees the unit.
    await manager.page.goto(`${portal.url}/backoffice/owners/${ownerId}`);
    const link = manager.page.getByTestId(`owner-unit-${unitId}`);
    await link.getByRole('button', { name: 'Завершить' }).click();
    const ending = manager.page.getByRole('dialog', { name: 'Завершить связь с юнитом?' });
    expect(await ending.getByTestId('end-unit-text').textContent()).toContain('2 месяца дохода');
    await ending.getByRole('button', { name: 'Завершить' }).click();
    await ending.waitFor({ state: 'detached' });
    await link.getByTestId('unit-ended').waitFor();
    await owner.page.goto(`${portal.url}/units/`);
    await owner.page.getByText('У вас пока нет активов').waitFor();
    // The history stayed: restored, the link brings back both months, 123 456 ₽ and 45 678,90 ₽ (whole roubles shown).
    await link.getByRole('button', { name: 'Восстановить' }).click();
    await link.getByRole('button', { name: 'Завершить' }).waitFor();
    await owner.page.goto(`${portal.url}/dashboard/income/`);
    await owner.page.getByTestId('income-summary').getByText('169\u00a0135\u00a0₽').waitFor();
    expect(owner.errors).toEqual([]);
    expect(manager.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
    await owner.close();
  });
});
