import { z } from 'zod';
import { financialReportResponseSchema } from './backoffice-financial-report.ts';
import { defineRoute } from './route.ts';

/**
 * The interim financial report page (spec, operational areas: Screens and routes; Business constants and limits):
 * fifteen page images stacked.
 */
export const FINANCIAL_REPORT_PAGES = 15;

/** Where the server serves page n (1-based) of the report. */
export const financialReportPageUrl = (page: number) => `/api/v1/media/report-2024/page-${page}.svg`;

/** GET media/report-2024/{name}: page-1.svg … page-15.svg. */
export const reportPageParamsSchema = z.object({ name: z.string().max(20) });

export const financialReportApi = {
  current: defineRoute({
    method: 'GET',
    path: '/financial-report',
    summary: 'The current interim financial report: a PDF the browser draws as pages, or page images (demo)',
    tags: ['financial-report'],
    access: 'session',
    response: financialReportResponseSchema,
    errors: [404],
  }),
  download: defineRoute({
    method: 'GET',
    path: '/financial-report/download',
    summary:
      "The lender dashboard's report download: the demo report's pages as one PDF (an uploaded report is downloaded from its url)",
    tags: ['financial-report'],
    access: 'session',
    response: 'file',
    produces: ['application/pdf'],
    errors: [404],
  }),
  page: defineRoute({
    method: 'GET',
    path: '/media/report-2024/:name',
    summary: 'Page n of the demo interim financial report (page-1.svg … page-15.svg)',
    tags: ['financial-report'],
    access: 'report-media',
    params: reportPageParamsSchema,
    response: 'file',
    errors: [404],
  }),
};
