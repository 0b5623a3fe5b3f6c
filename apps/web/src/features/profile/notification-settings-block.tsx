import { NativeSelect, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import {
  NOTIFICATION_MODES,
  type NotificationKind,
  type NotificationMode,
} from '@portal/contract/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../shared/api/client';
import { queryKeyOf } from '../../shared/api/query-key';
import { ApiErrorAlert } from '../../shared/ui/api-error-alert';
import { ErrorState, LoadingState } from '../../shared/ui/page-state';

const settingsQuery = {
  queryKey: queryKeyOf('GET /notifications/settings'),
  queryFn: () => call('GET /notifications/settings'),
};

/** How each kind of event is mailed: at once, in the daily digest, or never; saved as it is chosen. */
export function NotificationSettingsBlock() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useQuery(settingsQuery);
  const save = useMutation({
    mutationFn: (setting: { kind: NotificationKind; mode: NotificationMode }) =>
      call('PUT /notifications/settings', { body: { settings: [setting] } }),
    onSuccess: (answer) => queryClient.setQueryData(settingsQuery.queryKey, answer),
  });
  return (
    <Paper withBorder radius="md" p="lg" id="notification-settings" data-testid="notification-settings">
      <Title order={2} size="h4" mb={4}>
        {t('notifications.settingsTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('notifications.settingsText')} {t('notifications.statementsNote')}
      </Text>
      {settings.isPending ? (
        <LoadingState />
      ) : settings.isError ? (
        <ErrorState onRetry={() => void settings.refetch()} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {settings.data.settings.map((setting) => (
            <NativeSelect
              key={setting.kind}
              label={t(`notifications.kinds.${setting.kind}`)}
              value={setting.mode}
              data-testid={`notification-mode-${setting.kind}`}
              data={NOTIFICATION_MODES.map((mode) => ({
                value: mode,
                label: t(`notifications.modes.${mode}`),
              }))}
              onChange={(event) =>
                save.mutate({ kind: setting.kind, mode: event.currentTarget.value as NotificationMode })
              }
            />
          ))}
        </SimpleGrid>
      )}
      <Text
        size="sm"
        c="forest.8"
        mt="sm"
        role="status"
        aria-live="polite"
        data-testid="notification-settings-saved"
      >
        {save.isSuccess ? t('notifications.settingsSaved') : ''}
      </Text>
      <ApiErrorAlert error={save.error} mt="sm" />
    </Paper>
  );
}
