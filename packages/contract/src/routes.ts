import { backofficeFinancialReportApi } from './backoffice-financial-report.ts';
import { backofficeLotsApi } from './backoffice-lots.ts';
import { bookingsApi } from './bookings.ts';
import { controlApi } from './control.ts';
import { incomeApi } from './finance.ts';
import { financialReportApi } from './financial-report.ts';
import { inventoryApi } from './inventory.ts';
import type { RouteDefinition, RouteKey } from './route.ts';
import { salesApi } from './sales.ts';
import { timelineApi } from './timeline.ts';

/**
 * Every call of /api/v1, by area: the server registers each (a test checks none is missing) and the web client
 * names them by key. The web imports this module only as types, and at run time only in development (to check
 * answers), so the schemas stay out of the production bundle.
 */
export const apiRoutes = {
  income: incomeApi,
  bookings: bookingsApi,
  control: controlApi,
  timeline: timelineApi,
  inventory: inventoryApi,
  financialReport: financialReportApi,
  backofficeFinancialReport: backofficeFinancialReportApi,
  sales: salesApi,
  backofficeLots: backofficeLotsApi,
} satisfies Record<string, Record<string, RouteDefinition>>;

type Areas = typeof apiRoutes;
export type ApiRoute = { [A in keyof Areas]: Areas[A][keyof Areas[A]] }[keyof Areas];
type ByKey = { [R in ApiRoute as RouteKey<R>]: R };
/** `'GET /investor-income'` and the like: every call's name. */
export type ApiKey = keyof ByKey;
export type ApiRouteOf<K extends ApiKey> = ByKey[K];
