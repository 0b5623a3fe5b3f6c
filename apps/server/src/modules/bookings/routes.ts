import {
  bookingLocationsResponseSchema,
  bookingStatisticSchema,
  bookingStatisticsQuerySchema,
  bookingsQuerySchema,
  bookingsResponseSchema,
} from '@portal/contract/bookings';
import { errorResponseSchema } from '@portal/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireSession, sessionOf } from '../../http/session-auth.ts';
import { bookingLocations, bookingStatistics, bookings } from './service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

export function bookingRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const authed = { onRequest: requireSession(ctx) };
    const security = [{ bearer: [] }];
    const tags = ['bookings'];
    app.get(
      '/booking-locations',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: 'Locations whose bookings the user sees, with rooms and with outbuildings',
          response: { 200: bookingLocationsResponseSchema, ...errors },
        },
      },
      (request) => bookingLocations(ctx, sessionOf(request)),
    );
    for (const [url, statisticsUrl, part] of [
      ['/bookings', '/bookings/location-statistics', 'main'],
      ['/bookings-periphery', '/location-statistics-periphery', 'periphery'],
    ] as const) {
      const what = part === 'main' ? 'rooms (by night)' : 'outbuildings (by hour)';
      app.get(
        url,
        {
          ...authed,
          schema: {
            tags,
            security,
            summary: `Bookings and repairs of the location's ${what} in a window of at most 366 days`,
            querystring: bookingsQuerySchema,
            response: { 200: bookingsResponseSchema, ...errors },
          },
        },
        (request) => bookings(ctx, sessionOf(request), request.query, part),
      );
      app.get(
        statisticsUrl,
        {
          ...authed,
          schema: {
            tags,
            security,
            summary: `Today's load, guests and unit statuses, income and average price of the ${what}`,
            querystring: bookingStatisticsQuerySchema,
            response: { 200: bookingStatisticSchema, ...errors },
          },
        },
        (request) => bookingStatistics(ctx, sessionOf(request), request.query.location, part),
      );
    }
  };
}
