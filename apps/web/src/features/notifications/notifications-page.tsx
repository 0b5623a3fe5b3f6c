import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Notification } from '@portal/contract/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../shared/api/client';
import { notificationQueries } from '../../shared/api/notifications';
import { formatDateTime } from '../../shared/format';
import { ApiErrorAlert } from '../../shared/ui/api-error-alert';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/page-state';

/** The activity list: every event of the account, newest first, unread ones marked; mark one or all read. */
export function NotificationsPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'ru';
  const queryClient = useQueryClient();
  const list = useQuery(notificationQueries.list());
  const markRead = useMutation({
    mutationFn: (body: { ids: number[] } | { all: true }) => call('POST /notifications/read', { body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(notificationQueries.unread().queryKey, answer);
      void queryClient.invalidateQueries({ queryKey: notificationQueries.list().queryKey });
    },
  });
  const items = list.data?.notifications ?? [];
  const unread = list.data?.unread ?? 0;
  const row = (item: Notification) => {
    const title = locale === 'en' ? item.titleEn : item.title;
    const text = locale === 'en' ? item.textEn : item.text;
    return (
      <Paper
        key={item.id}
        component="li"
        withBorder
        radius="md"
        p="md"
        className={item.read ? undefined : 'notification-unread'}
        data-testid="notification"
        data-kind={item.kind}
        data-read={item.read}
      >
        <Stack gap={6}>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="xs" c="dimmed">
              {t(`notifications.kinds.${item.kind}`)} · {formatDateTime(item.createdAt, locale)}
            </Text>
            {!item.read && (
              <Badge size="sm" variant="light" color="red">
                {t('notifications.unread')}
              </Badge>
            )}
          </Group>
          <Text fw={600} component="h2" size="md" m={0}>
            {title}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {text}
          </Text>
          <Group gap="sm">
            {item.link && (
              <Anchor
                component={Link}
                to={item.link}
                size="sm"
                onClick={() => {
                  if (!item.read) markRead.mutate({ ids: [item.id] });
                }}
              >
                {t('notifications.open')}
              </Anchor>
            )}
            {!item.read && (
              <Button
                size="compact-sm"
                variant="subtle"
                onClick={() => markRead.mutate({ ids: [item.id] })}
                aria-label={`${t('notifications.markRead')}: ${title}`}
                data-testid="notification-read"
              >
                {t('notifications.markRead')}
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
    );
  };
  return (
    <Stack gap="md" className="page">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          {t('notifications.title')}
        </Title>
        <Group gap="sm">
          <Anchor component={Link} to="/profile/#notification-settings" size="sm">
            {t('notifications.settingsLink')}
          </Anchor>
          {unread > 0 && (
            <Button
              variant="light"
              onClick={() => markRead.mutate({ all: true })}
              loading={markRead.isPending}
              data-testid="notifications-read-all"
            >
              {t('notifications.markAllRead')}
            </Button>
          )}
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {t('notifications.intro')}
      </Text>
      {markRead.isError && <ApiErrorAlert error={markRead.error} />}
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title={t('notifications.empty')} text={t('notifications.emptyText')} />
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} data-testid="notifications">
          {items.map(row)}
        </Stack>
      )}
    </Stack>
  );
}
