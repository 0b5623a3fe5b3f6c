import { authApi } from './auth.ts';
import { backofficeApi, importApi } from './backoffice.ts';
import { backofficeCamerasApi } from './backoffice-cameras.ts';
import { catalogueApi } from './backoffice-catalogue.ts';
import { categoriesApi } from './backoffice-categories.ts';
import { contentApi } from './backoffice-content.ts';
import { backofficeDocumentsApi } from './backoffice-documents.ts';
import { backofficeFinancialReportApi } from './backoffice-financial-report.ts';
import { importFilesApi } from './backoffice-import.ts';
import { backofficeLoansApi } from './backoffice-loans.ts';
import { backofficeLocationDocumentsApi } from './backoffice-location-documents.ts';
import { backofficeLotsApi } from './backoffice-lots.ts';
import { backofficeOutboxApi } from './backoffice-outbox.ts';
import { backofficeReportsApi } from './backoffice-reports.ts';
import { staffApi } from './backoffice-staff.ts';
import { bookingsApi } from './bookings.ts';
import { camerasApi } from './cameras.ts';
import { companySettingsApi } from './company-settings.ts';
import { controlApi } from './control.ts';
import { documentsApi } from './documents.ts';
import { faqApi } from './faq.ts';
import { filesApi } from './files.ts';
import { dashboardApi, incomeApi, outcomeApi } from './finance.ts';
import { financialReportApi } from './financial-report.ts';
import { inventoryApi } from './inventory.ts';
import { layoutApi } from './layout.ts';
import { newsApi } from './news.ts';
import { notificationsApi } from './notifications.ts';
import { profileApi } from './profile.ts';
import { promoApi } from './promo.ts';
import { reportsApi } from './reports.ts';
import { requestsApi } from './requests.ts';
import type { RouteDefinition, RouteKey } from './route.ts';
import { timelineApi } from './timeline.ts';
import { unitsApi } from './units.ts';

/**
 * Every call of /api/v1, by area: the server registers each (a test checks none is missing) and the web client
 * names them by key. The web imports this module only as types, and at run time only in development (to check
 * answers), so the schemas stay out of the production bundle.
 */
export const apiRoutes = {
  income: incomeApi,
  auth: authApi,
  profile: profileApi,
  layout: layoutApi,
  requests: requestsApi,
  faq: faqApi,
  news: newsApi,
  dashboard: dashboardApi,
  outcome: outcomeApi,
  bookings: bookingsApi,
  control: controlApi,
  timeline: timelineApi,
  reports: reportsApi,
  backoffice: backofficeApi,
  staff: staffApi,
  import: importApi,
  importFiles: importFilesApi,
  catalogue: catalogueApi,
  categories: categoriesApi,
  companySettings: companySettingsApi,
  backofficeLoans: backofficeLoansApi,
  content: contentApi,
  backofficeReports: backofficeReportsApi,
  backofficeOutbox: backofficeOutboxApi,
  files: filesApi,
  inventory: inventoryApi,
  financialReport: financialReportApi,
  backofficeFinancialReport: backofficeFinancialReportApi,
  units: unitsApi,
  promo: promoApi,
  backofficeLots: backofficeLotsApi,
  cameras: camerasApi,
  backofficeCameras: backofficeCamerasApi,
  documents: documentsApi,
  backofficeDocuments: backofficeDocumentsApi,
  backofficeLocationDocuments: backofficeLocationDocumentsApi,
  notifications: notificationsApi,
} satisfies Record<string, Record<string, RouteDefinition>>;

type Areas = typeof apiRoutes;
export type ApiRoute = { [A in keyof Areas]: Areas[A][keyof Areas[A]] }[keyof Areas];
type ByKey = { [R in ApiRoute as RouteKey<R>]: R };
/** `'GET /investor-income'` and the like: every call's name. */
export type ApiKey = keyof ByKey;
export type ApiRouteOf<K extends ApiKey> = ByKey[K];
