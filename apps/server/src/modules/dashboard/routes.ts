import { errorResponseSchema } from '@portal/contract/errors';
import {
  dashboardActualDataQuerySchema,
  dashboardActualDataSchema,
  dashboardGraphQuerySchema,
  dashboardGraphResponseSchema,
  dashboardStatisticsSchema,
  locationInfoSchema,
  locationQuerySchema,
} from '@portal/contract/finance';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireSession, sessionOf } from '../../http/session-auth.ts';
import { dashboardActualData, dashboardGraph, dashboardStatistics, locationInfo } from './service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

export function dashboardRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const authed = { onRequest: requireSession(ctx) };
    const security = [{ bearer: [] }];
    const tags = ['dashboard'];
    app.get(
      '/dashboard/graph',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: "Occupancy of the investor's units by month, %",
          querystring: dashboardGraphQuerySchema,
          response: { 200: dashboardGraphResponseSchema, ...errors },
        },
      },
      (request) => dashboardGraph(ctx, sessionOf(request), request.query),
    );
    app.get(
      '/dashboard/statistics',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: 'Invested, earned, ROI per year and average monthly income',
          querystring: locationQuerySchema,
          response: { 200: dashboardStatisticsSchema, ...errors },
        },
      },
      (request) => dashboardStatistics(ctx, sessionOf(request), request.query.location),
    );
    app.get(
      '/dashboard/actual-data',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: "The month list and the chosen month's income and occupancy against the month before",
          querystring: dashboardActualDataQuerySchema,
          response: { 200: dashboardActualDataSchema, ...errors },
        },
      },
      (request) => dashboardActualData(ctx, sessionOf(request), request.query),
    );
    app.get(
      '/dashboard/location-info',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: "The location's units by type and area and its infrastructure",
          querystring: locationQuerySchema,
          response: { 200: locationInfoSchema, ...errors },
        },
      },
      (request) => locationInfo(ctx, sessionOf(request), request.query.location),
    );
  };
}
