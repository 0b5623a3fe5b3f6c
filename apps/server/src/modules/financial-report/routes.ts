import {
  backofficeFinancialReportApi,
  FINANCIAL_REPORT_MAX_BYTES,
} from '@portal/contract/backoffice-financial-report';
import { filesApi } from '@portal/contract/files';
import { FINANCIAL_REPORT_PAGES, financialReportApi } from '@portal/contract/financial-report';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { contentDisposition } from '../../http/content-disposition.ts';
import { notFound } from '../../http/errors.ts';
import { registerMultipart } from '../../http/multipart.ts';
import { routesOf } from '../../http/route.ts';
import { sessionOf } from '../../http/session-auth.ts';
import { readSingleFile, serveUploadedFiles } from '../../http/uploaded-files.ts';
import { reportPageSvg } from './pages.ts';
import { demoReportPdf } from './pdf.ts';
import * as report from './service.ts';

export function financialReportRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    await registerMultipart(app, { maxBytes: FINANCIAL_REPORT_MAX_BYTES, fields: 3 });
    const route = routesOf(app, ctx);
    route(financialReportApi.current, () => report.currentReport(ctx));
    route(backofficeFinancialReportApi.current, (request) => report.staffReport(ctx, sessionOf(request)));
    route(
      backofficeFinancialReportApi.replace,
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
      { bodyLimit: FINANCIAL_REPORT_MAX_BYTES + 64 * 1024 },
    );
    route(backofficeFinancialReportApi.remove, async (request) => {
      await report.removeReport(ctx, sessionOf(request));
      return { success: true as const };
    });
    serveUploadedFiles(app, ctx, filesApi.financialReport, {
      dir: report.REPORT_FILES_DIR,
      kind: report.REPORT_UPLOAD_KIND,
    });
    route(financialReportApi.download, async (_request, reply) => {
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
    });
    route(financialReportApi.page, async (request, reply) => {
      const page = Number(/^page-(\d{1,2})\.svg$/.exec(request.params.name)?.[1]);
      if (!Number.isInteger(page) || page < 1 || page > FINANCIAL_REPORT_PAGES) throw notFound();
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .send(reportPageSvg(page));
    });
  };
}
