import { outcomeApi } from '@portal/contract/finance';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { contentDisposition } from '../../http/content-disposition.ts';
import { requestLocale } from '../../http/locale.ts';
import { routesOf } from '../../http/route.ts';
import { sessionOf } from '../../http/session-auth.ts';
import { XLSX_TYPE } from '../../shared/xlsx.ts';
import { outcomeData } from './service.ts';
import { outcomeXlsx } from './xlsx.ts';

export function outcomeRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const route = routesOf(app, ctx);
    route(outcomeApi.main, (request) =>
      outcomeData(ctx, sessionOf(request), {
        ...request.query,
        part: 'main',
        locale: requestLocale(request),
      }),
    );
    route(outcomeApi.periphery, (request) =>
      outcomeData(ctx, sessionOf(request), {
        ...request.query,
        part: 'periphery',
        locale: requestLocale(request),
      }),
    );
    route(outcomeApi.xlsx, async (request, reply) => {
      const file = await outcomeXlsx(ctx, sessionOf(request), request.query, requestLocale(request));
      return reply
        .type(XLSX_TYPE)
        .header('content-disposition', contentDisposition(file.fileName, file.asciiName))
        .send(file.data);
    });
  };
}
