import { ROUTER_SCROLL_DELAY_MS } from '@portal/contract/constants';
import { useEffect } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation } from 'react-router';
import { prefetchDashboard } from '../features/dashboard/prefetch';
import { closeEarlyCalls } from '../shared/api/early-calls';
import { prefetchLayout } from '../shared/api/layout-prefetch';
import { queryClient } from '../shared/api/query-client';
import { loadTexts } from '../shared/i18n';
import { storage } from '../shared/storage';
import { LoadingState } from '../shared/ui/page-state';
import { page, pageCalls } from './lazy-page';
import { PageError, RouteError } from './route-error';

/** Auth routes are for anonymous users: a stored token goes to /. */
function AnonymousOnly() {
  return storage.token() ? <Navigate to="/" replace /> : <Outlet />;
}

/** Every other route needs the stored token, else /login. */
function RequireToken() {
  return storage.token() ? <Outlet /> : <Navigate to="/login" replace />;
}

const HASH_SCROLL_INTERVAL_MS = 100;
const HASH_SCROLL_TRIES = 30;

/** After navigation: to the top after about 500 ms, or smoothly to the hash anchor. */
function ScrollManager() {
  const { pathname, hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is what starts the scroll.
  useEffect(() => {
    if (hash) {
      // The anchor may belong to data still loading: look for it a few times, then give up.
      const id = decodeURIComponent(hash.slice(1));
      let tries = 0;
      const timer = setInterval(() => {
        const target = document.getElementById(id);
        tries += 1;
        if (target) target.scrollIntoView({ behavior: 'smooth' });
        if (target || tries >= HASH_SCROLL_TRIES) clearInterval(timer);
      }, HASH_SCROLL_INTERVAL_MS);
      return () => clearInterval(timer);
    }
    const timer = setTimeout(() => window.scrollTo({ top: 0 }), ROUTER_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pathname, hash]);
  return <Outlet />;
}

/**
 * The spec's route table. Areas built by later issues register their routes here when they land; until then
 * their paths fall to the not-found screen.
 */
/** The income and bookings pages' loaders (pageCalls): chunks of their own, warmed once a signed-in page settles. */
const incomeCalls = () => import('../features/income/prefetch');
const bookingCalls = () => import('../features/bookings/prefetch');

export const router = createBrowserRouter([
  {
    element: <ScrollManager />,
    errorElement: <RouteError />,
    // While the first page's code arrives: a loader, never a blank page.
    HydrateFallback: () => (
      <div className="app-main-single">
        <LoadingState />
      </div>
    ),
    children: [
      {
        // A mail's unsubscribe link: signed in or not, the link's signature is what counts.
        path: '/unsubscribe',
        lazy: page(
          () => import('../features/auth/unsubscribe-page'),
          (m) => m.UnsubscribePage,
        ),
      },
      {
        element: <AnonymousOnly />,
        children: [
          {
            path: '/login',
            lazy: page(
              () => import('../features/auth/login-page'),
              (m) => m.LoginPage,
            ),
          },
          {
            path: '/sign-up',
            lazy: page(
              () => import('../features/auth/sign-up-page'),
              (m) => m.SignUpPage,
            ),
          },
          {
            path: '/sign-up-success',
            lazy: page(
              () => import('../features/auth/sign-up-page'),
              (m) => m.SignUpSuccessPage,
            ),
          },
          {
            path: '/password-recovery',
            lazy: page(
              () => import('../features/auth/recovery-page'),
              (m) => m.PasswordRecoveryPage,
            ),
          },
          {
            path: '/recovery-success',
            lazy: page(
              () => import('../features/auth/recovery-page'),
              (m) => m.RecoverySuccessPage,
            ),
          },
          {
            path: '/activation/:link',
            lazy: page(
              () => import('../features/auth/set-password-page'),
              (m) => () => <m.SetPasswordPage kind="signup" />,
            ),
          },
          {
            path: '/recovery/:link',
            lazy: page(
              () => import('../features/auth/set-password-page'),
              (m) => () => <m.SetPasswordPage kind="recovery" />,
            ),
          },
        ],
      },
      {
        element: <RequireToken />,
        children: [
          { path: '/', element: <Navigate to="/dashboard/" replace /> },
          {
            path: '/backoffice/',
            // The console's texts and the signed-in areas' load with its layout.
            lazy: page(
              () =>
                Promise.all([
                  loadTexts('app'),
                  loadTexts('backoffice'),
                  import('../features/backoffice/backoffice-layout'),
                ]).then(([, , m]) => m),
              (m) => m.BackofficeLayout,
            ),
            children: [
              {
                index: true,
                lazy: page(
                  () => import('../features/backoffice/requests/inbox-page'),
                  (m) => m.InboxPage,
                ),
              },
              {
                path: 'owners/',
                lazy: page(
                  () => import('../features/backoffice/owners/owners-page'),
                  (m) => m.OwnersPage,
                ),
              },
              {
                path: 'owners/:id',
                lazy: page(
                  () => import('../features/backoffice/owners/owner-page'),
                  (m) => m.OwnerPage,
                ),
              },
              {
                path: 'news/',
                lazy: page(
                  () => import('../features/backoffice/content/news-page'),
                  (m) => m.ContentNewsPage,
                ),
              },
              {
                path: 'faq/',
                lazy: page(
                  () => import('../features/backoffice/content/faq-page'),
                  (m) => m.ContentFaqPage,
                ),
              },
              {
                path: 'reports/',
                lazy: page(
                  () => import('../features/backoffice/content/reports-page'),
                  (m) => m.ContentReportsPage,
                ),
              },
              {
                path: 'locations/',
                lazy: page(
                  () => import('../features/backoffice/catalogue/locations-page'),
                  (m) => m.CatalogueLocationsPage,
                ),
              },
              {
                path: 'locations/:id',
                lazy: page(
                  () => import('../features/backoffice/catalogue/units-page'),
                  (m) => m.CatalogueUnitsPage,
                ),
              },
              {
                path: 'locations/lists/',
                lazy: page(
                  () => import('../features/backoffice/catalogue/lists-page'),
                  (m) => m.CatalogueListsPage,
                ),
              },
              {
                path: 'locations/sources/',
                lazy: page(
                  () => import('../features/backoffice/catalogue/sources-page'),
                  (m) => m.CatalogueSourcesPage,
                ),
              },
              {
                path: 'locations/categories/',
                lazy: page(
                  () => import('../features/backoffice/catalogue/categories-page'),
                  (m) => m.CatalogueCategoriesPage,
                ),
              },
              {
                path: 'cameras/',
                lazy: page(
                  () => import('../features/backoffice/company/cameras-page'),
                  (m) => m.CompanyCamerasPage,
                ),
              },
              {
                path: 'location-documents/',
                lazy: page(
                  () => import('../features/backoffice/company/location-documents-page'),
                  (m) => m.LocationDocumentsPage,
                ),
              },
              {
                path: 'financial-report/',
                lazy: page(
                  () => import('../features/backoffice/company/financial-report-page'),
                  (m) => m.CompanyReportPage,
                ),
              },
              {
                path: 'company/',
                lazy: page(
                  () => import('../features/backoffice/company/company-settings-page'),
                  (m) => m.CompanySettingsPage,
                ),
              },
              {
                path: 'lots/',
                lazy: page(
                  () => import('../features/backoffice/company/lots-page'),
                  (m) => m.CompanyLotsPage,
                ),
              },
              {
                path: 'inventory/',
                lazy: page(
                  () => import('../features/backoffice/company/inventory-page'),
                  (m) => m.CompanyInventoryPage,
                ),
              },
              {
                path: 'import/',
                lazy: page(
                  () => import('../features/backoffice/import/import-page'),
                  (m) => m.ImportPage,
                ),
              },
              {
                path: 'audit/',
                lazy: page(
                  () => import('../features/backoffice/requests/audit-page'),
                  (m) => m.AuditPage,
                ),
              },
              {
                path: 'outbox/',
                lazy: page(
                  () => import('../features/backoffice/requests/outbox-page'),
                  (m) => m.OutboxPage,
                ),
              },
              {
                path: 'staff/',
                lazy: page(
                  () => import('../features/backoffice/staff/staff-page'),
                  (m) => m.StaffPage,
                ),
              },
            ],
          },
          {
            // The signed-in shell is a chunk of its own, and so are its texts: the anonymous screens never load
            // them. The router loads them and the page's chunk in parallel; the page's loader starts its data as the
            // route is entered.
            loader: () => prefetchLayout(queryClient),
            lazy: page(
              () => Promise.all([loadTexts('app'), import('./layout/app-layout')]).then(([, m]) => m),
              (m) => m.AppLayout,
            ),
            // A page that fails (its code did not load: the server is down, a deploy removed it) shows its error
            // inside the shell, with a retry: the menu, header and the owner's way elsewhere stay.
            children: [
              {
                errorElement: <PageError />,
                children: [
                  {
                    path: '/dashboard/',
                    loader: () => prefetchDashboard(queryClient),
                    lazy: page(
                      () => import('../features/dashboard/dashboard-page'),
                      (m) => m.DashboardPage,
                    ),
                  },
                  {
                    path: '/dashboard/income/',
                    loader: pageCalls(incomeCalls, (m) => m.prefetchIncome(queryClient)),
                    lazy: page(
                      () => import('../features/income/income-page'),
                      (m) => m.IncomePage,
                    ),
                  },
                  {
                    path: '/dashboard/outcome/',
                    lazy: page(
                      () => import('../features/outcome/outcome-page'),
                      (m) => () => <m.OutcomePage part="main" />,
                    ),
                  },
                  {
                    path: '/dashboard/outcome-periphery/',
                    lazy: page(
                      () => import('../features/outcome/outcome-page'),
                      (m) => () => <m.OutcomePage part="periphery" />,
                    ),
                  },
                  {
                    path: '/dashboard/booking/',
                    loader: pageCalls(bookingCalls, (m) => m.prefetchBookings(queryClient, 'main')),
                    lazy: page(
                      () => import('../features/bookings/bookings-page'),
                      (m) => () => <m.BookingsPage part="main" />,
                    ),
                  },
                  {
                    path: '/dashboard/booking-periphery/',
                    loader: pageCalls(bookingCalls, (m) => m.prefetchBookings(queryClient, 'periphery')),
                    lazy: page(
                      () => import('../features/bookings/bookings-page'),
                      (m) => () => <m.BookingsPage part="periphery" />,
                    ),
                  },
                  {
                    path: '/dashboard/timeline/',
                    lazy: page(
                      () => import('../features/timeline/timeline-page'),
                      (m) => m.TimelinePage,
                    ),
                  },
                  {
                    path: '/dashboard/reports/',
                    lazy: page(
                      () => import('../features/reports/reports-page'),
                      (m) => m.ReportsPage,
                    ),
                  },
                  {
                    path: '/dashboard/control/',
                    lazy: page(
                      () => import('../features/control/control-page'),
                      (m) => m.ControlPage,
                    ),
                  },
                  {
                    path: '/dashboard/control/inspection/:id',
                    lazy: page(
                      () => import('../features/control/inspection-page'),
                      (m) => m.InspectionPage,
                    ),
                  },
                  {
                    path: '/dashboard/report-2024',
                    lazy: page(
                      () => import('../features/financial-report/financial-report-page'),
                      (m) => m.FinancialReportPage,
                    ),
                  },
                  {
                    path: '/documents/',
                    lazy: page(
                      () => import('../features/documents/documents-page'),
                      (m) => m.DocumentsPage,
                    ),
                  },
                  {
                    path: '/inventory/',
                    lazy: page(
                      () => import('../features/inventory/inventory-page'),
                      (m) => m.InventoryPage,
                    ),
                  },
                  {
                    path: '/dashboard/cameras',
                    lazy: page(
                      () => import('../features/cameras/cameras-page'),
                      (m) => m.CamerasPage,
                    ),
                  },
                  {
                    path: '/units/',
                    lazy: page(
                      () => import('../features/units/units-page'),
                      (m) => m.UnitsPage,
                    ),
                  },
                  {
                    path: '/promo/',
                    lazy: page(
                      () => import('../features/promo/promo-page'),
                      (m) => m.PromoPage,
                    ),
                  },
                  {
                    path: '/news/',
                    lazy: page(
                      () => import('../features/news/news-page'),
                      (m) => m.NewsPage,
                    ),
                  },
                  {
                    path: '/faq/',
                    lazy: page(
                      () => import('../features/faq/faq-page'),
                      (m) => m.FaqPage,
                    ),
                  },
                  {
                    path: '/profile/',
                    lazy: page(
                      () => import('../features/profile/profile-page'),
                      (m) => m.ProfilePage,
                    ),
                  },
                ],
              },
              {
                path: '/notifications/',
                lazy: page(
                  () => import('../features/notifications/notifications-page'),
                  (m) => m.NotificationsPage,
                ),
              },
            ],
          },
        ],
      },
      {
        path: '*',
        lazy: page(
          () => import('../shared/ui/not-found-page'),
          (m) => m.NotFoundPage,
        ),
      },
    ],
  },
]);

// The shell's early answers (early-calls.ts) are for the first navigation's loaders; what they left is dropped then.
if (router.state.initialized) closeEarlyCalls();
else {
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    stop();
    closeEarlyCalls();
  });
}

// Once a signed-in page has settled, the pages' loaders are fetched (a few hundred bytes each): a later navigation's
// loader then starts its calls at the click, beside the page's own code, instead of a round trip for its own first.
let loadersWarmed = false;
const warmLoaders = (state: typeof router.state) => {
  if (loadersWarmed || !state.initialized || state.navigation.state !== 'idle' || !storage.token()) return;
  loadersWarmed = true;
  for (const load of [incomeCalls, bookingCalls]) void load().catch(() => undefined);
};
warmLoaders(router.state);
router.subscribe(warmLoaders);
