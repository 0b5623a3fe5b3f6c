import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { ApiError, call } from '../../shared/api/client';
import { queryKeyOf } from '../../shared/api/query-key';
import { useSignOut } from '../../shared/session/use-sign-out';
import { LanguageToggler } from '../../shared/ui/language-toggler';
import { Logo } from '../../shared/ui/logo';
import { LoadingState } from '../../shared/ui/page-state';

/**
 * An account without the investor or lender role (a manager of the back office) signs in fine, but the owners'
 * pages have nothing to show it: it sees why, instead of empty menus, and a way out.
 */
export function NoOwnerRole() {
  const { t } = useTranslation();
  const signOut = useSignOut();
  // A manager or an admin has the back office instead: that is where their sign-in leads.
  const staff = useQuery({
    queryKey: queryKeyOf('GET /backoffice/me'),
    queryFn: () => call('GET /backoffice/me'),
    retry: false,
  });
  if (staff.isPending) return <LoadingState />;
  // Staff who still have to enrol a second factor are sent there too: the console shows the enrolment.
  const mustEnrol = staff.error instanceof ApiError && staff.error.code === 'second_factor_required';
  if (staff.isSuccess || mustEnrol) return <Navigate to="/backoffice/" replace />;
  return (
    <div className="app-shell">
      <header className="app-header">
        <Group justify="space-between" wrap="nowrap" h="100%">
          <Logo />
          <LanguageToggler />
        </Group>
      </header>
      <main className="app-main-single" id="content">
        <Paper withBorder radius="md" p="xl" maw={560} mx="auto" data-testid="no-owner-role">
          <Stack gap="sm">
            <Title order={1} size="h3">
              {t('layout.noRoleTitle')}
            </Title>
            <Text c="dimmed">{t('layout.noRoleText')}</Text>
            <Group>
              <Button onClick={() => void signOut()}>{t('layout.exit')}</Button>
            </Group>
          </Stack>
        </Paper>
      </main>
    </div>
  );
}
