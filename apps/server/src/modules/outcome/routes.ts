import { errorResponseSchema } from '@portal/contract/errors';
import { outcomeDataSchema, outcomeQuerySchema, outcomeXlsQuerySchema } from '@portal/contract/finance';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { contentDisposition } from '../../http/content-disposition.ts';
import { requestLocale } from '../../http/locale.ts';
import { requireSession, sessionOf } from '../../http/session-auth.ts';
import { XLSX_TYPE } from '../../shared/xlsx.ts';
import { outcomeData } from './service.ts';
import { outcomeXlsx } from './xlsx.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

export function outcomeRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const authed = { onRequest: requireSession(ctx) };
    const security = [{ bearer: [] }];
    const tags = ['outcome'];
    for (const [url, part] of [
      ['/adesk', 'main'],
      ['/adesk-periphery', 'periphery'],
    ] as const) {
      app.get(
        url,
        {
          ...authed,
          schema: {
            tags,
            security,
            summary: `Investor: the month's income and expenses of the location's ${part === 'main' ? 'rooms' : 'outbuildings'}`,
            querystring: outcomeQuerySchema,
            response: { 200: outcomeDataSchema, ...errors },
          },
        },
        (request) => outcomeData(ctx, sessionOf(request), { ...request.query, part }),
      );
    }
    app.get(
      '/outcome/xls',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: "Investor: the month's rows as an .xlsx file",
          querystring: outcomeXlsQuerySchema,
          produces: [XLSX_TYPE],
        },
      },
      async (request, reply) => {
        const file = await outcomeXlsx(ctx, sessionOf(request), request.query, requestLocale(request));
        return reply
          .type(XLSX_TYPE)
          .header('content-disposition', contentDisposition(file.fileName, file.asciiName))
          .send(file.data);
      },
    );
  };
}
