import {
  backofficeFinancialReportApi,
  FINANCIAL_REPORT_MAX_BYTES,
} from '@portal/contract/backoffice-financial-report';
import { filesApi } from '@portal/contract/files';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { registerMultipart } from '../../http/multipart.ts';
import { routesOf } from '../../http/route.ts';
import { sessionOf } from '../../http/session-auth.ts';
import { readSingleFile, serveUploadedFiles } from '../../http/uploaded-files.ts';
import * as report from './backoffice.ts';

/** /api/v1/backoffice/financial-report (managers and admins) and the uploaded PDF it serves. */
export function backofficeFinancialReportRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    await registerMultipart(app, { maxBytes: FINANCIAL_REPORT_MAX_BYTES, fields: 3 });
    const route = routesOf(app, ctx);
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
  };
}
