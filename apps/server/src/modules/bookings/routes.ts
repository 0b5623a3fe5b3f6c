import { bookingsApi } from '@portal/contract/bookings';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { routesOf } from '../../http/route.ts';
import { sessionOf } from '../../http/session-auth.ts';
import { bookingLocations, bookingStatistics, bookings } from './service.ts';

export function bookingRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const route = routesOf(app, ctx);
    route(bookingsApi.locations, (request) => bookingLocations(ctx, sessionOf(request)));
    for (const [list, statistics, part] of [
      [bookingsApi.bookings, bookingsApi.statistics, 'main'],
      [bookingsApi.peripheryBookings, bookingsApi.peripheryStatistics, 'periphery'],
    ] as const) {
      route(list, (request) => bookings(ctx, sessionOf(request), request.query, part));
      route(statistics, (request) =>
        bookingStatistics(ctx, sessionOf(request), request.query.location, part),
      );
    }
  };
}
