import { incomeApi } from '@portal/contract/finance';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { contentDisposition } from '../../http/content-disposition.ts';
import { requestLocale } from '../../http/locale.ts';
import { routesOf } from '../../http/route.ts';
import { sessionOf } from '../../http/session-auth.ts';
import { XLSX_TYPE } from '../../shared/xlsx.ts';
import * as income from './service.ts';
import { investorIncomeXlsx, lenderIncomeXlsx } from './xlsx.ts';

export function incomeRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const route = routesOf(app, ctx);

    route(incomeApi.investorStatistics, (request) =>
      income.investorStatistics(ctx, sessionOf(request), request.query.location),
    );
    route(incomeApi.lenderStatistics, (request) =>
      income.lenderStatistics(ctx, sessionOf(request), request.query.location),
    );
    route(incomeApi.investorIncome, (request) =>
      income.investorIncome(ctx, sessionOf(request), request.query),
    );
    route(incomeApi.investorFirstScreen, (request) =>
      income.investorIncomeFirstScreen(ctx, sessionOf(request), request.query),
    );
    route(incomeApi.lenderFirstScreen, (request) =>
      income.lenderIncomeFirstScreen(ctx, sessionOf(request), request.query),
    );
    route(incomeApi.lenderIncome, (request) => income.lenderIncome(ctx, sessionOf(request), request.query));
    route(incomeApi.investorActives, (request) =>
      income.investorActives(ctx, sessionOf(request), request.query),
    );
    route(incomeApi.lenderActives, (request) => income.lenderActives(ctx, sessionOf(request), request.query));
    route(incomeApi.capitalizationGraphic, (request) =>
      income.capitalizationGraphic(ctx, sessionOf(request), request.query.unitId),
    );
    route(incomeApi.investorXlsx, async (request, reply) => {
      const file = await investorIncomeXlsx(
        ctx,
        sessionOf(request),
        request.query.location,
        requestLocale(request),
      );
      return reply
        .type(XLSX_TYPE)
        .header('content-disposition', contentDisposition(file.fileName, file.asciiName))
        .send(file.data);
    });
    route(incomeApi.lenderXlsx, async (request, reply) => {
      const file = await lenderIncomeXlsx(
        ctx,
        sessionOf(request),
        request.query.location,
        requestLocale(request),
      );
      return reply
        .type(XLSX_TYPE)
        .header('content-disposition', contentDisposition(file.fileName, file.asciiName))
        .send(file.data);
    });
    route(incomeApi.conversionRequest, async (request) => ({
      success: true as const,
      requestId: await income.sendConversionRequest(ctx, sessionOf(request)),
    }));
    route(incomeApi.bannerSubmit, async (request) => ({
      success: true as const,
      requestId: await income.submitEntrepreneurRequest(ctx, sessionOf(request), request.body.userId),
    }));
  };
}
