import { FINANCIAL_REPORT_PAGES, financialReportPageUrl } from '@portal/contract/financial-report';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { TEST_PDF, TEST_PNG, uploadForm } from '../../test/upload-form.ts';

describe('interim financial report', () => {
  let t: TestApp;
  let investor: string;
  let lender: string;
  let manager: string;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp();
    [investor, lender, manager, admin] = await Promise.all([
      t.signIn('investor@example.com'),
      t.signIn('lender@example.com'),
      t.signIn('manager@example.com'),
      t.signIn('admin@example.com'),
    ]);
  });
  afterAll(() => t?.close());

  const get = (url: string, token?: string) => t.request({ method: 'GET', url: `/api/v1/${url}`, token });
  const upload = (token: string, file: Parameters<typeof uploadForm>[0], fields = {}, locale = 'ru') => {
    const form = uploadForm(file, fields);
    return t.request({
      method: 'POST',
      url: '/api/v1/backoffice/financial-report',
      token,
      payload: form.payload,
      headers: { ...form.headers, cookie: `cookieLocale=${locale}` },
    });
  };

  it('gives every signed-in role the demo report as its fifteen page images', async () => {
    for (const token of [investor, lender]) {
      const { report } = (await get('financial-report', token)).json();
      expect(report.kind).toBe('pages');
      expect(report.pages).toHaveLength(FINANCIAL_REPORT_PAGES);
      // Signed for the <img> elements, which send no bearer header.
      expect(report.pages[14]).toMatch(new RegExp(`^${financialReportPageUrl(15)}\\?st=\\d+\\.`));
    }
    expect((await get('financial-report')).statusCode).toBe(401);
  });

  it('serves the fifteen demo pages as images, each with its number, and 404 for others', async () => {
    for (let page = 1; page <= FINANCIAL_REPORT_PAGES; page += 1) {
      const response = await t.request({ method: 'GET', url: financialReportPageUrl(page), token: lender });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('image/svg+xml');
      expect(response.body).toContain(`${page} / 15`);
    }
    for (const name of ['page-0.svg', 'page-16.svg', 'page-1.png', 'page-x.svg', '..%2Fpage-1.svg'])
      expect((await get(`media/report-2024/${name}`, lender)).statusCode, name).toBe(404);
    // Nothing of the report without a session or a signed URL.
    expect((await get('media/report-2024/page-1.svg')).statusCode).toBe(401);
  });

  it("downloads the demo report as one PDF of its fifteen pages (the lender dashboard's control)", async () => {
    const response = await t.request({
      method: 'GET',
      url: '/api/v1/financial-report/download',
      token: lender,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/pdf');
    expect(response.headers['content-disposition']).toContain('interim-financial-report.pdf');
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const task = getDocument({ data: new Uint8Array(response.rawPayload), verbosity: 0 });
    const pdf = await task.promise;
    expect(pdf.numPages).toBe(FINANCIAL_REPORT_PAGES);
    expect((await pdf.getPage(1)).view).toEqual([0, 0, 595, 842]);
    await task.destroy();
    expect((await get('financial-report/download')).statusCode).toBe(401);
  });

  it('keeps the console to managers and admins', async () => {
    expect((await get('backoffice/financial-report', manager)).statusCode).toBe(200);
    expect((await get('backoffice/financial-report', admin)).json().report.kind).toBe('pages');
    expect((await get('backoffice/financial-report', investor)).statusCode).toBe(403);
    expect(
      (await upload(investor, { data: TEST_PDF, name: 'r.pdf', type: 'application/pdf' })).statusCode,
    ).toBe(403);
    expect(
      (await t.request({ method: 'DELETE', url: '/api/v1/backoffice/financial-report', token: lender }))
        .statusCode,
    ).toBe(403);
  });

  it('refuses what is not a PDF by its content, in the user language, changing nothing', async () => {
    const png = await upload(manager, { data: TEST_PNG, name: 'report.pdf', type: 'application/pdf' });
    expect(png.statusCode).toBe(400);
    expect(png.json().error.message).toBe('Загрузите файл PDF');
    const en = await upload(
      manager,
      { data: Buffer.from('hello'), name: 'r.pdf', type: 'application/pdf' },
      {},
      'en',
    );
    expect(en.json().error.message).toBe('Upload a PDF file');
    const none = await t.request({
      method: 'POST',
      url: '/api/v1/backoffice/financial-report',
      token: manager,
      payload: {},
    });
    expect(none.statusCode).toBe(400);
    expect((await get('financial-report', investor)).json().report.kind).toBe('pages');
  });

  it('replaces the report with an uploaded PDF that owners read, then replaces and withdraws it, audited', async () => {
    const first = await upload(
      manager,
      { data: TEST_PDF, name: 'q1.pdf', type: 'application/octet-stream' },
      { title: 'Отчёт за I квартал' },
    );
    expect(first.statusCode).toBe(200);
    const { report } = (await get('financial-report', lender)).json();
    expect(report).toMatchObject({ kind: 'pdf', title: 'Отчёт за I квартал' });
    expect(report.url).toMatch(/^\/api\/v1\/files\/financial-report\/[A-Za-z0-9_-]{20,}\?st=\d+\./);
    const file = await t.request({ method: 'GET', url: report.url });
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(TEST_PDF)).toBe(true);
    // pdf.js reads a large PDF by byte ranges.
    const part = await t.request({ method: 'GET', url: report.url, headers: { range: 'bytes=0-4' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('%PDF-');

    // An uploaded PDF is downloaded from its own url; the generated download is only the demo pages'.
    expect((await get('financial-report/download', lender)).statusCode).toBe(404);

    const second = await upload(admin, { data: TEST_PDF, name: 'q2.pdf', type: 'application/pdf' });
    expect(second.statusCode).toBe(200);
    const replaced = (await get('financial-report', investor)).json().report;
    expect(replaced.title).toBe('q2.pdf');
    expect(replaced.url).not.toBe(report.url);
    // Only one current report: the old file is gone.
    expect((await t.request({ method: 'GET', url: report.url })).statusCode).toBe(404);

    const removed = await t.request({
      method: 'DELETE',
      url: '/api/v1/backoffice/financial-report',
      token: manager,
    });
    expect(removed.statusCode).toBe(200);
    expect((await get('financial-report', investor)).json()).toEqual({ report: null });
    expect((await get('financial-report/download', lender)).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: replaced.url })).statusCode).toBe(404);
    expect(
      (await t.request({ method: 'DELETE', url: '/api/v1/backoffice/financial-report', token: manager }))
        .statusCode,
    ).toBe(404);

    const audit = JSON.stringify((await get('backoffice/audit', admin)).json());
    for (const action of ['content.financialReport.replace', 'content.financialReport.remove'])
      expect(audit).toContain(action);
  });
});
