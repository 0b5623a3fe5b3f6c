import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Logo } from './header';
import { LanguageToggler } from './togglers';
import { useSignOut } from './use-sign-out';

/**
 * An account without the investor or lender role (a manager of the back office) signs in fine, but the owners'
 * pages have nothing to show it: it sees why, instead of empty menus, and a way out.
 */
export function NoOwnerRole() {
  const { t } = useTranslation();
  const signOut = useSignOut();
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
