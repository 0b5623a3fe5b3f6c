import { requestCreatedResponseSchema } from '@portal/contract/account';
import { errorResponseSchema } from '@portal/contract/errors';
import {
  bannerSubmitRequestSchema,
  capitalizationGraphicSchema,
  incomeActivesQuerySchema,
  incomeActivesResponseSchema,
  incomeRangeQuerySchema,
  incomeStatisticsSchema,
  investorIncomeResponseSchema,
  lenderIncomeResponseSchema,
  locationQuerySchema,
  unitCapitalizationQuerySchema,
} from '@portal/contract/finance';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requestLocale } from '../../http/locale.ts';
import { requireSession, sessionOf } from '../../http/session-auth.ts';
import { attachment, XLSX_TYPE } from '../../shared/xlsx.ts';
import * as income from './service.ts';
import { investorIncomeXlsx, lenderIncomeXlsx } from './xlsx.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

export function incomeRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const authed = { onRequest: requireSession(ctx) };
    const security = [{ bearer: [] }];
    const tags = ['income'];

    app.get(
      '/investor-income/statistics',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: 'Investor: invested, earned, ROI, payback in a location',
          querystring: locationQuerySchema,
          response: { 200: incomeStatisticsSchema, ...errors },
        },
      },
      (request) => income.investorStatistics(ctx, sessionOf(request), request.query.location),
    );
    app.get(
      '/lender-income/statistics',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: 'Lender: loan provided, earned, loan term in a location',
          querystring: locationQuerySchema,
          response: { 200: incomeStatisticsSchema, ...errors },
        },
      },
      (request) => income.lenderStatistics(ctx, sessionOf(request), request.query.location),
    );
    app.get(
      '/investor-income',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: 'Investor: incomes of each unit by month',
          querystring: incomeRangeQuerySchema,
          response: { 200: investorIncomeResponseSchema, ...errors },
        },
      },
      (request) => income.investorIncome(ctx, sessionOf(request), request.query),
    );
    app.get(
      '/lender-income',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: 'Lender: loan payments by month',
          querystring: incomeRangeQuerySchema,
          response: { 200: lenderIncomeResponseSchema, ...errors },
        },
      },
      (request) => income.lenderIncome(ctx, sessionOf(request), request.query),
    );
    app.get(
      '/investor-income/actives',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: "Investor: the month's income by unit",
          querystring: incomeActivesQuerySchema,
          response: { 200: incomeActivesResponseSchema, ...errors },
        },
      },
      (request) => income.investorActives(ctx, sessionOf(request), request.query),
    );
    app.get(
      '/lender-income/actives',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: "Lender: the month's payments by loan",
          querystring: incomeActivesQuerySchema,
          response: { 200: incomeActivesResponseSchema, ...errors },
        },
      },
      (request) => income.lenderActives(ctx, sessionOf(request), request.query),
    );
    app.get(
      '/investor-income/unit-capitalization-graphic',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: 'Capitalization history of an owned unit',
          querystring: unitCapitalizationQuerySchema,
          response: { 200: capitalizationGraphicSchema, ...errors },
        },
      },
      (request) => income.capitalizationGraphic(ctx, sessionOf(request), request.query.unitId),
    );
    app.get(
      '/investor-income/xls',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: 'Investor: incomes as an .xlsx file',
          querystring: locationQuerySchema,
          produces: [XLSX_TYPE],
        },
      },
      async (request, reply) => {
        const file = await investorIncomeXlsx(
          ctx,
          sessionOf(request),
          request.query.location,
          requestLocale(request),
        );
        return reply
          .type(XLSX_TYPE)
          .header('content-disposition', attachment(file.fileName, file.asciiName))
          .send(file.data);
      },
    );
    app.get(
      '/lender-income/xls',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: 'Lender: payments as an .xlsx file',
          querystring: locationQuerySchema,
          produces: [XLSX_TYPE],
        },
      },
      async (request, reply) => {
        const file = await lenderIncomeXlsx(
          ctx,
          sessionOf(request),
          request.query.location,
          requestLocale(request),
        );
        return reply
          .type(XLSX_TYPE)
          .header('content-disposition', attachment(file.fileName, file.asciiName))
          .send(file.data);
      },
    );
    app.post(
      '/lender-income/send-conversion-request',
      {
        ...authed,
        schema: {
          tags: ['requests'],
          security,
          summary: 'Lender asks to convert a loan into a project share',
          response: { 200: requestCreatedResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        requestId: await income.sendConversionRequest(ctx, sessionOf(request)),
      }),
    );
    app.post(
      '/banner/submit',
      {
        ...authed,
        schema: {
          tags: ['requests'],
          security,
          summary: 'The individual-entrepreneur request of the dashboard banner',
          body: bannerSubmitRequestSchema,
          response: { 200: requestCreatedResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        requestId: await income.submitEntrepreneurRequest(ctx, sessionOf(request), request.body.userId),
      }),
    );
  };
}
