import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSignOut } from '../../shared/session/use-sign-out';
import { Logo } from '../../shared/ui/logo';
import { TotpSetupButton } from '../../shared/ui/totp-setup';

/**
 * Managers and admins without a second factor (STAFF_REQUIRE_SECOND_FACTOR): the console answers 403
 * second_factor_required, and this screen enrols the authenticator app first; then the console opens.
 */
export function SecondFactorEnrol({ onEnrolled }: { onEnrolled: () => void }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  return (
    <div className="app-main-single" data-testid="staff-enrol">
      <Paper withBorder radius="md" p="lg" maw={520} mx="auto" mt="xl">
        <Stack>
          <Group justify="space-between">
            <Logo />
            <Button size="xs" variant="subtle" onClick={() => void signOut()}>
              {t('layout.exit')}
            </Button>
          </Group>
          <Title order={1} size="h3">
            {t('profile.staffEnrolTitle')}
          </Title>
          <Text size="sm">{t('profile.staffEnrolText')}</Text>
          <Group>
            <TotpSetupButton onEnabled={onEnrolled} />
          </Group>
        </Stack>
      </Paper>
    </div>
  );
}
