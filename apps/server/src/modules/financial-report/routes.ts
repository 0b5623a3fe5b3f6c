import { FINANCIAL_REPORT_PAGES } from '@portal/contract/financial-report';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/errors.ts';
import { reportPageSvg } from './pages.ts';

export function financialReportRoutes() {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/media/report-2024/:name',
      {
        schema: {
          tags: ['financial-report'],
          summary: 'Page n of the interim financial report 2024 (page-1.svg … page-15.svg)',
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
