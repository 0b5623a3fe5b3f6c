import { z } from 'zod';
import { successSchema } from './errors.ts';
import { defineRoute } from './route.ts';

/**
 * The interim financial report: the company uploads it as one PDF in the console; owners' browsers draw
 * its pages (pdf.js). The demo keeps its generated page images (kind pages).
 */

export const FINANCIAL_REPORT_MAX_BYTES = 20 * 1024 * 1024;

export const financialReportInfoSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('pdf'),
    url: z.string().describe('The PDF, served from an unguessable address'),
    title: z.string(),
    updatedAt: z.string(),
  }),
  z.object({
    kind: z.literal('pages'),
    pages: z.array(z.string()).describe('Page images in order (the demo report)'),
    title: z.string(),
    updatedAt: z.string(),
  }),
]);
export type FinancialReportInfo = z.infer<typeof financialReportInfoSchema>;

/** GET /financial-report (every signed-in role) and GET /backoffice/financial-report: null until one is uploaded. */
export const financialReportResponseSchema = z
  .object({ report: financialReportInfoSchema.nullable() })
  .meta({ id: 'FinancialReport' });
export type FinancialReportResponse = z.infer<typeof financialReportResponseSchema>;

/** The console's report (managers and admins). */
export const backofficeFinancialReportApi = {
  current: defineRoute({
    method: 'GET',
    path: '/backoffice/financial-report',
    summary: 'The current interim financial report, as owners get it',
    tags: ['backoffice'],
    access: 'staff',
    response: financialReportResponseSchema,
    errors: [404],
  }),
  replace: defineRoute({
    method: 'POST',
    path: '/backoffice/financial-report',
    summary:
      'Replaces the current report: multipart with an optional title field and then one PDF (at most 20 MB, checked by content)',
    tags: ['backoffice'],
    access: 'staff',
    consumes: ['multipart/form-data'],
    response: financialReportResponseSchema,
    errors: [404],
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/backoffice/financial-report',
    summary: 'Withdraws the current report',
    tags: ['backoffice'],
    access: 'staff',
    response: successSchema,
    errors: [404],
  }),
};
