import '../../shared/ui/mantine-styles-app';
import { Button, Stack } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { SessionProvider, useSession, useSessionState } from '../../shared/session/session';
import { useSignOut } from '../../shared/session/use-sign-out';
import { Logo } from '../../shared/ui/logo';
import { ErrorState, LoadingState } from '../../shared/ui/page-state';
import { Footer } from './footer';
import { Header } from './header';
import { LocationSelect, LocationTabs } from './location-tabs';
import { ManagerCard } from './manager-card';
import { showsLocationTabs } from './menu-rules';
import { NeedSignBanner } from './need-sign-banner';
import { NoOwnerRole } from './no-owner-role';
import { SideMenu } from './side-menu';
import { RoleToggler } from './togglers';
import { UnitsList } from './units-list';

/**
 * The shell of every signed-in page: header, banner, side menu, location tabs, the page, the units list and the
 * manager card, footer. At 768 px and below the menu moves into the burger and locations into a dropdown.
 */
export function AppLayout() {
  const { t } = useTranslation();
  const state = useSessionState();
  const signOut = useSignOut();
  if (state.status !== 'ready') {
    return (
      <div className="app-shell">
        <header className="app-header">
          <Logo />
        </header>
        <main className="app-main-single">
          {state.status === 'loading' ? (
            <LoadingState />
          ) : (
            <Stack maw={560} mx="auto" gap="sm">
              <ErrorState onRetry={state.retry} />
              {/* Whatever fails, the user can still leave. */}
              <Button variant="subtle" onClick={() => void signOut()} style={{ alignSelf: 'flex-start' }}>
                {t('layout.exit')}
              </Button>
            </Stack>
          )}
        </main>
      </div>
    );
  }
  if (state.session.roles.length === 0) return <NoOwnerRole />;
  return (
    <SessionProvider session={state.session}>
      <div className="app-shell">
        <a href="#content" className="skip-link">
          {t('layout.skipToContent')}
        </a>
        <Header />
        <NeedSignBanner />
        <div className="app-body">
          {/* The side menu is a named nav landmark of its own; a second aside would be an unnamed twin. */}
          <div className="app-aside desktop-only">
            <SideMenu />
          </div>
          <main className="app-main" id="content">
            <PageLocationTabs />
            <div className="mobile-only mobile-pickers">
              <PageLocationTabs select />
              <RoleToggler fullWidth testId="role-toggler-mobile" />
            </div>
            <Suspense fallback={<LoadingState />}>
              <Outlet />
            </Suspense>
          </main>
          <aside className="app-side-info" aria-label={t('layout.sideInfo')}>
            <UnitsList />
            <ManagerCard />
          </aside>
        </div>
        <Footer />
      </div>
    </SessionProvider>
  );
}

/** The location tabs (the dropdown at 768 px and below), only above the pages that show data by location. */
function PageLocationTabs({ select }: { select?: boolean }) {
  const { pathname } = useLocation();
  const { currentRole } = useSession();
  if (!showsLocationTabs(pathname, currentRole)) return null;
  return select ? (
    <LocationSelect />
  ) : (
    <div className="desktop-only">
      <LocationTabs />
    </div>
  );
}
