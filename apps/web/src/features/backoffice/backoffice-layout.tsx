import '../../shared/ui/mantine-styles-app';
import { Badge, Button, Group, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { useSignOut } from '../../shared/session/use-sign-out';
import { LanguageToggler } from '../../shared/ui/language-toggler';
import { Logo } from '../../shared/ui/logo';
import { NotFoundPage } from '../../shared/ui/not-found-page';
import { ErrorState, LoadingState } from '../../shared/ui/page-state';
import { useBackofficeMe } from './queries';
import { SecondFactorEnrol } from './second-factor-enrol';

const SECTIONS = [
  { path: '/backoffice/', key: 'inbox' },
  { path: '/backoffice/owners/', key: 'owners' },
  { path: '/backoffice/news/', key: 'news' },
  { path: '/backoffice/faq/', key: 'faq' },
  { path: '/backoffice/reports/', key: 'reports' },
  { path: '/backoffice/locations/', key: 'catalogue' },
  { path: '/backoffice/cameras/', key: 'cameras' },
  { path: '/backoffice/location-documents/', key: 'locationDocuments' },
  { path: '/backoffice/financial-report/', key: 'financialReport' },
  { path: '/backoffice/company/', key: 'company' },
  { path: '/backoffice/lots/', key: 'lots' },
  { path: '/backoffice/inventory/', key: 'inventory' },
  { path: '/backoffice/import/', key: 'import' },
  { path: '/backoffice/audit/', key: 'audit' },
  { path: '/backoffice/outbox/', key: 'outbox' },
  { path: '/backoffice/staff/', key: 'staff', adminOnly: true },
] as const;

/** The managers' console: its own header and sections; an owner's account finds no such page here. */
export function BackofficeLayout() {
  const { t } = useTranslation();
  const me = useBackofficeMe();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const signOut = useSignOut();

  if (me.isPending) {
    return (
      <div className="app-main-single">
        <LoadingState />
      </div>
    );
  }
  if (me.isError) {
    if (me.error instanceof ApiError && me.error.code === 'second_factor_required')
      return <SecondFactorEnrol onEnrolled={() => void me.refetch()} />;
    if (me.error instanceof ApiError && me.error.status === 403) return <NotFoundPage />;
    return (
      <div className="app-main-single">
        <ErrorState onRetry={() => void me.refetch()} />
      </div>
    );
  }
  const isAdmin = me.data.roles.includes('ADMIN');
  const sections = SECTIONS.filter((section) => isAdmin || !('adminOnly' in section));
  const active =
    [...sections].reverse().find((section) => pathname.startsWith(section.path))?.path ?? '/backoffice/';
  return (
    <div className="app-shell backoffice" data-testid="backoffice">
      <header className="app-header">
        <Group justify="space-between" wrap="nowrap" h="100%" gap="xs">
          <Group gap="sm" wrap="nowrap">
            <Logo />
            <Text fw={700} visibleFrom="xs">
              {t('backoffice.title')}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" c="dimmed" visibleFrom="sm">
              {me.data.name}
            </Text>
            {me.data.roles.map((role) => (
              <Badge key={role} variant="light" visibleFrom="sm">
                {t(`backoffice.roles.${role}`)}
              </Badge>
            ))}
            <LanguageToggler />
            <Button size="xs" variant="subtle" px={6} onClick={() => void signOut()}>
              {t('layout.exit')}
            </Button>
          </Group>
        </Group>
      </header>
      <main className="backoffice-main" id="content">
        <Tabs value={active} onChange={(value) => value && navigate(value)} mb="md">
          <Tabs.List className="backoffice-tabs">
            {sections.map((section) => (
              <Tabs.Tab key={section.path} value={section.path}>
                {t(`backoffice.nav.${section.key}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <Outlet />
      </main>
    </div>
  );
}
