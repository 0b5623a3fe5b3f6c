import { z } from 'zod';
import { defineRoute } from './route.ts';
import { requiredIdSchema } from './validation.ts';

/** Booking calls (spec document 2, sections 2, 3, 4 and 7). Instants are ISO strings; money in rubles. */

/** At most a year and a day in one call (366 days). */
export const MAX_BOOKING_WINDOW_DAYS = 366;

const isoDateTime = z.iso.datetime({ offset: true, error: 'validation.invalid' });
const isoDateOrTime = z.union([z.iso.date({ error: 'validation.invalid' }), isoDateTime], {
  error: 'validation.invalid',
});

/**
 * A booking's status as the upstream booking system reports it, lowercased (the spec's booking day status): the
 * import accepts only these, the database holds only these (a check constraint), the grid shows 'checkedin' as 'new'.
 */
export const BOOKING_STATUSES = ['new', 'confirmed', 'checkedin', 'checkedout', 'cancelled'] as const;
export const bookingStatusSchema = z.enum(BOOKING_STATUSES);
export type BookingStatus = z.infer<typeof bookingStatusSchema>;

export const bookingsQuerySchema = z
  .object({
    location: requiredIdSchema,
    startDate: isoDateOrTime,
    endDate: isoDateOrTime,
  })
  .refine((q) => Date.parse(q.startDate) < Date.parse(q.endDate), {
    error: 'validation.invalid',
    path: ['endDate'],
  })
  .refine((q) => Date.parse(q.endDate) - Date.parse(q.startDate) <= MAX_BOOKING_WINDOW_DAYS * 86_400_000, {
    error: 'bookings.windowTooLong',
    path: ['endDate'],
  });
export type BookingsQuery = z.infer<typeof bookingsQuerySchema>;

export const bookingSchema = z.object({
  id: z.number(),
  startDateTime: z.string(),
  endDateTime: z.string(),
  status: bookingStatusSchema.describe('Upstream status lowercased'),
  guestAmount: z.number(),
  source: z.object({ id: z.number(), name: z.string(), nameEn: z.string(), type: z.string() }).nullable(),
  paid: z.number(),
  sum: z.number(),
});
export type Booking = z.infer<typeof bookingSchema>;

export const repairSchema = z.object({
  startDateTime: z.string(),
  endDateTime: z.string(),
  description: z.string(),
});
export type Repair = z.infer<typeof repairSchema>;

export const bookingUnitSchema = z.object({
  id: z.number(),
  name: z.string(),
  nameEn: z.string(),
  unitNumber: z.string().nullable(),
  isOwn: z.boolean().describe("True for the user's own unit"),
  bookings: z.array(bookingSchema),
  repairs: z.array(repairSchema),
});
export type BookingUnit = z.infer<typeof bookingUnitSchema>;

/** GET bookings and bookings-periphery: the location's units grouped by type, with their bookings in the window. */
export const bookingsResponseSchema = z
  .object({
    startDate: z.string(),
    endDate: z.string(),
    groups: z.array(z.object({ name: z.string(), nameEn: z.string(), units: z.array(bookingUnitSchema) })),
  })
  .meta({ id: 'Bookings' });
export type BookingsResponse = z.infer<typeof bookingsResponseSchema>;

/** GET booking-locations: the locations whose bookings the user may see. */
export const bookingLocationsResponseSchema = z.object({
  main: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      nameEn: z.string(),
      existsMain: z.boolean(),
      existsPeriphery: z.boolean(),
    }),
  ),
  periphery: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      nameEn: z.string(),
      existsMain: z.boolean(),
      existsPeriphery: z.boolean(),
    }),
  ),
});
export type BookingLocations = z.infer<typeof bookingLocationsResponseSchema>;

export const bookingStatisticsQuerySchema = z.object({
  location: requiredIdSchema,
});

/**
 * Keys of the statistics' maps (the spec's entities: guestsToday by guest category id, unitsStatus by status id).
 * The ids are ours: the spec names the keys, not their values. Guests of today's stays (rooms: staying at this moment;
 * outbuildings: a session today) by where they are in their stay: 1 arrived today, 2 staying on, 3 leaving today.
 */
export const GUEST_CATEGORY_IDS = { arriving: 1, staying: 2, departing: 3 } as const;
export type GuestCategory = keyof typeof GUEST_CATEGORY_IDS;
/** Units by today's state: 0 free, 1 booked (not checked in), 2 checked in, 3 under repair. */
export const UNIT_STATUS_IDS = { free: 0, booked: 1, checkedin: 2, repair: 3 } as const;
export type UnitStatus = keyof typeof UNIT_STATUS_IDS;

/** GET bookings/location-statistics and location-statistics-periphery */
export const bookingStatisticSchema = z
  .object({
    countOfUnits: z.number(),
    loadToday: z.object({ countOfUnits: z.number(), percentOfUnits: z.number() }),
    income: z.object({ thisMonth: z.number(), lastMonth: z.number() }),
    guestsToday: z
      .record(z.string(), z.number())
      .describe('Guests today by guest category id (GUEST_CATEGORY_IDS: 1 arriving, 2 staying, 3 departing)'),
    unitsStatus: z
      .record(z.string(), z.number())
      .describe('Units by status id (UNIT_STATUS_IDS: 0 free, 1 booked, 2 checked in, 3 repair)'),
    averageRoomPrice: z.object({ thisMonth: z.number(), lastMonth: z.number() }),
  })
  .meta({ id: 'BookingStatistic' });
export type BookingStatistic = z.infer<typeof bookingStatisticSchema>;

export const bookingsApi = {
  locations: defineRoute({
    method: 'GET',
    path: '/booking-locations',
    summary: 'Locations whose bookings the user sees, with rooms and with outbuildings',
    tags: ['bookings'],
    access: 'session',
    cache: true,
    response: bookingLocationsResponseSchema,
    errors: [404],
  }),
  bookings: defineRoute({
    method: 'GET',
    path: '/bookings',
    summary: "Bookings and repairs of the location's rooms (by night) in a window of at most 366 days",
    tags: ['bookings'],
    access: 'session',
    cache: true,
    query: bookingsQuerySchema,
    response: bookingsResponseSchema,
    errors: [404],
  }),
  statistics: defineRoute({
    method: 'GET',
    path: '/bookings/location-statistics',
    summary: "Today's load, guests and unit statuses, income and average price of the rooms (by night)",
    tags: ['bookings'],
    access: 'session',
    cache: true,
    query: bookingStatisticsQuerySchema,
    response: bookingStatisticSchema,
    errors: [404],
  }),
  peripheryBookings: defineRoute({
    method: 'GET',
    path: '/bookings-periphery',
    summary: "Bookings and repairs of the location's outbuildings (by hour) in a window of at most 366 days",
    tags: ['bookings'],
    access: 'session',
    cache: true,
    query: bookingsQuerySchema,
    response: bookingsResponseSchema,
    errors: [404],
  }),
  peripheryStatistics: defineRoute({
    method: 'GET',
    path: '/location-statistics-periphery',
    summary: "Today's load, guests and unit statuses, income and average price of the outbuildings (by hour)",
    tags: ['bookings'],
    access: 'session',
    cache: true,
    query: bookingStatisticsQuerySchema,
    response: bookingStatisticSchema,
    errors: [404],
  }),
};
