import multipart from '@fastify/multipart';
import {
  FINANCIAL_REPORT_MAX_BYTES,
  financialReportResponseSchema,
} from '@portal/contract/backoffice-financial-report';
import { errorResponseSchema } from '@portal/contract/errors';
import { FINANCIAL_REPORT_PAGES } from '@portal/contract/financial-report';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { contentDisposition } from '../../http/content-disposition.ts';
import { notFound } from '../../http/errors.ts';
import { requireSession, requireStaff, sessionOf } from '../../http/session-auth.ts';
import { readSingleFile, serveUploadedFiles } from '../../http/uploaded-files.ts';
import { reportPageSvg } from './pages.ts';
import { demoReportPdf } from './pdf.ts';
import * as report from './service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

export function financialReportRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    await fastify.register(multipart, {
      limits: { fileSize: FINANCIAL_REPORT_MAX_BYTES, files: 1, fields: 3, parts: 4 },
    });
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['financial-report'];
    const security = [{ bearer: [] }];
    app.get(
      '/financial-report',
      {
        onRequest: requireSession(ctx),
        schema: {
          tags,
          security,
          summary:
            'The current interim financial report: a PDF the browser draws as pages, or page images (demo)',
          response: { 200: financialReportResponseSchema, ...errors },
        },
      },
      () => report.currentReport(ctx),
    );
    app.get(
      '/backoffice/financial-report',
      {
        onRequest: requireStaff(ctx),
        schema: {
          tags: ['backoffice'],
          security,
          summary: 'The current interim financial report, as owners get it',
          response: { 200: financialReportResponseSchema, ...errors },
        },
      },
      (request) => report.staffReport(ctx, sessionOf(request)),
    );
    app.post(
      '/backoffice/financial-report',
      {
        onRequest: requireStaff(ctx),
        bodyLimit: FINANCIAL_REPORT_MAX_BYTES + 64 * 1024,
        schema: {
          tags: ['backoffice'],
          security,
          summary:
            'Replaces the current report: multipart with an optional title field and then one PDF (at most 20 MB, checked by content)',
          consumes: ['multipart/form-data'],
          response: { 200: financialReportResponseSchema, ...errors },
        },
      },
      async (request) =>
        report.replaceReport(
          ctx,
          sessionOf(request),
          await readSingleFile(ctx, request, {
            dir: report.REPORT_FILES_DIR,
            maxBytes: FINANCIAL_REPORT_MAX_BYTES,
            sizeKey: 'upload.pdfSize',
          }),
        ),
    );
    app.delete(
      '/backoffice/financial-report',
      {
        onRequest: requireStaff(ctx),
        schema: {
          tags: ['backoffice'],
          security,
          summary: 'Withdraws the current report',
          response: { 200: z.object({ success: z.literal(true) }), ...errors },
        },
      },
      async (request) => {
        await report.removeReport(ctx, sessionOf(request));
        return { success: true as const };
      },
    );
    serveUploadedFiles(fastify, ctx, {
      dir: report.REPORT_FILES_DIR,
      kind: report.REPORT_UPLOAD_KIND,
      tags,
      summary: 'The uploaded report PDF by its unguessable name, with byte ranges (pdf.js asks for them)',
    });
    app.get(
      '/financial-report/download',
      {
        onRequest: requireSession(ctx),
        schema: {
          tags,
          security,
          summary:
            "The lender dashboard's report download: the demo report's pages as one PDF (an uploaded report is downloaded from its url)",
          produces: ['application/pdf'],
        },
      },
      async (_request, reply) => {
        const current = (await report.currentReport(ctx)).report;
        if (current?.kind !== 'pages') throw notFound();
        const pdf = await demoReportPdf(current.pages.length);
        return reply
          .type('application/pdf')
          .header('cache-control', 'no-store')
          .header(
            'content-disposition',
            contentDisposition('Промежуточный финансовый отчёт.pdf', 'interim-financial-report.pdf'),
          )
          .send(Buffer.from(pdf));
      },
    );
    app.get(
      '/media/report-2024/:name',
      {
        schema: {
          tags,
          summary: 'Page n of the demo interim financial report (page-1.svg … page-15.svg)',
          params: z.object({ name: z.string().max(20) }),
        },
      },
      async (request, reply) => {
        const page = Number(/^page-(\d{1,2})\.svg$/.exec(request.params.name)?.[1]);
        if (!Number.isInteger(page) || page < 1 || page > FINANCIAL_REPORT_PAGES) throw notFound();
        return reply
          .type('image/svg+xml')
          .header('cache-control', 'public, max-age=86400')
          .send(reportPageSvg(page));
      },
    );
  };
}
