import { FINANCIAL_REPORT_PAGES, financialReportApi } from '@portal/contract/financial-report';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { contentDisposition } from '../../http/content-disposition.ts';
import { notFound } from '../../http/errors.ts';
import { routesOf } from '../../http/route.ts';
import { reportPageSvg } from './pages.ts';
import { demoReportPdf } from './pdf.ts';
import { currentReport } from './service.ts';

export function financialReportRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const route = routesOf(app, ctx);
    route(financialReportApi.current, () => currentReport(ctx));
    route(financialReportApi.download, async (_request, reply) => {
      const current = (await currentReport(ctx)).report;
      if (current?.kind !== 'pages') throw notFound();
      const pdf = demoReportPdf(current.pages.length);
      return reply
        .type('application/pdf')
        .header('cache-control', 'no-store')
        .header(
          'content-disposition',
          contentDisposition('Промежуточный финансовый отчёт.pdf', 'interim-financial-report.pdf'),
        )
        .send(pdf);
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
