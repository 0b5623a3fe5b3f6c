import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

describe('income-outcome calls', () => {
  let t: TestApp;
  let investor: string;
  let lender: string;
  let demo: string;
  beforeAll(async () => {
    t = await startTestApp();
    [investor, lender, demo] = await Promise.all([
      t.signIn('investor@example.com'),
      t.signIn('lender@example.com'),
      t.signIn('demo@example.com'),
    ]);
  });
  afterAll(() => t?.close());
  const get = (url: string, token: string) => t.request({ method: 'GET', url: `/api/v1/${url}`, token });

  it("sums the month's income and expenses of the location part into OPEX and GOP", async () => {
    const response = await get('adesk?locationId=1&year=2026&month=10', investor);
    expect(response.statusCode).toBe(200);
    const data = response.json();
    const income = data.incomes.reduce((s: number, r: { amount: number }) => s + r.amount, 0);
    const expenses = data.outcomes.reduce((s: number, r: { amount: number }) => s + r.amount, 0);
    expect(data.incomeTotal).toBeCloseTo(income, 2);
    expect(data.outcomeTotal).toBeCloseTo(expenses, 2);
    expect(data.gop).toBeCloseTo(income - expenses, 2);
    expect(data.outcomePercent).toBeCloseTo((expenses / income) * 100, 1);
    expect(data.gopPercent).toBeCloseTo(((income - expenses) / income) * 100, 1);
    expect(data.incomes.every((r: { date: string }) => r.date.startsWith('2026-10'))).toBe(true);
    expect(data.incomes[0].amountText).toMatch(/^[\d ]+,\d\d ₽$/);
    expect(data.isSample).toBe(false);
  });

  it("writes the ready-made amounts in the page's language: the cookie, never Accept-Language", async () => {
    const url = '/api/v1/adesk?locationId=1&year=2026&month=10';
    const asked = (headers: Record<string, string>) =>
      t.request({ method: 'GET', url, token: investor, headers }).then((r) => r.json());
    const english = await asked({ cookie: 'cookieLocale=EN' });
    expect(english.incomes[0].amountText).toMatch(/^[\d,]+\.\d\d ₽$/);
    // The bank rows' articles in English where the import gave them.
    expect(english.incomes.map((r: { article: string }) => r.article)).toContain(
      'Guest accommodation payment',
    );
    expect(english.outcomes.every((r: { article: string }) => /^[^а-яё]+$/i.test(r.article))).toBe(true);
    // A first visit from an English browser: no cookie yet, so the page is Russian and so are its amounts.
    const russian = await asked({ 'accept-language': 'en' });
    expect(russian.incomes[0].amountText).toMatch(/^[\d ]+,\d\d ₽$/);
    expect(russian.incomes.map((r: { article: string }) => r.article)).toContain('Оплата проживания гостей');
  });

  it('keeps rooms and outbuildings apart', async () => {
    const rooms = (await get('adesk?locationId=1&year=2026&month=10', investor)).json();
    const outbuildings = (await get('adesk-periphery?locationId=1&year=2026&month=10', investor)).json();
    const categories = (data: { incomes: Array<{ category: { text: string } }> }) =>
      data.incomes.map((r) => r.category.text);
    expect(categories(rooms)).toContain('Проживание');
    expect(categories(rooms)).not.toContain('Аренда бань');
    expect(categories(outbuildings)).toContain('Аренда бань');
    expect(categories(outbuildings)).not.toContain('Проживание');
  });

  it('answers empty figures for a month without rows', async () => {
    const data = (await get('adesk?locationId=1&year=2020&month=1', investor)).json();
    expect(data).toMatchObject({
      incomeTotal: 0,
      outcomeTotal: 0,
      gop: 0,
      incomes: [],
      outcomes: [],
      incomePercent: null,
    });
  });

  it('shows the demo profile its sample rows and fixed figures', async () => {
    const one = (await get('adesk?locationId=1&year=2026&month=10', demo)).json();
    const other = (await get('adesk?locationId=1&year=2025&month=3', demo)).json();
    expect(one.isSample).toBe(true);
    expect(one).toEqual(other);
    expect(one.incomeTotal).toBe(3_700_000);
  });

  it('is for investors in their own locations only', async () => {
    expect((await get('adesk?locationId=1&year=2026&month=10', lender)).statusCode).toBe(403);
    expect((await get('adesk?locationId=99&year=2026&month=10', investor)).statusCode).toBe(404);
    expect((await get('adesk?locationId=1&year=2026&month=0', investor)).statusCode).toBe(400);
    expect((await get('adesk?locationId=1&year=abc&month=1', investor)).statusCode).toBe(400);
  });

  it('exports the month as an .xlsx file that agrees with the page', async () => {
    const response = await get('outcome/xls?date=2026-10&locationId=1', investor);
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as never);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Дата', 'Тип', 'Категория', 'Статья', 'Сумма']);
    const amounts = ((sheet?.getSheetValues() ?? []).slice(2) as unknown[][]).map((row) => row[5] as number);
    const page = (await get('adesk?locationId=1&year=2026&month=10', investor)).json();
    expect(amounts.filter((a) => a > 0).reduce((s, a) => s + a, 0)).toBeCloseTo(page.incomeTotal, 2);
    expect(-amounts.filter((a) => a < 0).reduce((s, a) => s + a, 0)).toBeCloseTo(page.outcomeTotal, 2);
    expect((await get('outcome/xls?date=2026-13&locationId=1', investor)).statusCode).toBe(400);
    // The spec's call sends only date: the location is the user's first investor location (here 1), the same file.
    const dateOnly = await get('outcome/xls?date=2026-10', investor);
    expect(dateOnly.statusCode).toBe(200);
    expect(dateOnly.headers['content-disposition']).toBe(response.headers['content-disposition']);
    expect(dateOnly.rawPayload.length).toBeGreaterThan(0);
    const periphery = await get('outcome/xls?date=2026-10&part=periphery', investor);
    expect(periphery.statusCode).toBe(200);
    expect(periphery.headers['content-disposition']).toContain('income-expenses-1-2026-10.xlsx');
    // Lenders have no investor location: 403 before anything else (investors only).
    expect((await get('outcome/xls?date=2026-10', lender)).statusCode).toBe(403);
    expect((await get('outcome/xls', investor)).statusCode).toBe(400);
  });
});
