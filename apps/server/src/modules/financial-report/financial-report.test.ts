import { FINANCIAL_REPORT_PAGES, financialReportPageUrl } from '@portal/contract/financial-report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

describe('interim financial report pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('serves the fifteen pages as images, each with its number', async () => {
    for (let page = 1; page <= FINANCIAL_REPORT_PAGES; page += 1) {
      const response = await t.request({ method: 'GET', url: financialReportPageUrl(page) });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('image/svg+xml');
      expect(response.body).toContain(`${page} / 15`);
    }
  });

  it('answers 404 for pages that do not exist', async () => {
    for (const name of ['page-0.svg', 'page-16.svg', 'page-1.png', 'page-x.svg', '..%2Fpage-1.svg'])
      expect(
        (await t.request({ method: 'GET', url: `/api/v1/media/report-2024/${name}` })).statusCode,
        name,
      ).toBe(404);
  });
});
